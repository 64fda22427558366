import Foundation
@_spi(HapticsTools) import Haptics

/// What one input intends, before any motor: the envelope per frame, per actuator, its transients
/// and onsets. Built from a `VoiceCapture` (every voice rendered alone with the ideal profile).
///
/// Load-time tool code (allocates freely).
public struct FeltIntent: Sendable {
    /// One intended transient that stands out in the intended envelope (the ones measured).
    public struct Transient: Hashable, Sendable {
        /// Game time, seconds.
        public var time: Double
        /// The actuator its voice drives hardest at that moment (low, high, left trigger, right
        /// trigger: 0...3; the lower index on a tie). The limit makes this channel rise.
        public var actuator: Int
        public init(time: Double, actuator: Int) { self.time = time; self.actuator = actuator }
    }

    /// Game frames per second.
    public let rate: Double
    /// The intended envelope per frame: per voice the strongest actuator level, summed over the
    /// voices and saturated at 1 (as Core Haptics and SDLHaptics' mixer combine overlapping events).
    public let frames: [Double]
    /// Per actuator (low, high, left trigger, right trigger) per frame: the voices' levels summed and
    /// saturated at 1. What the limit aims for on each motor channel.
    public let actuatorFrames: [[Double]]
    /// End of the last frame with any intended signal, seconds.
    public let intendedEnd: Double
    /// Intended transients distinct in the intent (see `transientTimes`), in time order.
    public let transients: [Transient]
    /// Every intended transient with a non-zero level, distinct in the intent or not (for the tables).
    public let allTransientCount: Int
    /// Onsets distinct in the intent: the transients and the first non-silent frame of every voice
    /// start (within a frame of a transient counts once), in time order, seconds.
    public let onsetTimes: [Double]

    public var transientTimes: [Double] { transients.map(\.time) }

    /// nil when the capture has no haptic signal at all.
    public init?(capture: VoiceCapture, rate: Double) {
        self.rate = rate
        let count = capture.frameCount
        // Mixed as SDLHaptics' mixer mixes (`HapticMixer.mixed`): the saturating sum, where two or more
        // voices that are not playing a tap overlap their sum softly limited below full, and taps on top.
        // A voice plays a tap from the frame its transient sounds on for `HapticMixer.tapSeconds`.
        var tapFrames = [[Bool]](repeating: [], count: capture.levels.count)
        for (index, voice) in capture.levels.enumerated() { tapFrames[index] = [Bool](repeating: false, count: voice.count) }
        for t in capture.transients {
            var k = max(Int((t.time * rate - 1e-9).rounded(.up)), 0)
            let start = Double(k) / rate
            while k < tapFrames[t.voice].count && Double(k) / rate < start + HapticMixer.tapSeconds - 1e-9 {
                tapFrames[t.voice][k] = true
                k += 1
            }
        }
        struct Parts { var sum = 0.0, continuous = 0.0, voices = 0, taps = 0.0 }
        var combined = [Parts](repeating: Parts(), count: count)
        var perActuator = [[Parts]](repeating: [Parts](repeating: Parts(), count: count), count: 4)
        func add(_ level: Double, isTap: Bool, to parts: inout Parts) {
            parts.sum += level
            guard level > 0 else { return }
            if isTap { parts.taps += level } else { parts.continuous += level; parts.voices += 1 }
        }
        for (index, voice) in capture.levels.enumerated() {
            for k in 0..<min(count, voice.count) {
                let l = voice[k], isTap = tapFrames[index][k]
                add(Self.strongest(l), isTap: isTap, to: &combined[k])
                for actuator in Actuator.allCases { add(l[actuator], isTap: isTap, to: &perActuator[actuator.rawValue][k]) }
            }
        }
        func mixed(_ parts: Parts) -> Double {
            HapticMixer.mixed(sum: parts.sum, continuous: parts.continuous, continuousVoices: parts.voices, taps: parts.taps,
                              ceiling: HapticMixer.defaultOverlapCeiling)
        }
        frames = combined.map(mixed)
        actuatorFrames = perActuator.map { $0.map(mixed) }
        guard let lastFrame = frames.lastIndex(where: { $0 > 0 }) else { return nil }
        intendedEnd = Double(lastFrame + 1) / rate

        func levels(voice: Int, at time: Double) -> ActuatorLevels {
            let k = min(max(Int((time * rate).rounded(.up)), 0), capture.levels[voice].count - 1)
            return k >= 0 ? capture.levels[voice][k] : .zero
        }
        var candidates: [Transient] = []
        for t in capture.transients.sorted(by: { $0.time < $1.time }) {
            let l = levels(voice: t.voice, at: t.time)
            guard Self.strongest(l) > 0 else { continue }
            if let last = candidates.last, t.time - last.time < 0.001 { continue }
            let values = [l.lowFrequency, l.highFrequency, l.leftTrigger, l.rightTrigger]
            let actuator = values.indices.max { values[$0] < values[$1] } ?? 0   // the first on a tie
            candidates.append(Transient(time: t.time, actuator: actuator))
        }
        var onsets = candidates.map(\.time)
        for effect in capture.effects {
            let voiceLevels = capture.levels[effect.voice]
            guard let first = (effect.frame..<voiceLevels.count).first(where: { Self.strongest(voiceLevels[$0]) > 0 }) else { continue }
            let t = Double(first) / rate
            if onsets.contains(where: { abs($0 - t) < 1 / rate + 1e-9 }) { continue }
            onsets.append(t)
        }
        onsets.sort()

        // Only transients and onsets that stand out in the intent itself are measured: a transient
        // that lands on an envelope already at full (overlapping impacts summed to 1, a dense
        // texture of taps) cannot be felt as a separate peak whatever renders it.
        allTransientCount = candidates.count
        let samples = Self.samples(of: frames, rate: rate, count: Int(((intendedEnd + 1) / FeltComparison.step).rounded(.up)))
        transients = candidates.filter {
            FeltMeasures.firstRise(in: samples, step: FeltComparison.step, after: $0.time, within: FeltCriteria.transientWindow) != nil
        }
        onsetTimes = onsets.filter {
            FeltMeasures.firstRise(in: samples, step: FeltComparison.step, after: $0, within: FeltCriteria.onsetWindow) != nil
        }
    }

