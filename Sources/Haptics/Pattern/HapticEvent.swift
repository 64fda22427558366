/// One event of a pattern: a haptic tap or texture, or a sound.
///
/// A value type; build one with the static constructors (`transient`, `continuous`,
/// `audioContinuous`, `audioCustom`) or the memberwise initializer.
public struct HapticEvent: Hashable, Sendable {
    /// The longest continuous haptic event Apple allows, in seconds.
    public static let maximumContinuousDuration: Double = 30

    /// What kind of event this is.
    public var type: HapticEvent.EventType
    /// Start time in seconds from the start of the pattern, >= 0.
    public var time: Double
    /// Length in seconds, >= 0, or nil when the file gives none. Continuous events need one;
    /// for a transient it is only a logical length; for a custom audio event a shorter duration
    /// truncates the sound and 0 means "the whole file".
    public var duration: Double?
    /// The event's parameters in file order, each ID at most once. Missing IDs take their defaults.
    public var parameters: [HapticEventParameter]
    /// `AudioCustom` only: the waveform file, relative to the pattern's folder (or the asset root).
    public var waveformPath: String?
    /// `AudioCustom` only: whether the waveform fades with the volume envelope (nil: file left it out; default true).
    public var waveformUsesVolumeEnvelope: Bool?
    /// `AudioCustom` only: whether the waveform loops over the whole file (nil: file left it out; default false).
    public var waveformLoopEnabled: Bool?

    public init(
        type: HapticEvent.EventType,
        time: Double,
        duration: Double? = nil,
        parameters: [HapticEventParameter] = [],
        waveformPath: String? = nil,
        waveformUsesVolumeEnvelope: Bool? = nil,
        waveformLoopEnabled: Bool? = nil
    ) {
        self.type = type
        self.time = time
        self.duration = duration
        self.parameters = parameters
        self.waveformPath = waveformPath
        self.waveformUsesVolumeEnvelope = waveformUsesVolumeEnvelope
        self.waveformLoopEnabled = waveformLoopEnabled
    }

    /// A haptic tap at `time` seconds.
    public static func transient(at time: Double, intensity: Double = 1, sharpness: Double = 0.5) -> HapticEvent {
        HapticEvent(type: .hapticTransient, time: time,
                    parameters: [.init(.hapticIntensity, intensity), .init(.hapticSharpness, sharpness)])
    }

    /// A haptic texture from `time` for `duration` seconds.
    public static func continuous(at time: Double, duration: Double, intensity: Double = 1,
                                  sharpness: Double = 0.5,
                                  extra: [HapticEventParameter] = []) -> HapticEvent {
        HapticEvent(type: .hapticContinuous, time: time, duration: duration,
                    parameters: [.init(.hapticIntensity, intensity), .init(.hapticSharpness, sharpness)] + extra)
    }

    /// The value of `id` for this event: the written value, or the parameter's default.
    public func value(of id: HapticEvent.ParameterID) -> Double {
        for parameter in parameters where parameter.id == id { return parameter.value }
        return id.defaultValue
    }

    /// Whether the event writes `id` explicitly.
    public func sets(_ id: HapticEvent.ParameterID) -> Bool {
        parameters.contains { $0.id == id }
    }

    /// The time this event stops contributing to the pattern's length, in seconds:
    /// `time + duration`, or `time` when there is no duration.
    public var endTime: Double { time + (duration ?? 0) }

    /// `Sustained` read as a boolean (any value >= 0.5 counts as on).
    public var isSustained: Bool { value(of: .sustained) >= 0.5 }
}
