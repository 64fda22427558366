@testable @_spi(HapticsTools) import Haptics
import Testing

/// What the director makes of each post (issue 31): names compared exactly whatever their length
/// (item 5); one counting unit, the post, so every post ends in exactly one statistics field (item 7);
/// a feedback flood costs O(posts × players) (item 13); the names no rule takes, reported once each
/// with a "did you mean" (the C developer's item).
@Suite("Post accounting")
struct PostAccountingTests {
    /// Two names FNV-1a-64 maps to the same hash (a distinguished-point search, a few minutes on one
    /// core): on c8dcd09 a post of one fired the other's rule and was not counted as unmatched.
    static let colliding = ("hit_7e820901f1e65f74", "hit_9d2bbf31a78fad02")

    @Test("a long action name fires its own rule only: a name with the same 64-bit hash is unmatched")
    func longNamesExact() throws {
        #expect(LongNameTable.hash(Array(Self.colliding.0.utf8).withUnsafeBufferPointer { $0 })
                == LongNameTable.hash(Array(Self.colliding.1.utf8).withUnsafeBufferPointer { $0 }), "the pair collides")
        let rig = try MappingRig(config: """
            [[rule]]
            event = "action"
            action = "\(Self.colliding.0)"
            pattern = "ImpactHeavy"
            """)
        #expect(MappingRig.peak(rig.play(.action(HapticName(Self.colliding.1), player: 0), frames: 10)) == 0, "the other name plays nothing")
        #expect(rig.director.statistics.unmatched == 1 && rig.director.statistics.started == 0, "\(rig.director.statistics)")
        #expect(MappingRig.peak(rig.play(.action(HapticName(Self.colliding.0), player: 0), frames: 10)) > 0)
        #expect(rig.director.statistics.started == 1)
        // Made from bytes, as the C API makes them: the same names.
        let fromBytes = Array(Self.colliding.1.utf8).withUnsafeBufferPointer { HapticName(utf8: $0) }
        #expect(fromBytes == HapticName(Self.colliding.1) && fromBytes != HapticName(Self.colliding.0))
    }

    @Test("the table of long names is bounded: posts fill at most their share, a config's name still matches after")
    func longNameTableBounded() {
        // A table of its own (the process's table is shared by every test running at the same time).
        let table = LongNameTable()
        func name(_ text: String, fromConfig: Bool = false) -> HapticName {
            Array(text.utf8).withUnsafeBufferPointer { table.name($0, fromConfig: fromConfig) }
        }
        let rule = name("a-rule-name-of-28-bytes-long", fromConfig: true)
        #expect(rule.isKept)
        var kept = 0
        for index in 0..<(LongNameTable.postedCapacity + 5_000) where name("a posted name number \(index) of the flood").isKept {
            kept += 1
        }
        #expect(kept == LongNameTable.postedCapacity)
        #expect(table.keptCount.posted == LongNameTable.postedCapacity && table.keptCount.all == LongNameTable.postedCapacity + 1)
        let late = name("a name first seen after the flood")
        #expect(!late.isKept && late == name("a name first seen after the flood") && late != rule)
        #expect(name("a-rule-name-of-28-bytes-long") == rule, "a kept name is found, the table full or not")
        #expect(name("a-config-name-after-the-flood", fromConfig: true).isKept, "configs' names have room of their own")
        #expect(name("a posted name number 17 of the flood") == name("a posted name number 17 of the flood"))
        #expect(table.text(of: Int(rule.low)) == "a-rule-name-of-28-bytes-long")
    }

    /// Every field that counts posts, in the order a post for several players takes the furthest.
    static func outcomes(_ s: HapticEventDirector.Statistics) -> [Int] {
        [s.started, s.updated, s.coalesced, s.cooledDown, s.throttled, s.outOfRange, s.silenced, s.noPad, s.unmatched]
    }

    @Test("every post ends in exactly one field: random frames of every kind, players with and without pads")
    func outcomesAddUp() throws {
        let config = """
            [attenuation.near]
            shape = "linear"
            falloff_distance = 5.0

            [[rule]]
            event = "collision"
            materials = ["metal", "*"]
            pattern = "ImpactRigid"
            cooldown = 0.05
            attenuation = "near"

            [[rule]]
            event = "collision"
            pattern = "ImpactLight"
            coalesce = false
            intensity = { input = "speed", curve = "linear", input_range = [1.0, 5.0], output_range = [0.0, 1.0] }

            [[rule]]
            event = "action"
            action = "jump"
            pattern = "ImpactMedium"
            cooldown = 0.1

            [[rule]]
            event = "texture"
            texture = "rolling"
            pattern = "Heartbeat"

            [[rule]]
            event = "feedback"
            feedback = "success"
            pattern = "Success"

            [[rule]]
            event = "footstep"
            surface = "metal"
            pattern = "ImpactLight"
            trigger_effect = { side = "right", mode = "feedback", start = 0.2, strength = 0.5 }
            """
        let mapping = try LoadedMapping.load(text: config, presets: .builtIn())
        let outputs = (0..<2).map { RecordingOutput(name: "pad\($0)", profile: .ps5) }
        let engine = HapticEngine(outputs: outputs, voiceCapacity: 64)
        try engine.start()
        let director = HapticEventDirector(mapping: mapping)
        // Four players: 0 and 1 with a pad, 2 without, 3 with a pad and adaptive triggers.
        var devices = FeedbackDevices(playerCount: 4)
        devices.setDevice(.init(engine: engine, output: 0), forPlayer: 0)
        devices.setDevice(.init(engine: engine, output: 1), forPlayer: 1)
        devices.setDevice(.init(engine: engine, output: 0), forPlayer: 3)
        devices.setTriggers(AdaptiveTriggers(), forPlayer: 3)
        for player in 0..<4 { director.setListener(WorldPosition(x: Double(player) * 3, y: 0), forPlayer: player) }
        var generator = SplitMix64(seed: 7)
        func pick(_ count: Int) -> Int { Int.random(in: 0..<count, using: &generator) }
        var time = 0.0
        for _ in 0..<300 {
            for _ in 0..<pick(40) {
                let player: Int? = [nil, 0, 1, 2, 3, 9][pick(6)]
                let position = pick(2) == 0 ? nil : WorldPosition(x: Double(pick(12)), y: 0)
                let event: GameEvent
                switch pick(7) {
                case 0: event = .collision(massA: 10, massB: nil, speed: Double(pick(6)), materials: (pick(2) == 0 ? "metal" : "wood", nil),
                                           player: player, position: position)
                case 1: event = .action(HapticName(["jump", "jumpp", "dash"][pick(3)]), player: player)
                case 2: event = .texture(id: pick(3), [GameEvent.Texture.Action.start, .update, .stop][pick(3)], value: 0.5,
                                         kind: HapticName(["rolling", "rain"][pick(2)]), player: player)
                case 3: event = .feedback([.success, .selection, .impact(weight: .heavy, intensity: 0.3)][pick(3)], player: player)
                case 4: event = .footstep(surface: HapticName(["metal", "grass"][pick(2)]), speed: 2, player: player)
                case 5: event = .custom(HapticName(["boom", "a-custom-name-longer-than-15"][pick(2)]), player: player)
                default: event = .hit(damage: Double(pick(40)), player: player)
                }
                director.post(event)
            }
            director.start(director.update(at: time, playerCount: 4), on: devices, at: time)
            engine.update(at: time)
            let s = director.statistics
            #expect(s.outcomes == s.events, "\(s)")
            time += pick(3) == 0 ? 0.2 : 1.0 / 60
        }
        let s = director.statistics
        #expect(Self.outcomes(s).allSatisfy { $0 > 0 }, "every outcome happened at least once: \(s)")
    }

    @Test("a post for a player without a pad counts as noPad; an unmatched texture for every player counts once")
    func issueCases() throws {
        let mapping = try LoadedMapping.load(text: """
            [[rule]]
            event = "action"
            action = "jump"
            pattern = "ImpactMedium"
            """, presets: .builtIn())
        let director = HapticEventDirector(mapping: mapping)
        var devices = FeedbackDevices(playerCount: 4)
        let engine = HapticEngine(outputs: [RecordingOutput(name: "pad", profile: .ps5)])
        try engine.start()
        devices.setDevice(.init(engine: engine, output: 0), forPlayer: 0)
        director.post(.action("jump", player: 2))
        director.post(.texture(id: 1, .start, value: 1, kind: "rain"))
        director.post(.action("jump"))
        director.start(director.update(at: 0, playerCount: 4), on: devices, at: 0)
        let s = director.statistics
        #expect(s.events == 3 && s.noPad == 1 && s.unmatched == 1 && s.started == 1, "\(s)")
        #expect(s.voicesStarted == 1)
    }

    @Test("a feedback flood: 16,384 posts of every case for 16 players merge to one preset per player and case")
    func feedbackFlood() throws {
        let engine = HapticEngine(outputs: (0..<16).map { RecordingOutput(name: "pad\($0)", profile: .virtual) }, voiceCapacity: 512)
        try engine.start()
        let director = HapticEventDirector()
        let cases = HapticFeedback.allPresetCases
        for index in 0..<16_384 {
            var feedback = cases[index % cases.count]
            if case .impact = feedback { feedback = HapticFeedback(presetIndex: feedback.presetIndex, intensity: Double(index % 7) / 6) }
            director.post(GameEvent(.feedback(feedback)))
        }
        let requests = director.update(at: 0, playerCount: 16)
        #expect(requests.count == 16 * cases.count)
        director.start(requests, on: FeedbackDevices(engine: engine), at: 0)
        let s = director.statistics
        #expect(s.events == 16_384 && s.outcomes == 16_384, "\(s)")
        #expect(s.started == cases.count, "one post per case is the strongest for every player: \(s)")
        #expect(s.coalesced == 16_384 - cases.count)
        #expect(s.voicesStarted <= 16 * cases.count)
    }

    @Test("a name no rule takes is reported once, with a close rule name; the list is bounded; a new mapping forgets it")
    func unmatchedNames() throws {
        let rig = try MappingRig(config: """
            [[rule]]
            event = "action"
            action = "jump"
            pattern = "ImpactMedium"

            [[rule]]
            event = "custom"
            custom = "door_slam"
            pattern = "ImpactHeavy"
            """)
        var reported: [HapticEventDirector.UnmatchedName] = []
        rig.director.unmatchedNameHandler = { reported.append($0) }
        for _ in 0..<3 { rig.director.post(.action("jummp", player: 0)) }
        rig.director.post(.custom("door_slamm", player: 0))
        rig.director.post(.custom("nothing like it", player: 0))
        rig.director.post(.action("jump", player: 0))
        rig.frames(2)
        rig.director.post(.action("jummp", player: 0))
        rig.frames(2)
        #expect(reported.map(\.name) == ["jummp", "door_slamm", "nothing like it"], "\(reported)")
        #expect(reported.first?.kind == "action" && reported.first?.suggestion == "jump")
        #expect(reported[1].suggestion == "door_slam" && reported[2].suggestion == nil)
        let listed = rig.director.unmatchedNames
        #expect(listed.first?.posts == 4, "every post counted, reported once")
        // Bounded: 256 names are kept, the rest counted.
        for index in 0..<300 { rig.director.post(.custom(HapticName("name\(index)"), player: 0)) }
        rig.frames(1)
        #expect(rig.director.unmatchedNames.count == UnmatchedNames.capacity)
        #expect(rig.director.unmatchedNamesNotKept == 300 - (UnmatchedNames.capacity - 3))
        #expect(reported.count == UnmatchedNames.capacity)
        rig.director.use(try LoadedMapping.load(text: "[[rule]]\nevent = \"action\"\naction = \"jummp\"\npattern = \"ImpactLight\"\n", presets: .builtIn()))
        #expect(rig.director.unmatchedNames.isEmpty)
    }
}
