/*
 * Shared by the C API's tests (every test in Tests/C): checks that count failures, and virtual game
 * controllers attached through SDL in C (SDL_JoystickAttachVirtualEx) whose rumble callback records
 * the exact 16-bit values SDL passes on. Built by scripts/check-c-api.sh against an installed tree.
 */
#ifndef SDLHAPTICS_TEST_SUPPORT_H
#define SDLHAPTICS_TEST_SUPPORT_H

#include <stdio.h>
#include <string.h>
#include "SDL.h"
#include "sdlhaptics.h"

#include "test_checks.h"

/* ---- Virtual pads ---------------------------------------------------------------------------- */

#define PAD_LOG_CAPACITY 4096

typedef struct PadLog {
    SDL_JoystickID instance_id;
    int calls;                      /* every rumble call SDL made */
    Uint16 low[PAD_LOG_CAPACITY];   /* the values of the first PAD_LOG_CAPACITY calls */
    Uint16 high[PAD_LOG_CAPACITY];
    Uint16 latest_low;              /* the values of the latest call, however many there were */
    Uint16 latest_high;
} PadLog;

static SDL_INLINE int SDLCALL pad_rumble(void *userdata, Uint16 low, Uint16 high) {
    PadLog *log = (PadLog *)userdata;
    if (log->calls < PAD_LOG_CAPACITY) {
        log->low[log->calls] = low;
        log->high[log->calls] = high;
    }
    log->latest_low = low;
    log->latest_high = high;
    log->calls++;
    return 0;
}

/* Attaches a generic virtual game controller with body motors whose rumble calls go to `rumble`;
   returns its device index (-1 on failure). */
static SDL_INLINE int attach_pad_calling(int (SDLCALL *rumble)(void *userdata, Uint16 low, Uint16 high), void *userdata) {
    SDL_VirtualJoystickDesc desc;
    SDL_zero(desc);
    desc.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
    desc.type = SDL_JOYSTICK_TYPE_GAMECONTROLLER;
    desc.naxes = SDL_CONTROLLER_AXIS_MAX;
    desc.nbuttons = SDL_CONTROLLER_BUTTON_MAX;
    desc.Rumble = rumble;
    desc.userdata = userdata;
    return SDL_JoystickAttachVirtualEx(&desc);
}

/* Attaches a generic virtual game controller with body motors; returns its instance id (-1 on failure). */
static SDL_INLINE SDL_JoystickID attach_pad(PadLog *log) {
    int device_index;
    SDL_zerop(log);
    device_index = attach_pad_calling(pad_rumble, log);
    if (device_index < 0) {
        fprintf(stderr, "SDL_JoystickAttachVirtualEx: %s\n", SDL_GetError());
        log->instance_id = -1;
        return -1;
    }
    log->instance_id = SDL_JoystickGetDeviceInstanceID(device_index);
    return log->instance_id;
}

/* Detaches the virtual pad with this instance id (SDL 2.26 has no instance-to-index call). */
static SDL_INLINE void detach_pad(SDL_JoystickID instance_id) {
    int index;
    for (index = 0; index < SDL_NumJoysticks(); index++) {
        if (SDL_JoystickGetDeviceInstanceID(index) == instance_id) {
            SDL_JoystickDetachVirtual(index);
            return;
        }
    }
}

static SDL_INLINE Uint16 last_low(const PadLog *log) { return log->latest_low; }
static SDL_INLINE Uint16 last_high(const PadLog *log) { return log->latest_high; }

/* Hands every pending SDL event to SDLHaptics (pads arriving and leaving). */
static SDL_INLINE void pump(void) {
    SDL_Event event;
    while (SDL_PollEvent(&event)) SDLH_HandleEvent(&event);
}

/* Runs `count` frames of 1/60 s on the game clock starting after *time. */
static SDL_INLINE void frames(double *time, int count) {
    int i;
    for (i = 0; i < count; i++) {
        *time += 1.0 / 60.0;
        SDLH_UpdateAt(*time);
    }
}

/* Starts SDL as a game would: video (dummy driver in tests) and game controllers. */
static SDL_INLINE int start_sdl(void) {
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) != 0) {
        fprintf(stderr, "SDL_Init: %s\n", SDL_GetError());
        return -1;
    }
    return 0;
}

/* A continuous pattern: intensity 1, sharpness 0.5 (equal drive on both motors of a generic pad). */
static const char continuous_ahap[] =
    "{\"Version\": 1.0, \"Pattern\": [{\"Event\": {\"Time\": 0.0, \"EventType\": \"HapticContinuous\", "
    "\"EventDuration\": %s, \"EventParameters\": ["
    "{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": 1.0}, "
    "{\"ParameterID\": \"HapticSharpness\", \"ParameterValue\": 0.5}]}}]}";

static SDL_INLINE SDLH_Pattern *continuous_pattern(const char *seconds) {
    char text[512];
    SDL_snprintf(text, sizeof text, continuous_ahap, seconds);
    return SDLH_LoadPatternFromMemory(text, SDL_strlen(text));
}

#endif
