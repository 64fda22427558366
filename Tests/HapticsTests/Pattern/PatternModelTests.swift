@_spi(HapticsTools) import Haptics
import Testing

@Suite("Pattern model")
struct PatternModelTests {
    @Test("a curve interpolates linearly and holds its end values")
    func curveValue() {
        let curve = ParameterCurve(.hapticIntensityControl, at: 1, points: [
            .init(time: 0.5, value: 1), .init(time: 1.5, value: 0), .init(time: 2, value: 0.5),
        ])
        #expect(curve.value(at: 0) == 1)      // before the first point: its value
        #expect(curve.value(at: 1.5) == 1)    // on the first point
        #expect(curve.value(at: 2) == 0.5)    // halfway between 1 and 0
        #expect(curve.value(at: 2.5) == 0)
        #expect(curve.value(at: 2.75) == 0.25)
        #expect(curve.value(at: 10) == 0.5)   // after the last point: its value
        #expect(curve.endTime == 3)
        #expect(ParameterCurve(.hapticIntensityControl, at: 0, points: []).value(at: 1) == nil)
    }

    @Test("a curve with two points at the same time jumps")
    func curveStep() {
        let curve = ParameterCurve(.hapticSharpnessControl, at: 0, points: [
            .init(time: 0, value: 0), .init(time: 1, value: 0), .init(time: 1, value: 1), .init(time: 2, value: 1),
        ])
        #expect(curve.value(at: 0.99)! < 0.01)
        #expect(curve.value(at: 1.01) == 1)
    }

    @Test("duration counts event ends, parameters and curve ends")
    func duration() {
        var pattern = HapticPattern(events: [.continuous(at: 0.5, duration: 1)])
        #expect(pattern.duration == 1.5)
        pattern.add(DynamicParameter(.hapticIntensityControl, value: 0.5, at: 2))
        #expect(pattern.duration == 2)
        pattern.add(ParameterCurve(.hapticIntensityControl, at: 1, points: [.init(time: 0, value: 1), .init(time: 1.5, value: 0)]))
        #expect(pattern.duration == 2.5)
        #expect(HapticPattern(events: []).duration == 0)
    }

    @Test("adding events keeps them sorted, after equal times")
    func addKeepsOrder() {
        var pattern = HapticPattern(events: [.transient(at: 1), .transient(at: 0)])
        #expect(pattern.events.map(\.time) == [0, 1])
        pattern.add(.transient(at: 0.5, intensity: 0.3))
        pattern.add(.transient(at: 0.5, intensity: 0.6))
        #expect(pattern.events.map(\.time) == [0, 0.5, 0.5, 1])
        #expect(pattern.events[2].value(of: .hapticIntensity) == 0.6)
    }

    @Test("event types know what they need and what affects them")
    func eventTypes() {
        #expect(HapticEvent.EventType.hapticContinuous.requiresDuration)
        #expect(HapticEvent.EventType.audioContinuous.requiresDuration)
        #expect(!HapticEvent.EventType.hapticTransient.requiresDuration)
        #expect(HapticEvent.EventType.audioCustom.isAudio && !HapticEvent.EventType.audioCustom.isHaptic)
        #expect(!HapticEvent.EventType.hapticTransient.applicableParameters.contains(.audioVolume))
        #expect(HapticEvent.EventType.audioCustom.applicableParameters.contains(.audioPan))
    }

    @Test("parameter ranges clamp, and NaN becomes the default")
    func clamping() {
        let range = HapticEvent.ParameterID.audioPan.range
        #expect(range.clamp(-3) == -1)
        #expect(range.clamp(0.25) == 0.25)
        #expect(range.clamp(.nan) == 0)
        #expect(!range.contains(.nan))
    }

    @Test("waveform paths resolve inside the folder, never outside")
    func waveformPaths() {
        #expect(WaveformPath.resolve("CoreHaptics/Ricochet/Grow.wav", in: "/game/patterns") == "/game/patterns/CoreHaptics/Ricochet/Grow.wav")
        #expect(WaveformPath.resolve("a/../b.wav", in: "/game/") == "/game/b.wav")
        #expect(WaveformPath.resolve("./x.wav", in: "") == "./x.wav")
        #expect(WaveformPath.resolve("../x.wav", in: "/game") == nil)
        #expect(WaveformPath.resolve("/etc/passwd", in: "/game") == nil)
        #expect(WaveformPath.problem(with: "a\u{0}b") != nil)
        #expect(WaveformPath.problem(with: "D:/x.wav") != nil)
        #expect(WaveformPath.problem(with: "sub\\..\\..\\x.wav") != nil)
        #expect(WaveformPath.problem(with: "coins") == nil)
    }
}
