import Haptics
import Testing

/// Feedback posted for a player plays on that player's output, for every player number: voice pools
/// are kept per player (they were once keyed by a packed integer that sent every player from 63 up to
/// player 63's pool, so player 70's feedback played on player 64's pad).
@Suite("Feedback voice pools per player")
struct FeedbackPoolRoutingTests {
    @Test("feedback for players 0, 63, 64 and 69 sounds on each one's own output and nowhere else")
    func everyPlayerHasItsOwnPool() throws {
        let outputs = (0..<70).map { RecordingOutput(name: "player\($0)", profile: .virtual) }
        let engine = HapticEngine(outputs: outputs, voiceCapacity: 256)
        try engine.start()
        let director = HapticEventDirector(target: engine, mapping: nil)
        // Each check 10 s after the last, when the previous preset has long finished.
        for (step, player) in [0, 63, 64, 69].enumerated() {
            let time = Double(step) * 10
            engine.update(at: time - 5)   // the previous preset finishes and its pad goes quiet
            for output in outputs { output.clear() }
            director.post(.feedback(.success, player: player))
            director.update(at: time)
            engine.update(at: time)
            engine.update(at: time + 0.02)
            let sounding = outputs.indices.filter { index in outputs[index].frames.contains { !$0.levels.isSilent } }
            #expect(sounding == [player], "feedback for player \(player) sounded on \(sounding)")
        }
    }
}
