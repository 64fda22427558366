import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

@Suite("hapticsctl check and simulate")
struct MappingCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
    static let config = root.appendingPathComponent("Assets/Haptics/haptics.toml").path
    static let events = root.appendingPathComponent("Demo/Scripts/events.jsonl").path

    @Test("check: the shipped config is valid (exit 0, one summary line)")
    func checkValid() throws {
        let run = try HapticsCtlRun.run(["check", Self.config])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.outputLines.count == 1)
        #expect(run.outputLines.first?.contains(": ok: 23 rules (action, collision, custom, feedback, footstep, hit, texture)") == true, "\(run.standardOutput)")
    }

    @Test("simulate: game actions in an event script (Demo/Scripts/actions.jsonl) through the shipped config")
    func simulateActions() throws {
        let script = Self.root.appendingPathComponent("Demo/Scripts/actions.jsonl").path
        let run = try HapticsCtlRun.run(["simulate", "--config", Self.config, "--events", script, "--summary"])
        #expect(run.status == 0, "\(run.standardError)")
        let rules = run.outputLines.dropFirst().map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init)[2] }
        #expect(rules == ["jump", "land", "dash", "shoot", "shoot", "jump", "land"], "\(run.standardOutput)")
        // The second shot 20 ms after the first is inside the rule's 50 ms cooldown; "open_menu" has no rule.
        #expect(run.standardError.contains("simulated 9 events: 7 voices started; per event 7 started, 0 updated, 0 coalesced, 1 cooled down, "
                                           + "0 throttled, 0 out of range, 0 silenced (intensity 0), 0 with no pad, 1 unmatched"),
                "\(run.standardError)")
        let folder = try TemporaryFolder()
        let bad = try folder.write("{\"time\": 0, \"event\": \"action\", \"name\": \"jump\", \"surface\": \"x\"}\n", to: "bad.jsonl")
        let refused = try HapticsCtlRun.run(["simulate", "--config", Self.config, "--events", bad])
        #expect(refused.status == 1)
        // Issue 26's wording: the path names the field once; issue 25's article for "action".
        #expect(refused.standardError.contains("$.surface: unknown field for an action event"), "\(refused.standardError)")
    }

    @Test("check: a broken config exits 1 with every problem as FILE:LINE:COLUMN and a suggestion")
    func checkInvalid() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("[[rule]]\nevent = \"hit\"\npattern = \"ImpactHeavy\"\nintensty = 0.5\ncooldown = -1\n", to: "bad.toml")
        let run = try HapticsCtlRun.run(["check", file])
        #expect(run.status == 1)
        let lines = run.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.contains { $0.hasPrefix("\(file):4:1: error: rule[0].intensty: unknown key: expected one of") && $0.hasSuffix("(did you mean 'intensity'?)") })
        #expect(lines.contains { $0.hasPrefix("\(file):5:12: error: rule[0].cooldown: -1 is out of range") })
    }

    @Test("check: trigger effects are validated too, each problem located")
    func checkTriggerEffects() throws {
        let folder = try TemporaryFolder()
        let good = try folder.write("[[rule]]\nevent = \"custom\"\ncustom = \"equip_bow\"\ntrigger_effect = { side = \"right\", mode = \"weapon\", start = 0.2, end = 0.6, strength = 0.9 }\n", to: "good.toml")
        let ok = try HapticsCtlRun.run(["check", good])
        #expect(ok.status == 0, "\(ok.standardError)")
        let bad = try folder.write("[[rule]]\nevent = \"custom\"\ntrigger_effect = { side = \"right\", mode = \"feedbak\", strength = 2 }\n", to: "bad.toml")
        let run = try HapticsCtlRun.run(["check", bad])
        #expect(run.status == 1)
        #expect(run.standardError.contains("\(bad):3:43: error: rule[0].trigger_effect.mode: unknown trigger effect mode 'feedbak'"), "\(run.standardError)")
        #expect(run.standardError.contains("(did you mean 'feedback'?)"))
    }

    @Test("simulate: the demo script through the shipped config gives the render CSV with felt frames for every event")
    func simulate() throws {
        let run = try HapticsCtlRun.run(["simulate", "--config", Self.config, "--events", Self.events])
        #expect(run.status == 0, "\(run.standardError)")
        // The shipped config sets adaptive trigger effects (the demo's sling and boulder brake): two more columns.
        #expect(run.outputLines.first == "time,output,low,high,left_trigger,right_trigger,left_effect,right_effect")
        let rows = run.outputLines.dropFirst().map { $0.split(separator: ",").map(String.init) }
        #expect(rows.allSatisfy { $0.count == 8 && $0[1] == "player0" })
        // The boulder's brake on L2 while it rolls (4.5 s to 5.5 s), harder as it speeds up, off after its stop.
        func leftEffect(atFrame frame: Int) -> String { rows[frame][6] }
        #expect(leftEffect(atFrame: 269) == "off")
        #expect(leftEffect(atFrame: 275).hasPrefix("feedback(0.1;0.166"), "\(leftEffect(atFrame: 275))")
        #expect(leftEffect(atFrame: 320) == "feedback(0.1;1.0)", "\(leftEffect(atFrame: 320))")
        #expect(leftEffect(atFrame: 335) == "off")
        // Frames at 60 Hz from 0; each event's first frame is felt (footstep at 0, crate at 1.6 s, ...).
        func level(atFrame frame: Int) -> Double {
            let row = rows[frame]
            return row[2...5].compactMap(Double.init).max() ?? 0
        }
        // (Within two frames: the grass step has a 30 ms attack, so its first frame is still 0.)
        for time in [0.0, 1.6, 2.2, 3.4, 3.9, 4.5, 6.0, 6.6, 7.2] {
            let frame = Int((time * 60).rounded(.up))
            #expect(max(level(atFrame: frame), level(atFrame: frame + 1)) > 0, "felt at \(time) s")
        }
        // The 1000 kg crate is stronger than the 1 kg box (same speed, same materials): both bursts start
        // at full drive, and the crate's lasts longer (the drive summed over the impact's frames).
        let box = (96..<110).map(level(atFrame:)).reduce(0, +)
        let crate = (132..<146).map(level(atFrame:)).reduce(0, +)
        #expect(crate > box * 1.2, "crate \(crate) vs box \(box)")
        // Silent at the end, and the summary on standard error.
        #expect(rows.last.map { $0[2...5].allSatisfy { Double($0) == 0 } } == true)
        #expect(run.standardError.contains("simulated 16 events: 15 voices started"))
    }

    @Test("simulate --format svg -o OUT: a well-formed chart with one lane per actuator of each player's pad, each drawing the drive", arguments: [
        ("generic", ["lowFrequency", "highFrequency"]),
        ("xboxOne", ["lowFrequency", "highFrequency", "leftTrigger", "rightTrigger"]),
    ])
    func simulateSVG(profile: String, actuators: [String]) throws {
        let folder = try TemporaryFolder()
        // Player 0 steps on metal and gets hit; player 1 drops a heavy crate: two pads, both felt.
        let events = try folder.write("""
            {"time": 0.0, "event": "footstep", "surface": "metal", "speed": 2.5, "player": 0}
            {"time": 0.5, "event": "collision", "massA": 1000, "massB": null, "speed": 6, "materials": ["crate", "stone"], "player": 1}
            {"time": 1.0, "event": "hit", "damage": 45, "direction": 1, "critical": true, "received": true, "player": 0}

            """, to: "two players.jsonl")
        let out = folder.path("session.svg")
        let run = try HapticsCtlRun.run(["simulate", "--config", Self.config, "--events", events, "--profile", profile,
                                         "--format", "svg", "-o", out])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains("simulated 3 events"))
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        let chart = SimulationChart(svg)
        #expect(chart.isWellFormed)
        #expect(chart.titles.first == "two players.jsonl")
        #expect(!chart.hasPatternPanel, "a simulation has no pattern panel")
        // One lane per actuator of the profile, for player0 then player1.
        #expect(chart.lanes.map(\.output) == ["player0", "player1"].flatMap { name in actuators.map { _ in name } })
        #expect(chart.lanes.map(\.actuator) == actuators + actuators)
        // Every lane has a drive path; on each pad some lane leaves 0 (the path reaches more than one height).
        #expect(chart.lanes.allSatisfy { $0.drive.hasPrefix("M") && $0.drive.hasSuffix("Z") })
        for player in ["player0", "player1"] {
            let heights = chart.lanes.filter { $0.output == player }.map { Set($0.drive.split(separator: " ").compactMap { $0.split(separator: ",").last }) }
            #expect(heights.contains { $0.count > 1 }, "\(player) is felt")
        }
    }

    @Test("simulate: the same SVG on standard output without -o")
    func simulateSVGStandardOutput() throws {
        let run = try HapticsCtlRun.run(["simulate", "--config", Self.config, "--events", Self.events, "--format", "svg"])
        #expect(run.status == 0, "\(run.standardError)")
        let chart = SimulationChart(run.standardOutput)
        #expect(chart.isWellFormed)
        #expect(chart.titles.first == "events.jsonl")
        #expect(chart.lanes.map(\.actuator) == ["lowFrequency", "highFrequency"])
    }

    @Test("simulate: a bad event line exits 1 naming file:line:column and the JSON path")
    func simulateBadEvents() throws {
        let folder = try TemporaryFolder()
        let events = try folder.write("{\"time\": 0, \"event\": \"hit\", \"damage\": 5}\n{\"time\": 1, \"event\": \"colission\", \"speed\": 2}\n{\"time\": 2, \"event\": \"hit\", \"damage\": \"lots\"}\n", to: "bad.jsonl")
        let run = try HapticsCtlRun.run(["simulate", "--config", Self.config, "--events", events])
        #expect(run.status == 1)
        #expect(run.standardError.contains("\(events):2:22: error: $.event: unknown event 'colission'"))
        #expect(run.standardError.contains("(did you mean 'collision'?)"))
        #expect(run.standardError.contains("\(events):3:39: error: $.damage: expected a number, found a string"))
    }

    @Test("simulate: an unknown profile is a usage error (exit 2)")
    func simulateUsage() throws {
        let run = try HapticsCtlRun.run(["simulate", "--config", Self.config, "--events", Self.events, "--profile", "nope"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("unknown profile 'nope'"))
    }
}

/// What `hapticsctl simulate --format svg` drew: the `<title>`, each `<g class="lane">`'s output,
/// actuator and drive path, whether there is a pattern panel, and whether the document is well-formed XML.
private final class SimulationChart: NSObject, XMLParserDelegate {
    struct Lane {
        var output: String
        var actuator: String
        var drive = ""
    }

    private(set) var lanes: [Lane] = []
    private(set) var titles: [String] = []
    private(set) var hasPatternPanel = false
    private(set) var isWellFormed = false
    private var inTitle = false

    init(_ svg: String) {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        isWellFormed = parser.parse()
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes: [String: String] = [:]) {
        switch (elementName, attributes["class"]) {
        case ("g", "lane"): lanes.append(Lane(output: attributes["data-output"] ?? "", actuator: attributes["data-actuator"] ?? ""))
        case ("g", "signal"): hasPatternPanel = true
        case ("path", "drive"): if !lanes.isEmpty { lanes[lanes.count - 1].drive = attributes["d"] ?? "" }
        case ("title", _): inTitle = true; titles.append("")
        default: break
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        if elementName == "title" { inTitle = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inTitle { titles[titles.count - 1] += string }
    }
}
