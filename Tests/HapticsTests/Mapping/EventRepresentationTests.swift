import Foundation
@_spi(HapticsTools) import Haptics
import Testing

/// Game events are stored flat and names inline (`HapticName`) so the per-frame path copies no
/// strings; these tests pin that what goes in comes back out, and that the fast and the public
/// paths agree.
@Suite("Game events: flat storage, names, material lookup")
struct EventRepresentationTests {
    // MARK: Round trips

    @Test("every kind comes back from the flat storage as it went in, optional fields nil or set")
    func kindsRoundTrip() {
        let kinds: [GameEvent.Kind] = [
            .collision(.init(massA: 2, massB: nil, speed: 3, impulse: nil, materialA: "metal", materialB: nil)),
            .collision(.init(massA: nil, massB: 5, speed: -1, impulse: 40, materialA: nil, materialB: "wood")),
            .collision(.init(massA: 0, massB: 0, speed: 0)),
            .footstep(.init(surface: "grass", speed: 1.5)),
            .footstep(.init(surface: "metal", speed: 4, weight: 0, foot: .left)),
            .footstep(.init(surface: "", speed: 0, weight: 90, foot: .right)),
            .hit(.init(damage: 12)),
            .hit(.init(damage: 0, direction: 0, critical: true, received: false)),
            .hit(.init(damage: 99, direction: -0.5, critical: false, received: true)),
            .texture(.init(id: -7, action: .start, value: 2.5, kind: "rolling")),
            .texture(.init(id: Int.max, action: .update, value: -1)),
            .texture(.init(id: Int.min, action: .stop)),
            .custom(name: "snap", value: -3),
            .action(name: "dash", value: 1),
            .action(name: "land", value: -0.5),
            .feedback(.success),
            .feedback(.impact(weight: .heavy, intensity: 0.4)),
            .feedback(.impactFlexibility(.soft, intensity: 0)),
        ]
        for kind in kinds {
            let event = GameEvent(kind, player: 2, position: WorldPosition(x: 1, y: -2, z: 3), tag: "boss")
            #expect(describe(event.kind) == describe(kind))
            #expect(event.player == 2)
            #expect(event.position == WorldPosition(x: 1, y: -2, z: 3))
            #expect(event.tag == "boss")
        }
    }

    @Test("an event is a plain value of at most 176 bytes (what posting copies)")
    func eventSize() {
        #expect(MemoryLayout<GameEvent>.stride <= 176, "\(MemoryLayout<GameEvent>.stride) bytes")
        #expect(_isPOD(GameEvent.self), "nothing in an event is reference-counted")
    }

    @Test("changing the kind keeps player, position and tag and clears the old kind's fields")
    func kindChange() {
        var event = GameEvent.collision(massA: 3, massB: 4, speed: 5, impulse: 6, materials: ("metal", "stone"),
                                        player: 1, position: WorldPosition(x: 9, y: 8), tag: "heavy")
        event.kind = .hit(.init(damage: 7))
        #expect(describe(event.kind) == describe(.hit(.init(damage: 7))))
        #expect(event.player == 1 && event.position == WorldPosition(x: 9, y: 8) && event.tag == "heavy")
        event.kind = .collision(.init(massA: nil, massB: nil, speed: 1))
        guard case .collision(let collision) = event.kind else { Issue.record("not a collision"); return }
        #expect(collision.massA == nil && collision.massB == nil && collision.impulse == nil)
        #expect(collision.materialA == nil && collision.materialB == nil, "the earlier materials are gone")
        event.player = nil
        event.position = nil
        event.tag = nil
        #expect(event.player == nil && event.position == nil && event.tag == nil)
    }

    @Test("a feedback event keeps an impact's intensity, clamped to 0...1")
    func feedbackIntensity() {
        guard case .feedback(let kept) = GameEvent.feedback(.impact(weight: .light, intensity: 0.3)).kind,
              case .feedback(let clamped) = GameEvent.feedback(.impact(weight: .light, intensity: 1.7)).kind else {
            Issue.record("not feedback")
            return
        }
        #expect(kept == .impact(weight: .light, intensity: 0.3))
        #expect(clamped == .impact(weight: .light, intensity: 1))
        for (index, feedback) in HapticFeedback.allPresetCases.enumerated() {
            #expect(feedback.presetIndex == index)
            #expect(HapticFeedback(presetIndex: index) == feedback)
        }
    }

