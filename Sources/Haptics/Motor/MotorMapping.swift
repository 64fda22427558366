/// The motor model's formulas: signal to perceived actuator levels, the trigger fold, resolution.
/// What drive a motor then gets is planned by `DrivePlanner` from the actuator's `MotorResponse`.
///
/// Pure functions, O(1), no allocation; safe from any thread.
@_spi(HapticsTools) public enum MotorMapping {
    /// The perceived level of each actuator for a signal sent to `locality`.
    ///
    /// Body: sharpness moves energy from the low to the high motor with a plateau in the middle,
    ///
    ///     low  = intensity * min(1, 2 * (1 - sharpness))
    ///     high = intensity * min(1, 2 * sharpness)
    ///
    /// so sharpness 0 drives only the low motor, 1 only the high motor, and 0.5 both at full
    /// intensity. Triggers take the intensity; sharpness is ignored. Inputs are clamped to 0...1.
    public static func perceivedLevels(for signal: HapticSignal, locality: HapticLocality = .body) -> ActuatorLevels {
        let intensity = VoiceEvaluator.clamp01(signal.intensity)
        guard intensity > 0 else { return .zero }
        let sharpness = VoiceEvaluator.clamp01(signal.sharpness)
        switch locality {
        case .body:
            return ActuatorLevels(lowFrequency: intensity * min(1, 2 * (1 - sharpness)),
                                  highFrequency: intensity * min(1, 2 * sharpness))
        case .leftTrigger: return ActuatorLevels(leftTrigger: intensity)
        case .rightTrigger: return ActuatorLevels(rightTrigger: intensity)
        case .triggers: return ActuatorLevels(leftTrigger: intensity, rightTrigger: intensity)
        }
    }

    /// The levels a profile without trigger motors feels from trigger levels: the left trigger
    /// folds into the low-frequency motor and the right trigger into the high-frequency motor (same
    /// side of the pad), each as the max with the body level. Levels are returned unchanged when the
    /// profile has both trigger motors. Triggers the profile lacks are zeroed after folding. O(1).
    public static func foldTriggers(_ levels: ActuatorLevels, into actuators: ActuatorSet) -> ActuatorLevels {
        var result = levels
        if !actuators.contains(.leftTrigger) && levels.leftTrigger > 0 {
            result.lowFrequency = max(result.lowFrequency, levels.leftTrigger)
            result.leftTrigger = 0
        }
        if !actuators.contains(.rightTrigger) && levels.rightTrigger > 0 {
            result.highFrequency = max(result.highFrequency, levels.rightTrigger)
            result.rightTrigger = 0
        }
        return result
    }

    /// The actuators that feel a set of onsets after the trigger fold (a trigger's onset moves to its
    /// side's body motor when the profile has no trigger motors). O(1).
    public static func foldTriggers(_ onsets: ActuatorSet, into actuators: ActuatorSet) -> ActuatorSet {
        var result = onsets
        if !actuators.contains(.leftTrigger) && onsets.contains(.leftTrigger) { result.insert(.lowFrequency) }
        if !actuators.contains(.rightTrigger) && onsets.contains(.rightTrigger) { result.insert(.highFrequency) }
        return result
    }

    /// `level` rounded to the profile's resolution (`2^bits - 1` steps). A non-zero level never
    /// rounds to 0 (it becomes one step). Unchanged when the profile has no resolution limit.
    public static func quantize(_ level: Double, profile: MotorProfile) -> Double {
        quantize(level, bits: profile.resolutionBits)
    }

    /// `level` rounded to `bits` of resolution (nil: exact, clamped to 0...1).
    static func quantize(_ level: Double, bits: Int?) -> Double {
        guard let bits, level > 0 else { return level > 0 ? min(level, 1) : 0 }
        let steps = Double((UInt64(1) << UInt64(bits)) - 1)
        let rounded = (min(level, 1) * steps).rounded()
        return max(rounded, 1) / steps
    }
}
