@_spi(HapticsTools) import Haptics
import Testing

/// Playback scenarios on an ideal (`.virtual`) output with a manual clock stepping 1/64 s, so every
/// expected level below is exact. Body mapping: low = I * min(1, 2(1 - S)), high = I * min(1, 2S).
@Suite("Engine scenarios")
struct EngineScenarioTests {
    typealias Rig = EngineTestRig
    static let step = 1.0 / 64.0

    @Test("a single transient: a 50 ms pulse, then exactly 0, completion called")
    func singleTransient() throws {
        let rig = Rig()
        try rig.engine.start()
        let player = try rig.engine.makeAdvancedPlayer(with: HapticPattern(events: [.transient(at: 0, intensity: 1, sharpness: 0.25)]))
        var completions = 0
        player.completionHandler = { _ in completions += 1 }
        try player.start(atTime: 0)
        #expect(rig.frame() == Rig.body(1, 0.5))               // t = 0
        #expect(rig.frame(at: 3 * Self.step) == Rig.body(1, 0.5)) // t = 0.046875 < 0.05
        #expect(rig.frame(at: 4 * Self.step) == .zero)            // t = 0.0625
        #expect(completions == 1)
        #expect(!player.isPlaying)
    }

    @Test("a transient over a continuous event: intensities add, sharpness is weighted")
    func transientOverContinuous() throws {
        let rig = Rig()
        try rig.engine.start()
        let pattern = HapticPattern(events: [
            .continuous(at: 0, duration: 0.5, intensity: 0.5, sharpness: 0),
            .transient(at: 0.25, intensity: 0.25, sharpness: 1),
        ])
        try rig.engine.makePlayer(with: pattern).start(atTime: 0)
        #expect(rig.frame() == Rig.body(0.5, 0))
        // I = 0.75, S = 0.25 / 0.75 = 1/3: low = 0.75, high = 0.75 * 2/3 = 0.5
        #expect(near(rig.frame(at: 0.25), Rig.body(0.75, 0.5)))
        #expect(rig.frame(at: 0.3125) == Rig.body(0.5, 0))
        #expect(rig.frame(at: 0.5) == .zero)
    }

    @Test("two overlapping impacts on two players: both present, summed and limited to 1")
    func overlappingImpacts() throws {
        let rig = Rig()
        try rig.engine.start()
        let impact = HapticPattern(events: [.transient(at: 0, intensity: 0.5, sharpness: 0.5)])
        let first = try rig.engine.makePlayer(with: impact, category: .impact)
        let second = try rig.engine.makePlayer(with: impact, category: .impact)
        try first.start(atTime: 0)
        #expect(rig.frame() == Rig.body(0.5, 0.5))
        try second.start(atTime: 0)
        #expect(rig.frame(at: Self.step) == Rig.body(1, 1))            // 0.5 + 0.5
        #expect(rig.frame(at: 3 * Self.step) == Rig.body(1, 1))
        #expect(rig.frame(at: 4 * Self.step) == Rig.body(0.5, 0.5))     // first over, second still on
        #expect(rig.frame(at: 5 * Self.step) == .zero)
    }

    @Test("a loop with loopEnd wraps at loopEnd and never finishes")
    func loopWithLoopEnd() throws {
        let rig = Rig()
        try rig.engine.start()
        let pattern = HapticPattern(events: [
            .transient(at: 0, intensity: 1, sharpness: 0.5),
            .transient(at: 0.5, intensity: 0.5, sharpness: 0.5),   // after loopEnd: never heard
        ])
        let player = try rig.engine.makeAdvancedPlayer(with: pattern)
        player.loopEnabled = true
        player.loopEnd = 0.25
        try player.start(atTime: 0)
        #expect(rig.frame() == Rig.body(1, 1))
        #expect(rig.frame(at: 0.0625) == .zero)
        #expect(rig.frame(at: 0.25) == Rig.body(1, 1))       // wrapped to 0
        #expect(rig.frame(at: 0.5) == Rig.body(1, 1))        // wrapped to 0 again, not the 0.5 event
        #expect(rig.frame(at: 0.5625) == .zero)
        rig.run(through: 3)
        #expect(player.isPlaying)
        #expect(rig.output.frames.allSatisfy { $0.levels.lowFrequency == 0 || $0.levels.lowFrequency == 1 })
    }

