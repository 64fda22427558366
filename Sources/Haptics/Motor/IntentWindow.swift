/// One output's mixed intent over the lookahead grid (internal): what the motor stage plans from.
///
/// Per actuator a `SIMD8` of perceived levels 0...1: lane 0 is now, lane `k` (1...`LookaheadGrid.points`)
/// the grid point `k` steps ahead; lane 7 is unused. `taps` has, per actuator (lane = raw value), bit `k`
/// set where a pattern's transient starts: now (bit 0), or in the step before sample `k`. The mixer
/// (`VoiceMix`) fills one per output each frame; the motor stage (`MotorDriver`) folds the triggers
/// (`folded(into:)`) and hands each planner its actuator's lane. A fixed-size value: no allocation.
struct IntentWindow {
    var lowFrequency = SIMD8<Double>.zero
    var highFrequency = SIMD8<Double>.zero
    var leftTrigger = SIMD8<Double>.zero
    var rightTrigger = SIMD8<Double>.zero
    var taps = SIMD4<UInt32>.zero
    /// Per actuator, bit `k` set where the mixer's overlap limiter held sample `k` below full
    /// (`HapticMixer.overlapCeiling`): the motor stage keeps that content at its level on the quickest
    /// motor of the range too, so a tap posted on it still rises there.
    var limited = SIMD4<UInt32>.zero

    /// Nothing now or ahead.
    static let zero = IntentWindow()

    /// One actuator's levels now and ahead.
    subscript(actuator: Actuator) -> SIMD8<Double> {
        get {
            switch actuator {
            case .lowFrequency: return lowFrequency
            case .highFrequency: return highFrequency
            case .leftTrigger: return leftTrigger
            case .rightTrigger: return rightTrigger
            }
        }
        set {
            switch actuator {
            case .lowFrequency: lowFrequency = newValue
            case .highFrequency: highFrequency = newValue
            case .leftTrigger: leftTrigger = newValue
            case .rightTrigger: rightTrigger = newValue
            }
        }
    }

    /// Every actuator's level at sample `k` (0: now).
    subscript(sample k: Int) -> ActuatorLevels {
        get { ActuatorLevels(lowFrequency: lowFrequency[k], highFrequency: highFrequency[k], leftTrigger: leftTrigger[k], rightTrigger: rightTrigger[k]) }
        set {
            lowFrequency[k] = newValue.lowFrequency
            highFrequency[k] = newValue.highFrequency
            leftTrigger[k] = newValue.leftTrigger
            rightTrigger[k] = newValue.rightTrigger
        }
    }

    /// Bit `k` per actuator (lane = raw value) of `set`.
    @inline(__always) static func bits(_ set: ActuatorSet, at k: Int) -> SIMD4<UInt32> {
        let raw = UInt32(set.rawValue)
        return (SIMD4<UInt32>(raw, raw >> 1, raw >> 2, raw >> 3) & 1) &<< UInt32(k)
    }

    /// Sets sample `k` of every actuator (faster than `self[sample:]` when a window is built sample by sample).
    @inline(__always) mutating func set(_ levels: ActuatorLevels, taps set: ActuatorSet, limited held: ActuatorSet, at k: Int) {
        lowFrequency[k] = levels.lowFrequency
        highFrequency[k] = levels.highFrequency
        leftTrigger[k] = levels.leftTrigger
        rightTrigger[k] = levels.rightTrigger
        taps |= Self.bits(set, at: k)
        limited |= Self.bits(held, at: k)
    }

    /// Marks the actuators of `set` as tapped at sample `k`.
    mutating func addTaps(_ set: ActuatorSet, at k: Int) {
        guard !set.isEmpty else { return }
        let bit = UInt32(1) << UInt32(k)
        for actuator in Actuator.allCases where set.contains(actuator) { taps[actuator.rawValue] |= bit }
    }

    /// Marks the actuators of `set` as held below full by the overlap limiter at sample `k`.
    mutating func markLimited(_ set: ActuatorSet, at k: Int) {
        guard !set.isEmpty else { return }
        let bit = UInt32(1) << UInt32(k)
        for actuator in Actuator.allCases where set.contains(actuator) { limited[actuator.rawValue] |= bit }
    }

    /// The actuators tapped now.
    var tapsNow: ActuatorSet {
        var set: ActuatorSet = []
        for actuator in Actuator.allCases where taps[actuator.rawValue] & 1 != 0 { set.insert(ActuatorSet(actuator)) }
        return set
    }

    /// The window as a profile with `actuators` feels it: `MotorMapping.foldTriggers` at every sample
    /// (a trigger the profile lacks folds into its side's body motor as the max, and its taps follow).
    func folded(into actuators: ActuatorSet) -> IntentWindow {
        var result = self
        if !actuators.contains(.leftTrigger) {
            result.lowFrequency = pointwiseMax(lowFrequency, leftTrigger)
            result.leftTrigger = .zero
            result.taps[Actuator.lowFrequency.rawValue] |= taps[Actuator.leftTrigger.rawValue]
            result.limited[Actuator.lowFrequency.rawValue] |= limited[Actuator.leftTrigger.rawValue]
        }
        if !actuators.contains(.rightTrigger) {
            result.highFrequency = pointwiseMax(highFrequency, rightTrigger)
            result.rightTrigger = .zero
            result.taps[Actuator.highFrequency.rawValue] |= taps[Actuator.rightTrigger.rawValue]
            result.limited[Actuator.highFrequency.rawValue] |= limited[Actuator.rightTrigger.rawValue]
        }
        return result
    }
}
