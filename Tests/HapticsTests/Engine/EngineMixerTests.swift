import Haptics
import Testing

@Suite("Engine mixer and lifecycle")
struct EngineMixerTests {
    typealias Rig = EngineTestRig
    static let texture = HapticPattern(events: [.continuous(at: 0, duration: 10, intensity: 0.5, sharpness: 0.5)])

    @Test("category gain, master gain and the off switch")
    func gains() throws {
        let rig = Rig()
        try rig.engine.start()
        try rig.engine.makePlayer(with: Self.texture, category: .footstep).start(atTime: 0)
        #expect(rig.frame() == Rig.body(0.5, 0.5))
        rig.engine.mixer[.footstep] = 0.5
        #expect(rig.frame(at: 0.1) == Rig.body(0.25, 0.25))
        rig.engine.mixer.masterGain = 0.5
        #expect(rig.frame(at: 0.2) == Rig.body(0.125, 0.125))
        rig.engine.mixer.isEnabled = false
        #expect(rig.frame(at: 0.3) == .zero)
        rig.engine.mixer.isEnabled = true
        rig.engine.isMutedForHaptics = true
        #expect(rig.frame(at: 0.4) == .zero)
        rig.engine.isMutedForHaptics = false
        #expect(rig.frame(at: 0.5) == Rig.body(0.125, 0.125))
    }

    @Test("voice cap: the lowest priority yields, then the oldest among equals; a yielded voice returns")
    func voiceCap() throws {
        let rig = Rig()
        try rig.engine.start()
        rig.engine.mixer.maximumAudibleVoices = 1
        let low = HapticPattern(events: [.continuous(at: 0, duration: 10, intensity: 0.25, sharpness: 0)])
        let high = HapticPattern(events: [.continuous(at: 0, duration: 1, intensity: 0.5, sharpness: 0)])
        let newer = HapticPattern(events: [.continuous(at: 0, duration: 10, intensity: 0.75, sharpness: 0)])
        let background = try rig.engine.makePlayer(with: low, priority: 0)
        try background.start(atTime: 0)
        try rig.engine.makePlayer(with: high, priority: 5).start(atTime: 0)
        #expect(rig.frame() == Rig.body(0.5, 0))             // priority 5 wins
        #expect(rig.frame(at: 1) == Rig.body(0.25, 0))       // it ended: the yielded voice is heard again
        try rig.engine.makePlayer(with: newer, priority: 0).start(atTime: 0)
        #expect(rig.frame(at: 1.5) == Rig.body(0.75, 0))     // equal priority: the newer wins
        #expect(background.isPlaying)
    }

    @Test("muted advanced player runs silently")
    func mutedPlayer() throws {
        let rig = Rig()
        try rig.engine.start()
        let player = try rig.engine.makeAdvancedPlayer(with: Self.texture)
        player.isMuted = true
        try player.start(atTime: 0)
        #expect(rig.frame() == .zero)
        player.isMuted = false
        #expect(rig.frame(at: 0.5) == Rig.body(0.5, 0.5))
        #expect(player.currentPosition == 0.5)
    }

    @Test("stop sends zeros at once; players cannot start on a stopped engine")
    func stopEngine() throws {
        let rig = Rig()
        let player = try rig.engine.makePlayer(with: Self.texture)
        #expect(throws: HapticEngineError.engineNotRunning) { try player.start(atTime: 0) }
        try rig.engine.start()
        try player.start(atTime: 0)
        #expect(rig.frame() == Rig.body(0.5, 0.5))
        rig.engine.stop()
        #expect(rig.output.lastLevels == .zero)
        #expect(!player.isPlaying)
        let count = rig.output.frames.count
        rig.frame(at: 1)
        #expect(rig.output.frames.count == count)   // stopped: updates do nothing
    }

    @Test("a disconnected output stops the engine with gameControllerDisconnected")
    func disconnect() throws {
        let rig = Rig()
        var reasons: [HapticEngine.StoppedReason] = []
        rig.engine.stoppedHandler = { reasons.append($0) }
        try rig.engine.start()
        try rig.engine.makePlayer(with: Self.texture).start(atTime: 0)
        rig.frame()
        rig.output.isConnected = false
        rig.frame(at: 0.1)
        #expect(reasons == [.gameControllerDisconnected])
        #expect(!rig.engine.isRunning)
        #expect(rig.output.lastLevels == .zero)
    }

