@_spi(HapticsTools) import Haptics
import Testing

/// Pure evaluation: a pattern's signal as a function of pattern time, no clock, no device.
@Suite("Voice evaluator")
struct VoiceEvaluatorTests {
    static func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    @Test("envelope time mapping: 0 is 0 s, 1 is 2 s, exponential in between")
    func envelopeMapping() {
        #expect(EnvelopeTiming.seconds(normalized: 0) == 0)
        #expect(Self.near(EnvelopeTiming.seconds(normalized: 1), 2))
        #expect(Self.near(EnvelopeTiming.seconds(normalized: 0.5), 2 * (12.182493960703473 - 1) / (148.4131591025766 - 1), 1e-9))
        #expect(EnvelopeTiming.seconds(normalized: -3) == 0)
        #expect(Self.near(EnvelopeTiming.seconds(normalized: 7), 2))
        #expect(EnvelopeTiming.seconds(normalized: .nan) == 0)
    }

    @Test("a transient is a 50 ms pulse at its intensity and sharpness")
    func transientPulse() {
        let voice = VoiceEvaluator(pattern: HapticPattern(events: [.transient(at: 0.1, intensity: 0.75, sharpness: 0.25)]))
        #expect(voice.sample(at: 0.09).signal == .silent)
        #expect(voice.sample(at: 0.1).signal == HapticSignal(intensity: 0.75, sharpness: 0.25))
        #expect(voice.sample(at: 0.149).signal.intensity == 0.75)
        #expect(voice.sample(at: 0.1501).signal == .silent)
        #expect(voice.sample(at: 0.1501).isActive == false)
        #expect(voice.sample(at: 0.12).isActive)
    }

    @Test("transient with DecayTime falls linearly after the hold")
    func transientDecay() {
        let decay = EnvelopeTiming.seconds(normalized: 0.5)
        let event = HapticEvent(type: .hapticTransient, time: 0, parameters: [.init(.decayTime, 0.5)])
        let voice = VoiceEvaluator(pattern: HapticPattern(events: [event]))
        #expect(voice.sample(at: 0.04).signal.intensity == 1)
        #expect(Self.near(voice.sample(at: 0.05 + decay / 2).signal.intensity, 0.5))
        #expect(voice.sample(at: 0.05 + decay).signal.intensity == 0)
    }

    @Test("sustained continuous: attack, hold, release after the end")
    func sustainedEnvelope() {
        let attack = EnvelopeTiming.seconds(normalized: 0.5)
        let release = EnvelopeTiming.seconds(normalized: 0.5)
        let event = HapticEvent.continuous(at: 0, duration: 1, intensity: 0.5, sharpness: 0.5,
                                           extra: [.init(.attackTime, 0.5), .init(.releaseTime, 0.5)])
        let voice = VoiceEvaluator(pattern: HapticPattern(events: [event]))
        #expect(Self.near(voice.sample(at: attack / 2).signal.intensity, 0.25))
        #expect(voice.sample(at: 0.5).signal.intensity == 0.5)
        #expect(Self.near(voice.sample(at: 1 + release / 2).signal.intensity, 0.25))
        #expect(voice.sample(at: 1 + release / 2).isActive)
        #expect(voice.sample(at: 1 + release).signal == .silent)
        #expect(voice.sample(at: 1 + release).isActive == false)
    }

    @Test("non-sustained continuous decays to 0 by its end")
    func nonSustainedEnvelope() {
        let event = HapticEvent.continuous(at: 0, duration: 1, intensity: 1, sharpness: 0.5,
                                           extra: [.init(.sustained, 0), .init(.releaseTime, 1)])
        let voice = VoiceEvaluator(pattern: HapticPattern(events: [event]))
        #expect(voice.sample(at: 0).signal.intensity == 1)
        #expect(voice.sample(at: 0.75).signal.intensity == 0.25)
        #expect(voice.sample(at: 1).signal == .silent)
        #expect(voice.sample(at: 1).isActive == false)
    }

    @Test("overlapping events add and saturate; sharpness is intensity-weighted")
    func overlap() {
        let pattern = HapticPattern(events: [
            .continuous(at: 0, duration: 1, intensity: 0.5, sharpness: 0),
            .transient(at: 0.5, intensity: 0.25, sharpness: 1),
            .transient(at: 0.75, intensity: 1, sharpness: 1),
        ])
        let voice = VoiceEvaluator(pattern: pattern)
        #expect(voice.sample(at: 0.25).signal == HapticSignal(intensity: 0.5, sharpness: 0))
        let both = voice.sample(at: 0.5).signal
        #expect(both.intensity == 0.75)
        #expect(Self.near(both.sharpness, 1.0 / 3.0))
        #expect(voice.sample(at: 0.75).signal.intensity == 1)   // 1.5 saturates
    }

