extension AdaptiveTrigger {
    /// One adaptive trigger's effect: a mode with its parameters, in the names and 0...1 ranges of
    /// Apple's `GCDualSenseAdaptiveTrigger`. A value: cheap to copy, no heap storage, safe to build
    /// every frame.
    ///
    /// Every parameter is 0...1. Positions are fractions of the trigger's travel (0 released, 1 fully
    /// pressed); strengths and amplitudes run from none (0) to the pad's strongest (1); frequency from
    /// the slowest (0) to the fastest (1) vibration the pad makes. On a DualSense (docs/adaptive-triggers.md)
    /// a position becomes one of 10 zones (`round(position × 9)`), a strength or amplitude one of 8
    /// levels (`round(value × 8)`, 0 meaning none), and a frequency a rate of `round(frequency × 255)`
    /// cycles per second; an effect whose strength or amplitude rounds to 0 everywhere is sent as off.
    ///
    /// The factory functions clamp every value to 0...1 (NaN becomes 0), so an effect always holds
    /// values in range; they do not reorder positions (the pad encoder makes the nearest valid effect:
    /// see `DualSenseTriggerEncoder` in HapticsSDL).
    public enum Effect: Hashable, Sendable {
        /// No effect.
        case off
        /// Constant resistance from `startPosition` to the end of travel.
        case feedback(startPosition: Double, resistiveStrength: Double)
        /// A resistance per position (`setModeFeedback(resistiveStrengths:)`).
        case positionalFeedback(resistiveStrengths: AdaptiveTrigger.PositionalValues)
        /// Resistance from `startPosition` that gives way at `endPosition` (a weapon's click).
        case weapon(startPosition: Double, endPosition: Double, resistiveStrength: Double)
        /// Vibration from `startPosition` to the end of travel.
        case vibration(startPosition: Double, amplitude: Double, frequency: Double)
        /// A vibration amplitude per position, one frequency (`setModeVibration(amplitudes:frequency:)`).
        case positionalVibration(amplitudes: AdaptiveTrigger.PositionalValues, frequency: Double)
        /// Resistance going linearly from `startStrength` at `startPosition` to `endStrength` at
        /// `endPosition`, and `endStrength` beyond.
        case slopeFeedback(startPosition: Double, endPosition: Double, startStrength: Double, endStrength: Double)

        /// The mode, as Apple reports it (positional variants report `.feedback` / `.vibration`).
        public var mode: AdaptiveTrigger.Mode {
            switch self {
            case .off: return .off
            case .feedback, .positionalFeedback: return .feedback
            case .weapon: return .weapon
            case .vibration, .positionalVibration: return .vibration
            case .slopeFeedback: return .slopeFeedback
            }
        }

        /// A short name that tells the positional variants apart: off, feedback, positionalFeedback,
        /// weapon, vibration, positionalVibration, slopeFeedback (config files and traces use it).
        public var name: String {
            switch self {
            case .off: return "off"
            case .feedback: return "feedback"
            case .positionalFeedback: return "positionalFeedback"
            case .weapon: return "weapon"
            case .vibration: return "vibration"
            case .positionalVibration: return "positionalVibration"
            case .slopeFeedback: return "slopeFeedback"
            }
        }

        /// Whether the effect does nothing a player can feel: off, or every strength/amplitude 0
        /// (or a vibration at frequency 0).
        public var isNeutral: Bool {
            switch self {
            case .off: return true
            case let .feedback(_, strength): return strength == 0
            case let .positionalFeedback(strengths): return strengths.isZero
            case let .weapon(_, _, strength): return strength == 0
            case let .vibration(_, amplitude, frequency): return amplitude == 0 || frequency == 0
            case let .positionalVibration(amplitudes, frequency): return amplitudes.isZero || frequency == 0
            case let .slopeFeedback(_, _, start, end): return start == 0 && end == 0
            }
        }

        // MARK: - Factories (clamping)

        /// Constant resistance from `startPosition` on; both 0...1, clamped.
        public static func feedback(start startPosition: Double, strength: Double) -> Self {
            .feedback(startPosition: unit(startPosition), resistiveStrength: unit(strength))
        }

        /// Resistance between `startPosition` and `endPosition`, giving way past the end; all 0...1, clamped.
        public static func weapon(start startPosition: Double, end endPosition: Double, strength: Double) -> Self {
            .weapon(startPosition: unit(startPosition), endPosition: unit(endPosition), resistiveStrength: unit(strength))
        }

        /// Vibration from `startPosition` on; all 0...1, clamped.
        public static func vibration(start startPosition: Double, amplitude: Double, frequency: Double) -> Self {
            .vibration(startPosition: unit(startPosition), amplitude: unit(amplitude), frequency: unit(frequency))
        }

        /// Resistance sloping from `startStrength` to `endStrength`; all 0...1, clamped.
        public static func slope(start startPosition: Double, end endPosition: Double,
                                 startStrength: Double, endStrength: Double) -> Self {
            .slopeFeedback(startPosition: unit(startPosition), endPosition: unit(endPosition),
                           startStrength: unit(startStrength), endStrength: unit(endStrength))
        }

        /// Vibration with one amplitude per position (already clamped by the positional values) at
        /// `frequency` 0...1, clamped.
        public static func positionalVibration(_ amplitudes: AdaptiveTrigger.PositionalValues, frequency: Double) -> Self {
            .positionalVibration(amplitudes: amplitudes, frequency: unit(frequency))
        }

        /// The effect with every parameter clamped to 0...1 (NaN to 0): what a trigger stores.
        public var clamped: Self {
            switch self {
            case .off, .positionalFeedback: return self
            case let .feedback(start, strength): return .feedback(start: start, strength: strength)
            case let .weapon(start, end, strength): return .weapon(start: start, end: end, strength: strength)
            case let .vibration(start, amplitude, frequency): return .vibration(start: start, amplitude: amplitude, frequency: frequency)
            case let .positionalVibration(amplitudes, frequency): return .positionalVibration(amplitudes, frequency: frequency)
            case let .slopeFeedback(start, end, startStrength, endStrength):
                return .slope(start: start, end: end, startStrength: startStrength, endStrength: endStrength)
            }
        }

        /// `value` clamped to 0...1; NaN is 0.
        @inline(__always)
        static func unit(_ value: Double) -> Double {
            value.isNaN ? 0 : min(max(value, 0), 1)
        }
    }
}
