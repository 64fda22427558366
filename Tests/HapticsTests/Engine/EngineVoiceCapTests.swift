import Haptics
import Testing

@Suite("Engine voice cap")
struct EngineVoiceCapTests {
    /// Eight voices, one per output so each is seen alone: a continuous 0.5 at sharpness 0.5 gives
    /// (0.5, 0.5) when admitted and 0 when it yields. Started in index order (later = newer).
    static let priorities = [0, 2, 1, 2, 0, 1, 3, 0]

    @Test("over the cap the highest priorities are heard, the newest first among equals", arguments: [
        (1, [6]), (3, [6, 3, 1]), (5, [6, 3, 1, 5, 2]), (6, [6, 3, 1, 5, 2, 7]), (8, [0, 1, 2, 3, 4, 5, 6, 7]),
    ])
    func admitted(cap: Int, heard: [Int]) throws {
        let rig = EngineTestRig(profiles: Array(repeating: .virtual, count: Self.priorities.count))
        rig.engine.mixer.maximumAudibleVoices = cap
        try rig.engine.start()
        let texture = HapticPattern(events: [.continuous(at: 0, duration: 1, intensity: 0.5, sharpness: 0.5)])
        for (index, priority) in Self.priorities.enumerated() {
            try rig.engine.makePlayer(with: texture, output: index, priority: priority).start(atTime: 0)
            rig.frame(at: Double(index) / 64)   // one start per update: sequence follows the index
        }
        rig.frame(at: 0.25)
        let audible = rig.outputs.indices.filter { rig.outputs[$0].lastLevels == EngineTestRig.body(0.5, 0.5) }
        let silent = rig.outputs.indices.filter { rig.outputs[$0].lastLevels == .zero }
        #expect(audible == heard.sorted())
        #expect(audible.count + silent.count == Self.priorities.count)
    }
}
