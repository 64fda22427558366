import CHapticsSDL2
import HapticsFrontEnd

extension SDLError {
    /// Captures `SDL_GetError()` now.
    static func current(_ operation: String) -> SDLError {
        SDLError(operation: operation, message: String(cString: SDL_GetError()))
    }
}

extension SDLSubsystems {
    /// Starts `subsystems` (SDL2). Refuses an SDL older than `SDLVersion.minimumSupported` (2.26).
    /// - Throws: `SDLError` with SDL's message when SDL cannot start them.
    public convenience init(_ subsystems: Set = [.gameController, .events]) throws(SDLError) {
        try self.init(subsystems, linked: SDLVersion.linked, minimum: SDLVersion.minimumSupported, module: "SDLHaptics",
                      initialize: { SDL_InitSubSystem($0) == 0 }, quit: { SDL_QuitSubSystem($0) },
                      error: { String(cString: SDL_GetError()) })
    }

    /// Whether SDL reports every subsystem in `subsystems` as running (for any owner).
    public static func areRunning(_ subsystems: Set) -> Bool {
        SDL_WasInit(subsystems.rawValue) == subsystems.rawValue
    }
}
