import Foundation
@_spi(HapticsTools) import Haptics

/// Nice Vibrations' gamepad conversion of a clip, restated (Lofelt nice-vibrations,
/// `convert_haptic_to_gamepad_rumble_inner` and its `emphasis` test: amplitude envelope to the low
/// motor, frequency envelope to the high motor, 8-bit at a 1/60 s step, an emphasis as 30 ms at full
/// with 30 ms at 0 before and after).
public enum ClipStepping {
    public struct Clip {
        let continuous: VoiceEvaluator
        let emphases: [Double]
        let level: Double
        /// Clip length, seconds.
        public let length: Double

        public init(pattern: HapticPattern, level: Double) {
            let continuousEvents = pattern.events.filter { $0.type == .hapticContinuous }
            continuous = VoiceEvaluator(pattern: HapticPattern(events: continuousEvents,
                                                               dynamicParameters: pattern.dynamicParameters,
                                                               parameterCurves: pattern.parameterCurves))
            emphases = pattern.events.filter { $0.type == .hapticTransient && $0.value(of: .hapticIntensity) > 0 }.map(\.time)
            self.level = level
            let continuousEnd = continuousEvents.map { $0.time + ($0.duration ?? 0) }.max() ?? 0
            length = max(continuousEnd, (emphases.max() ?? -1) + 0.06)
        }

        /// (low, high) at clip time `t`, before quantization.
        public func levels(at t: Double) -> (Double, Double) {
            guard t >= 0, t < length else { return (0, 0) }
            let signal = continuous.sample(at: t).signal
            var low = signal.intensity * level
            let high = signal.intensity > 0 ? signal.sharpness * level : 0
            var inPulse = false
            var inGap = false
            for e in emphases where t >= e - 0.03 && t < e + 0.06 {
                if t >= e && t < e + 0.03 { inPulse = true } else { inGap = true }
            }
            if inPulse { low = level } else if inGap { low = 0 }
            return (low, high)
        }
    }

    /// 8-bit level.
    public static func quantize(_ value: Double) -> Double { (min(max(value, 0), 1) * 255).rounded() / 255 }
}
