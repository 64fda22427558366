@testable @_spi(HapticsTools) import Haptics
import Testing

/// What a pattern player holds between two updates is bounded and costs linear time (issue 31, round two,
/// F5): 64,000 parameter changes piled on one player cost 2.8 s at the next update (a scan for the earliest
/// command and a removal, per command), and memory without bound. Commands stay in time order (equal times
/// in the order given) and run as a prefix; a repeat of the last command due at the same time folds into
/// it; past `maximumPendingCommands` a command is refused.
@Suite("Command queue")
struct CommandQueueTests {
    static let long = HapticPattern(events: [.continuous(at: 0, duration: 10, intensity: 1, sharpness: 0.5)])

    func rig() throws -> (HapticEngine, RecordingOutput, HapticAdvancedPatternPlayer) {
        let output = RecordingOutput(name: "pad", profile: .virtual)
        let engine = HapticEngine(outputs: [output])
        try engine.start()
        let player = try engine.makeAdvancedPlayer(with: Self.long)
        try player.start(atTime: 0)
        engine.update(at: 0)
        return (engine, output, player)
    }

    @Test("64,000 intensity changes between two updates hold one command; the last value plays")
    func parametersFold() throws {
        let (engine, output, player) = try rig()
        for index in 0..<64_000 {
            try player.sendParameters([DynamicParameter(.hapticIntensityControl, value: Double(index % 10) / 10, at: 0)], atTime: 0)
            try player.sendParameters([DynamicParameter(.hapticSharpnessControl, value: 0, at: 0)], atTime: 0)
        }
        #expect(player.pending.count == 2, "one per control: \(player.pending.count)")
        engine.update(at: 1.0 / 60)
        #expect(player.pending.isEmpty)
        #expect(abs(output.lastLevels.lowFrequency - 0.9) < 0.05, "the last value sent: \(output.lastLevels)")
    }

    @Test("repeated seeks, starts, stops, pauses and resumes fold; pause and resume pairs do not")
    func repeatsFold() throws {
        let (engine, _, player) = try rig()
        for offset in 0..<1_000 { try player.seek(toOffset: Double(offset % 7)) }
        #expect(player.pending.count == 1)
        for _ in 0..<10 { try player.pause(atTime: 0) }
        #expect(player.pending.count == 2)
        engine.update(at: 0.1)
        #expect(player.currentPosition == Double(999 % 7), "the last seek: \(player.currentPosition)")
        for _ in 0..<(HapticPatternPlayer.maximumPendingCommands / 2) {
            try player.resume(atTime: 0)
            try player.pause(atTime: 0)
        }
        #expect(player.pending.count == HapticPatternPlayer.maximumPendingCommands)
        #expect(throws: HapticEngineError.tooManyCommands) { try player.resume(atTime: 0) }
        #expect(throws: HapticEngineError.tooManyCommands) { try player.seek(toOffset: 1) }
        try player.pause(atTime: 0)   // a repeat of the last: folds, still accepted
        engine.update(at: 0.2)        // they run; there is room again
        #expect(player.pending.isEmpty)
        try player.resume(atTime: 0)
        engine.update(at: 0.3)
        #expect(player.isPlaying)
    }

    @Test("commands for later times run in time order, equal times in the order given, whatever the order sent")
    func timeOrder() throws {
        let (engine, _, player) = try rig()
        try player.seek(toOffset: 5)                                            // now
        try player.pause(atTime: 2.0)
        try player.scheduleParameterCurve(ParameterCurve(.hapticIntensityControl, at: 0, points: [.init(time: 0, value: 0.5)]), atTime: 1.0)
        try player.resume(atTime: 2.0)                                          // after the pause at 2.0
        try player.sendParameters([DynamicParameter(.hapticSharpnessControl, value: 0.1, at: 0)], atTime: 1.5)
        #expect(player.pending.map(\.time) == [-.infinity, 1.0, 1.5, 2.0, 2.0])
        engine.update(at: 1.0 / 60)
        #expect(player.pending.map(\.time) == [1.0, 1.5, 2.0, 2.0])
        engine.update(at: 2.5)
        #expect(player.pending.isEmpty)
        #expect(player.isPlaying, "paused, then resumed at 2.0")
    }

    @Test("a player started again in one frame is registered once")
    func oneRegistration() throws {
        let (engine, _, player) = try rig()
        for _ in 0..<500 {
            try player.stop(atTime: 0)
            try player.start(atTime: 0)
        }
        #expect(engine.patternPlayers.count == 1)
        #expect(player.pending.count == 1_000)
        engine.update(at: 0.5)
        #expect(engine.patternPlayers.count == 1 && player.isPlaying)
    }
}
