// The C API's header (include/sdlhaptics.h) as a Clang module for the SDL3 flavour of the C library
// (SDLHapticsC3, libsdlhaptics3): SDL3 comes first (<SDL3/SDL.h>, as CHapticsSDL3 reads it), so the header
// is read as a game on SDL3 reads it (SDL3's SDL_Event and SDL_JoystickID, SDLH_Version). One header,
// never a hand-written copy; CSDLHaptics is the same for SDL2.
#ifndef SDLHAPTICS_CSDLHAPTICS3_SHIM_H
#define SDLHAPTICS_CSDLHAPTICS3_SHIM_H
#include <SDL3/SDL.h>
#include "../../include/sdlhaptics.h"
#endif
