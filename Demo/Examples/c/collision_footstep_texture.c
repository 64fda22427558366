/*
 * SDLHaptics from C: a pad plays a collision, a footstep and a rolling texture, each felt the way
 * the shipped mapping config (Assets/Haptics/haptics.toml) says.
 *
 *   cc collision_footstep_texture.c $(pkg-config --cflags --libs sdlhaptics) -o example
 *   ./example [--config PATH] [--headless]
 *
 * With a window: C crashes a crate, F takes a step on metal, R starts and stops a rolling cart
 * (space bar too; or the pad's A, B, X buttons), Escape quits. --headless plays the three on a
 * virtual pad attached through SDL (no display, no pad needed), prints what the pad received and
 * exits 1 if any of them was not felt. docs/c-api.md explains every call.
 */
#include <stdio.h>
#include <string.h>
#include "SDL.h"
#include "sdlhaptics.h"

/* ---- A virtual pad (headless): SDL calls pad_rumble with the exact levels it would send. ---- */
static Uint16 pad_low, pad_high;
static int pad_calls;

static int SDLCALL pad_rumble(void *userdata, Uint16 low, Uint16 high) {
    (void)userdata;
    pad_low = low;
    pad_high = high;
    pad_calls++;
    return 0;
}

static void attach_virtual_pad(void) {
    SDL_VirtualJoystickDesc desc;
    SDL_zero(desc);
    desc.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
    desc.type = SDL_JOYSTICK_TYPE_GAMECONTROLLER;
    desc.naxes = SDL_CONTROLLER_AXIS_MAX;
    desc.nbuttons = SDL_CONTROLLER_BUTTON_MAX;
    desc.Rumble = pad_rumble;
    if (SDL_JoystickAttachVirtualEx(&desc) < 0) fprintf(stderr, "virtual pad: %s\n", SDL_GetError());
}

/* ---- What happened in the game, said in the game's terms ------------------------------------ */
static void crate_hits_stone(void) {
    SDLH_Collision collision;
    SDLH_STRUCT_INIT(collision);                          /* zero (the defaults), size set */
    collision.mass_a = 40;                         /* kg; player 0; mass_b 0: the floor is immovable */
    collision.speed = 6;                               /* m/s */
    collision.material_a = "crate";
    collision.material_b = "stone";
    if (SDLH_PostCollision(&collision) != 0) fprintf(stderr, "%s\n", SDLH_GetError());
}

static void step_on_metal(void) {
    SDLH_Footstep step;
    SDLH_STRUCT_INIT(step);                          /* zero (the defaults), size set */
    step.surface = "metal";
    step.speed = 2.5;
    if (SDLH_PostFootstep(&step) != 0) fprintf(stderr, "%s\n", SDLH_GetError());
}

static void rolling_cart(int action, double speed) {
    SDLH_Texture texture;
    SDLH_STRUCT_INIT(texture);                          /* zero (the defaults), size set */
    texture.id = 1;                                    /* one cart */
    texture.action = action;
    texture.kind = "rolling";
    texture.value = speed;                             /* the config's curve maps it */
    if (SDLH_PostTexture(&texture) != 0) fprintf(stderr, "%s\n", SDLH_GetError());
}

int main(int argc, char **argv) {
    const char *config = "Assets/Haptics/haptics.toml";
    int headless = 0, running = 1, frame = 0, rolling = 0, felt = 0, i;
    SDL_Window *window = NULL;
    SDL_Renderer *renderer = NULL;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--headless") == 0) headless = 1;
        else if (strcmp(argv[i], "--config") == 0 && i + 1 < argc) config = argv[++i];
    }

    /* ---- Init: the game's SDL first, then SDLHaptics ---- */
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) != 0) {
        fprintf(stderr, "SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    if (headless) attach_virtual_pad();
    else {
        window = SDL_CreateWindow("SDLHaptics from C", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, 640, 360, 0);
        renderer = window ? SDL_CreateRenderer(window, -1, 0) : NULL;
    }
    if (SDLH_Init(NULL) != 0 || SDLH_LoadMapping(config) != 0) {   /* hot-reloaded: edit and save it */
        fprintf(stderr, "%s\n", SDLH_GetError());
        SDL_Quit();
        return 1;
    }

    while (running) {
        /* ---- Update: hand every SDL event over, post what happened, update once per frame ---- */
        SDL_Event event;
        while (SDL_PollEvent(&event)) {
            SDLH_HandleEvent(&event);
            if (event.type == SDL_QUIT) running = 0;
            if (event.type == SDL_KEYDOWN) {
                SDL_Keycode key = event.key.keysym.sym;
                if (key == SDLK_ESCAPE) running = 0;
                if (key == SDLK_c) crate_hits_stone();
                if (key == SDLK_f) step_on_metal();
                if (key == SDLK_r || key == SDLK_SPACE) {
                    rolling = !rolling;
                    rolling_cart(rolling ? SDLH_TEXTURE_START : SDLH_TEXTURE_STOP, 4);
                }
            }
            if (event.type == SDL_CONTROLLERBUTTONDOWN) {
                if (event.cbutton.button == SDL_CONTROLLER_BUTTON_A) crate_hits_stone();
                if (event.cbutton.button == SDL_CONTROLLER_BUTTON_B) step_on_metal();
                if (event.cbutton.button == SDL_CONTROLLER_BUTTON_X) {
                    rolling = !rolling;
                    rolling_cart(rolling ? SDLH_TEXTURE_START : SDLH_TEXTURE_STOP, 4);
                }
            }
        }
        if (headless) {   /* the scripted moments, 1/60 s apart on the game clock */
            static const char *names[3] = { "collision", "footstep", "texture" };
            static int moment = -1, reported = 0;
            int calls = pad_calls;
            if (frame == 10) { crate_hits_stone(); moment = 0; }
            if (frame == 70) { step_on_metal(); moment = 1; }
            if (frame == 130) { rolling_cart(SDLH_TEXTURE_START, 4); moment = 2; }
            if (frame == 190) rolling_cart(SDLH_TEXTURE_STOP, 4);
            SDLH_UpdateAt(frame / 60.0);
            if (moment >= 0 && reported <= moment && pad_calls > calls && (pad_low || pad_high)) {
                printf("frame %3d: %-9s low %5u high %5u\n", frame, names[moment], pad_low, pad_high);
                reported = moment + 1;
                felt++;
            }
            if (++frame == 240) running = 0;
        } else {
            SDLH_Update();
            /* ---- Draw ---- */
            SDL_SetRenderDrawColor(renderer, 20, 24, 32, 255);
            SDL_RenderClear(renderer);
            SDL_RenderPresent(renderer);
            SDL_Delay(16);
        }
    }

    /* ---- Shutdown: SDLHaptics first (every pad gets (0,0)), then the game's SDL ---- */
    SDLH_Quit();
    if (headless) printf("after quit: low %u high %u\n", pad_low, pad_high);
    if (renderer) SDL_DestroyRenderer(renderer);
    if (window) SDL_DestroyWindow(window);
    SDL_Quit();
    return headless && (felt != 3 || pad_low != 0 || pad_high != 0) ? 1 : 0;
}
