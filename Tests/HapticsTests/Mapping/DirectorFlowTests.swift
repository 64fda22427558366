@_spi(HapticsTools) import Haptics
import Testing

/// The mapping layer's one direction of flow and its one feedback route: the director maps events
/// into plain start requests without any target, and feedback posted as an event, played through a
/// generator, or both, counts against one rate limit.
@Suite("Director: requests as plain values, one feedback route")
struct DirectorFlowTests {
    @Test("a director without a target returns what to start as plain values, cooldown counted, and starts nothing itself")
    func requestsWithoutTarget() throws {
        let mapping = try MappingRig.defaultMapping()
        let director = HapticEventDirector(mapping: mapping)
        let crash = GameEvent.collision(massA: 40, massB: nil, speed: 6, materials: ("crate", "stone"), player: 1)
        director.post(crash)
        director.post(.feedback(.success, player: 0))
        director.post(.texture(id: 7, .start, value: 3, kind: "rolling", player: 2))
        let requests = director.update(at: 0, playerCount: 4)
        var rules: [MappedHaptic] = [], feedback: [(HapticFeedback, Int)] = [], textures: [Int] = []
        for request in requests {
            switch request {
            case .rule(let response): rules.append(response)
            case .feedback(let kind, let player): feedback.append((kind, player))
            case .texture(_, let player, _): textures.append(player)
            case .triggerEffect: break
            }
        }
        let expected = try #require(mapping.response(to: crash, player: 1))
        #expect(rules.count == 1 && rules.first?.player == 1 && rules.first?.ruleIndex == expected.ruleIndex)
        #expect(rules.first?.intensity == expected.intensity, "the director's response is the compiled mapping's")
        #expect(feedback.count == 1 && feedback.first?.0 == .success && feedback.first?.1 == 0)
        #expect(textures == [2])
        #expect(director.statistics.started == 0, "nothing was started: there is no target")
        // The collision rule's cooldown (0.04 s in the shipped config) counts from the request.
        director.post(crash)
        let again = director.update(at: 0.01, playerCount: 4)
        #expect(!again.contains { if case .rule = $0 { return true } else { return false } })
        // Each post counts once its frame's requests are started (here on devices without pads).
        director.start(again, on: FeedbackDevices(playerCount: 4), at: 0.01)
        #expect(director.statistics.cooledDown == 1)
        #expect(director.statistics.outcomes == director.statistics.events, "\(director.statistics)")
    }

    @Test("posted selection ticks are rate-limited like play(.selection): one per 0.05 s, shared with generators")
    func oneFeedbackThrottle() throws {
        let output = RecordingOutput(name: "pad", profile: .virtual)
        let engine = HapticEngine(outputs: [output], voiceCapacity: 16)
        try engine.start()
        let director = HapticEventDirector(target: engine)
        let generator = director.feedbackGenerator(forPlayer: 0, on: engine)
        director.post(.feedback(.selection, player: 0))
        director.update(at: 0)
        engine.update(at: 0)
        #expect(director.statistics.started == 1)
        director.post(.feedback(.selection, player: 0))
        director.update(at: 0.02)
        engine.update(at: 0.02)
        #expect(director.statistics.started == 1 && director.statistics.throttled == 1, "0.02 s later: throttled")
        #expect(!generator.play(.selection), "the generator shares the last start: still throttled at 0.02 s")
        engine.update(at: 0.06)
        #expect(generator.play(.selection), "0.06 s after the first tick the generator plays")
        director.post(.feedback(.selection, player: 0))
        director.update(at: 0.08)
        #expect(director.statistics.throttled == 2, "0.02 s after the generator's tick the posted one is throttled")
        director.post(.feedback(.success, player: 0))
        director.post(.feedback(.success, player: 0))
        director.update(at: 0.09)
        #expect(director.statistics.started == 2 && director.statistics.coalesced == 1, "other cases have no rate limit")
    }

    @Test("player Int.max, a negative player and a negative player count are refused without trapping")
    func hostilePlayers() throws {
        let director = HapticEventDirector(mapping: try MappingRig.defaultMapping())
        for player in [Int.max, Int.min, -1] {
            director.post(.feedback(.success, player: player))
            director.post(.texture(id: 1, .start, value: 2, kind: "rolling", player: player))
            director.post(.collision(massA: 40, massB: nil, speed: 6, materials: ("crate", "stone"), player: player))
            director.post(.hit(damage: 30, direction: 0.5, player: player))
        }
        #expect(director.update(at: 0, playerCount: 4).isEmpty, "no request for a player that cannot exist")
        director.post(.feedback(.success))
        #expect(director.update(at: 1, playerCount: -3).isEmpty, "a negative player count is no players")
        #expect(director.statistics.events == 13, "every posted event was taken")
    }
}
