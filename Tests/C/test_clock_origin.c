/*
 * SDLH_UpdateAt at any origin (issue 31, item 6): a game clock at 1e12 s, 1e15 s or below 0 plays a
 * pattern as a clock from 0 does, on every real pad profile (virtual pads attached with
 * SDLH_AttachVirtualPad, read back with SDLH_GetVirtualPadState: what SDL received). A continuous
 * pattern is felt on every frame while it plays and the pad is back at (0,0) after it ends. On c8dcd09
 * the motor stage skipped its lookahead from 1e12 s on (felt for one frame, then (0,0)), and a clock
 * below 0 was held at 0 (the pattern never advanced, so it never ended).
 *
 * Frame steps are exact at each origin: 1/64 s (a double near 1e12 resolves 1.2e-4 s), 1/8 s at
 * 1e15 (a double there is 0.125 s coarse: a game's clock cannot tick faster).
 *
 * Usage: test_clock_origin TEMP_DIR SHIPPED_CONFIG
 */
#include "test_support.h"

static SDLH_VirtualPadState read_pad(SDLH_VirtualPad *pad) {
    SDLH_VirtualPadState state;
    SDLH_STRUCT_INIT(state);
    CHECK_EQ_INT(SDLH_GetVirtualPadState(pad, &state), 0);
    return state;
}

/* Plays a 0.5 s continuous pattern from `origin` with frames `step` apart for 1 s; returns how many
 * frames while it plays (the first 0.45 s) left the pad silent, and sets *ended when the pad was
 * back at (0,0) by the end. */
static int silent_frames(SDLH_VirtualPad *pad, SDLH_Pattern *pattern, double origin, double step, int *ended) {
    SDLH_VirtualPadState state;
    int k, silent = 0, count = (int)(1.0 / step);
    CHECK_EQ_INT(SDLH_UpdateAt(origin), 0);
    CHECK_EQ_INT(SDLH_PlayPattern(pattern, 0, 1, SDLH_CATEGORY_CUSTOM, NULL), 1);
    for (k = 1; k <= count; k++) {
        CHECK_EQ_INT(SDLH_UpdateAt(origin + k * step), 0);
        state = read_pad(pad);
        if (k * step <= 0.45 && state.low_frequency == 0 && state.high_frequency == 0) silent++;
    }
    state = read_pad(pad);
    *ended = state.low_frequency == 0 && state.high_frequency == 0;
    return silent;
}

int main(void) {
    static const double origins[] = {1e12, -1e12, 9e11, -123456.765625, 1e15, -1e15};
    static const char *profiles[] = {"generic", "xboxOne", "ps4", "ps5", "switchPro"};
    SDLH_VirtualPad *pad;
    SDLH_Pattern *pattern;
    unsigned i, p;
    int ended;

    if (start_sdl() != 0) return 1;
    for (p = 0; p < sizeof profiles / sizeof profiles[0]; p++) {
        for (i = 0; i < sizeof origins / sizeof origins[0]; i++) {
            double origin = origins[i], step = origin > 1e14 || origin < -1e14 ? 0.125 : 1.0 / 64.0;
            int silent;
            CHECK_EQ_INT(SDLH_Init(NULL), 0);
            pad = SDLH_AttachVirtualPad(profiles[p]);
            CHECK(pad != NULL);
            pump();
            CHECK_EQ_INT(SDLH_GetNumPads(), 1);
            pattern = continuous_pattern("0.5");
            CHECK(pattern != NULL);
            silent = silent_frames(pad, pattern, origin, step, &ended);
            if (silent != 0) {
                fprintf(stderr, "%s at origin %.17g: %d silent frames while the pattern plays\n", profiles[p], origin, silent);
            }
            CHECK_EQ_INT(silent, 0);
            if (!ended) fprintf(stderr, "%s at origin %.17g: the pad still rumbles 0.5 s after the pattern ended\n", profiles[p], origin);
            CHECK(ended);
            CHECK_EQ_INT(SDLH_FreePattern(pattern), 0);
            CHECK_EQ_INT(SDLH_DetachVirtualPad(pad), 0);
            pump();
            CHECK_EQ_INT(SDLH_Quit(), 0);
        }
    }
    SDL_Quit();
    return test_finish("test_clock_origin");
}
