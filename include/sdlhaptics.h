/* sdlhaptics.h: stand-in for the SDLHaptics C API header (issue 16). The C API's header replaces it at
 * merge; the library build (scripts/c-library.sh) exports exactly the functions declared below, one per
 * line as `extern DECLSPEC <type> SDLCALL SDLH_Name(...)`. */
#ifndef SDLHAPTICS_H
#define SDLHAPTICS_H

#include <SDL2/SDL_stdinc.h>
#include <SDL2/begin_code.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The library's version as major * 10000 + minor * 100 + patch (0.9.0 is 900). Any thread. */
extern DECLSPEC int SDLCALL SDLH_GetVersion(void);

/* Opens haptics on the game's SDL and closes it again: 0 on success, -1 when SDL refused. Game thread. */
extern DECLSPEC int SDLCALL SDLH_InitAndQuit(void);

#ifdef __cplusplus
}
#endif
#include <SDL2/close_code.h>

#endif /* SDLHAPTICS_H */
