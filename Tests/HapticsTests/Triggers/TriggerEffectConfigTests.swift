@_spi(HapticsTools) import Haptics
import Testing

/// A mapping target with two players' adaptive triggers and no motors.
private final class TriggerTarget: HapticFeedbackTarget {
    let players = [AdaptiveTriggers(), AdaptiveTriggers()]
    var feedbackTime = 0.0
    let feedbackDevices: FeedbackDevices
    init() {
        var devices = FeedbackDevices(playerCount: players.count)
        for (player, triggers) in players.enumerated() { devices.setTriggers(triggers, forPlayer: player) }
        feedbackDevices = devices
    }
}

@Suite("Adaptive triggers in the mapping config: rules set effects, textures drive them, errors say where")
struct TriggerEffectConfigTests {
    static let config = """
    [[rule]]
    event = "custom"
    custom = "equip_bow"
    trigger_effect = { side = "right", mode = "weapon", start = 0.2, end = 0.6, strength = 0.9 }

    [[rule]]
    event = "custom"
    custom = "unequip"
    trigger_effect = { side = "both", mode = "off" }

    [[rule]]
    event = "texture"
    texture = "cart_brake"
    trigger_effect = { side = "left", mode = "feedback", start = 0.1, strength = { input = "value", curve = "linear", input_range = [0, 10], output_range = [0, 1] } }

    [[rule]]
    event = "custom"
    custom = "engine"
    pattern = "ImpactHeavy"
    trigger_effect = { side = "right", mode = "vibration", amplitude = { input = "value", input_range = [0, 1], output_range = [0.2, 1] }, frequency = 0.3 }
    """

    @Test("an event rule sets a weapon on R2 for the event's player; another turns both off; rules without a pattern load")
    func eventRules() throws {
        let mapping = try LoadedMapping.load(text: Self.config, presets: .builtIn())
        #expect(mapping.hasTriggerEffects)
        let target = TriggerTarget()
        let director = HapticEventDirector(target: target, mapping: mapping)
        director.post(.custom("equip_bow", player: 1))
        director.update(at: 0.016)
        #expect(target.players[1].right.effect == .weapon(startPosition: 0.2, endPosition: 0.6, resistiveStrength: 0.9))
        #expect(target.players[0].right.effect == .off, "only the event's player")
        #expect(director.statistics.triggerEffects == 1)
        director.post(.custom("unequip"))   // no player: every player
        director.update(at: 0.032)
        #expect(target.players[1].right.effect == .off)
        #expect(director.statistics.triggerEffects == 3)
        director.post(.custom("engine", value: 0.5, player: 0))
        director.update(at: 0.048)
        guard case let .vibration(start, amplitude, frequency) = target.players[0].right.effect else {
            Issue.record("expected a vibration, found \(target.players[0].right.effect)")
            return
        }
        #expect(start == 0 && frequency == 0.3)
        #expect(abs(amplitude - 0.6) < 1e-12, "0.2 + 0.8 × 0.5")
    }

    @Test("a texture drives the brake's resistance frame by frame through its curve; stop turns it off")
    func textureDrivesResistance() throws {
        let mapping = try LoadedMapping.load(text: Self.config, presets: .builtIn())
        let target = TriggerTarget()
        let director = HapticEventDirector(target: target, mapping: mapping)
        director.post(.texture(id: 7, .start, value: 0, kind: "cart_brake", player: 0))
        director.update(at: 0)
        #expect(target.players[0].left.effect == .feedback(startPosition: 0.1, resistiveStrength: 0))
        var strengths: [Double] = []
        for frame in 1...10 {
            director.post(.texture(id: 7, .update, value: Double(frame), kind: "cart_brake", player: 0))
            director.update(at: Double(frame) / 60)
            if case let .feedback(_, strength) = target.players[0].left.effect { strengths.append(strength) }
        }
        #expect(strengths.count == 10)
        for (index, strength) in strengths.enumerated() { #expect(abs(strength - Double(index + 1) / 10) < 1e-12) }
        director.post(.texture(id: 7, .update, value: 25, kind: "cart_brake", player: 0))
        director.update(at: 0.2)
        #expect(target.players[0].left.effect == .feedback(startPosition: 0.1, resistiveStrength: 1), "the curve clamps")
        director.post(.texture(id: 7, .stop, kind: "cart_brake", player: 0))
        director.update(at: 0.3)
        #expect(target.players[0].left.effect == .off)
        #expect(target.players[0].right.effect == .off, "the other side is untouched")
        #expect(director.activeTextureCount == 0, "a trigger-only texture holds no voice")
    }

    func errors(_ text: String) -> [ConfigDiagnostic] {
        do {
            _ = try LoadedMapping.load(text: text, file: "test.toml", presets: .builtIn())
            return []
        } catch {
            return error.diagnostics
        }
    }

    @Test("bad trigger effects are errors with file:line:column, what was expected, and a suggestion", arguments: [
        ("mode = \"wepon\", side = \"right\", strength = 1", 27, "unknown trigger effect mode 'wepon'", "weapon"),
        ("mode = \"feedback\", side = \"rihgt\", strength = 1", 46, "unknown side 'rihgt'", "right"),
        ("mode = \"feedback\", side = \"right\"", 18, "mode feedback needs 'strength'", nil),
        ("mode = \"feedback\", side = \"right\", strength = 1, end = 0.5", 69, "'end' does not apply to mode feedback", nil),
        ("mode = \"feedback\", side = \"right\", strength = 1.5", 66, "out of range: expected a number in 0...1", nil),
        ("mode = \"positionalFeedback\", side = \"left\", strengths = [1, 0.5]", 76, "expected ten numbers in 0...1", nil),
        ("mode = \"weapon\", side = \"right\", start = 0.2, end = 0.6, strenght = 1", 77, "unknown key: expected one of", "strength"),
        ("side = \"right\", strength = 1", 18, "needs 'mode'", nil),
        ("mode = \"vibration\", side = \"left\", amplitude = { input = \"speed\" }, frequency = 0.5", 77, "not an input of custom events", nil),
    ] as [(String, Int, String, String?)])
    func located(_ table: String, _ column: Int, _ phrase: String, _ suggestion: String?) throws {
        let text = "[[rule]]\nevent = \"custom\"\ncustom = \"x\"\ntrigger_effect = { \(table) }\n"
        let found = errors(text)
        let first = try #require(found.first, "no error for:\n\(text)")
        #expect(first.file == "test.toml")
        #expect(first.location.line == 4, "\(first)")
        #expect(first.location.column == column, "\(first)")
        #expect(first.message.contains(phrase), "\(first.message)")
        #expect(first.path.hasPrefix("rule[0].trigger_effect"), "\(first.path)")
        #expect(first.suggestion == suggestion, "\(String(describing: first.suggestion))")
    }

    @Test("a rule with neither pattern nor trigger_effect still needs a pattern; trigger_effect must be a table")
    func needsSomething() {
        let missing = errors("[[rule]]\nevent = \"custom\"\n")
        #expect(missing.first?.message.contains("needs 'pattern'") == true)
        #expect(missing.first?.message.contains("or 'trigger_effect'") == true)
        let wrongType = errors("[[rule]]\nevent = \"custom\"\ntrigger_effect = \"weapon\"\n")
        #expect(wrongType.first?.location.line == 3)
        #expect(wrongType.first?.location.column == 18)
        #expect(wrongType.first?.message.contains("expected a table") == true)
    }
}
