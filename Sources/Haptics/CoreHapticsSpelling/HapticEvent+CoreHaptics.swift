/// Core Haptics' spelling of events (`CHHapticEvent`, `CHHapticEventParameter`), for code ported from
/// Apple platforms. Same values and behaviour as our own initializers; docs/porting-from-core-haptics.md
/// lists every mirrored name.
extension HapticEvent {
    /// `CHHapticEvent(eventType:parameters:relativeTime:)`: a transient, or a continuous event of
    /// Apple's default length. Apple gives a continuous event without a duration the length of its
    /// envelope; we use 1 s for `hapticContinuous` and `audioContinuous` (pass `duration:` to choose).
    public init(eventType: HapticEvent.EventType, parameters: [HapticEventParameter], relativeTime: Double) {
        self.init(type: eventType, time: relativeTime,
                  duration: eventType.requiresDuration ? HapticEvent.defaultContinuousDuration : nil,
                  parameters: parameters)
    }

    /// `CHHapticEvent(eventType:parameters:relativeTime:duration:)`. `duration` in seconds (> 0); it is
    /// ignored for transients, as Apple ignores it.
    public init(eventType: HapticEvent.EventType, parameters: [HapticEventParameter], relativeTime: Double, duration: Double) {
        self.init(type: eventType, time: relativeTime, duration: eventType.requiresDuration ? duration : nil,
                  parameters: parameters)
    }

    /// The length given to a continuous event made without a duration: 1 s.
    public static let defaultContinuousDuration: Double = 1

    /// Apple's name for `type`.
    public var eventType: HapticEvent.EventType {
        get { type }
        set { type = newValue }
    }

    /// Apple's name for `time`: seconds from the pattern's start.
    public var relativeTime: Double {
        get { time }
        set { time = newValue }
    }
}

extension HapticEventParameter {
    /// `CHHapticEventParameter(parameterID:value:)`.
    public init(parameterID: HapticEvent.ParameterID, value: Double) {
        self.init(parameterID, value)
    }

    /// Apple's name for `id`.
    public var parameterID: HapticEvent.ParameterID {
        get { id }
        set { id = newValue }
    }
}