    @Test("seek moves playback to the offset at the next update")
    func seek() throws {
        let rig = Rig()
        try rig.engine.start()
        let pattern = HapticPattern(
            events: [.continuous(at: 0, duration: 1, intensity: 1, sharpness: 0.5)],
            dynamicParameters: [DynamicParameter(.hapticIntensityControl, value: 0.5, at: 0.5)])
        let player = try rig.engine.makeAdvancedPlayer(with: pattern)
        try player.start(atTime: 0)
        #expect(rig.frame() == Rig.body(1, 1))
        try player.seek(toOffset: 0.75)
        #expect(rig.frame(at: 0.125) == Rig.body(0.5, 0.5))   // position 0.75
        #expect(player.currentPosition == 0.75)
        #expect(rig.frame(at: 0.3125) == Rig.body(0.5, 0.5))  // position 0.9375
        #expect(rig.frame(at: 0.375) == .zero)                // position 1.0: the end
        #expect(!player.isPlaying)
    }

    @Test("pause silences at once and keeps the position; resume continues from it")
    func pauseAndResume() throws {
        let rig = Rig()
        try rig.engine.start()
        let player = try rig.engine.makeAdvancedPlayer(
            with: HapticPattern(events: [.continuous(at: 0, duration: 0.5, intensity: 1, sharpness: 0)]))
        try player.start(atTime: 0)
        #expect(rig.frame() == Rig.body(1, 0))
        try player.pause(atTime: 0.125)
        #expect(rig.frame(at: 0.109375) == Rig.body(1, 0))
        #expect(rig.frame(at: 0.125) == .zero)
        #expect(rig.frame(at: 0.25) == .zero)
        #expect(player.isPlaying)
        try player.resume(atTime: 0.5)
        #expect(rig.frame(at: 0.484375) == .zero)
        #expect(rig.frame(at: 0.5) == Rig.body(1, 0))         // position 0.125
        #expect(rig.frame(at: 0.859375) == Rig.body(1, 0))    // position 0.484375
        #expect(rig.frame(at: 0.875) == .zero)                // position 0.5: the end
        #expect(!player.isPlaying)
    }

    @Test("moveOnPastPause: a paused player moves on by the time since its pause; past its end it is cancelled; a loop stays where it was")
    func moveOnPastPause() throws {
        let rig = Rig()
        try rig.engine.start()
        let pattern = HapticPattern(events: [.continuous(at: 0, duration: 0.5, intensity: 1, sharpness: 0)])
        let player = try rig.engine.makeAdvancedPlayer(with: pattern)
        try player.start(atTime: 0)
        _ = rig.frame()
        try player.pause(atTime: 0.125)
        _ = rig.frame(at: 0.125)
        #expect(player.currentPosition == 0.125)
        #expect(player.moveOnPastPause(to: 0.125), "no time passed: nothing changes")
        #expect(player.currentPosition == 0.125)
        #expect(player.moveOnPastPause(to: 0.25))            // 0.125 s later
        #expect(player.currentPosition == 0.25)
        try player.resume(atTime: 0.25)
        #expect(rig.frame(at: 0.25) == Rig.body(1, 0))        // position 0.25
        #expect(rig.frame(at: 0.5) == .zero)                  // position 0.5: the end, 0.5 s after the start
        #expect(!player.isPlaying)

        let late = try rig.engine.makeAdvancedPlayer(with: pattern)
        try late.start(atTime: 0.5)
        try late.pause(atTime: 0.5)
        _ = rig.frame(at: 0.515625)
        #expect(late.isPlaying)
        #expect(!late.moveOnPastPause(to: 1.25), "0.75 s later: past its end")
        #expect(!late.isPlaying)
        #expect(rig.frame(at: 1.25) == .zero)

        let loop = try rig.engine.makeAdvancedPlayer(with: pattern)
        loop.loopEnabled = true
        try loop.start(atTime: 1.25)
        _ = rig.frame(at: 1.25)
        try loop.pause(atTime: 1.375)
        _ = rig.frame(at: 1.375)
        #expect(loop.moveOnPastPause(to: 9))
        #expect(loop.currentPosition == 0.125, "a loop resumes where it was")
    }

