@_spi(HapticsTools) import Haptics
@_spi(HapticsTools) @testable import HapticsTools
import Testing

@Suite("Pattern preview rendering")
struct PatternPreviewTests {
    /// One 16-bit step of the generic pad's resolution.
    static func generic16(_ level: Double) -> Double { (level * 65535).rounded() / 65535 }

    @Test("a single transient on the virtual pad: three frames of (1, 1), then the silent last frame")
    func singleTransientVirtual() throws {
        let pattern = HapticPattern(events: [.transient(at: 0, intensity: 1, sharpness: 0.5)])
        let preview = try PatternPreview(rendering: pattern, options: PreviewOptions(rate: 60, profile: .virtual))
        let full = ActuatorLevels(lowFrequency: 1, highFrequency: 1)
        let expectedLevels: [ActuatorLevels] = [full, full, full, .zero]
        #expect(preview.outputs[0].frames.map(\.levels) == expectedLevels)
        let expectedTimes: [Double] = [0, 1.0 / 60, 2.0 / 60, 3.0 / 60]
        #expect(preview.outputs[0].frames.map(\.time) == expectedTimes)
        let tap = HapticSignal(intensity: 1, sharpness: 0.5)
        let expectedSignal: [HapticSignal] = [tap, tap, tap, .silent]
        #expect(preview.signal == expectedSignal)
        #expect(preview.transients == [PreviewTransient(time: 0, signal: HapticSignal(intensity: 1, sharpness: 0.5))])
        #expect(!preview.isTruncated)
        #expect(preview.patternDuration == 0)
    }

    @Test("a single transient on the generic pad: a burst at full drive on both motors, carried on by the quicker small one, then 0")
    func singleTransientGeneric() throws {
        let pattern = HapticPattern(events: [.transient(at: 0, intensity: 1, sharpness: 0.5)])
        let preview = try PatternPreview(rendering: pattern)   // defaults: generic, 60 frames/s
        #expect(preview.outputs.map(\.name) == ["generic"])
        let low = preview.outputs[0].frames.map(\.levels.lowFrequency)
        let high = preview.outputs[0].frames.map(\.levels.highFrequency)
        // Both motors start at full drive on the tap's frame. The tap's felt strength is the stronger
        // motor's, so the small motor, which spins up and coasts down quicker, carries the burst on
        // while the big one, which would linger longer, coasts first; within the 50 ms tap both coast,
        // and the preview ends on the first silent frame after it.
        #expect(low.first == 1 && high.first == 1)
        let lowBurst = low.prefix { $0 > 0 }.count
        let highBurst = high.prefix { $0 > 0 }.count
        #expect(highBurst >= lowBurst && highBurst <= 3, "low \(low), high \(high)")
        #expect(low.dropFirst(lowBurst).allSatisfy { $0 == 0 } && high.dropFirst(highBurst).allSatisfy { $0 == 0 })
        #expect(low.last == 0 && high.last == 0)
        #expect(preview.lastFrameTime <= 4.0 / 60)
    }

    @Test("a sustained continuous event renders its release tail past the pattern's end and stops on the first silent frame")
    func releaseTailThenEnd() throws {
        // ReleaseTime 0.5 -> 0.152 s of linear release after the event's 0.25 s.
        let pattern = HapticPattern(events: [.continuous(at: 0, duration: 0.25, intensity: 1, sharpness: 0,
                                                         extra: [.init(.releaseTime, 0.5)])])
        let preview = try PatternPreview(rendering: pattern, options: PreviewOptions(rate: 100, profile: .virtual))
        let low = preview.outputs[0].frames.map(\.levels.lowFrequency)
        #expect(preview.patternDuration == 0.25)
        #expect(low.last == 0)
        #expect(low[low.count - 2] > 0, "the frame before the last still sounds")
        #expect(preview.lastFrameTime > 0.25 + 0.1, "the release tail is rendered")
        #expect(preview.lastFrameTime <= 0.25 + EnvelopeTiming.seconds(normalized: 0.5) + 0.01 + 1e-9)
        // At 0.3 s the release is (0.3 - 0.25) / 0.152 of the way down: the preview's signal says so too.
        let release = EnvelopeTiming.seconds(normalized: 0.5)
        #expect(abs(preview.signal[30].intensity - (1 - 0.05 / release)) < 1e-9)
        #expect(abs(low[30] - (1 - 0.05 / release)) < 1e-9)
        #expect(preview.outputs[0].frames.allSatisfy { $0.levels.highFrequency == 0 })
    }

