import Foundation
@_spi(HapticsTools) @testable import Haptics
import Testing

/// The rule index (issue 26): an event finds its rule in a few lookups whatever the number of rules,
/// and finds exactly the rule a scan of every rule in file order finds.
@Suite("Mapping: rules indexed by what they match")
struct RuleIndexTests {
    /// The same rules and events on every run (`SplitMix64`, AHAPLimitTests).
    typealias Numbers = SplitMix64

    /// Names short and long (over 15 bytes: kept as a hash), and the empty name.
    static let names = ["metal", "wood", "stone", "grass", "", "a-name-longer-than-fifteen-bytes", "boom", "rolling"]
    static let tags = [nil, nil, "boss", "a-tag-longer-than-fifteen-bytes"]

    static func randomRule(_ numbers: inout Numbers) -> MappingRule {
        let kind = numbers.pick(EventKindName.allCases)
        var rule = MappingRule(name: "r", event: kind, pattern: "ImpactLight", intensity: .constant(1), category: .impact)
        switch kind {
        case .collision:
            if numbers.next() % 4 != 0 { rule.match.materials = (numbers.pick(names + ["*"]), numbers.pick(names + ["*"])) }
        case .footstep: if numbers.bool() { rule.match.surface = numbers.pick(names) }
        case .custom: if numbers.bool() { rule.match.name = numbers.pick(names) }
        case .action: if numbers.bool() { rule.match.action = numbers.pick(names) }
        case .texture: if numbers.bool() { rule.match.textureKind = numbers.pick(names) }
        case .hit:
            rule.match.critical = numbers.pick([nil, true, false])
            rule.match.received = numbers.pick([nil, true, false])
        case .feedback:
            if numbers.bool() { rule.match.feedback = numbers.pick(HapticFeedback.names + ["noSuchCase"]) }
        }
        rule.match.tag = numbers.pick(tags)
        return rule
    }

    static func randomEvent(_ numbers: inout Numbers) -> GameEvent {
        func name() -> HapticName { HapticName(numbers.pick(names)) }
        let tag = numbers.pick(tags).map { HapticName($0) }
        switch numbers.pick(EventKindName.allCases) {
        case .collision:
            let a: HapticName? = numbers.next() % 5 == 0 ? nil : name()
            let b: HapticName? = numbers.next() % 5 == 0 ? nil : name()
            return .collision(massA: 1, massB: nil, speed: 1, materials: (a, b), tag: tag)
        case .footstep: return .footstep(surface: name(), speed: 1, tag: tag)
        case .hit: return .hit(damage: 1, critical: numbers.bool(), received: numbers.bool(), tag: tag)
        case .texture: return .texture(id: 1, .start, kind: numbers.bool() ? name() : nil, tag: tag)
        case .custom: return .custom(name(), tag: tag)
        case .action: return .action(name(), tag: tag)
        case .feedback:
            let feedback = HapticFeedback(name: numbers.pick(HapticFeedback.names)) ?? .success
            return .feedback(feedback, tag: tag)
        }
    }

    /// The reference: the first rule in file order whose kind and match take the event.
    static func scan(_ rules: [MappingRule], _ event: GameEvent) -> Int? {
        rules.indices.first { rules[$0].event == event.kindName && CompiledMatch(rules[$0].match, kind: rules[$0].event).matches(event) }
    }

    static func mapping(_ rules: [MappingRule]) -> CompiledMapping {
        var config = HapticMappingConfig()
        config.rules = rules
        return CompiledMapping(config: config)
    }

    @Test("the index finds the rule a scan in file order finds: 200 random configs × 500 random events, every kind filed")
    func sameAsScan() {
        var numbers = Numbers(seed: 26)
        var matched = 0, unmatched = 0
        for _ in 0..<200 {
            let rules = (0..<Int(numbers.next() % 40)).map { _ in Self.randomRule(&numbers) }
            let filed = RuleIndex(rules.map { (CompiledMatch($0.match, kind: $0.event), $0.event) }, scanLimit: 0)
            let mapping = Self.mapping(rules)   // kinds of few rules scanned
            for _ in 0..<500 {
                let event = Self.randomEvent(&numbers)
                let expected = Self.scan(rules, event)
                #expect(filed.firstRule(for: event) == expected, "\(event) in \(rules.map(\.match))")
                #expect(mapping.ruleIndex(for: event) == expected)
                if expected == nil { unmatched += 1 } else { matched += 1 }
            }
        }
        #expect(matched > 20_000 && unmatched > 20_000, "both outcomes are exercised: \(matched) matched, \(unmatched) not")
    }

