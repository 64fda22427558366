import CHapticsSDL2
import HapticsFrontEnd

extension SDLError {
    /// Captures `SDL_GetError()` now.
    static func current(_ operation: String) -> SDLError {
        SDLError(operation: operation, message: String(cString: SDL_GetError()))
    }
}

/// The SDL subsystems SDLHaptics uses, started and stopped with reference counting.
///
/// SDL counts `SDL_InitSubSystem` / `SDL_QuitSubSystem` calls per subsystem, so a game that
/// already initialised SDL keeps its own reference: `stop()` releases only what `start()` took.
/// Call from the thread that runs the game's event loop (the video thread). Not per frame.
public final class SDLSubsystems {
    /// Which subsystems to start.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Game controllers (and joysticks, which SDL starts with them): rumble output.
        public static let gameController = Set(rawValue: SDL_INIT_GAMECONTROLLER)
        /// Audio: cue sounds and audio-driven actuators.
        public static let audio = Set(rawValue: SDL_INIT_AUDIO)
        /// Events: needed to receive controller hot-plug events.
        public static let events = Set(rawValue: SDL_INIT_EVENTS)
        /// Video, for games and demos that open a window.
        public static let video = Set(rawValue: SDL_INIT_VIDEO)
    }

    /// The subsystems this object holds a reference to.
    public private(set) var started: Set = []

    /// Starts `subsystems`. Refuses an SDL older than `SDLVersion.minimumSupported`.
    /// - Throws: `SDLError` with SDL's message when SDL cannot start them.
    public init(_ subsystems: Set = [.gameController, .events]) throws {
        let linked = SDLVersion.linked
        guard linked >= SDLVersion.minimumSupported else {
            throw SDLError(operation: "SDL version check",
                           message: "SDL \(linked) is older than the \(SDLVersion.minimumSupported) SDLHaptics needs")
        }
        if SDL_InitSubSystem(subsystems.rawValue) != 0 {
            throw SDLError.current("SDL_InitSubSystem")
        }
        started = subsystems
    }

    /// Releases the subsystems this object started. Idempotent.
    public func stop() {
        guard !started.isEmpty else { return }
        SDL_QuitSubSystem(started.rawValue)
        started = []
    }

    /// Whether SDL reports every subsystem in `subsystems` as running (for any owner).
    public static func areRunning(_ subsystems: Set) -> Bool {
        SDL_WasInit(subsystems.rawValue) == subsystems.rawValue
    }

    deinit { stop() }
}