    @Test("idle timeout stops an auto-shutdown engine; a start restarts it")
    func idleTimeout() throws {
        let rig = Rig()
        var reasons: [HapticEngine.StoppedReason] = []
        rig.engine.stoppedHandler = { reasons.append($0) }
        rig.engine.isAutoShutdownEnabled = true
        rig.engine.idleTimeout = 1
        try rig.engine.start()
        rig.frame()
        rig.frame(at: 0.5)
        #expect(rig.engine.isRunning)
        rig.frame(at: 1)
        #expect(reasons == [.idleTimeout])
        #expect(!rig.engine.isRunning)
        try rig.engine.makePlayer(with: Self.texture).start(atTime: 0)
        #expect(rig.engine.isRunning)
        #expect(rig.frame(at: 1.5) == Rig.body(0.5, 0.5))
    }

    @Test("notifyWhenPlayersFinished: stopEngine stops once every player is done")
    func playersFinished() throws {
        let rig = Rig()
        try rig.engine.start()
        try rig.engine.makePlayer(with: HapticPattern(events: [.transient(at: 0)])).start(atTime: 0)
        var calls = 0
        rig.engine.notifyWhenPlayersFinished { calls += 1; return .stopEngine }
        rig.frame()
        #expect(calls == 0)
        rig.frame(at: 0.1)
        #expect(calls == 1)
        #expect(!rig.engine.isRunning)
    }

    @Test("reset silences everything, calls resetHandler, keeps running; invalidate destroys")
    func resetAndInvalidate() throws {
        let rig = Rig()
        var resets = 0
        var reasons: [HapticEngine.StoppedReason] = []
        rig.engine.resetHandler = { resets += 1 }
        rig.engine.stoppedHandler = { reasons.append($0) }
        try rig.engine.start()
        let player = try rig.engine.makePlayer(with: Self.texture)
        try player.start(atTime: 0)
        rig.frame()
        rig.engine.reset()
        #expect(resets == 1)
        #expect(rig.engine.isRunning)
        #expect(rig.frame(at: 0.1) == .zero)
        rig.engine.invalidate()
        #expect(reasons == [.engineDestroyed])
        #expect(throws: HapticEngineError.engineDestroyed) { try rig.engine.start() }
        #expect(throws: HapticEngineError.engineDestroyed) { try player.start(atTime: 0) }
    }

    @Test("cancel stops at once with no completion")
    func cancel() throws {
        let rig = Rig()
        try rig.engine.start()
        let player = try rig.engine.makeAdvancedPlayer(with: Self.texture)
        var completions = 0
        player.completionHandler = { _ in completions += 1 }
        try player.start(atTime: 0)
        rig.frame()
        player.cancel()
        #expect(rig.frame(at: 0.1) == .zero)
        #expect(completions == 0)
    }

    @Test("commands scheduled past a pattern's end still run; completion once per play")
    func scheduledCommandsOutliveTheEnd() throws {
        let rig = Rig()
        try rig.engine.start()
        let player = try rig.engine.makeAdvancedPlayer(
            with: HapticPattern(events: [.continuous(at: 0, duration: 0.25, intensity: 1, sharpness: 0)]))
        var completions = 0
        player.completionHandler = { _ in completions += 1 }
        try player.start(atTime: 0)
        try player.start(atTime: 1)          // a restart scheduled ahead
        rig.frame()
        #expect(rig.frame(at: 0.5) == .zero)
        #expect(completions == 1)
        #expect(rig.frame(at: 1) == Rig.body(1, 0))
        #expect(rig.frame(at: 1.5) == .zero)
        #expect(completions == 2)
    }

    @Test("CSV: one row per output per frame under the fixed header")
    func csv() throws {
        let rig = Rig(profiles: [.virtual, .virtual])
        try rig.engine.start()
        try rig.engine.makePlayer(with: HapticPattern(events: [.continuous(at: 0, duration: 1, intensity: 0.5, sharpness: 0)]),
                                  output: 1).start(atTime: 0)
        rig.frame()
        rig.frame(at: 0.25)
        let text = RecordingOutput.csv(for: rig.outputs)
        #expect(text == """
            time,output,low,high,left_trigger,right_trigger
            0.0,pad1,0.0,0.0,0.0,0.0
            0.0,pad2,0.5,0.0,0.0,0.0
            0.25,pad1,0.0,0.0,0.0,0.0
            0.25,pad2,0.5,0.0,0.0,0.0

            """)
    }
}
