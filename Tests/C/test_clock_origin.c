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
 * No finite time can freeze haptics (issue 31, round two, F2): one SDLH_UpdateAt with a wrong time (1e300,
 * DBL_MAX, -DBL_MAX, a jump back by a billion seconds, a first frame at 1e300) in the middle of a normal
 * clock, then the normal clock again: a 0.2 s tap started after it, a texture stopped after it and a
 * pattern playing through it all end, and the pad is at (0,0) a second later. On 671abd6 one update at
 * 1e300 froze the clock for good (later times counted as earlier than the last one): the tap was still
 * (65535, 24672) 10 s later, the stopped texture rumbled on.
 *
 * Usage: test_clock_origin TEMP_DIR SHIPPED_CONFIG
 */
#include <float.h>
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

/* A normal clock, the wrong `glitch` times (one update each), the normal clock again: returns 1 when a tap
   started after them, a pattern started before them and a texture stopped after them have all ended
   (the pad at (0,0)) a second later, and the tap was felt. `first` glitches before any normal frame. */
static int survives(const char *config, const double *glitches, int count, int first) {
    PadLog pad;
    SDLH_Pattern *tap, *long_pattern;
    SDLH_Texture texture;
    double time = 0;
    int k, felt = 0, ended;
    attach_pad(&pad);
    if (SDLH_Init(NULL) != 0) return 0;
    pump();
    CHECK_EQ_INT(SDLH_LoadMappingWithOptions(config, 0, 1), 0);
    tap = continuous_pattern("0.2");
    long_pattern = continuous_pattern("3");
    if (first) for (k = 0; k < count; k++) SDLH_UpdateAt(glitches[k]);
    frames(&time, 30);
    CHECK_EQ_INT(SDLH_PlayPattern(long_pattern, 0, 1, SDLH_CATEGORY_CUSTOM, NULL), 1);
    SDLH_STRUCT_INIT(texture);
    texture.id = 7;
    texture.kind = "rolling";
    texture.value = 5;
    CHECK_EQ_INT(SDLH_PostTexture(&texture), 0);
    frames(&time, 2);
    if (!first) for (k = 0; k < count; k++) SDLH_UpdateAt(glitches[k]);
    CHECK_EQ_INT(SDLH_PlayPattern(tap, 0, 1, SDLH_CATEGORY_IMPACT, NULL), 1);
    texture.action = SDLH_TEXTURE_STOP;
    CHECK_EQ_INT(SDLH_PostTexture(&texture), 0);
    for (k = 0; k < 5 * 60; k++) {
        frames(&time, 1);
        if (k < 6 && last_low(&pad) > 0) felt = 1;
    }
    ended = last_low(&pad) == 0 && last_high(&pad) == 0;
    if (!ended || !felt) fprintf(stderr, "after %d wrong time(s) starting %.17g: felt %d, the pad at (%u, %u) 5 s later\n",
                                 count, glitches[0], felt, last_low(&pad), last_high(&pad));
    SDLH_Quit();
    detach_pad(pad.instance_id);
    pump();
    return ended && felt;
}

int main(int argc, char **argv) {
    static const double glitch_1e300[] = {1e300};
    static const double glitch_max[] = {DBL_MAX};
    static const double glitch_min[] = {-DBL_MAX};
    static const double glitch_back[] = {-1e9};
    static const double glitch_forward[] = {1e9};
    static const double glitch_both[] = {1e300, -1e300, 1e300, 5};
    const char *config = argc > 2 ? argv[2] : NULL;
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
    if (config != NULL) {
        CHECK(survives(config, glitch_1e300, 1, 0));
        CHECK(survives(config, glitch_max, 1, 0));
        CHECK(survives(config, glitch_min, 1, 0));
        CHECK(survives(config, glitch_back, 1, 0));
        CHECK(survives(config, glitch_forward, 1, 0));
        CHECK(survives(config, glitch_both, 4, 0));
        CHECK(survives(config, glitch_1e300, 1, 1));   /* the first frame at 1e300 */
    }
    SDL_Quit();
    return test_finish("test_clock_origin");
}