    @Test("playbackRate 2 plays the pattern in half the time")
    func playbackRateTwo() throws {
        let rig = Rig()
        try rig.engine.start()
        let pattern = HapticPattern(events: [
            .continuous(at: 0, duration: 0.5, intensity: 0.5, sharpness: 0),
            .transient(at: 0.25, intensity: 0.5, sharpness: 0),
        ])
        let player = try rig.engine.makeAdvancedPlayer(with: pattern)
        player.playbackRate = 2
        try player.start(atTime: 0)
        #expect(rig.frame() == Rig.body(0.5, 0))
        #expect(rig.frame(at: 0.125) == Rig.body(1, 0))        // position 0.25: the transient
        #expect(rig.frame(at: 0.140625) == Rig.body(1, 0))     // position 0.28125, transient lasts 0.025 s now
        #expect(rig.frame(at: 0.15625) == Rig.body(0.5, 0))    // position 0.3125
        #expect(rig.frame(at: 0.234375) == Rig.body(0.5, 0))   // position 0.46875
        #expect(rig.frame(at: 0.25) == .zero)                  // position 0.5: the end
    }

    @Test("a dynamic intensity change sent in the middle of an event scales it from its time")
    func dynamicIntensityChange() throws {
        let rig = Rig()
        try rig.engine.start()
        let player = try rig.engine.makePlayer(
            with: HapticPattern(events: [.continuous(at: 0, duration: 1, intensity: 1, sharpness: 0.5)]))
        try player.start(atTime: 0)
        try player.sendParameters([DynamicParameter(.hapticIntensityControl, value: 0.25, at: 0)], atTime: 0.5)
        #expect(rig.frame() == Rig.body(1, 1))
        #expect(rig.frame(at: 0.484375) == Rig.body(1, 1))
        #expect(rig.frame(at: 0.5) == Rig.body(0.25, 0.25))
        #expect(rig.frame(at: 0.75) == Rig.body(0.25, 0.25))
    }

    @Test("a pattern curve and a game curve interpolate linearly")
    func curves() throws {
        let rig = Rig()
        try rig.engine.start()
        let pattern = HapticPattern(
            events: [.continuous(at: 0, duration: 2, intensity: 1, sharpness: 0)],
            parameterCurves: [ParameterCurve(.hapticIntensityControl, at: 0, points: [
                .init(time: 0, value: 1), .init(time: 1, value: 0),
            ])])
        let player = try rig.engine.makePlayer(with: pattern)
        try player.start(atTime: 0)
        #expect(rig.frame() == Rig.body(1, 0))
        #expect(rig.frame(at: 0.25) == Rig.body(0.75, 0))
        // The game's curve on sharpness composes by adding: 0 -> 0.5 over 0.5 s from t = 0.5.
        try player.scheduleParameterCurve(ParameterCurve(.hapticSharpnessControl, at: 0, points: [
            .init(time: 0, value: 0), .init(time: 0.5, value: 0.5),
        ]), atTime: 0.5)
        #expect(rig.frame(at: 0.5) == Rig.body(0.5, 0))
        #expect(rig.frame(at: 0.75) == Rig.body(0.25, 0.125))  // I 0.25, S 0.25
        #expect(rig.frame(at: 1) == .zero)                      // pattern curve reached 0
    }