    /// A hand-made intent (tests): `actuatorFrames` per actuator per frame, transients as given.
    public init(rate: Double, actuatorFrames: [[Double]], transients: [Transient], onsetTimes: [Double]) {
        self.rate = rate
        let count = actuatorFrames.map(\.count).max() ?? 0
        let padded = (0..<4).map { c in
            c < actuatorFrames.count ? actuatorFrames[c] + [Double](repeating: 0, count: count - actuatorFrames[c].count) : [Double](repeating: 0, count: count)
        }
        self.actuatorFrames = padded
        frames = (0..<count).map { k in padded.map { $0[k] }.max() ?? 0 }
        intendedEnd = Double((frames.lastIndex { $0 > 0 } ?? -1) + 1) / rate
        self.transients = transients
        allTransientCount = transients.count
        self.onsetTimes = onsetTimes
    }

    /// The intended envelope sampled every `FeltComparison.step` seconds, `count` samples (0 after the
    /// last frame): sample k holds frame floor(k * step * rate).
    public func samples(count: Int) -> [Double] { Self.samples(of: frames, rate: rate, count: count) }

    static func samples(of frames: [Double], rate: Double, count: Int) -> [Double] {
        (0..<max(count, 0)).map { k -> Double in
            let f = Int((Double(k) * FeltComparison.step * rate + 1e-9).rounded(.down))
            return f < frames.count ? frames[f] : 0
        }
    }

    static func strongest(_ l: ActuatorLevels) -> Double { max(l.lowFrequency, l.highFrequency, l.leftTrigger, l.rightTrigger) }

    /// What makes two inputs' intents identical (merged by the comparison): the per-actuator
    /// envelope, frame by frame, the transients (time and actuator) and the onset times.
    public struct Identity: Hashable, Sendable {
        let actuatorFrames: [[Double]]
        let transients: [Transient]
        let onsets: [Double]
    }

    public var identity: Identity {
        // Trailing silent frames differ between captures of the same envelope (a voice's tail); they
        // change nothing that is measured.
        let end = Int((intendedEnd * rate).rounded())
        return Identity(actuatorFrames: actuatorFrames.map { Array($0.prefix(end)) }, transients: transients, onsets: onsetTimes)
    }
}
