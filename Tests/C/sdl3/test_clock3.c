/*
 * No finite time can freeze haptics, on SDL3 too (issue 31, round two, F2; Tests/C/test_clock_origin.c is
 * SDL2's, with more wrong times): one SDLH_UpdateAt(1e300), or DBL_MAX, or a jump back by a billion seconds
 * in the middle of a normal clock, then the normal clock again: a 0.2 s tap started after it is felt, and
 * the pad is at (0,0) a second later. On 671abd6 the tap played on at full strength.
 *
 * Usage: test_clock3 TEMP_DIR SHIPPED_CONFIG
 */
#define _POSIX_C_SOURCE 200809L
#include <float.h>
#include <unistd.h>
#include "test_support3.h"

static const char *tap =
    "{\"Version\": 1, \"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"HapticContinuous\", \"EventDuration\": 0.2,"
    " \"EventParameters\": [{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": 1}]}}]}";

static int tap_ends_after(double wrong) {
    Pad3 pad;
    double time = 0;
    int felt = 0, stopped, k;
    SDL_zero(pad);
    pad.report_fd = -1;
    if (attach_pad3(&pad, 0, 0) == 0 || SDLH_Init(NULL) != 0) return 0;
    pump3();
    frames3(&time, 30);
    SDLH_UpdateAt(wrong);
    CHECK_EQ_INT(SDLH_PlayPattern(SDLH_LoadPatternFromMemory(tap, strlen(tap)), 0, 1, SDLH_CATEGORY_IMPACT, NULL), 1);
    for (k = 0; k < 120; k++) {
        frames3(&time, 1);
        if (k < 6 && pad.low > 0) felt = 1;
    }
    stopped = pad.low == 0 && pad.high == 0;
    printf("after SDLH_UpdateAt(%g): tap felt %d, the pad at (%u, %u) 2 s later\n", wrong, felt, pad.low, pad.high);
    SDLH_Quit();
    SDL_DetachVirtualJoystick(pad.id);
    pump3();
    return felt && stopped;
}

int main(int argc, char **argv) {
    (void)argc;
    (void)argv;
    if (!SDL_Init(SDL_INIT_GAMEPAD)) return 1;
    CHECK(tap_ends_after(1e300));
    CHECK(tap_ends_after(DBL_MAX));
    CHECK(tap_ends_after(-1e9));
    SDL_Quit();
    return test_finish("test_clock3");
}