    @Test("the tail allowance bounds the render and marks it truncated")
    func truncated() throws {
        let pattern = HapticPattern(events: [.continuous(at: 0, duration: 0.1, intensity: 1, sharpness: 0,
                                                         extra: [.init(.releaseTime, 1)])])   // 2 s release
        var options = PreviewOptions(rate: 50, profile: .virtual)
        options.maximumTailSeconds = 0.2
        let preview = try PatternPreview(rendering: pattern, options: options)
        #expect(preview.isTruncated)
        #expect(abs(preview.lastFrameTime - 0.3) < 1e-9)
        #expect(preview.outputs[0].lastLevels.lowFrequency > 0)
    }

    @Test("an empty pattern renders one silent frame")
    func emptyPattern() throws {
        let preview = try PatternPreview(rendering: HapticPattern(events: []))
        #expect(preview.frameCount == 1)
        #expect(preview.outputs[0].frames == [HapticFrame(time: 0, levels: .zero)])
        #expect(preview.signal == [.silent])
    }

    @Test("invalid options throw", arguments: [0.0, -1, .nan, .infinity])
    func invalidRate(rate: Double) {
        #expect(throws: PreviewError.self) {
            try PatternPreview(rendering: HapticPattern(events: [.transient(at: 0)]), options: PreviewOptions(rate: rate))
        }
    }

    @Test("a render longer than the frame limit throws before rendering")
    func tooManyFrames() {
        var options = PreviewOptions(rate: 1000)
        options.maximumFrames = 100   // a transient at 0 and the 5 s tail allowance need 5,001 frames
        #expect(throws: PreviewError.tooManyFrames(needed: 5001, limit: 100)) {
            try PatternPreview(rendering: HapticPattern(events: [.transient(at: 0)]), options: options)
        }
        #expect(throws: PreviewError.noProfiles) {
            try PatternPreview(rendering: HapticPattern(events: [.transient(at: 0)]), options: PreviewOptions(profiles: []))
        }
    }

    @Test("several profiles render side by side on the same frames, each name once")
    func severalProfiles() throws {
        let pattern = HapticPattern(events: [.transient(at: 0.1, intensity: 0.5, sharpness: 1)])
        let preview = try PatternPreview(rendering: pattern,
                                         options: PreviewOptions(profiles: [.genericDualMotor, .switchPro, .genericDualMotor]))
        #expect(preview.outputs.map(\.name) == ["generic", "switchPro", "generic-2"])
        #expect(Set(preview.outputs.map(\.frames.count)) == [preview.frameCount])
        // Sharpness 1: the high motor only. Onset 0.1 is reached on frame 6 (0.1 s): the generic pad's
        // small motor starts its burst there, one drive sized to the tap (above what holds half strength,
        // below full), the Switch Pro's resonant actuators (10 ms time constants) get at least the drive
        // that holds 0.5 from the start.
        let generic = preview.outputs[0].frames[6].levels
        #expect(generic.lowFrequency == 0 && generic.highFrequency > MotorResponse.smallERM.drive(forSteadyLevel: 0.5)
                && generic.highFrequency < 1, "\(generic)")
        let holdHalf = Self.generic16(MotorResponse.linearResonant.drive(forSteadyLevel: 0.5))
        #expect(preview.outputs[1].frames[6].levels.highFrequency >= holdHalf)
        #expect(preview.outputs[1].frames[6].levels.lowFrequency == 0)
        #expect(preview.outputs[2].frames == preview.outputs[0].frames)
        #expect(preview.outputs[0].frames[5].levels == .zero)
    }

    @Test("the trigger localities reach the trigger lanes of an Xbox pad")
    func triggerLocality() throws {
        let pattern = HapticPattern(events: [.continuous(at: 0, duration: 0.1, intensity: 1, sharpness: 0.5)])
        let preview = try PatternPreview(rendering: pattern, options: PreviewOptions(profiles: [.virtual], locality: .rightTrigger))
        #expect(preview.outputs[0].frames[0].levels == ActuatorLevels(rightTrigger: 1))
    }

    @Test("the CSV is the engine's trace format, one row per profile per frame")
    func csv() throws {
        let pattern = HapticPattern(events: [.transient(at: 0, intensity: 1, sharpness: 0.5)])
        let preview = try PatternPreview(rendering: pattern, options: PreviewOptions(profiles: [.virtual, .switchPro]))
        let csv = preview.csv()
        #expect(csv == RecordingOutput.csv(for: preview.outputs))
        let lines = csv.split(separator: "\n").map(String.init)
        #expect(lines.first == "time,output,low,high,left_trigger,right_trigger")
        #expect(lines[1] == "0.0,virtual,1.0,1.0,0.0,0.0")
        #expect(lines[2] == "0.0,switchPro,1.0,1.0,0.0,0.0")
        #expect(lines.count == 1 + 2 * preview.frameCount)
    }
}
