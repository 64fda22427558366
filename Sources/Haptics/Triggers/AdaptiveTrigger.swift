/// One adaptive trigger of a player's pad: the effect the game wants on it now, set with Apple's
/// `GCDualSenseAdaptiveTrigger` methods.
///
///     haptics.adaptiveTriggers(forPlayer: 0)?.right.setModeWeaponWithStartPosition(0.3, endPosition: 0.6, resistiveStrength: 0.8)
///     // every frame, a brake following the cart's speed:
///     triggers.left.setModeFeedbackWithStartPosition(0.1, resistiveStrength: speed / maxSpeed)
///
/// This object only holds what the game asked for. The pad's output (HapticsSDL) reads it every
/// update, sends the pad the effect only when its encoded bytes change, and sends "off" whenever
/// haptics stop (pause, focus loss, disconnect, shutdown): the effect set here is re-sent when
/// they resume. Every parameter is 0...1 and clamped (NaN is 0); see `AdaptiveTrigger.Effect` for how
/// values map to a DualSense's zones and levels.
///
/// Threads: the game's update thread. Cost: every method is O(1) (positional ones O(10)), stores an
/// inline value, and never allocates: safe to call every frame.
public final class AdaptiveTrigger {
    /// Which trigger this is.
    public enum Side: String, Hashable, Sendable, CaseIterable {
        case left, right
    }

    /// Which trigger this is.
    public let side: Side
    /// The effect the game wants now (clamped).
    public private(set) var effect: AdaptiveTrigger.Effect = .off
    /// Counts changes of `effect` (wrapping): lets an output skip work when nothing changed.
    public private(set) var revision: UInt64 = 0

    /// A trigger with no effect.
    public init(side: Side) { self.side = side }

    /// The mode of the current effect.
    public var mode: AdaptiveTrigger.Mode { effect.mode }

    /// Sets any effect (clamped to 0...1). The named methods below are the same in Apple's spelling.
    public func setEffect(_ newEffect: AdaptiveTrigger.Effect) {
        let value = newEffect.clamped
        guard value != effect else { return }
        effect = value
        revision &+= 1
    }

    /// No effect: the trigger moves freely.
    public func setModeOff() { setEffect(.off) }

    /// Constant resistance from `startPosition` (0...1 of the travel) with `resistiveStrength` (0...1).
    public func setModeFeedbackWithStartPosition(_ startPosition: Double, resistiveStrength: Double) {
        setEffect(.feedback(startPosition: startPosition, resistiveStrength: resistiveStrength))
    }

    /// A resistance (0...1) for each of the 10 positions.
    public func setModeFeedback(resistiveStrengths: AdaptiveTrigger.PositionalValues) {
        setEffect(.positionalFeedback(resistiveStrengths: resistiveStrengths))
    }

    /// Resistance (0...1) from `startPosition` that gives way at `endPosition` (both 0...1 of the travel).
    public func setModeWeaponWithStartPosition(_ startPosition: Double, endPosition: Double, resistiveStrength: Double) {
        setEffect(.weapon(startPosition: startPosition, endPosition: endPosition, resistiveStrength: resistiveStrength))
    }

    /// Vibration from `startPosition` (0...1) with `amplitude` (0...1) at `frequency` (0...1).
    public func setModeVibrationWithStartPosition(_ startPosition: Double, amplitude: Double, frequency: Double) {
        setEffect(.vibration(startPosition: startPosition, amplitude: amplitude, frequency: frequency))
    }

    /// A vibration amplitude (0...1) for each of the 10 positions, at `frequency` (0...1).
    public func setModeVibration(amplitudes: AdaptiveTrigger.PositionalValues, frequency: Double) {
        setEffect(.positionalVibration(amplitudes: amplitudes, frequency: frequency))
    }

    /// Resistance sloping from `startStrength` at `startPosition` to `endStrength` at `endPosition`
    /// (all 0...1).
    public func setModeSlopeFeedback(startPosition: Double, endPosition: Double, startStrength: Double, endStrength: Double) {
        setEffect(.slopeFeedback(startPosition: startPosition, endPosition: endPosition,
                                 startStrength: startStrength, endStrength: endStrength))
    }
}
