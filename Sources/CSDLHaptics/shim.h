// The C API's header (include/sdlhaptics.h) as a Clang module, so the Swift shell that exports it
// (Sources/SDLHapticsC) reads the very structs and enums C games compile against: one layout, never
// a hand-written copy. SDL comes first from the default include path (<SDL2/SDL.h>, as CHapticsSDL2
// reads it), so the public header's own `#include "SDL.h"` (for pkg-config's -I.../SDL2) is skipped.
#ifndef SDLHAPTICS_CSDLHAPTICS_SHIM_H
#define SDLHAPTICS_CSDLHAPTICS_SHIM_H
#include <SDL2/SDL.h>
#include "../../include/sdlhaptics.h"
#endif
