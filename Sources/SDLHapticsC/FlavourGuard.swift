#if SDLHAPTICS_SDL3
import CSDLHaptics3
#else
import CSDLHaptics
#endif

/// The guard against a game on one SDL linked with the other SDL's library (issue 32, SDL3 integration
/// round 1): an SDL3 game built with `pkg-config --libs sdlhaptics` links, loads SDL2 beside its SDL3, and
/// fails later inside SDL ("Failed loading udev_device_get_action") or rumbles nothing, since its pads
/// are SDL3's. `SDLH_Init` asks this first and refuses, naming the right library.
///
/// The check: a function that only the other SDL exports is visible in the process's global scope
/// (`CLibrary.isLoaded`: `dlsym(RTLD_DEFAULT, ...)`): `SDL_GetJoysticks` (SDL3; SDL2 has none) for libsdlhaptics, and
/// `SDL_GameControllerOpen` (SDL2 and sdl2-compat; SDL3 renamed it) for libsdlhaptics3. sdl2-compat
/// loads its SDL3 privately (`RTLD_LOCAL`), so an SDL2 game on sdl2-compat passes. The header adds a
/// link-time guard for SDL3 games (`SDLH_LinkedForSDL3`). Game thread, in `SDLH_Init`; O(1).
enum FlavourGuard {
    /// A function only the other SDL exports, and what the game should link instead.
    private static var other: (symbol: String, sdl: String, library: String, pkgConfig: String, target: String) {
        #if SDLHAPTICS_SDL3
        ("SDL_GameControllerOpen", "SDL2", "libsdlhaptics", "sdlhaptics", "SDLHaptics::SDLHaptics")
        #else
        ("SDL_GetJoysticks", "SDL3", "libsdlhaptics3", "sdlhaptics3", "SDLHaptics::SDLHaptics3")
        #endif
    }

    /// Throws when the process runs the other SDL: the game links the wrong flavour.
    static func check() throws(CFailure) {
        let other = other
        guard CLibrary.isLoaded(other.symbol) else { return }
        #if SDLHAPTICS_SDL3
        let mine = "libsdlhaptics3", header = "SDL2's \"SDL.h\""
        #else
        let mine = "libsdlhaptics", header = "<SDL3/SDL.h>"
        #endif
        throw CFailure(code: SDLH_ERROR_SDL, message: CMessage(text: "this game runs \(other.sdl) (\(other.symbol) is loaded) but links \(mine), "
            + "which is built for \(CFlavour.sdlName): link \(other.library) instead (pkg-config --cflags --libs \(other.pkgConfig), "
            + "CMake target \(other.target)) and include sdlhaptics.h after \(header)"))
    }
}
