/*
 * The 30-line integration of docs/c-api.md, as a game would write it from the docs alone, with a
 * virtual pad in place of a real one and a scripted frame in place of a key press: the pad rumbles
 * with the shipped config's feel, and SDLH_Quit leaves it at (0,0).
 *
 * Usage: test_integration TEMP_DIR CONFIG
 */
#include <stdio.h>
#include "SDL.h"
#include "sdlhaptics.h"

static Uint16 low, high;
static int SDLCALL rumble(void *userdata, Uint16 l, Uint16 h) { (void)userdata; low = l; high = h; return 0; }

int main(int argc, char **argv) {
    const char *config = argc > 2 ? argv[2] : "data/haptics/haptics.toml";
    SDL_Event event; int running = 1, frame = 0, felt = 0;
    SDL_VirtualJoystickDesc pad;
    SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER);          /* the game's own SDL first */
    SDL_Window *window = SDL_CreateWindow("game", 0, 0, 640, 480, 0);
    SDL_zero(pad);                                               /* test only: a virtual pad */
    pad.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION; pad.type = SDL_JOYSTICK_TYPE_GAMECONTROLLER;
    pad.naxes = SDL_CONTROLLER_AXIS_MAX; pad.nbuttons = SDL_CONTROLLER_BUTTON_MAX; pad.Rumble = rumble;
    SDL_JoystickAttachVirtualEx(&pad);
    if (SDLH_Init(NULL) != 0 || SDLH_LoadMapping(config) != 0)  /* hot-reloaded from now on */
        SDL_Log("haptics: %s", SDLH_GetError());                 /* the game goes on without */
    while (running) {
        while (SDL_PollEvent(&event)) {
            SDLH_HandleEvent(&event);                            /* pads arrive, leave, focus */
            if (event.type == SDL_QUIT) running = 0;
        }
        if (frame == 5) {                                        /* the game decides what happened */
            SDLH_Collision crash;
            SDLH_STRUCT_INIT(crash);                             /* player 0, defaults */
            crash.mass_a = 40; crash.speed = 6;                  /* kg, m/s; mass_b 0: the floor */
            crash.material_a = "crate"; crash.material_b = "stone";
            SDLH_PostCollision(&crash);                          /* any thread */
        }
        SDLH_Update();                                           /* once per frame */
        if (low > 0 || high > 0) felt = 1;
        if (++frame == 60) running = 0;
        SDL_Delay(16);
    }
    SDLH_Quit();                                                 /* every pad gets (0,0) */
    SDL_Log("felt: %s; after quit: (%u, %u)", felt ? "yes" : "no", low, high);
    SDL_DestroyWindow(window);
    SDL_Quit();
    (void)argc;
    if (felt && low == 0 && high == 0) printf("ok: test_integration\n");
    return felt && low == 0 && high == 0 ? 0 : 1;
}
