/// The SDL subsystems SDLHaptics uses, started and stopped with reference counting: one class for
/// both SDLs (`HapticsSDL` and `HapticsSDL3` each add `init(_:)` and `areRunning(_:)` with their SDL's
/// calls).
///
/// SDL counts `SDL_InitSubSystem` / `SDL_QuitSubSystem` calls per subsystem, so a game that
/// already initialised SDL keeps its own reference: `stop()` releases only what `init` took.
/// Call from the thread that runs the game's event loop (the video thread). Not per frame.
public final class SDLSubsystems: SDLSubsystemHold {
    /// Which subsystems to start. The values are SDL's `SDL_INIT_` flags, which SDL2 and SDL3 share
    /// (a test in each SDL's tests compares them with its header's).
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Game controllers (SDL3: gamepads; and joysticks, which SDL starts with them): rumble output.
        /// `SDL_INIT_GAMECONTROLLER`, SDL3's `SDL_INIT_GAMEPAD`.
        public static let gameController = Set(rawValue: 0x2000)
        /// Audio: cue sounds and audio-driven actuators (`SDL_INIT_AUDIO`).
        public static let audio = Set(rawValue: 0x10)
        /// Events: needed to receive controller hot-plug events (`SDL_INIT_EVENTS`).
        public static let events = Set(rawValue: 0x4000)
        /// Video, for games and demos that open a window (`SDL_INIT_VIDEO`).
        public static let video = Set(rawValue: 0x20)
    }

    /// The subsystems this object holds a reference to.
    public var started: Set { Set(rawValue: reference.flags) }
    private var reference: SDLSubsystemReference
    private let quit: (UInt32) -> Void

    /// Starts `subsystems` with `initialize` (`SDL_InitSubSystem`, true when SDL started them) after
    /// checking `linked` against `minimum`; `stop()` releases them with `quit` (`SDL_QuitSubSystem`).
    /// - Throws: `SDLError` naming `module` when SDL is too old, or with `error()` (`SDL_GetError`).
    package init(_ subsystems: Set, linked: SDLVersion, minimum: SDLVersion, module: String,
                 initialize: (UInt32) -> Bool, quit: @escaping (UInt32) -> Void, error: () -> String) throws(SDLError) {
        reference = try SDLSubsystemReference(subsystems.rawValue, linked: linked, minimum: minimum, module: module,
                                              initialize: initialize, error: error)
        self.quit = quit
    }

    /// Releases the subsystems this object started. Idempotent.
    public func stop() { reference.release(quit) }

    deinit { stop() }
}
