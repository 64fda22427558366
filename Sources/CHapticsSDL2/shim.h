// The one C header SDLHaptics reads. Only the HapticsSDL module imports CHapticsSDL2.
// pkg-config `sdl2` puts SDL's own include folder on the path, so SDL.h is found there.
#ifndef SDLHAPTICS_CHAPTICSSDL2_SHIM_H
#define SDLHAPTICS_CHAPTICSSDL2_SHIM_H
#include <SDL.h>
#endif
