import Foundation
@_spi(HapticsTools) import Haptics
import Testing

/// Game actions as first-class events (issue 25): `GameEvent.action(name, value:)` with value 1 unless
/// given, rules with `event = "action"` and `action = "NAME"`, the same inputs, curves, cooldowns,
/// attenuation and player routing as every other event, and the statistics that say why an event
/// played nothing (unmatched, silenced, cooled down, coalesced).
@Suite("Mapping: game actions")
struct ActionTests {
    static let config = """
    [attenuation.near]
    shape = "linear"
    falloff_distance = 10.0

    [[rule]]
    name = "dash"
    event = "action"
    action = "dash"
    pattern = "ImpactMedium"
    cooldown = 0.5

    [[rule]]
    name = "land"
    event = "action"
    action = "land"
    pattern = "ImpactHeavy"
    intensity = { input = "value", curve = "linear", input_range = [0.0, 10.0], output_range = [0.2, 1.0] }
    attenuation = "near"

    [[rule]]
    name = "custom dash"
    event = "custom"
    custom = "dash"
    pattern = "ImpactLight"
    intensity = 0.1
    """

    @Test("an action is matched by kind and name; its value is 1 unless given and drives the value input")
    func matching() throws {
        let mapping = try LoadedMapping.load(text: Self.config, presets: .builtIn())
        let dash = try #require(mapping.response(to: .action("dash"), player: 0))
        #expect(mapping.config.rules[dash.ruleIndex].name == "dash")
        #expect(dash.intensity == 1, "the default intensity reads the value (1) linearly: full")
        #expect(mapping.response(to: .action("dash", value: 0.4), player: 0)?.intensity == 0.4)
        #expect(mapping.ruleIndex(for: .custom("dash")) == 2, "a custom event of the same name takes the custom rule")
        #expect(mapping.ruleIndex(for: .action("jump")) == nil, "no rule names it")
        let hop = try #require(mapping.response(to: .action("land"), player: 0)).intensity
        let fall = try #require(mapping.response(to: .action("land", value: 10), player: 0)).intensity
        #expect(abs(hop - 0.28) < 1e-9 && fall == 1)
        // Attenuation applies to an action with a position.
        let far = try #require(mapping.response(to: .action("land", value: 10, position: WorldPosition(x: 5, y: 0)),
                                                player: 0, listener: WorldPosition(x: 0, y: 0)))
        #expect(abs(far.intensity - 0.5) < 1e-9)
        #expect(GameEvent.action("dash").kindName == .action)
        #expect(MappingInput.value.kinds.contains(.action))
    }

    @Test("through the director: player routing, cooldown, coalescing and the counters")
    func statistics() throws {
        try Self.expectCounters(config: Self.config)
    }

    /// Player routing and every counter an action can end in, through the director of a config
    /// that holds `config`'s rules (RuleIndexTests passes them among 120 others, so that actions are
    /// found through the index instead of the scan of a kind of few rules).
    static func expectCounters(config: String) throws {
        let rig = try MappingRig(config: config, profiles: [.virtual, .virtual])
        // Player 1 only.
        let levels = rig.play(.action("dash", player: 1), frames: 3, output: 1)
        #expect(MappingRig.peak(levels) > 0)
        #expect(rig.outputs[0].frames.allSatisfy { $0.levels.isSilent })
        // Within the cooldown: dropped and counted; two in one frame: merged and counted.
        rig.director.post(.action("dash", player: 1))
        rig.frame()
        #expect(rig.director.statistics.cooledDown == 1)
        rig.frames(40)
        rig.director.post(.action("dash", value: 0.3, player: 0))
        rig.director.post(.action("dash", value: 0.6, player: 0))
        rig.frame()
        #expect(rig.director.statistics.coalesced == 1)
        // Silenced: a value of 0 maps to intensity 0; unmatched: a name no rule knows.
        rig.frames(40)
        rig.director.post(.action("dash", value: 0, player: 0))
        rig.director.post(.action("open_menu", player: 0))
        rig.frame()
        #expect(rig.director.statistics.silenced == 1)
        #expect(rig.director.statistics.unmatched == 1)
        #expect(rig.director.statistics.outOfRange == 0, "silence is not distance")
        #expect(rig.director.statistics.started == 2)
        // Out of range: attenuated to nothing, counted apart from silence.
        rig.director.setListener(WorldPosition(x: 0, y: 0), forPlayer: 0)
        rig.director.post(.action("land", value: 5, player: 0, position: WorldPosition(x: 50, y: 0)))
        rig.frame()
        #expect(rig.director.statistics.outOfRange == 1)
        #expect(rig.director.statistics.silenced == 1)
        #expect(rig.director.statistics.unmatched == 1)
    }

    @Test("config errors: a match key of another kind, an input actions do not have, an unknown kind named")
    func configErrors() {
        func problems(_ text: String) -> [String] {
            do throws(ConfigErrors) {
                _ = try LoadedMapping.load(text: text, presets: .builtIn())
                return []
            } catch {
                return error.diagnostics.map(\.description)
            }
        }
        let custom = problems("[[rule]]\nevent = \"custom\"\naction = \"dash\"\npattern = \"ImpactLight\"\n")
        #expect(custom.count == 1 && custom[0].contains("<config>:3:1: error: rule[0].action: 'action' does not apply to custom events (they match on: custom, tag)"), "\(custom)")
        let action = problems("[[rule]]\nevent = \"action\"\ncustom = \"dash\"\npattern = \"ImpactLight\"\n")
        #expect(action.count == 1 && action[0].contains("'custom' does not apply to action events (they match on: action, tag)"), "\(action)")
        let input = problems("[[rule]]\nevent = \"action\"\npattern = \"ImpactLight\"\nintensity = { input = \"speed\" }\n")
        #expect(input.count == 1 && input[0].contains("'speed' is not an input of action events: expected one of value"), "\(input)")
        let kind = problems("[[rule]]\nevent = \"acton\"\npattern = \"ImpactLight\"\n")
        #expect(kind.count == 1 && kind[0].contains("expected one of collision, footstep, hit, texture, custom, feedback, action (did you mean 'action'?)"), "\(kind)")
    }

    @Test("the shipped config feels jump, land, dash and shoot, and a long fall harder than a hop")
    func shippedConfig() throws {
        let mapping = try MappingRig.defaultMapping()
        for name in ["jump", "land", "dash", "shoot"] {
            let response = try #require(mapping.response(to: .action(HapticName(name)), player: 0), "\(name)")
            #expect(mapping.config.rules[response.ruleIndex].name == name)
            #expect(response.intensity > 0.2)
        }
        let hop = try #require(mapping.response(to: .action("land", value: 1), player: 0)).intensity
        let fall = try #require(mapping.response(to: .action("land", value: 12), player: 0)).intensity
        #expect(fall > hop)
    }
}
