/*
 * Shared by the C API's SDL3 tests (Tests/C/sdl3/test_*.c, issue 32): the checks of every C test, and
 * virtual gamepads attached through SDL3 in C (SDL_AttachVirtualJoystick) whose callbacks record the
 * exact values SDL passes on. Built by scripts/check-c-api.sh with `pkg-config --cflags --libs
 * sdlhaptics3` against an installed tree.
 */
#ifndef SDLHAPTICS_TEST_SUPPORT3_H
#define SDLHAPTICS_TEST_SUPPORT3_H

#include <SDL3/SDL.h>
#include "sdlhaptics.h"
#include "../test_checks.h"

typedef struct Pad3 {
    SDL_JoystickID id;
    int calls, trigger_calls, effects;
    Uint16 low, high, left, right;   /* the latest values */
    Uint16 peak_low, peak_high;
    Uint8 effect[64];
    int effect_size;
    int report_fd;                   /* >= 0: every body call is also written there, "low high\n" */
} Pad3;

static bool SDLCALL pad3_rumble(void *userdata, Uint16 low, Uint16 high) {
    Pad3 *pad = (Pad3 *)userdata;
    pad->low = low; pad->high = high; pad->calls++;
    if (low > pad->peak_low) pad->peak_low = low;
    if (high > pad->peak_high) pad->peak_high = high;
    if (pad->report_fd >= 0) {
        char line[32];
        int length = SDL_snprintf(line, sizeof line, "%u %u\n", (unsigned)low, (unsigned)high);
        if (length > 0 && write(pad->report_fd, line, (size_t)length) < 0) pad->report_fd = -1;
    }
    return true;
}

static bool SDLCALL pad3_triggers(void *userdata, Uint16 left, Uint16 right) {
    Pad3 *pad = (Pad3 *)userdata;
    pad->left = left; pad->right = right; pad->trigger_calls++;
    return true;
}

static bool SDLCALL pad3_effect(void *userdata, const void *data, int size) {
    Pad3 *pad = (Pad3 *)userdata;
    if (size > (int)sizeof pad->effect) size = (int)sizeof pad->effect;
    SDL_memcpy(pad->effect, data, (size_t)size);
    pad->effect_size = size; pad->effects++;
    return true;
}

/* Attaches a virtual gamepad claiming USB ids vendor:product (0:0: a generic one); 0 when SDL refused. */
static SDL_INLINE SDL_JoystickID attach_pad3(Pad3 *pad, Uint16 vendor, Uint16 product) {
    SDL_VirtualJoystickDesc desc;
    int fd = pad->report_fd;
    SDL_zerop(pad);
    pad->report_fd = fd;
    SDL_INIT_INTERFACE(&desc);   /* zeroes it and sets its version */
    desc.type = SDL_JOYSTICK_TYPE_GAMEPAD;
    desc.naxes = SDL_GAMEPAD_AXIS_COUNT;
    desc.nbuttons = SDL_GAMEPAD_BUTTON_COUNT;
    desc.vendor_id = vendor;
    desc.product_id = product;
    desc.Rumble = pad3_rumble;
    desc.RumbleTriggers = pad3_triggers;
    desc.SendEffect = pad3_effect;
    desc.userdata = pad;
    pad->id = SDL_AttachVirtualJoystick(&desc);
    if (pad->id == 0) fprintf(stderr, "SDL_AttachVirtualJoystick: %s\n", SDL_GetError());
    return pad->id;
}

/* Hands every pending SDL event to SDLHaptics (pads arriving and leaving). */
static SDL_INLINE void pump3(void) {
    SDL_Event event;
    while (SDL_PollEvent(&event)) SDLH_HandleEvent(&event);
}

/* Runs `count` frames of 1/60 s on the game clock starting after *time. */
static SDL_INLINE void frames3(double *time, int count) {
    int i;
    for (i = 0; i < count; i++) {
        *time += 1.0 / 60.0;
        SDLH_UpdateAt(*time);
    }
}

/* Hands SDLHaptics an event of `type` with nothing else set (focus events). */
static SDL_INLINE void send_event3(Uint32 type) {
    SDL_Event event;
    SDL_zero(event);
    event.type = type;
    SDLH_HandleEvent(&event);
}

#endif
