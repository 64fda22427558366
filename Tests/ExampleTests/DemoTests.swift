import Foundation
import Testing

@Suite("The demo game, headless, on its scripted tour")
struct DemoTests {
    static let tour = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../Demo/Scripts/tour.jsonl").standardized.path

    struct Moment {
        var time: Double
        var name: String
        var intensity: Double
    }

    struct TraceRow {
        var time: Double
        var low: Double
        var high: Double
    }

    @Test("the tour produces every kind of haptic moment, at the pad too, with the heavy crate stronger than the light one")
    func tour() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("trace.csv").path
        let events = folder.appendingPathComponent("events.csv").path
        let shot = folder.appendingPathComponent("shot.bmp").path
        let run = try ExampleRun.run("haptics-demo", ["--headless", "--script", Self.tour, "--trace", trace, "--events", events, "--screenshot", shot])
        #expect(run.status == 0, "\(run.output)")

        let moments = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n").dropFirst().map { line -> Moment in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            return Moment(time: Double(fields[0]) ?? -1, name: String(fields[2]), intensity: Double(fields[3]) ?? -1)
        }
        // Moments are named by the rules of Assets/Haptics/haptics.toml that played them.
        for name in ["step on grass", "step on wood", "step on metal", "step on gravel", "step"] {
            #expect(moments.contains { $0.name == name }, "a footstep: \(name)")
        }
        for name in ["hit dealt", "hit taken", "Success", "rolling", "block snapped into its slot"] {
            #expect(moments.contains { $0.name == name }, "\(name)")
        }
        #expect(moments.filter { $0.name == "selection" }.count >= 3, "moving through the menu ticks")
        // The tour drops the 2 kg crate first, then the 1000 kg one (tagged heavy: the "heavy landing" rule).
        let heavy = try #require(moments.first { $0.name == "heavy landing" }, "the very heavy crate lands")
        let light = try #require(moments.first { $0.name == "collision" && $0.time < heavy.time }, "the light crate lands")
        #expect(heavy.intensity > light.intensity * 2, "\(heavy) vs \(light)")

        // What the pad received (the trace is what SDL was sent): the heavy landing delivers more drive
        // over the 0.3 s after it (both bursts start at full drive, so peaks alike; the heavy one's is
        // longer, sized to its strength).
        let rows = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").dropFirst().map { line -> TraceRow in
            let fields = line.split(separator: ",")
            return TraceRow(time: Double(fields[0]) ?? -1, low: Double(fields[2]) ?? -1, high: Double(fields[3]) ?? -1)
        }
        func drive(after time: Double) -> Double {
            rows.filter { $0.time >= time && $0.time <= time + 0.3 }.map { $0.low + $0.high }.reduce(0, +)
        }
        #expect(drive(after: heavy.time) > drive(after: light.time) * 1.25,
                "pad drive after heavy \(drive(after: heavy.time)) vs light \(drive(after: light.time))")
        #expect(rows.last.map { $0.low == 0 && $0.high == 0 } == true, "the tour ends with the pad silent")
        // The block's snap plays haptics analysed from its sound (Assets/Haptics/Sounds/BlockSnap.wav).
        let snap = try #require(moments.first { $0.name == "block snapped into its slot" })
        #expect(rows.contains { $0.time >= snap.time && $0.time <= snap.time + 0.15 && $0.low + $0.high > 0 },
                "the snap derived from its sound is felt")
        #expect(run.output.contains("virtual xboxOne: "), "\(run.output)")
        #expect(run.output.contains("audio: 2 channels at"), "the demo plays the patterns' sound: \(run.output)")
        #expect(run.output.contains("last 0,0"), "the pad gets (0,0) at shutdown")

        // The screenshot: a 960x540 BMP with the level and HUD in many colours.
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: shot)))
        #expect(bytes.count > 960 * 540 * 3)
        #expect(bytes.prefix(2) == [0x42, 0x4D])
        let width = Int(bytes[18]) | Int(bytes[19]) << 8
        #expect(width == 960)
        let colours = Set(stride(from: 138, to: bytes.count - 4, by: 4 * 97).map { Int(bytes[$0]) << 16 | Int(bytes[$0 + 1]) << 8 | Int(bytes[$0 + 2]) })
        #expect(colours.count >= 8, "a drawn scene, not a blank frame: \(colours.count) colours sampled")
    }

    @Test("a broken haptics config does not stop the demo: it reports file:line:column and plays feedback presets only")
    func brokenConfig() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demo-bad-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("haptics.toml").path
        try "[[rule]]\nevent = \"collision\"\npattern = \"ImpactHeavy\"\nintensity = 3\n".write(toFile: config, atomically: true, encoding: .utf8)
        let events = folder.appendingPathComponent("events.csv").path
        let run = try ExampleRun.run("haptics-demo", ["--headless", "--script", Self.tour, "--config", config, "--events", events])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("\(config):4:13: error: rule[0].intensity: 3 is out of range"), "\(run.output)")
        let names = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n").dropFirst().map { $0.split(separator: ",")[2] }
        #expect(names.contains("Success"), "feedback presets still play")
        #expect(!names.contains("collision"), "no mapping rules without a valid config")
    }

    @Test("on a DualSense: R2 gets the sling's weapon effect, L2 the boulder brake while it rolls, and both end off")
    func dualSenseTriggers() throws {
        let run = try ExampleRun.run("haptics-demo", ["--headless", "--dualsense", "--silent", "--script", Self.tour])
        #expect(run.status == 0, "\(run.output)")
        let line = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("virtual ps5 triggers: ") }, "\(run.output)")
        // R2: off when the pad is opened, the sling's weapon, off while the tour's menu is open, the
        // weapon again, off at shutdown.
        #expect(line.contains("R2 5>25>5>25>5,"), "\(line)")
        // L2: feedback (0x21) while the boulder rolls, between offs; off at the end.
        #expect(line.contains("L2 5>21>5"), "\(line)")
        #expect(line.hasSuffix(">5"), "shutdown leaves both triggers off: \(line)")
    }

    @Test("two players on two pads: each player's footsteps reach their own pad; a crate landing is felt by both")
    func twoPlayers() throws {
        let script = URL(fileURLWithPath: Self.tour).deletingLastPathComponent().appendingPathComponent("two-players.jsonl").path
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demo-two-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let events = folder.appendingPathComponent("events.csv").path
        let run = try ExampleRun.run("haptics-demo", ["--headless", "--pads", "2", "--script", script, "--events", events])
        #expect(run.status == 0, "\(run.output)")
        let rows = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n").dropFirst()
            .map { $0.split(separator: ",").map(String.init) }
        let steps = rows.filter { $0[2].hasPrefix("step") }
        #expect(steps.contains { $0[1] == "0" } && steps.contains { $0[1] == "1" }, "both players walk (players count from 0)")
        #expect(rows.contains { $0[1] == "0" && $0[2] == "collision" } && rows.contains { $0[1] == "1" && $0[2] == "collision" },
                "player 1's crate is felt by both players")
        for pad in ["xboxOne", "ps4"] {
            let line = run.output.split(separator: "\n").first { $0.hasPrefix("virtual \(pad): ") } ?? ""
            let calls = line.split(separator: " ").dropFirst(2).first.flatMap { Int($0) } ?? 0
            #expect(calls > 2, "\(pad) pad rumbled: \(line)")
            #expect(line.hasSuffix("last 0,0"), "\(line)")
        }
    }
}