    @Test("a kind of more than 16 rules is looked up, one of fewer scanned; both give the scan's answer")
    func scanOrIndex() {
        var numbers = Numbers(seed: 2_026)
        for count in [16, 17, 300] {
            var rules: [MappingRule] = []
            while rules.count < count {
                let rule = Self.randomRule(&numbers)
                if rule.event == .collision { rules.append(rule) }
            }
            let mapping = Self.mapping(rules)
            #expect((mapping.index.count > 0) == (count > RuleIndex.scanLimit), "\(count) collision rules")
            for _ in 0..<2_000 {
                let event = Self.randomEvent(&numbers)
                #expect(mapping.ruleIndex(for: event) == Self.scan(rules, event))
            }
        }
    }

    @Test("materials match in either order, a wildcard matches any material, a pair both")
    func materialPairs() {
        var pair = MappingRule(name: "pair", event: .collision, pattern: "ImpactLight", intensity: .constant(1), category: .impact)
        pair.match.materials = ("wood", "metal")
        var one = pair
        one.match.materials = ("*", "stone")
        let mapping = Self.mapping([pair, one])
        #expect(mapping.ruleIndex(for: .collision(massA: 1, massB: 1, speed: 1, materials: ("metal", "wood"))) == 0)
        #expect(mapping.ruleIndex(for: .collision(massA: 1, massB: 1, speed: 1, materials: ("wood", "metal"))) == 0)
        #expect(mapping.ruleIndex(for: .collision(massA: 1, massB: 1, speed: 1, materials: ("wood", "wood"))) == nil)
        #expect(mapping.ruleIndex(for: .collision(massA: 1, massB: 1, speed: 1, materials: ("stone", nil))) == 1)
        #expect(mapping.ruleIndex(for: .collision(massA: 1, massB: 1, speed: 1, materials: ("metal", "stone"))) == 1)
        #expect(mapping.ruleIndex(for: .collision(massA: 1, massB: 1, speed: 1, materials: (nil, "metal"))) == nil)
    }

    /// 100,000 rules none of which takes the events posted: every kind, names, tags, material pairs and
    /// hit flags that never occur.
    static func neverMatchingRules(_ count: Int) -> [MappingRule] {
        (0..<count).map { index in
            let kinds: [EventKindName] = [.custom, .hit, .collision, .footstep, .action]
            var rule = MappingRule(name: "never \(index)", event: kinds[index % kinds.count], pattern: "ImpactLight",
                                   intensity: .constant(1), category: .impact)
            switch rule.event {
            case .custom: rule.match.name = "never\(index)"
            case .action: rule.match.action = "never\(index)"
            case .hit: rule.match.tag = "tag\(index)"              // hits with another tag
            case .collision: rule.match.materials = ("m\(index)", "*")
            default: rule.match.surface = "s\(index)"
            }
            return rule
        }
    }

    @Test("an event costs at most 8 lookups, the same with 10 rules as with 100,000")
    func boundedLookups() {
        let events: [GameEvent] = [
            .collision(massA: 1, massB: 1, speed: 1, materials: ("metal", "wood"), tag: "boss"),
            .hit(damage: 3, critical: true, tag: "boss"), .custom("boom", tag: "t"), .footstep(surface: "grass", speed: 1),
            .texture(id: 1, .start, kind: "rolling"), .feedback(.success), .action("jump", tag: "t"), .action("land"),
        ]
        let lookups = events.map(RuleIndex.lookups(for:))
        #expect(lookups == [8, 4, 4, 2, 2, 2, 4, 2])
        let small = Self.mapping(Self.neverMatchingRules(10))
        let large = Self.mapping(Self.neverMatchingRules(100_000))
        #expect(large.index.count == 100_000, "every rule filed under its own key")
        for event in events {
            #expect(small.ruleIndex(for: event) == nil)
            #expect(large.ruleIndex(for: event) == nil)
        }
    }

    @Test("100,000 rules that never match and a frame of 16,384 hits: every hit unmatched, none dropped")
    func largeFrame() throws {
        var config = HapticMappingConfig()
        config.rules = Self.neverMatchingRules(100_000)
        var hit = MappingRule(name: "boss hits", event: .hit, pattern: "ImpactLight", intensity: .constant(1), category: .impact)
        hit.match.tag = "boss"
        config.rules.append(hit)   // the last rule takes the boss's hits
        let mapping = LoadedMapping(config: config, patterns: Array(repeating: HapticPattern(events: []), count: config.rules.count), file: nil)
        let rig = try MappingRig(mapping: mapping)
        for index in 0..<16_384 {
            rig.director.post(.hit(damage: 10, critical: index % 2 == 0, tag: index == 16_383 ? "boss" : "minion"))
        }
        rig.frame()
        #expect(rig.director.statistics.events == 16_384)
        #expect(rig.director.statistics.unmatched == 16_383)
        #expect(rig.director.statistics.dropped == 0)
        #expect(mapping.ruleIndex(for: .hit(damage: 1, tag: "boss")) == 100_000)
    }

