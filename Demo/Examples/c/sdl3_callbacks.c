/*
 * SDLHaptics in an SDL3 game written SDL3's way: SDL_MAIN_USE_CALLBACKS (SDL_AppInit, SDL_AppEvent,
 * SDL_AppIterate, SDL_AppQuit), the library's SDL3 flavour (libsdlhaptics3), one call per callback.
 *
 *   cc sdl3_callbacks.c $(pkg-config --cflags --libs sdlhaptics3) -o example
 *   ./example [--config PATH] [--headless]
 *
 * With a window: space (or the pad's south button) jumps, C crashes a crate into stone, Escape quits;
 * each is felt the way the shipped mapping config (Assets/Haptics/haptics.toml) says. --headless attaches a
 * virtual Xbox pad (SDLH_AttachVirtualPad), plays a jump and a crash through the same callbacks, prints
 * what the pad received and ends with failure if either was not felt or the pad was not left at (0,0).
 * docs/sdl3.md says what differs from SDL2 (nothing in the SDLH_ calls).
 */
#define SDL_MAIN_USE_CALLBACKS 1
#include <SDL3/SDL.h>
#include <SDL3/SDL_main.h>
#include <stdlib.h>
#include "sdlhaptics.h"

typedef struct Game {
    SDL_Window *window;
    SDLH_VirtualPad *pad;       /* headless only */
    int headless, frame, felt_jump, felt_crash;
    double time;
} Game;

static void crash(void) {
    SDLH_Collision collision;
    SDLH_STRUCT_INIT(collision);
    collision.mass_a = 40;                      /* kg, at 6 m/s into the immovable floor */
    collision.speed = 6;
    collision.material_a = "crate";
    collision.material_b = "stone";
    if (SDLH_PostCollision(&collision) != 0) SDL_Log("haptics: %s", SDLH_GetError());
}

static Uint64 peak(SDLH_VirtualPad *pad) {
    SDLH_VirtualPadState state;
    SDLH_STRUCT_INIT(state);
    SDLH_GetVirtualPadState(pad, &state);
    return (Uint64)state.peak_low_frequency + state.peak_high_frequency;
}

SDL_AppResult SDL_AppInit(void **appstate, int argc, char *argv[]) {
    const char *config = "Assets/Haptics/haptics.toml";
    Game *game = SDL_calloc(1, sizeof *game);
    int i;
    if (!game) return SDL_APP_FAILURE;
    *appstate = game;
    for (i = 1; i < argc; i++) {
        if (SDL_strcmp(argv[i], "--headless") == 0) game->headless = 1;
        else if (SDL_strcmp(argv[i], "--config") == 0 && i + 1 < argc) config = argv[++i];
    }
    if (game->headless) {
        SDL_SetHint(SDL_HINT_VIDEO_DRIVER, "dummy");
        SDL_SetHint(SDL_HINT_AUDIO_DRIVER, "dummy");
    }
    if (!SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMEPAD)) {           /* the game's own SDL first */
        SDL_Log("SDL_Init: %s", SDL_GetError());
        return SDL_APP_FAILURE;
    }
    game->window = SDL_CreateWindow("SDLHaptics on SDL3", 640, 360, 0);
    if (SDLH_Init(NULL) != 0 || SDLH_LoadMapping(config) != 0) {   /* hot-reloaded from now on */
        SDL_Log("haptics: %s", SDLH_GetError());                  /* the game goes on without */
    }
    if (game->headless) {
        game->pad = SDLH_AttachVirtualPad("xboxOne");             /* arrives as SDL_EVENT_GAMEPAD_ADDED */
        if (!game->pad) {
            SDL_Log("haptics: %s", SDLH_GetError());
            return SDL_APP_FAILURE;
        }
    }
    return SDL_APP_CONTINUE;
}

SDL_AppResult SDL_AppEvent(void *appstate, SDL_Event *event) {
    (void)appstate;
    SDLH_HandleEvent(event);                                     /* pads arrive, leave, focus */
    if (event->type == SDL_EVENT_QUIT) return SDL_APP_SUCCESS;
    if (event->type == SDL_EVENT_KEY_DOWN) {
        if (event->key.key == SDLK_ESCAPE) return SDL_APP_SUCCESS;
        if (event->key.key == SDLK_SPACE) SDLH_PostAction(0, "jump");
        if (event->key.key == SDLK_C) crash();
    }
    if (event->type == SDL_EVENT_GAMEPAD_BUTTON_DOWN && event->gbutton.button == SDL_GAMEPAD_BUTTON_SOUTH) {
        SDLH_PostAction(SDLH_GetPlayerForJoystick(event->gbutton.which), "jump");
    }
    return SDL_APP_CONTINUE;
}

SDL_AppResult SDL_AppIterate(void *appstate) {
    Game *game = appstate;
    game->frame++;
    game->time += 1.0 / 60.0;
    if (game->headless) {
        if (game->frame == 5) SDLH_PostAction(0, "jump");
        if (game->frame == 6) game->felt_jump = peak(game->pad) > 0;
        if (game->frame == 59) SDLH_ResetVirtualPad(game->pad);   /* peaks from 0 again */
        if (game->frame == 60) crash();
        if (game->frame == 61) game->felt_crash = peak(game->pad) > 0;
        if (game->frame >= 180) return SDL_APP_SUCCESS;
        SDLH_UpdateAt(game->time);                               /* headless: the game's clock, no waiting */
        return SDL_APP_CONTINUE;
    }
    SDLH_Update();                                               /* once per frame */
    SDL_Delay(16);
    return SDL_APP_CONTINUE;
}

void SDL_AppQuit(void *appstate, SDL_AppResult result) {
    Game *game = appstate;
    SDLH_VirtualPadState state;
    if (!game) return;
    SDLH_Quit();                                                 /* every pad gets (0,0) */
    if (game->headless && game->pad) {
        SDLH_STRUCT_INIT(state);
        SDLH_GetVirtualPadState(game->pad, &state);
        SDL_Log("virtual xboxOne: %lld rumble calls, jump %s, crash %s, last (%u, %u)", (long long)state.rumble_calls,
                game->felt_jump ? "felt" : "NOT felt", game->felt_crash ? "felt" : "NOT felt",
                state.low_frequency, state.high_frequency);
        if (result == SDL_APP_SUCCESS && (!game->felt_jump || !game->felt_crash ||
                                          state.low_frequency != 0 || state.high_frequency != 0)) {
            SDL_Log("FAILED: the pad did not feel both, or was not left at (0,0)");
            SDLH_DetachVirtualPad(game->pad);
            SDL_free(game);
            exit(1);
        }
        SDLH_DetachVirtualPad(game->pad);
    }
    SDL_DestroyWindow(game->window);
    SDL_free(game);
}
