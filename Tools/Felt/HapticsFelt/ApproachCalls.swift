import Foundation
import Haptics

/// The SDL calls each approach makes for one scenario.
public enum ApproachCalls {
    /// SDLHaptics: `drive` is the engine's output per frame; the calls follow `SDLRumbleOutput`.
    public static func sdlHaptics(drive: [ActuatorLevels], rate: Double, hasTriggers: Bool) -> [RumbleCall] {
        var calls: [RumbleCall] = []
        let safety = 0.250
        var sent: [UInt16] = [0, 0, 0, 0]
        var lastCall = [-Double.infinity, -Double.infinity]
        for (k, levels) in drive.enumerated() {
            let time = Double(k) / rate
            let pairs: [(RumbleCall.Kind, Double, Double)] = hasTriggers
                ? [(.body, levels.lowFrequency, levels.highFrequency), (.triggers, levels.leftTrigger, levels.rightTrigger)]
                : [(.body, levels.lowFrequency, levels.highFrequency)]
            for (index, pair) in pairs.enumerated() {
                let a = uint16(pair.1), b = uint16(pair.2)
                if a != sent[index * 2] || b != sent[index * 2 + 1] {
                    let duration = (a == 0 && b == 0) ? 0 : safety
                    calls.append(RumbleCall(time: time, kind: pair.0, first: pair.1, second: pair.2, duration: duration))
                    sent[index * 2] = a
                    sent[index * 2 + 1] = b
                    lastCall[index] = time
                } else if (a != 0 || b != 0) && time - lastCall[index] >= safety / 2 - 1e-9 {
                    calls.append(RumbleCall(time: time, kind: pair.0, first: pair.1, second: pair.2, duration: safety))
                    lastCall[index] = time
                }
            }
        }
        return calls
    }

    /// Raw SDL: one call per effect, its peak levels (triggers folded onto their side's body motor),
    /// lasting from its start to its last non-silent frame.
    public static func rawSDL(capture: VoiceCapture, rate: Double) -> [RumbleCall] {
        var calls: [RumbleCall] = []
        for (index, effect) in capture.effects.enumerated() {
            let levels = capture.levels[effect.voice]
            let nextStart = capture.effects[(index + 1)...].first { $0.voice == effect.voice }?.frame ?? levels.count
            var peak = (0.0, 0.0)
            var last = -1
            for k in effect.frame..<min(nextStart, levels.count) {
                let body = folded(levels[k])
                if body.0 > 0 || body.1 > 0 { last = k }
                peak = (max(peak.0, body.0), max(peak.1, body.1))
            }
            guard last >= 0 else { continue }
            calls.append(RumbleCall(time: Double(effect.frame) / rate, first: peak.0, second: peak.1,
                                    duration: Double(last - effect.frame + 1) / rate))
        }
        return calls.sorted { $0.time < $1.time }
    }

    /// Per-channel max: each frame the maximum over the voices (triggers folded), sent on change.
    public static func channelMax(capture: VoiceCapture, rate: Double) -> [RumbleCall] {
        var calls: [RumbleCall] = []
        var sent = (UInt16(0), UInt16(0))
        for k in 0..<capture.frameCount {
            var level = (0.0, 0.0)
            for voice in capture.levels {
                let body = folded(voice[k])
                level = (max(level.0, body.0), max(level.1, body.1))
            }
            let q = (uint16(level.0), uint16(level.1))
            if q != sent {
                calls.append(RumbleCall(time: Double(k) / rate, first: level.0, second: level.1, duration: 0))
                sent = q
            }
        }
        return calls
    }

    /// Clip stepping: the newest clip plays alone, sampled at each frame, 8-bit, sent on change.
    public static func clipStepping(capture: VoiceCapture, rate: Double) -> [RumbleCall] {
        let clips = capture.effects.map { ClipStepping.Clip(pattern: $0.pattern, level: $0.intensity) }
        var calls: [RumbleCall] = []
        var sent = (0.0, 0.0)
        var current = -1
        for k in 0..<capture.frameCount {
            while current + 1 < capture.effects.count && capture.effects[current + 1].frame <= k { current += 1 }
            var level = (0.0, 0.0)
            if current >= 0 {
                let t = Double(k - capture.effects[current].frame) / rate
                level = clips[current].levels(at: t)
            }
            level = (ClipStepping.quantize(level.0), ClipStepping.quantize(level.1))
            if level != sent {
                calls.append(RumbleCall(time: Double(k) / rate, first: level.0, second: level.1, duration: 0))
                sent = level
            }
        }
        return calls
    }

    /// Body levels with the trigger levels folded onto their side (left to low, right to high).
    static func folded(_ levels: ActuatorLevels) -> (Double, Double) {
        (max(levels.lowFrequency, levels.leftTrigger), max(levels.highFrequency, levels.rightTrigger))
    }

    static func uint16(_ value: Double) -> UInt16 { UInt16((min(max(value, 0), 1) * 65535).rounded()) }
}
