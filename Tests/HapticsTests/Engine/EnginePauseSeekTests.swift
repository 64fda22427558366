import Haptics
import Testing

@Suite("Engine pause and seek details")
struct EnginePauseSeekTests {
    typealias Rig = EngineTestRig

    @Test("seek while paused, then resume: a transient exactly at the offset plays")
    func seekWhilePaused() throws {
        let rig = Rig()
        try rig.engine.start()
        let player = try rig.engine.makeAdvancedPlayer(with: HapticPattern(events: [
            .transient(at: 0, intensity: 1, sharpness: 0.5), .transient(at: 1, intensity: 0.5, sharpness: 0.5),
        ]))
        try player.start(atTime: 0)
        #expect(rig.frame() == Rig.body(1, 1))
        try player.pause(atTime: 0.25)
        rig.frame(at: 0.25)
        try player.seek(toOffset: 1)
        rig.frame(at: 0.5)
        #expect(player.currentPosition == 1)
        try player.resume(atTime: 0.75)
        #expect(rig.frame(at: 0.75) == Rig.body(0.5, 0.5))
        #expect(rig.frame(at: 0.875) == .zero)
    }

    @Test("a transient inside a long frame on a looping player is found across the wrap")
    func loopWrapTransient() throws {
        let rig = Rig()
        try rig.engine.start()
        let player = try rig.engine.makeAdvancedPlayer(with: HapticPattern(events: [
            .transient(at: 0.5, intensity: 0.5, sharpness: 0.5), .continuous(at: 0, duration: 1, intensity: 0.25, sharpness: 0.5),
        ]))
        player.loopEnabled = true
        try player.start(atTime: 0)
        #expect(rig.frame() == Rig.body(0.25, 0.25))
        // Onset 0.5 passed inside the frame: the held pulse (0.5) is a floor under the voice (max, not sum).
        #expect(rig.frame(at: 0.75) == Rig.body(0.5, 0.5))
        #expect(rig.frame(at: 0.875) == Rig.body(0.25, 0.25))
        #expect(rig.frame(at: 1.625) == Rig.body(0.5, 0.5))    // 0.875 -> 1.625 wraps past 1.0 and 1.5
    }
}
