/*
 * The same C game against both flavours of the library (issue 32): this file builds against SDL2
 * (`pkg-config sdlhaptics`) and against SDL3 (`pkg-config sdlhaptics3`), attaches an Xbox One pad (trigger
 * motors) and a DualSense (effect bytes) as raw virtual joysticks of that SDL, posts the shipped config's
 * trigger events (a hit leaning into the trigger motors, the rolling texture that puts feedback on L2, the
 * sling that puts a weapon on R2) and an action, and prints every distinct value the pads receive, frame by
 * frame, then (0,0) and "off" after SDLH_Quit. scripts/check-c-api.sh runs both builds and requires the
 * two outputs to be identical: trigger rumble and DualSense bytes arrive the same through SDL3 as SDL2.
 *
 * Usage: parity_trace SHIPPED_CONFIG   (prints the trace; exit 1 when something could not be set up)
 */
#include <stdio.h>
#include <string.h>
#include "sdlhaptics.h"

typedef struct Pad {
    const char *name;
    Uint16 body[2], triggers[2];
    int body_calls, trigger_calls;
    Uint8 effect[64];
    int effect_size, effects;
} Pad;

static Pad xbox, dualsense;

#if SDL_MAJOR_VERSION >= 3
#define CALLBACK_RESULT bool
#define CALLBACK_OK true
#else
#define CALLBACK_RESULT int
#define CALLBACK_OK 0
#endif

static CALLBACK_RESULT SDLCALL on_rumble(void *userdata, Uint16 low, Uint16 high) {
    Pad *pad = (Pad *)userdata;
    pad->body[0] = low; pad->body[1] = high; pad->body_calls++;
    return CALLBACK_OK;
}

static CALLBACK_RESULT SDLCALL on_triggers(void *userdata, Uint16 left, Uint16 right) {
    Pad *pad = (Pad *)userdata;
    pad->triggers[0] = left; pad->triggers[1] = right; pad->trigger_calls++;
    return CALLBACK_OK;
}

static CALLBACK_RESULT SDLCALL on_effect(void *userdata, const void *data, int size) {
    Pad *pad = (Pad *)userdata;
    if (size > (int)sizeof pad->effect) size = (int)sizeof pad->effect;
    memcpy(pad->effect, data, (size_t)size);
    pad->effect_size = size; pad->effects++;
    return CALLBACK_OK;
}

/* A raw virtual pad of this SDL with the given USB ids. 0 on success. */
static int attach(Pad *pad, Uint16 vendor, Uint16 product, int triggers, int effects) {
    SDL_VirtualJoystickDesc desc;
#if SDL_MAJOR_VERSION >= 3
    SDL_INIT_INTERFACE(&desc);   /* zeroes it and sets its version: first */
#else
    SDL_zero(desc);
#endif
    desc.vendor_id = vendor;
    desc.product_id = product;
    desc.Rumble = on_rumble;
    if (triggers) desc.RumbleTriggers = on_triggers;
    if (effects) desc.SendEffect = on_effect;
    desc.userdata = pad;
#if SDL_MAJOR_VERSION >= 3
    desc.type = SDL_JOYSTICK_TYPE_GAMEPAD;
    desc.naxes = SDL_GAMEPAD_AXIS_COUNT;
    desc.nbuttons = SDL_GAMEPAD_BUTTON_COUNT;
    return SDL_AttachVirtualJoystick(&desc) != 0 ? 0 : -1;
#else
    desc.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
    desc.type = SDL_JOYSTICK_TYPE_GAMECONTROLLER;
    desc.naxes = SDL_CONTROLLER_AXIS_MAX;
    desc.nbuttons = SDL_CONTROLLER_BUTTON_MAX;
    return SDL_JoystickAttachVirtualEx(&desc) >= 0 ? 0 : -1;
#endif
}

