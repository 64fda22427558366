/// How a `GameHaptics` behaves. Every default suits a typical game; `GameHaptics()` needs no arguments.
public struct GameHapticsConfiguration: Hashable, Sendable {
    /// What focus loss (SDL2's `SDL_WINDOWEVENT_FOCUS_LOST`, SDL3's `SDL_EVENT_WINDOW_FOCUS_LOST`, or the app going to the background) does.
    public enum FocusPolicy: Hashable, Sendable {
        /// Pause every player, of every category (`.ui` too: a menu's looping pattern must not
        /// rumble a pad while the player is in another window), stop the pads and adaptive triggers
        /// at once, and hold players started while unfocused; resume them all where they were when
        /// focus comes back. The default. A game that wants haptics in the background asks for
        /// `.ignore`.
        case pause
        /// Stop every engine with `.applicationSuspended` (the stopped handler runs, players end);
        /// restart the engines when focus comes back. The game recreates its players.
        case stopEngines
        /// Do nothing: haptics go on in the background.
        case ignore
    }

    /// How many players there are: pads are assigned to players 0..<playerCount (1...16; default 4).
    public var playerCount: Int = 4 {
        didSet { playerCount = min(max(playerCount, 1), 16) }
    }
    /// What focus loss does. Default `.pause`.
    public var focusPolicy: FocusPolicy = .pause
    /// How long a pad keeps rumbling after the game stops updating, in milliseconds
    /// (1...65535; default 250). See `SDLRumbleOutput.safetyMilliseconds`.
    public var safetyMilliseconds: UInt32 = 250 {
        didSet { safetyMilliseconds = min(max(safetyMilliseconds, 1), 65535) }
    }
    /// When true, a pad whose battery SDL reports low plays at `lowBatteryGain` and an empty one at
    /// `emptyBatteryGain` (on top of the master gain). Default false.
    public var scalesForLowBattery = false
    /// Gain for a pad with a low battery (SDL2's `SDL_JOYSTICK_POWER_LOW`; SDL3: 20 % or less), 0...1. Default 0.5.
    public var lowBatteryGain: Double = 0.5 {
        didSet { lowBatteryGain = lowBatteryGain.isFinite ? min(max(lowBatteryGain, 0), 1) : 0.5 }
    }
    /// Gain for a pad with an empty battery (SDL2's `SDL_JOYSTICK_POWER_EMPTY`; SDL3: 5 % or less), 0...1. Default 0.25.
    public var emptyBatteryGain: Double = 0.25 {
        didSet { emptyBatteryGain = emptyBatteryGain.isFinite ? min(max(emptyBatteryGain, 0), 1) : 0.25 }
    }
    /// When true, sets SDL2's hints (SDL3: `SDL_JOYSTICK_ENHANCED_REPORTS`) `SDL_JOYSTICK_HIDAPI_PS4_RUMBLE` and `SDL_JOYSTICK_HIDAPI_PS5_RUMBLE`
    /// to "1" before starting SDL, so DualShock 4 and DualSense pads rumble over Bluetooth too.
    /// SDL leaves them off by default because it switches the pad into its enhanced report mode,
    /// which other programs reading the pad may not expect. Must be decided before SDL starts its
    /// joystick subsystem: a game that already initialised it must set the hints itself. Default false.
    public var enablesPlayStationBluetoothRumble = false
    /// Delay applied to haptics so they line up with a frame shown later, in seconds (>= 0; default 0).
    /// See `HapticEngine.presentationLatency`.
    public var presentationLatency: Double = 0 {
        didSet { presentationLatency = presentationLatency.isFinite ? max(presentationLatency, 0) : 0 }
    }
    /// Players each engine can hold without allocating (>= 1; default 64).
    public var voiceCapacity: Int = 64 {
        didSet { voiceCapacity = max(voiceCapacity, 1) }
    }

    /// How long the game may go without calling `update` before every DualSense trigger that holds
    /// an effect is turned off from a watchdog thread, in milliseconds (0: no watchdog; otherwise
    /// 50...60000; default 500). A trigger effect has no duration of its own: see
    /// docs/adaptive-triggers.md, "Never stiff".
    public var triggerWatchdogMilliseconds: UInt32 = 500 {
        didSet { triggerWatchdogMilliseconds = triggerWatchdogMilliseconds == 0 ? 0 : min(max(triggerWatchdogMilliseconds, 50), 60000) }
    }

    public init() {}
}
