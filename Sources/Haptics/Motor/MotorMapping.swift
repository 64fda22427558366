/// The motor model's formulas: signal to perceived actuator levels, perceived level to drive.
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

    /// The drive level for a perceived level, remapped into the motor's usable range:
    ///
    ///     drive = 0                                              if perceived <= 0
    ///     drive = deadZone + min(perceived, 1) * (saturation - deadZone)   otherwise
    ///
    /// so any non-zero level is felt, perceived 1 is the level that feels full, and 0 stays exactly 0.
    public static func drive(perceived: Double, profile: MotorProfile) -> Double {
        guard perceived > 0 else { return 0 }   // also maps NaN to 0
        let level = min(perceived, 1)
        return profile.deadZone * (1 - level) + profile.saturation * level   // exact at both ends
    }

    /// The drive during a transient's onset kick, scaled by how strong the transient is:
    ///
    ///     kicked = drive + (kickLevel - drive) * min(perceived, 1)    if kickLevel > drive and drive > 0
    ///     kicked = drive                                             otherwise
    ///
    /// A full-strength transient kicks at `kickLevel`; a light tap gets a proportionally small
    /// overdrive (perceived 0.1 on the generic pad: 0.356 drive becomes 0.42, not 1.0), so a light
    /// selection tick does not feel like a heavy impact for the kick's duration.
    public static func kicked(drive: Double, perceived: Double, profile: MotorProfile) -> Double {
        guard drive > 0, profile.kickLevel > drive else { return drive }
        return drive + (profile.kickLevel - drive) * min(max(perceived, 0), 1)
    }

    /// The levels a profile without trigger motors feels from trigger levels: the left trigger
    /// folds into the low-frequency motor and the right trigger into the high-frequency motor (same
    /// side of the pad), each as the max with the body level, and their kicks follow. Levels are
    /// returned unchanged when the profile has both trigger motors. Triggers the profile lacks are
    /// zeroed after folding. O(1), no allocation.
    public static func foldTriggers(_ levels: ActuatorLevels, kick: ActuatorSet,
                                    into actuators: ActuatorSet) -> (ActuatorLevels, ActuatorSet) {
        var result = levels
        var resultKick = kick
        if !actuators.contains(.leftTrigger) && levels.leftTrigger > 0 {
            result.lowFrequency = max(result.lowFrequency, levels.leftTrigger)
            result.leftTrigger = 0
            if kick.contains(.leftTrigger) { resultKick.insert(.lowFrequency) }
        }
        if !actuators.contains(.rightTrigger) && levels.rightTrigger > 0 {
            result.highFrequency = max(result.highFrequency, levels.rightTrigger)
            result.rightTrigger = 0
            if kick.contains(.rightTrigger) { resultKick.insert(.highFrequency) }
        }
        return (result, resultKick)
    }

    /// `level` rounded to the profile's resolution (`2^bits - 1` steps). A non-zero level never
    /// rounds to 0 (it becomes one step). Unchanged when the profile has no resolution limit.
    public static func quantize(_ level: Double, profile: MotorProfile) -> Double {
        guard let bits = profile.resolutionBits, level > 0 else { return level > 0 ? min(level, 1) : 0 }
        let steps = Double((UInt64(1) << UInt64(bits)) - 1)
        let rounded = (min(level, 1) * steps).rounded()
        return max(rounded, 1) / steps
    }
}
