/*
 * SDLHaptics from C: a pad plays a collision, a footstep, a rolling texture and a jump, each felt the
 * way the shipped mapping config (Assets/Haptics/haptics.toml) says.
 *
 *   cc collision_footstep_texture.c $(pkg-config --cflags --libs sdlhaptics) -o example
 *   ./example [--config PATH] [--headless]
 *
 * With a window: C crashes a crate, F takes a step on metal, R starts and stops a rolling cart
 * (space bar too; or the pad's A, B, X buttons), J jumps (Y), Escape quits. --headless plays the four
 * on a virtual Xbox pad (SDLH_AttachVirtualPad: no display, no pad needed; docs/c-api.md, "Testing
 * your game's haptics headless"), prints what the pad received and exits 1 if any of them was not
 * felt or the pad was not left at (0,0). docs/c-api.md explains every call.
 */
#include <stdio.h>
#include <string.h>
#include "SDL.h"
#include "sdlhaptics.h"

/* ---- A virtual pad (headless): what SDL sends it, read back ---------------------------------- */
static SDLH_VirtualPadState pad_state(SDLH_VirtualPad *pad) {
    SDLH_VirtualPadState state;
    SDLH_STRUCT_INIT(state);
    SDLH_GetVirtualPadState(pad, &state);
    return state;
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

static void jump(void) {
    if (SDLH_PostAction(0, "jump") != 0) fprintf(stderr, "%s\n", SDLH_GetError());   /* one line */
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
    SDLH_VirtualPad *pad = NULL;
    SDLH_VirtualPadState state;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--headless") == 0) headless = 1;
        else if (strcmp(argv[i], "--config") == 0 && i + 1 < argc) config = argv[++i];
    }

    /* ---- Init: the game's SDL first, then SDLHaptics ---- */
    if (headless) SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1");   /* pad input without a focused window */
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) != 0) {
        fprintf(stderr, "SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    if (headless) {
        pad = SDLH_AttachVirtualPad("xboxOne");   /* felt as an Xbox One pad would feel it */
        if (pad == NULL) fprintf(stderr, "%s\n", SDLH_GetError());
    } else {
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
                if (key == SDLK_j) jump();
                if (key == SDLK_r || key == SDLK_SPACE) {
                    rolling = !rolling;
                    rolling_cart(rolling ? SDLH_TEXTURE_START : SDLH_TEXTURE_STOP, 4);
                }
            }
            if (event.type == SDL_CONTROLLERBUTTONDOWN) {
                if (event.cbutton.button == SDL_CONTROLLER_BUTTON_A) crate_hits_stone();
                if (event.cbutton.button == SDL_CONTROLLER_BUTTON_B) step_on_metal();
                if (event.cbutton.button == SDL_CONTROLLER_BUTTON_Y) jump();
                if (event.cbutton.button == SDL_CONTROLLER_BUTTON_X) {
                    rolling = !rolling;
                    rolling_cart(rolling ? SDLH_TEXTURE_START : SDLH_TEXTURE_STOP, 4);
                }
            }
        }
        if (headless) {   /* the scripted moments, 1/60 s apart on the game clock (SDLH_UpdateAt) */
            static const char *names[4] = { "collision", "footstep", "texture", "jump" };
            static int moment = -1, reported = 0;
            Sint64 calls = pad_state(pad).rumble_calls;
            if (frame == 10) { crate_hits_stone(); moment = 0; }
            if (frame == 70) { step_on_metal(); moment = 1; }
            if (frame == 130) { rolling_cart(SDLH_TEXTURE_START, 4); moment = 2; }
            if (frame == 190) rolling_cart(SDLH_TEXTURE_STOP, 4);
            if (frame == 250) { jump(); moment = 3; }
            SDLH_UpdateAt(frame / 60.0);
            state = pad_state(pad);
            if (moment >= 0 && reported <= moment && state.rumble_calls > calls && (state.low_frequency || state.high_frequency)) {
                printf("frame %3d: %-9s low %5u high %5u\n", frame, names[moment], state.low_frequency, state.high_frequency);
                reported = moment + 1;
                felt++;
            }
            if (++frame == 320) running = 0;
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
    if (headless) {
        state = pad_state(pad);   /* still attached: readable after quit */
        printf("after quit: low %u high %u (profile %s)\n", state.low_frequency, state.high_frequency, state.profile);
        SDLH_DetachVirtualPad(pad);
    }
    if (renderer) SDL_DestroyRenderer(renderer);
    if (window) SDL_DestroyWindow(window);
    SDL_Quit();
    return headless && (felt != 4 || state.low_frequency != 0 || state.high_frequency != 0) ? 1 : 0;
}
