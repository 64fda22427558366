import CHapticsSDL3
@_spi(HapticsTools) import Haptics
import HapticsFrontEnd

extension GameHaptics {
    /// Starts SDL3's gamepad and event subsystems (reference-counted: a game that started them keeps
    /// its own reference) and opens every gamepad already connected.
    /// - Throws: `SDLError` when SDL is older than 3.2 or cannot start the subsystems.
    public convenience init(configuration: GameHapticsConfiguration = GameHapticsConfiguration()) throws(SDLError) {
        try self.init(configuration: configuration, backend: SDL3Backend.self)
    }

    /// Hands one SDL3 event over. Reacts to gamepads arriving and leaving (`SDL_EVENT_GAMEPAD_ADDED`,
    /// `SDL_EVENT_GAMEPAD_REMOVED`), battery updates, window focus and the app entering the background
    /// or foreground; ignores everything else. O(pads), no allocation for events it ignores.
    public func handle(_ event: SDL_Event) {
        if let translated = SDL3Backend.translate(event) { handle(translated) }
    }

    /// Hands one SDL3 event over by pointer (for C-style loops and `SDL_AppEvent`). See `handle(_:)`.
    public func handle(_ event: UnsafePointer<SDL_Event>) { handle(event.pointee) }
}

extension SDLAudioOutput {
    /// Opens the device as an SDL3 audio stream. SDL's audio driver is chosen when the subsystem
    /// starts (`SDL_AUDIO_DRIVER`; the disk driver writes `SDL_AUDIO_DISK_OUTPUT_FILE`).
    /// - Throws: `SDLError` when SDL cannot start audio or open the device.
    public convenience init(configuration: SDLAudioConfiguration = SDLAudioConfiguration()) throws(SDLError) {
        try self.init(configuration: configuration, backend: SDL3Backend.self)
    }
}

extension SDLSoundDecoder {
    /// A decoder through SDL3 (`SDL_LoadWAV_IO`, an `SDL_AudioStream`) converting to `sampleRate`
    /// (default 48,000 Hz) within `limits` (default: the waveform limits, 4.2 MB and 23 s).
    public init(sampleRate: Int = 48_000, limits: WaveformLimits = WaveformLimits()) {
        self.init(sampleRate: sampleRate, limits: limits, backend: SDL3Backend.self)
    }
}

extension SDLError {
    /// Captures `SDL_GetError()` now.
    static func current(_ operation: String) -> SDLError {
        SDLError(operation: operation, message: String(cString: SDL_GetError()))
    }
}

extension SDLVersion {
    /// The oldest SDL3 that HapticsSDL3 supports: 3.2.0, the first stable SDL3 (January 2025).
    public static let minimumSupported = SDLVersion(major: 3, minor: 2, patch: 0)

    /// The SDL library the process actually loaded (`SDL_GetVersion`). Safe before `SDL_Init`.
    public static var linked: SDLVersion {
        let version = Int(SDL_GetVersion())
        return SDLVersion(major: version / 1_000_000, minor: version / 1_000 % 1_000, patch: version % 1_000)
    }

    /// The SDL headers this module was compiled against.
    public static var compiled: SDLVersion {
        SDLVersion(major: Int(SDL_MAJOR_VERSION), minor: Int(SDL_MINOR_VERSION), patch: Int(SDL_MICRO_VERSION))
    }
}

/// The SDL3 subsystems SDLHaptics uses, started and stopped with reference counting, as HapticsSDL's
/// `SDLSubsystems` does for SDL2: `stop()` releases only what `init` took. Game thread; not per frame.
public final class SDLSubsystems: SDLSubsystemHold {
    /// Which subsystems to start.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Gamepads (and joysticks, which SDL starts with them): rumble output.
        public static let gameController = Set(rawValue: SDL_INIT_GAMEPAD)
        /// Audio.
        public static let audio = Set(rawValue: SDL_INIT_AUDIO)
        /// Events: needed to receive gamepad hot-plug events.
        public static let events = Set(rawValue: SDL_INIT_EVENTS)
        /// Video, for games and demos that open a window.
        public static let video = Set(rawValue: SDL_INIT_VIDEO)
    }

    /// The subsystems this object holds a reference to.
    public private(set) var started: Set = []

    /// Starts `subsystems`. Refuses an SDL older than `SDLVersion.minimumSupported` (3.2).
    /// - Throws: `SDLError` with SDL's message when SDL cannot start them.
    public init(_ subsystems: Set = [.gameController, .events]) throws(SDLError) {
        let linked = SDLVersion.linked
        guard linked >= SDLVersion.minimumSupported else {
            throw SDLError(operation: "SDL version check",
                           message: "SDL \(linked) is older than the \(SDLVersion.minimumSupported) HapticsSDL3 needs")
        }
        guard SDL_InitSubSystem(subsystems.rawValue) else { throw SDLError.current("SDL_InitSubSystem") }
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
