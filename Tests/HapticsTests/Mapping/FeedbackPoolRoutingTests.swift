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

/// A flood of feedback events in one frame starts one voice per player and case, the strongest.
@Suite("Feedback floods merge per frame")
struct FeedbackFloodTests {
    @Test("10,000 posts of one case for one player start one voice; the rest are counted as coalesced")
    func floodMerges() throws {
        let output = RecordingOutput(name: "player0", profile: .virtual)
        let engine = HapticEngine(outputs: [output], voiceCapacity: 64)
        try engine.start()
        let director = HapticEventDirector(target: engine, mapping: nil)
        for _ in 0..<10_000 { director.post(.feedback(.selection, player: 0)) }
        director.post(.feedback(.success, player: 0))
        director.update(at: 0)
        #expect(director.statistics.started == 2, "one Selection and one Success")
        #expect(director.statistics.coalesced == 9_999)
        #expect(engine.activeVoiceCount <= 2)
    }

    @Test("the strongest impact of a frame is the one that plays")
    func strongestWins() throws {
        let weak = RecordingOutput(name: "weak", profile: .virtual)
        let weakEngine = HapticEngine(outputs: [weak], voiceCapacity: 8)
        try weakEngine.start()
        let alone = HapticEventDirector(target: weakEngine, mapping: nil)
        alone.post(.feedback(.impact(weight: .heavy, intensity: 0.9), player: 0))
        alone.update(at: 0)
        weakEngine.update(at: 0)

        let merged = RecordingOutput(name: "merged", profile: .virtual)
        let engine = HapticEngine(outputs: [merged], voiceCapacity: 8)
        try engine.start()
        let director = HapticEventDirector(target: engine, mapping: nil)
        director.post(.feedback(.impact(weight: .heavy, intensity: 0.3), player: 0))
        director.post(.feedback(.impact(weight: .heavy, intensity: 0.9), player: 0))
        director.post(.feedback(.impact(weight: .heavy, intensity: 0.5), player: 0))
        director.update(at: 0)
        engine.update(at: 0)
        #expect(director.statistics.started == 1 && director.statistics.coalesced == 2)
        #expect(merged.lastLevels == weak.lastLevels, "the 0.9 impact played, as it plays alone")
        #expect(!merged.lastLevels.isSilent)
    }
}
