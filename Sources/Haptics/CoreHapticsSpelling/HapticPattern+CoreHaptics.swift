/// Core Haptics' spelling of patterns (`CHHapticPattern`), for code ported from Apple platforms.
extension HapticPattern {
    /// `CHHapticPattern(events:parameters:)`: events with dynamic parameters. The same as
    /// `HapticPattern(events:dynamicParameters:)`; Core Haptics throws for invalid input, we never
    /// need to (every value is clamped to its range when played), so there is no `try`.
    public init(events: [HapticEvent], parameters: [DynamicParameter]) {
        self.init(events: events, dynamicParameters: parameters)
    }

    /// `CHHapticPattern(dictionary:)` reads a parsed AHAP dictionary; ours reads the AHAP text or bytes
    /// instead: `try AHAPDecoder().decode(data).pattern` (with line and column in every error).
}

extension DynamicParameter {
    /// `CHHapticDynamicParameter(parameterID:value:relativeTime:)`.
    public init(parameterID: DynamicParameter.ID, value: Double, relativeTime: Double) {
        self.init(parameterID, value: value, at: relativeTime)
    }

    /// Apple's name for `id`.
    public var parameterID: DynamicParameter.ID {
        get { id }
        set { id = newValue }
    }

    /// Apple's name for `time`: seconds from the pattern's start (or from the send, for a player).
    public var relativeTime: Double {
        get { time }
        set { time = newValue }
    }
}

extension ParameterCurve {
    /// `CHHapticParameterCurve(parameterID:controlPoints:relativeTime:)`.
    public init(parameterID: DynamicParameter.ID, controlPoints: [ControlPoint], relativeTime: Double) {
        self.init(parameterID, at: relativeTime, points: controlPoints)
    }

    /// Apple's name for `id`.
    public var parameterID: DynamicParameter.ID {
        get { id }
        set { id = newValue }
    }

    /// Apple's name for `time`: seconds from the pattern's start.
    public var relativeTime: Double {
        get { time }
        set { time = newValue }
    }
}

extension ParameterCurve.ControlPoint {
    /// `CHHapticParameterCurve.ControlPoint(relativeTime:value:)`: seconds from the curve's start.
    public init(relativeTime: Double, value: Double) {
        self.init(time: relativeTime, value: value)
    }

    /// Apple's name for `time`.
    public var relativeTime: Double {
        get { time }
        set { time = newValue }
    }
}
