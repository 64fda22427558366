/// What a mapping rule does to a player's adaptive triggers: the `trigger_effect` table of a
/// `[[rule]]` (docs/config.md, "Adaptive triggers").
///
/// When an event matches the rule, the effect is set on the event's player (every player for an
/// event without one) on `side`: it stays until another rule or the game sets something else. For a
/// texture, every `start` and `update` sets it again with the texture's value (parameters follow
/// their curves frame by frame) and `stop` turns that side off. Every parameter is a `ValueSource`
/// whose output is 0...1: a constant or a curve of an input of the event. Pure value.
@_spi(HapticsTools) public struct TriggerEffectRule: Sendable {
    /// Which trigger the effect goes to.
    public enum Side: String, Sendable, CaseIterable {
        case left, right, both
    }

    /// The effect kinds a config can name (`AdaptiveTrigger.Effect.name` spellings).
    public enum Mode: String, Sendable, CaseIterable {
        case off, feedback, weapon, vibration, slopeFeedback, positionalFeedback, positionalVibration

        /// The parameter keys this mode reads, the required ones first.
        public var required: [String] {
            switch self {
            case .off: return []
            case .feedback: return ["strength"]
            case .weapon: return ["start", "end", "strength"]
            case .vibration: return ["amplitude", "frequency"]
            case .slopeFeedback: return ["start", "end", "start_strength", "end_strength"]
            case .positionalFeedback: return ["strengths"]
            case .positionalVibration: return ["amplitudes", "frequency"]
            }
        }

        /// Keys this mode accepts but does not need (with their defaults).
        public var optional: [String] {
            switch self {
            case .feedback, .vibration: return ["start"]   // default 0
            default: return []
            }
        }
    }

    public var side: Side
    public var mode: Mode
    /// Scalar parameters by key (`start`, `end`, `strength`, `amplitude`, `frequency`,
    /// `start_strength`, `end_strength`); a missing optional key reads 0.
    public var start: ValueSource = .constant(0)
    public var end: ValueSource = .constant(0)
    public var strength: ValueSource = .constant(0)
    public var amplitude: ValueSource = .constant(0)
    public var frequency: ValueSource = .constant(0)
    public var startStrength: ValueSource = .constant(0)
    public var endStrength: ValueSource = .constant(0)
    /// The ten values of the positional modes (constants, 0...1).
    public var positions = AdaptiveTrigger.PositionalValues()

    public init(side: Side, mode: Mode) {
        self.side = side
        self.mode = mode
    }

    /// The effect for one event, each parameter read through `value` (the source's output for the
    /// event). No allocation.
    public func effect(_ value: (ValueSource) -> Double) -> AdaptiveTrigger.Effect {
        switch mode {
        case .off: return .off
        case .feedback: return .feedback(start: value(start), strength: value(strength))
        case .weapon: return .weapon(start: value(start), end: value(end), strength: value(strength))
        case .vibration: return .vibration(start: value(start), amplitude: value(amplitude), frequency: value(frequency))
        case .slopeFeedback:
            return .slope(start: value(start), end: value(end), startStrength: value(startStrength), endStrength: value(endStrength))
        case .positionalFeedback: return .positionalFeedback(resistiveStrengths: positions)
        case .positionalVibration: return .positionalVibration(positions, frequency: value(frequency))
        }
    }

    /// Sets `effect` on the rule's side(s) of `triggers`.
    public func apply(_ effect: AdaptiveTrigger.Effect, to triggers: AdaptiveTriggers) {
        if side != .right { triggers.left.setEffect(effect) }
        if side != .left { triggers.right.setEffect(effect) }
    }
}
