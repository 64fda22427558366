@_spi(HapticsTools) import Haptics
import Testing

/// A pause or stop that falls between two frames just after a transient's onset: the onset has
/// passed in game time, but no update has evaluated it yet. Commands take effect at their time, so
/// the transient (onset <= command time) was due: it sounds on the next update, once (docs/engine.md,
/// "Commands between frames").
///
/// Transient A: onset 0.1 s, intensity 0.8, sharpness 0.25 -> body levels (0.8, 0.4).
/// Transient B: onset 0.5 s, intensity 0.4, sharpness 0.5  -> body levels (0.4, 0.4).
@Suite("Engine: transients just before a pause or stop")
struct EngineTransientCommandTests {
    typealias Rig = EngineTestRig
    static let step = 1.0 / 64.0
    static let pattern = HapticPattern(events: [
        .transient(at: 0.1, intensity: 0.8, sharpness: 0.25),
        .transient(at: 0.5, intensity: 0.4, sharpness: 0.5),
    ])

    @Test("pause after the onset, before the next frame: the transient sounds on that frame, then silence; resume continues the pattern",
          arguments: [0.105, 0.1])   // just after the onset, and exactly at it
    func pauseAfterOnset(pauseTime: Double) throws {
        let rig = Rig()
        try rig.engine.start()
        let player = try rig.engine.makeAdvancedPlayer(with: Self.pattern)
        try player.start(atTime: 0)
        #expect(rig.frame() == .zero)
        #expect(rig.frame(at: 6 * Self.step) == .zero)                   // 0.09375: before the onset
        try player.pause(atTime: pauseTime)
        #expect(rig.frame(at: 7 * Self.step) == Rig.body(0.8, 0.4))      // 0.109375: A was due before the pause
        #expect(rig.frame(at: 8 * Self.step) == .zero)                   // paused: silent
        #expect(player.currentPosition == pauseTime)
        try player.resume(atTime: 0.25)
        // The pattern continues from the pause: the rest of A's 50 ms (pattern time pauseTime ..< 0.15), no new onset.
        #expect(rig.frame(at: 0.25) == Rig.body(0.8, 0.4))
        #expect(rig.frame(at: 0.3125) == .zero)                          // position >= 0.1625: A is over
        // Position 0.5 (B) is reached at 0.25 + (0.5 - pauseTime); the first frame at or after it plays B.
        let resumeFrame = ((0.25 + 0.5 - pauseTime) / Self.step).rounded(.up) * Self.step
        #expect(rig.frame(at: resumeFrame - Self.step) == .zero)
        #expect(rig.frame(at: resumeFrame) == Rig.body(0.4, 0.4))
    }

    @Test("stop after the onset, before the next frame: the transient sounds on that frame, then the player is done")
    func stopAfterOnset() throws {
        let rig = Rig()
        try rig.engine.start()
        let player = try rig.engine.makeAdvancedPlayer(with: Self.pattern)
        var completions = 0
        player.completionHandler = { _ in completions += 1 }
        try player.start(atTime: 0)
        #expect(rig.frame() == .zero)
        #expect(rig.frame(at: 6 * Self.step) == .zero)
        try player.stop(atTime: 0.105)
        #expect(rig.frame(at: 7 * Self.step) == Rig.body(0.8, 0.4))
        #expect(!player.isPlaying)
        #expect(completions == 1)
        #expect(rig.frame(at: 8 * Self.step) == .zero)
        #expect(rig.frame(at: 0.75) == .zero)                            // B never plays
    }

    @Test("stop during a transient over a sustained texture: the transient is cut, only the texture fades; the due transient is a floor on the stop frame")
    func stopOverTexture() throws {
        let rig = Rig()
        try rig.engine.start()
        // A texture (0.2, sharpness 0.25 -> (0.2, 0.1)) with ReleaseTime 0.5 (0.152 s fade) under transient A.
        let pattern = HapticPattern(events: [
            .continuous(at: 0, duration: 1, intensity: 0.2, sharpness: 0.25, extra: [.init(.releaseTime, 0.5)]),
            .transient(at: 0.1, intensity: 0.8, sharpness: 0.25),
        ])
        let player = try rig.engine.makePlayer(with: pattern)
        try player.start(atTime: 0)
        #expect(rig.frame() == Rig.body(0.2, 0.1))
        #expect(rig.frame(at: 6 * Self.step) == Rig.body(0.2, 0.1))
        try player.stop(atTime: 0.105)
        // At 0.105 A's 50 ms pulse sounds over the texture (I = 1.0), but a stop ends the pattern: A is
        // cut and the tail fades the texture alone (0.2, 0.1) over its release. A was due before the
        // stop, so its levels are a floor (max) on the stop frame. At 0.109375 the tail has faded by
        // 0.004375 / 0.152.
        let release = EnvelopeTiming.seconds(normalized: 0.5)
        let gain = 1 - (7 * Self.step - 0.105) / release
        #expect(near(rig.frame(at: 7 * Self.step), Rig.body(max(0.2 * gain, 0.8), max(0.1 * gain, 0.4))))
        #expect(rig.output.lastLevels == Rig.body(0.8, 0.4))
        // Next frame: only the texture's tail (no held pulse on the virtual pad), not A's level added to it.
        let later = 1 - (8 * Self.step - 0.105) / release
        #expect(near(rig.frame(at: 8 * Self.step), Rig.body(0.2 * later, 0.1 * later)))
        #expect(near(rig.frame(at: 0.105 + release / 2), Rig.body(0.1, 0.05)))
        #expect(rig.frame(at: 0.105 + release) == .zero)
        #expect(!player.isPlaying)
    }

    @Test("on the generic pad the due transient starts its burst on the pause frame, then the motors stop")
    func pauseOnGenericPad() throws {
        let rig = Rig(profiles: [.genericDualMotor])
        try rig.engine.start()
        let player = try rig.engine.makeAdvancedPlayer(with: HapticPattern(events: [.transient(at: 0.105, intensity: 0.8, sharpness: 0.25)]))
        try player.start(atTime: 0)
        #expect(rig.frame() == .zero)
        #expect(rig.frame(at: 0.1) == .zero)
        try player.pause(atTime: 0.11)
        // Perceived (0.8, 0.4): the pause frame plays the due tap as the start of its burst on both motors,
        // above the start threshold of the stiffest motor the profile allows (so that it is felt), and the
        // pause then cuts it.
        let burst = rig.frame(at: 0.12)
        let stiffest = MotorResponse.largeERM.ranges.startThreshold.upperBound
        #expect(burst.lowFrequency > stiffest && burst.highFrequency > stiffest, "\(burst)")
        #expect(burst.leftTrigger == 0 && burst.rightTrigger == 0)
        #expect(rig.frame(at: 0.14) == .zero)   // paused: nothing more (0.02 s > the 1/60 s update interval)
    }

    @Test("a seek called between frames is not a flush: transients the old position passed after the last frame are not played")
    func seekDoesNotFlush() throws {
        let rig = Rig()
        try rig.engine.start()
        let player = try rig.engine.makeAdvancedPlayer(with: Self.pattern)
        try player.start(atTime: 0)
        #expect(rig.frame() == .zero)
        #expect(rig.frame(at: 6 * Self.step) == .zero)
        try player.seek(toOffset: 0.3)   // "now": effective at the next update, from 0.3
        #expect(rig.frame(at: 7 * Self.step) == .zero)
    }
}