/* Prints what changed on `pad` since the last call. */
static void trace(Pad *pad, int frame) {
    static Uint16 last[2][4];
    static int last_effects[2];
    int slot = pad == &xbox ? 0 : 1, i;
    if (pad->body_calls && (pad->body[0] != last[slot][0] || pad->body[1] != last[slot][1])) {
        printf("frame %d %s body %u %u\n", frame, pad->name, pad->body[0], pad->body[1]);
        last[slot][0] = pad->body[0]; last[slot][1] = pad->body[1];
    }
    if (pad->trigger_calls && (pad->triggers[0] != last[slot][2] || pad->triggers[1] != last[slot][3])) {
        printf("frame %d %s triggers %u %u\n", frame, pad->name, pad->triggers[0], pad->triggers[1]);
        last[slot][2] = pad->triggers[0]; last[slot][3] = pad->triggers[1];
    }
    if (pad->effects != last_effects[slot]) {
        printf("frame %d %s effect ", frame, pad->name);
        for (i = 0; i < pad->effect_size; i++) printf("%02x", pad->effect[i]);
        printf("\n");
        last_effects[slot] = pad->effects;
    }
}

int main(int argc, char **argv) {
    SDLH_InitOptions options;
    SDLH_Hit hit;
    SDLH_Texture texture;
    SDLH_Custom custom;
    SDL_Event event;
    int frame;
    if (argc != 2) { fprintf(stderr, "usage: parity_trace SHIPPED_CONFIG\n"); return 2; }
    xbox.name = "xboxOne";
    dualsense.name = "ps5";
#if SDL_MAJOR_VERSION >= 3
    if (!SDL_Init(SDL_INIT_GAMEPAD)) { fprintf(stderr, "SDL_Init: %s\n", SDL_GetError()); return 1; }
#else
    if (SDL_Init(SDL_INIT_GAMECONTROLLER) != 0) { fprintf(stderr, "SDL_Init: %s\n", SDL_GetError()); return 1; }
#endif
    if (attach(&xbox, 0x045E, 0x02EA, 1, 0) != 0 || attach(&dualsense, 0x054C, 0x0CE6, 0, 1) != 0) {
        fprintf(stderr, "attaching the virtual pads: %s\n", SDL_GetError()); return 1;
    }
    SDLH_STRUCT_INIT(options);
    options.player_count = 2;
    if (SDLH_Init(&options) != 0 || SDLH_LoadMapping(argv[1]) != 0) { fprintf(stderr, "%s\n", SDLH_GetError()); return 1; }
    while (SDL_PollEvent(&event)) SDLH_HandleEvent(&event);
    printf("pads %d\n", SDLH_GetNumPads());
    for (frame = 1; frame <= 120; frame++) {
        switch (frame) {
        case 2:
            SDLH_STRUCT_INIT(hit);
            hit.player = 0; hit.damage = 30; hit.has_direction = 1; hit.direction = -0.8;
            SDLH_PostHit(&hit);
            SDLH_PostAction(1, "jump");
            break;
        case 10: case 20: case 30:
            SDLH_STRUCT_INIT(texture);
            texture.player = 1; texture.id = 7; texture.kind = "rolling"; texture.value = frame / 5.0;
            texture.action = frame == 10 ? SDLH_TEXTURE_START : SDLH_TEXTURE_UPDATE;
            SDLH_PostTexture(&texture);
            break;
        case 40:
            SDLH_STRUCT_INIT(custom);
            custom.player = 1; custom.name = "sling_drawn"; custom.value = 1;
            SDLH_PostCustom(&custom);
            break;
        case 60:
            SDLH_STRUCT_INIT(texture);
            texture.player = 1; texture.id = 7; texture.action = SDLH_TEXTURE_STOP;
            SDLH_PostTexture(&texture);
            break;
        case 70: SDLH_Pause(); break;
        case 80: SDLH_Resume(); break;
        default: break;
        }
        SDLH_UpdateAt(frame / 60.0);
        trace(&xbox, frame);
        trace(&dualsense, frame);
    }
    SDLH_Quit();
    trace(&xbox, 121);
    trace(&dualsense, 121);
    SDL_Quit();
    return 0;
}
