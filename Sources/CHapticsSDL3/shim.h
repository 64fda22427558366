// SDL3's headers for HapticsSDL3 (issue 32), as CHapticsSDL2 is SDL2's. Named CHapticsSDL3, never SDL3 (it
// would shadow -lSDL3) nor CSDL3 (games name their own shim so).
//
// <SDL3/SDL.h> is found on the compiler's default include path, where a distribution's SDL3 development
// package puts it (Debian trixie, Ubuntu 25.04+: libsdl3-dev), with no pkg-config flags, as CHapticsSDL2
// finds SDL2 (a pkgConfig here would make SwiftPM warn about a missing sdl3.pc in every SDL2 game that
// depends on SDLHaptics). An SDL3 elsewhere (a custom prefix, Homebrew, the test rig that `make sdl3` sets
// up: docs/sdl3.md) is passed as `swift build -Xcc -I<prefix>/include -Xlinker -L<prefix>/lib`
// (`scripts/sdl3-rig.sh --swift-flags` prints them from `pkg-config sdl3`). Only HapticsSDL3,
// SDLHapticsC3 and their tests import it: SDL2 and SDL3 must never be linked into one process.
#ifndef SDLHAPTICS_CHAPTICSSDL3_SHIM_H
#define SDLHAPTICS_CHAPTICSSDL3_SHIM_H
#include <SDL3/SDL.h>
#endif