    @Test("names from literals and from String values make the same events")
    func factoriesAgree() {
        let metal: HapticName = HapticName(String("metal"))
        let a = GameEvent.collision(massA: 10, massB: nil, speed: 3, materials: ("metal", "stone"), player: 0, tag: "heavy")
        let b = GameEvent.collision(massA: 10, massB: nil, speed: 3, materials: (metal, HapticName("stone")), player: 0,
                                    tag: "heavy")
        #expect(describe(a.kind) == describe(b.kind) && a.tag == b.tag && a.player == b.player)
        let c = GameEvent.footstep(surface: "gravel", speed: 2, weight: 80, foot: .right)
        let d = GameEvent.footstep(surface: HapticName("gravel"), speed: 2, weight: 80, foot: .right)
        #expect(describe(c.kind) == describe(d.kind))
    }

    // MARK: Names

    @Test("names up to 15 UTF-8 bytes come back exactly; longer ones too, and compare exactly")
    func names() {
        for text in ["a", "metal", "café", "fifteen-bytes-x", "ümlaut-grün"] {
            #expect(text.utf8.count <= 15)
            #expect(HapticName(text).string == text)
            #expect(HapticName(text) == HapticName(String(text)))
        }
        #expect(HapticName("") == HapticName(String()), "the empty name is a name like any other")
        #expect(HapticName("") != HapticName("a"))
        let long = "sixteen-bytes-xx"
        #expect(HapticName(long) == HapticName(long + ""))
        #expect(HapticName(long) != HapticName("sixteen-bytes-xy"))
        #expect(HapticName(long).string == long, "a long name is kept in the table of long names (issue 31)")
        // Two names FNV-1a-64 maps to the same hash (found by a distinguished-point search): told apart.
        #expect(HapticName("hit_7e820901f1e65f74") != HapticName("hit_9d2bbf31a78fad02"))
        #expect(HapticName("hit_7e820901f1e65f74").string == "hit_7e820901f1e65f74")
        #expect(HapticName("metal") != HapticName("metals"))
        #expect(HapticName("ab") != HapticName("ab\u{0}"), "the length is part of the name")
    }

    @Test("a config with many materials and long names: every one is found, unknown ones are not")
    func manyMaterials() throws {
        let names = (0..<40).map { $0 % 3 == 0 ? "a-rather-long-material-name-\($0)" : "m\($0)" }
        var text = "[materials]\n"
        for (index, name) in names.enumerated() {
            text += "\"\(name)\" = { sharpness = 0.5, gain = \(Double(index + 1) / 40 * 2) }\n"
        }
        text += """
        [[rule]]
        event = "collision"
        pattern = "ImpactMedium"
        intensity = { input = "impulse", curve = "linear", input_range = [0.0, 100.0], output_range = [0.0, 0.4] }
        """
        let mapping = try LoadedMapping.load(text: text, presets: .builtIn())
        for (index, name) in names.enumerated() {
            // Both bodies of the same material: the gain is that material's.
            let event = GameEvent.collision(massA: nil, massB: nil, speed: 0, impulse: 50,
                                            materials: (HapticName(name), HapticName(name)))
            let expected = min(0.2 * Double(index + 1) / 40 * 2, 1)
            let viaConfig = try #require(mapping.response(to: event, player: 0)).intensity
            let viaTables = try #require(director(mapping).mapOne(event))
            #expect(abs(viaConfig - expected) < 1e-12, "\(name)")
            #expect(abs(viaTables - expected) < 1e-12, "\(name): the per-frame path agrees")
        }
        let unknown = GameEvent.collision(massA: nil, massB: nil, speed: 0, impulse: 50, materials: ("nope", "m1"))
        let gainOfM1 = 2.0 / 40 * 2
        #expect(abs(try #require(mapping.response(to: unknown, player: 0)).intensity - 0.2 * (1 + gainOfM1) / 2) < 1e-12)
    }

    // MARK: Feedback rules

