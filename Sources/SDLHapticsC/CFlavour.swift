#if SDLHAPTICS_SDL3
import CHapticsSDL3
import HapticsSDL3
#else
import CHapticsSDL2
import HapticsSDL
#endif

/// The few calls the C shell makes to SDL itself, for the SDL it is built against: this folder is
/// compiled twice (docs/c-library.md), as SDLHapticsC for libsdlhaptics (SDL2) and, with
/// SDLHAPTICS_SDL3 defined, as SDLHapticsC3 for libsdlhaptics3 (Sources/SDLHapticsC3/Shared links here).
/// Everything else the shell does is the front end's, the same on both.
enum CFlavour {
    /// The SDL backend of this flavour (for `PadOutputGate` on the way out).
    static var backend: any SDLBackend.Type {
        #if SDLHAPTICS_SDL3
        SDL3Backend.self
        #else
        SDL2Backend.self
        #endif
    }

    /// "SDL 2" or "SDL 3", for messages.
    static var sdlName: String {
        #if SDLHAPTICS_SDL3
        SDL3Backend.displayName
        #else
        SDL2Backend.displayName
        #endif
    }

    /// How a game starts the gamepad subsystem, for messages.
    static var gamepadInit: String {
        #if SDLHAPTICS_SDL3
        "SDL_Init(SDL_INIT_GAMEPAD)"
        #else
        "SDL_Init(SDL_INIT_GAMECONTROLLER)"
        #endif
    }

    /// Whether SDL's gamepad subsystem runs (pads are open only then). Any thread.
    static var isGamepadSubsystemRunning: Bool {
        #if SDLHAPTICS_SDL3
        SDL3Backend.isGamepadSubsystemRunning()
        #else
        SDL2Backend.isGamepadSubsystemRunning()
        #endif
    }

    /// Whether SDL's joystick subsystem runs (virtual pads attach only then). Any thread.
    static var isJoystickSubsystemRunning: Bool {
        #if SDLHAPTICS_SDL3
        SDL_WasInit(SDL_INIT_JOYSTICK) != 0
        #else
        SDL_WasInit(UInt32(SDL_INIT_JOYSTICK)) != 0
        #endif
    }

    /// Writes `text` to SDL's log as a warning of the application category.
    static func logWarning(_ text: String) {
        text.withCString { text in
            withVaList([text]) { arguments in
                SDL_LogMessageV(Int32(SDL_LOG_CATEGORY_APPLICATION.rawValue), SDL_LOG_PRIORITY_WARN, "%s", arguments)
            }
        }
    }
}