    @Test("Parameter steps, most recent wins; a curve interpolates; intensity multiplies, sharpness adds, clamped")
    func controls() {
        let pattern = HapticPattern(
            events: [.continuous(at: 0, duration: 4, intensity: 1, sharpness: 0.5)],
            dynamicParameters: [
                DynamicParameter(.hapticIntensityControl, value: 0.5, at: 1),
                DynamicParameter(.hapticSharpnessControl, value: 0.75, at: 1),
            ],
            parameterCurves: [
                ParameterCurve(.hapticIntensityControl, at: 2, points: [.init(time: 0, value: 1), .init(time: 1, value: 0)]),
            ])
        let voice = VoiceEvaluator(pattern: pattern)
        #expect(voice.sample(at: 0.5).signal == HapticSignal(intensity: 1, sharpness: 0.5))
        #expect(voice.sample(at: 1.5).signal == HapticSignal(intensity: 0.5, sharpness: 1))   // 0.5 + 0.75 clamps to 1
        #expect(voice.sample(at: 2.5).signal.intensity == 0.5)                                 // curve halfway
        #expect(voice.sample(at: 3.5).signal.intensity == 0)                                   // held last value 0
        #expect(voice.sample(at: 3.5).isActive)
        let game = HapticControls(intensity: 0.5, sharpness: -1)
        #expect(voice.sample(at: 0.5, controls: game).signal == HapticSignal(intensity: 0.5, sharpness: 0))
    }

    @Test("strongest transient in a window, window bounds respected")
    func transientWindow() {
        let voice = VoiceEvaluator(pattern: HapticPattern(events: [
            .transient(at: 0.1, intensity: 0.5), .transient(at: 0.2, intensity: 0.75), .transient(at: 0.3, intensity: 1),
        ]))
        #expect(voice.strongestTransient(from: 0.1, through: 0.25, includingFrom: true)?.intensity == 0.75)
        #expect(voice.strongestTransient(from: 0.1, through: 0.15, includingFrom: false) == nil)
        #expect(voice.strongestTransient(from: 0.1, through: 0.15, includingFrom: true)?.intensity == 0.5)
        #expect(voice.strongestTransient(from: 0, through: 1, includingFrom: true)?.intensity == 1)
    }

    @Test("release tail after a stop fades the sustained level over the release time")
    func releaseTail() {
        let event = HapticEvent.continuous(at: 0, duration: 2, intensity: 0.5, sharpness: 0.5, extra: [.init(.releaseTime, 0.5)])
        let voice = VoiceEvaluator(pattern: HapticPattern(events: [event, .transient(at: 3)]))
        let tail = voice.releaseTail(at: 1)
        let release = EnvelopeTiming.seconds(normalized: 0.5)
        #expect(Self.near(tail.seconds, release))
        #expect(Self.near(tail.signal(at: 1 + release / 2).intensity, 0.25))
        #expect(tail.signal(at: 1 + release) == .silent)
        #expect(voice.releaseTail(at: 3.01).seconds == 0)   // a transient is cut
    }

    @Test("release tail during a transient over a sustained texture starts from the texture alone: the transient is cut")
    func releaseTailLeavesTransientsOut() {
        let voice = VoiceEvaluator(pattern: HapticPattern(events: [
            .continuous(at: 0, duration: 2, intensity: 0.4, sharpness: 0.2, extra: [.init(.releaseTime, 0.5)]),
            .continuous(at: 0, duration: 2, intensity: 0.3, sharpness: 1, extra: [.init(.sustained, 0)]),
            .transient(at: 1, intensity: 0.5, sharpness: 0.8),
        ]))
        #expect(voice.sample(at: 1.01).signal.intensity > 0.9)   // texture + decaying event + transient
        let tail = voice.releaseTail(at: 1.01)
        #expect(Self.near(tail.initial.intensity, 0.4))   // only the sustained texture
        #expect(Self.near(tail.initial.sharpness, 0.2))
        #expect(Self.near(tail.seconds, EnvelopeTiming.seconds(normalized: 0.5)))
        #expect(voice.releaseTail(at: 2.5).initial == .silent)   // nothing sustained sounds any more
    }
}