    @Test("a feedback rule takes an impact whatever its intensity; without a rule the preset plays at that intensity")
    func feedbackMatching() throws {
        let text = """
        [[rule]]
        name = "heavy thud"
        event = "feedback"
        feedback = "impactHeavy"
        pattern = "ImpactHeavy"
        intensity = 0.7
        """
        let rig = try MappingRig(config: text)
        rig.director.post(.feedback(.impact(weight: .heavy, intensity: 0.4), player: 0))
        rig.frame()
        #expect(rig.director.recentMoments.last?.name == "heavy thud")
        #expect(rig.director.recentMoments.last?.intensity == 0.7)
        rig.director.post(.feedback(.impact(weight: .light, intensity: 0.25), player: 0))
        rig.frame()
        let preset = try #require(rig.director.recentMoments.last)
        #expect(preset.name == "ImpactLight")
        #expect(preset.intensity == 0.25)
        // A rule can pass the impact's intensity on through `value`.
        let passing = try MappingRig(config: """
        [[rule]]
        event = "feedback"
        pattern = "ImpactHeavy"
        intensity = { input = "value", curve = "linear", input_range = [0.0, 1.0], output_range = [0.0, 0.5] }
        """)
        passing.director.post(.feedback(.impact(weight: .heavy, intensity: 0.6), player: 0))
        passing.frame()
        #expect(abs((passing.director.recentMoments.last?.intensity ?? 0) - 0.3) < 1e-12)
    }

    // MARK: Curves

    @Test("a curve's shape and range read back as set, and equal curves hash equal")
    func curveProperties() {
        var curve = ResponseCurve(.log, input: 0.5...5000, output: 0.1...1, clamp: .soft)
        #expect(curve.shape == .log && curve.inputLow == 0.5 && curve.inputHigh == 5000 && curve.clamp == .soft)
        curve.shape = .table([.init(0, 0), .init(1, 0.5), .init(2, 1)])
        #expect(curve.value(at: 1.5) == 0.75)
        curve.shape = .power(exponent: 2)
        curve.inputLow = 0
        curve.inputHigh = 2
        #expect(abs(curve.value(at: 1) - (0.1 + 0.9 * 0.25)) < 1e-12)
        let same = ResponseCurve(.power(exponent: 2), input: 0...2, output: 0.1...1, clamp: .soft)
        #expect(curve == same)
        #expect(Set([curve, same]).count == 1)
        #expect(curve != ResponseCurve(.power(exponent: 3), input: 0...2, output: 0.1...1, clamp: .soft))
    }

    @Test("the soft knee: identity up to 0.8, 0.9 at 1, no corner, never 1")
    func softKnee() {
        let curve = ResponseCurve(.linear, input: 0...1, output: 0...1, clamp: .soft)
        #expect(curve.value(at: 0.5) == 0.5)
        #expect(curve.value(at: 0.8) == 0.8)
        #expect(abs(curve.value(at: 1) - 0.9) < 1e-12)
        #expect(abs(curve.value(at: 1.6) - 0.96) < 1e-12)
        let h = 1e-6
        let slopeAbove = (curve.value(at: 0.8 + h) - curve.value(at: 0.8)) / h
        #expect(abs(slopeAbove - 1) < 1e-3, "slope 1 on both sides of the knee")
        #expect(curve.value(at: 1e12) < 1)
        #expect(curve.value(at: 1e300) <= 1)
    }

    // MARK: Helpers

    /// The kind with every field spelled out, for comparing kinds (they are not Equatable).
    func describe(_ kind: GameEvent.Kind) -> String {
        switch kind {
        case .collision(let c):
            return "collision \(String(describing: c.massA)) \(String(describing: c.massB)) \(c.speed) \(String(describing: c.impulse)) \(String(describing: c.materialA)) \(String(describing: c.materialB))"
        case .footstep(let f):
            return "footstep \(f.surface) \(f.speed) \(String(describing: f.weight)) \(String(describing: f.foot))"
        case .hit(let h):
            return "hit \(h.damage) \(String(describing: h.direction)) \(h.critical) \(h.received)"
        case .texture(let t):
            return "texture \(t.id) \(t.action) \(t.value) \(String(describing: t.kind))"
        case .custom(let name, let value):
            return "custom \(name) \(value)"
        case .action(let name, let value):
            return "action \(name) \(value)"
        case .feedback(let feedback):
            return "feedback \(feedback)"
        }
    }

    /// A director on a one-pad engine with `mapping`, which maps one event at a time.
    func director(_ mapping: LoadedMapping) throws -> OneEventDirector { try OneEventDirector(mapping) }

    final class OneEventDirector {
        let rig: MappingRig
        init(_ mapping: LoadedMapping) throws { rig = try MappingRig(mapping: mapping) }

        /// The intensity the per-frame path gives `event` for player 0, through the director.
        func mapOne(_ event: GameEvent) -> Double? {
            var event = event
            event.player = 0
            rig.director.post(event)
            rig.frame()
            return rig.director.recentMoments.last?.intensity
        }
    }
}