    /// `ActionTests.config` (dash with a cooldown, land with a value curve and attenuation, a custom
    /// "dash") and three more action rules, after `fillers` rules of every kind that take none of the
    /// events below: 40 actions with other names, 40 custom events named like the actions, 40
    /// collisions. With more than `RuleIndex.scanLimit` rules of each kind, actions are filed in the
    /// index, not scanned.
    static func actionsAmongMany(fillers: Int = 40) -> String {
        var text = ""
        for index in 0..<fillers {
            text += """
            [[rule]]
            name = "action \(index)"
            event = "action"
            action = "other\(index)"
            pattern = "ImpactLight"
            tag = "\(index % 2 == 0 ? "boss" : "minion")"

            [[rule]]
            name = "custom \(index)"
            event = "custom"
            custom = "\(index % 2 == 0 ? "jump" : "land")"
            pattern = "ImpactLight"
            tag = "t\(index)"

            [[rule]]
            name = "collision \(index)"
            event = "collision"
            materials = ["m\(index)", "*"]
            pattern = "ImpactLight"


            """
        }
        return text + ActionTests.config + """


        [[rule]]
        name = "tagged jump"
        event = "action"
        action = "jump"
        tag = "boss"
        pattern = "ImpactLight"

        [[rule]]
        name = "jump"
        event = "action"
        action = "jump"
        pattern = "ImpactLight"

        [[rule]]
        name = "any action"
        event = "action"
        tag = "menu"
        pattern = "ImpactLight"
        """
    }

    @Test("an action rule among 120 others is found through the index (actions filed, not scanned), by name and tag, apart from custom events of the same name")
    func actionsIndexed() throws {
        let mapping = try LoadedMapping.load(text: Self.actionsAmongMany(), presets: .builtIn())
        let rules = mapping.config.rules
        #expect(rules.count == 126)
        #expect(rules.filter { $0.event == .action }.count > RuleIndex.scanLimit)
        #expect(mapping.compiled.index.count >= 40, "action rules are filed in the table")
        func rule(_ event: GameEvent) -> String? { mapping.ruleIndex(for: event).map { rules[$0].name } }
        #expect(rule(.action("dash")) == "dash")
        #expect(rule(.action("land", value: 4)) == "land")
        #expect(rule(.action("jump")) == "jump")
        #expect(rule(.action("jump", tag: "boss")) == "tagged jump", "the tagged rule comes first in the file")
        #expect(rule(.action("other3", tag: "minion")) == "action 3")
        #expect(rule(.action("other3", tag: "boss")) == nil, "action 3 asks for the minion tag")
        #expect(rule(.action("open_menu", tag: "menu")) == "any action", "a rule with only a tag takes any name")
        #expect(rule(.action("open_menu")) == nil)
        #expect(rule(.custom("jump", tag: "t0")) == "custom 0", "a custom event of an action's name takes the custom rule")
        #expect(rule(.custom("dash")) == "custom dash")
        // The index answers what the scan in file order answers, for these and random actions.
        var numbers = Numbers(seed: 25)
        for _ in 0..<2_000 {
            let other = "other\(numbers.next() % 45)"
            let name = numbers.pick(["dash", "land", "jump", "open_menu", other])
            let tag = numbers.pick([nil, "boss", "minion", "menu", "t0"]).map { HapticName($0) }
            let event = GameEvent.action(HapticName(name), tag: tag)
            #expect(mapping.ruleIndex(for: event) == Self.scan(rules, event), "\(event)")
        }
    }

    @Test("the counters issue 25 added count the same when actions go through the index: unmatched, silenced, cooled down, coalesced, out of range")
    func actionCountersIndexed() throws {
        try ActionTests.expectCounters(config: Self.actionsAmongMany())
    }

    @Test("a frame's response buffers hold what one frame can keep (events × players), not rules × players × 4")
    func responseBuffersBounded() {
        let large = FrameResponses(rules: 100_000, players: 4, events: 16_384)
        #expect(large.keptCapacity == 16_384 * 4, "was 100,000 × 4 × 4 = 1,600,000 responses reserved three times")
        let small = FrameResponses(rules: 10, players: 4, events: 16_384)
        #expect(small.keptCapacity == 10 * 4 * FrameResponses.burstLimit)
    }
}

extension SplitMix64 {
    mutating func pick<T>(_ choices: [T]) -> T { choices[Int(next() % UInt64(choices.count))] }
    mutating func bool() -> Bool { next() & 1 == 1 }
}
