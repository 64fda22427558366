extension AdaptiveTrigger.Effect {
    /// The effect as one CSV field (no commas): its name, then its parameters in the order of
    /// Apple's methods, separated by semicolons: `off`, `feedback(0.1;0.8)` (start; strength),
    /// `weapon(0.2;0.6;0.9)` (start; end; strength), `vibration(0;1;0.3)` (start; amplitude;
    /// frequency), `slopeFeedback(0;1;0.2;0.9)` (start; end; start strength; end strength),
    /// `positionalFeedback(v0;…;v9)`, `positionalVibration(v0;…;v9;frequency)`. Allocates.
    public var traceField: String {
        func list(_ values: [Double]) -> String { "\(name)(" + values.map { "\($0)" }.joined(separator: ";") + ")" }
        switch self {
        case .off: return "off"
        case let .feedback(start, strength): return list([start, strength])
        case let .weapon(start, end, strength): return list([start, end, strength])
        case let .vibration(start, amplitude, frequency): return list([start, amplitude, frequency])
        case let .slopeFeedback(start, end, startStrength, endStrength): return list([start, end, startStrength, endStrength])
        case let .positionalFeedback(strengths): return list(strengths.values)
        case let .positionalVibration(amplitudes, frequency): return list(amplitudes.values + [frequency])
        }
    }

    /// How hard the effect pushes, 0...1, for a chart lane: the strength or amplitude; the largest
    /// one for the positional and slope modes; 0 when off.
    public var peakForce: Double {
        switch self {
        case .off: return 0
        case let .feedback(_, strength), let .weapon(_, _, strength): return strength
        case let .vibration(_, amplitude, _): return amplitude
        case let .slopeFeedback(_, _, start, end): return max(start, end)
        case let .positionalFeedback(values), let .positionalVibration(values, _): return values.values.max() ?? 0
        }
    }
}
