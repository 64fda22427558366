// The one C header SDLHaptics reads. Only the HapticsSDL module (and our tools, tests and demo) import
// CHapticsSDL2.
//
// SDL's headers are found as <SDL2/SDL.h> on the compiler's default include path, where every Linux
// distribution's SDL2 development package puts them (Debian: libsdl2-dev), so the target needs no
// pkg-config flags: SDL's pkg-config file adds -D_REENTRANT, which SwiftPM refuses and warns about on
// every build. For an SDL installed elsewhere (a custom prefix, Homebrew), pass its folders:
//   swift build -Xcc -I<prefix>/include -Xlinker -L<prefix>/lib
#ifndef SDLHAPTICS_CHAPTICSSDL2_SHIM_H
#define SDLHAPTICS_CHAPTICSSDL2_SHIM_H
#include <SDL2/SDL.h>
#endif
