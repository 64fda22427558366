@testable @_spi(HapticsTools) import Haptics
import Testing

/// The voices a mapping makes are bounded, and textures keep theirs (issue 31, round two, F5 and F6):
/// every rule that played for a player kept four voices (2.1 GB for 16,384 rules × 16 players); a pool
/// of four voices made a fifth texture of one rule take a playing texture's voice, so each texture
/// restarted its pattern every frame and none got past its attack.
@Suite("Voice bounds")
struct VoiceBoundsTests {
    /// `count` action rules r0, r1, ... naming one pattern.
    static func config(rules count: Int, pattern: String) -> String {
        (0..<count).map { "[[rule]]\nevent = \"action\"\naction = \"r\($0)\"\npattern = \"\(pattern)\"\n" }.joined(separator: "\n")
    }

    @Test("a rule that never overlaps itself holds one voice per player, not four")
    func oneVoicePerRule() throws {
        let rig = try MappingRig(config: Self.config(rules: 50, pattern: "ImpactLight"))
        for round in 0..<3 {
            for rule in 0..<50 { rig.director.post(.action(HapticName("r\(rule)"), player: 0)) }
            rig.frames(60)
            #expect(rig.director.statistics.voicesStarted == 50 * (round + 1))
        }
        #expect(rig.engine.patternPlayers.count <= 50)
        #expect(rig.director.ruleVoiceCount(forPlayer: 0) == 50)
    }

    @Test("past the voices a player may hold, idle rules make room and a start while every one plays is throttled")
    func boundedPerPlayer() throws {
        let limit = RuleVoices.maximumVoicesPerPlayer
        let rig = try MappingRig(config: Self.config(rules: limit + 100, pattern: "Heartbeat"))   // about 1.5 s
        for rule in 0..<(limit + 100) { rig.director.post(.action(HapticName("r\(rule)"), player: 0)) }
        rig.frames(1)
        #expect(rig.director.statistics.voicesStarted == limit)
        #expect(rig.director.statistics.throttled == 100, "\(rig.director.statistics)")
        #expect(rig.director.ruleVoiceCount(forPlayer: 0) == limit)
        rig.frames(300)   // every voice has ended
        for rule in limit..<(limit + 100) { rig.director.post(.action(HapticName("r\(rule)"), player: 0)) }
        rig.frames(1)
        #expect(rig.director.statistics.voicesStarted == limit + 100, "idle rules made room")
        #expect(rig.director.ruleVoiceCount(forPlayer: 0) == limit)
        #expect(rig.director.statistics.outcomes == rig.director.statistics.events)
    }

    /// A rig whose director plays `count` textures of one rule, started in frame 0 and updated every frame.
    static func textures(_ count: Int, frames: Int = 120) throws -> (started: [Int], statistics: HapticEventDirector.Statistics) {
        let rig = try MappingRig(config: """
            [[rule]]
            event = "texture"
            texture = "rolling"
            pattern = "Heartbeat"
            intensity = { input = "value", input_range = [0, 10] }
            """)
        var started: [Int] = []
        for frame in 0..<frames {
            for id in 0..<count {
                var texture = GameEvent.Texture(id: id, action: frame == 0 ? .start : .update, value: Double(3 + id % 7))
                texture.kind = "rolling"
                rig.director.post(GameEvent(.texture(texture), player: 0))
            }
            rig.frame()
            started.append(rig.director.statistics.voicesStarted)
        }
        return (started, rig.director.statistics)
    }

    @Test("every texture of one rule keeps its voice: no restarts after the first frame", arguments: [4, 5, 8, 64])
    func texturesKeepTheirVoices(count: Int) throws {
        let (started, statistics) = try Self.textures(count)
        #expect(started.first == count, "one voice each, started in their first frame: \(started.first ?? -1)")
        #expect(started.last == count, "voices started after the first frame: \((started.last ?? 0) - count)")
        #expect(statistics.throttled == 0)
    }

    @Test("the texture past the limit is throttled each frame; the others keep their voices")
    func textureLimit() throws {
        let (started, statistics) = try Self.textures(65, frames: 30)
        #expect(started.allSatisfy { $0 == 64 })
        #expect(statistics.throttled == 30)
    }
}
