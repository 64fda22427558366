/*
 * What attaching virtual pads costs (issue 31, item 4): SDL 2.26 attaches a virtual joystick in time
 * that grows with the square of those already attached (SDL_PrivateJoystickAdded finds the new one's
 * device index by walking every index, and the virtual driver walks its list for each), so SDLHaptics
 * allows SDLH_MAX_VIRTUAL_PADS at once. This attaches that many through SDLH_AttachVirtualPad, each
 * handed to SDLHaptics through the event loop, then goes on with SDL's own SDL_JoystickAttachVirtualEx
 * to 1,000 joysticks, and prints the time of each 256 (wall clock, SDL's performance counter).
 *
 * Usage: attach_bench [TOTAL]   (default 1000)
 */
#include <stdio.h>
#include <stdlib.h>
#include "SDL.h"
#include "sdlhaptics.h"

int main(int argc, char **argv) {
    int total = argc > 1 ? atoi(argv[1]) : 1000, attached;
    double frequency;
    Uint64 start;
    SDL_Event event;
    SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER);
    if (SDLH_Init(NULL) != 0) {
        fprintf(stderr, "%s\n", SDLH_GetError());
        return 1;
    }
    frequency = (double)SDL_GetPerformanceFrequency();
    start = SDL_GetPerformanceCounter();
    for (attached = 0; attached < SDLH_MAX_VIRTUAL_PADS; attached++) {
        if (SDLH_AttachVirtualPad("xboxOne") == NULL) {
            fprintf(stderr, "%s\n", SDLH_GetError());
            return 1;
        }
        while (SDL_PollEvent(&event)) SDLH_HandleEvent(&event);
    }
    printf("SDLH_AttachVirtualPad, pads 1-%d (opened by SDLHaptics): %.3f s; SDLH_GetNumPads() = %d; one more: %s\n",
           attached, (double)(SDL_GetPerformanceCounter() - start) / frequency, SDLH_GetNumPads(),
           SDLH_AttachVirtualPad("xboxOne") == NULL ? "refused (SDLH_ERROR_LIMIT)" : "attached");
    while (attached < total) {
        int first = attached + 1, chunk;
        start = SDL_GetPerformanceCounter();
        for (chunk = 0; chunk < 256 && attached < total; chunk++, attached++) {
            SDL_VirtualJoystickDesc desc;
            SDL_zero(desc);
            desc.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
            desc.type = SDL_JOYSTICK_TYPE_GAMECONTROLLER;
            desc.naxes = SDL_CONTROLLER_AXIS_MAX;
            desc.nbuttons = SDL_CONTROLLER_BUTTON_MAX;
            if (SDL_JoystickAttachVirtualEx(&desc) < 0) {
                fprintf(stderr, "SDL_JoystickAttachVirtualEx: %s\n", SDL_GetError());
                return 1;
            }
        }
        SDL_FlushEvents(SDL_FIRSTEVENT, SDL_LASTEVENT);
        printf("SDL_JoystickAttachVirtualEx, joysticks %d-%d: %.3f s\n", first, attached,
               (double)(SDL_GetPerformanceCounter() - start) / frequency);
    }
    SDLH_Quit();
    SDL_Quit();
    return 0;
}