    @Test("stop plays the release tail of a sustained event, then exactly 0")
    func releaseTailAfterStop() throws {
        let rig = Rig()
        try rig.engine.start()
        let release = EnvelopeTiming.seconds(normalized: 0.5)   // 0.1517 s
        let pattern = HapticPattern(events: [
            .continuous(at: 0, duration: 2, intensity: 1, sharpness: 0, extra: [.init(.releaseTime, 0.5)]),
        ])
        let player = try rig.engine.makeAdvancedPlayer(with: pattern)
        var completions = 0
        player.completionHandler = { _ in completions += 1 }
        try player.start(atTime: 0)
        #expect(rig.frame() == Rig.body(1, 0))
        try player.stop(atTime: 0.5)
        #expect(rig.frame(at: 0.5) == Rig.body(1, 0))
        #expect(near(rig.frame(at: 0.5 + release / 2), Rig.body(0.5, 0)))
        #expect(near(rig.frame(at: 0.5 + release * 3 / 4), Rig.body(0.25, 0)))
        #expect(completions == 0)
        #expect(rig.frame(at: 0.5 + release) == .zero)
        #expect(completions == 1)
    }

    @Test("a pattern that ends leaves every actuator at exactly 0, also through a real motor profile")
    func endsAtZero() throws {
        for profile in MotorProfile.shipped {
            let rig = Rig(profiles: [profile])
            try rig.engine.start()
            let pattern = HapticPattern(events: [
                .continuous(at: 0, duration: 0.25, intensity: 0.5, sharpness: 0.3,
                            extra: [.init(.releaseTime, 0.3)]),
                .transient(at: 0.2, intensity: 0.7, sharpness: 0.9),
            ])
            try rig.engine.makePlayer(with: pattern, locality: .body).start(atTime: 0)
            rig.run(through: 1.5, step: 1.0 / 60.0)
            let frames = rig.output.frames
            #expect(frames.contains { !$0.levels.isSilent }, "\(profile.name)")
            #expect(frames.last?.levels == .zero, "\(profile.name)")
            #expect(frames.suffix(10).allSatisfy { $0.levels == .zero }, "\(profile.name)")
        }
    }

    @Test("a transient inside one long frame is not lost")
    func transientInsideLongFrame() throws {
        let rig = Rig()
        try rig.engine.start()
        try rig.engine.makePlayer(with: HapticPattern(events: [.transient(at: 0.1, intensity: 0.5, sharpness: 0.5)]))
            .start(atTime: 0)
        #expect(rig.frame() == .zero)
        #expect(rig.frame(at: 0.25) == Rig.body(0.5, 0.5))   // onset at 0.1 passed inside the frame
        #expect(rig.frame(at: 0.3) == .zero)
    }

    @Test("a player started for time T is first heard on the first update at or after T, skipping ahead")
    func startAtTime() throws {
        let rig = Rig()
        try rig.engine.start()
        let pattern = HapticPattern(events: [.continuous(at: 0, duration: 0.5, intensity: 1, sharpness: 0.5)])
        let player = try rig.engine.makeAdvancedPlayer(with: pattern)
        #expect(rig.frame() == .zero)
        try player.start(atTime: 0.1)
        #expect(rig.frame(at: 0.09375) == .zero)
        #expect(rig.frame(at: 0.125) == Rig.body(1, 1))
        #expect(abs(player.currentPosition - 0.025) < 1e-12)   // skipped ahead, not stretched
        #expect(rig.frame(at: 0.59375) == Rig.body(1, 1))      // position 0.49375
        #expect(rig.frame(at: 0.6) == .zero)                    // position 0.5
    }

    @Test("presentation latency delays every player by the latency")
    func presentationLatency() throws {
        let rig = Rig()
        try rig.engine.start()
        rig.engine.presentationLatency = 0.0625
        try rig.engine.makePlayer(with: HapticPattern(events: [.continuous(at: 0, duration: 0.25, intensity: 1, sharpness: 0.5)]))
            .start(atTime: 0.125)
        #expect(rig.frame(at: 0.125) == .zero)
        #expect(rig.frame(at: 0.1875) == Rig.body(1, 1))
        #expect(rig.frame(at: 0.421875) == Rig.body(1, 1))
        #expect(rig.frame(at: 0.4375) == .zero)
    }
}
