@_spi(HapticsTools) import Haptics
@_spi(HapticsTools) @testable import HapticsTools
import Testing

@Suite("Adaptive triggers in simulate traces: CSV columns and SVG lanes")
struct TriggerTraceTests {
    static let config = """
    [[rule]]
    event = "custom"
    custom = "equip_bow"
    trigger_effect = { side = "right", mode = "weapon", start = 0.2, end = 0.6, strength = 0.9 }

    [[rule]]
    event = "texture"
    texture = "cart_brake"
    trigger_effect = { side = "left", mode = "feedback", start = 0.1, strength = { input = "value", input_range = [0, 10], output_range = [0, 1] } }
    """
    static let script = """
    {"time": 0.0, "event": "custom", "name": "equip_bow", "player": 0}
    {"time": 0.1, "event": "texture", "id": "brake", "action": "update", "kind": "cart_brake", "value": 5, "player": 0}
    {"time": 0.2, "event": "texture", "id": "brake", "action": "stop", "kind": "cart_brake", "player": 0}
    """

    @Test("the CSV gains left_effect,right_effect with each frame's effects, in Apple's parameter order")
    func csv() throws {
        let mapping = try LoadedMapping.load(text: Self.config, presets: .builtIn())
        let simulation = try MappingSimulation(script: try EventScript.parse(Self.script), mapping: mapping, rate: 10)
        let lines = simulation.csv().split(separator: "\n").map(String.init)
        #expect(lines.first == "time,output,low,high,left_trigger,right_trigger,left_effect,right_effect")
        #expect(lines.dropFirst().first == "0.0,player0,0.0,0.0,0.0,0.0,off,weapon(0.2;0.6;0.9)")
        #expect(lines.dropFirst(2).first == "0.1,player0,0.0,0.0,0.0,0.0,feedback(0.1;0.5),weapon(0.2;0.6;0.9)")
        #expect(lines.dropFirst(3).first == "0.2,player0,0.0,0.0,0.0,0.0,off,weapon(0.2;0.6;0.9)")
        #expect(simulation.triggerEffects.first?.count == lines.count - 1)
    }

    @Test("without trigger rules the CSV keeps the render format")
    func csvUnchanged() throws {
        let mapping = try LoadedMapping.load(text: "[[rule]]\nevent = \"custom\"\npattern = \"ImpactHeavy\"\n", presets: .builtIn())
        let simulation = try MappingSimulation(script: try EventScript.parse("{\"time\": 0, \"event\": \"custom\", \"name\": \"x\"}"), mapping: mapping)
        #expect(simulation.csv().hasPrefix(RecordingOutput.csvHeader + "\n"))
        #expect(simulation.triggerEffects.isEmpty)
    }

    @Test("the SVG gains an L2 and an R2 effect lane per player, with the force and each mode change")
    func svg() throws {
        let mapping = try LoadedMapping.load(text: Self.config, presets: .builtIn())
        let simulation = try MappingSimulation(script: try EventScript.parse(Self.script), mapping: mapping, rate: 10)
        let svg = simulation.svg(title: "bow & brake")
        #expect(svg.contains("<g class=\"trigger-effect\" data-output=\"player0\" data-side=\"left\">"))
        #expect(svg.contains("<g class=\"trigger-effect\" data-output=\"player0\" data-side=\"right\">"))
        #expect(svg.components(separatedBy: "class=\"mode\"").count - 1 == 4, "left: off, feedback, off; right: weapon")
        #expect(svg.contains(">weapon</text>") && svg.contains(">feedback</text>"))
        #expect(AdaptiveTrigger.Effect.weapon(startPosition: 0.2, endPosition: 0.6, resistiveStrength: 0.9).peakForce == 0.9)
        #expect(AdaptiveTrigger.Effect.positionalVibration(amplitudes: AdaptiveTrigger.PositionalValues([0.1, 0.7]), frequency: 1).peakForce == 0.7)
    }
}
