import Foundation
import Testing

@Suite("The demo game, headless, on its scripted tour")
struct DemoTests {
    static let tour = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../Demo/Scripts/tour.jsonl").standardized.path

    /// A new empty folder for one run's outputs; the test removes it.
    static func temporaryFolder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

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
        let folder = try Self.temporaryFolder("demo")
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
        let folder = try Self.temporaryFolder("demo-bad-config")
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

    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/tour-dualsense-effects.csv").path

    @Test("on a DualSense: the config's sling on R2 and brake on L2 reach the pad byte for byte as when the demo set them in code")
    func dualSenseTriggers() throws {
        let folder = try Self.temporaryFolder("demo-ds")
        defer { try? FileManager.default.removeItem(at: folder) }
        let effects = folder.appendingPathComponent("effects.csv").path
        let run = try ExampleRun.run("haptics-demo", ["--headless", "--dualsense", "--silent", "--script", Self.tour, "--trigger-effects", effects])
        #expect(run.status == 0, "\(run.output)")
        let line = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("virtual ps5 triggers: ") }, "\(run.output)")
        // R2: off when the pad is opened, the sling's weapon, off while the tour's menu is open, the
        // weapon again, off at shutdown.
        #expect(line.contains("R2 5>25>5>25>5,"), "\(line)")
        // L2: feedback (0x21) while the boulder rolls, between offs; off at the end.
        #expect(line.contains("L2 5>21>5"), "\(line)")
        #expect(line.hasSuffix(">5"), "shutdown leaves both triggers off: \(line)")
        // Every effect, its bytes and the frame it arrived in, as captured before the sling and the
        // brake moved from Swift code into Assets/Haptics/haptics.toml (issue 27).
        let received = try String(contentsOfFile: effects, encoding: .utf8)
        let expected = try String(contentsOfFile: Self.golden, encoding: .utf8)
        #expect(received == expected, "the DualSense's effects differ from \(Self.golden):\n\(received)")
    }

    @Test("the sling and the brake are the config's: another trigger_effect in the config changes what the DualSense receives")
    func triggersFromTheConfig() throws {
        let folder = try Self.temporaryFolder("demo-ds-config")
        defer { try? FileManager.default.removeItem(at: folder) }
        let assets = URL(fileURLWithPath: Self.tour).deletingLastPathComponent().appendingPathComponent("../../Assets/Haptics").standardized
        let copy = folder.appendingPathComponent("Haptics")
        try FileManager.default.copyItem(at: assets, to: copy)
        let config = copy.appendingPathComponent("haptics.toml").path
        var text = try String(contentsOfFile: config, encoding: .utf8)
        let sling = "trigger_effect = { side = \"right\", mode = \"weapon\", start = 0.3, end = 0.6, strength = 0.8 }"
        let brake = "trigger_effect = { side = \"left\", mode = \"feedback\", start = 0.1, strength = { input = \"value\", curve = \"linear\", "
            + "input_range = [0.0, 6.0], output_range = [0.0, 1.0] } }"
        #expect(text.contains(sling) && text.contains(brake), "the shipped config holds the sling and the brake")
        text = text.replacingOccurrences(of: sling, with: "trigger_effect = { side = \"right\", mode = \"weapon\", start = 0.5, end = 0.8, strength = 0.25 }")
        text = text.replacingOccurrences(of: brake, with: "trigger_effect = { side = \"left\", mode = \"vibration\", amplitude = 0.5, frequency = 0.5 }")
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        let effects = folder.appendingPathComponent("effects.csv").path
        let run = try ExampleRun.run("haptics-demo", ["--headless", "--dualsense", "--silent", "--script", Self.tour, "--config", config,
                                                      "--trigger-effects", effects])
        #expect(run.status == 0, "\(run.output)")
        #expect(!run.output.contains("error"), "\(run.output)")
        let rows = try String(contentsOfFile: effects, encoding: .utf8).split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
        let bytes = rows.compactMap { row -> [UInt8]? in
            let hex = Array(row[2].utf8)
            return stride(from: 0, to: hex.count - 1, by: 2).map { UInt8(String(decoding: hex[$0...$0 + 1], as: UTF8.self), radix: 16) ?? 0 }
        }
        // R2 (offset 10): a weapon (0x25) whose zones run 5...7 (bits 5 and 7 of the start/stop mask
        // 0x00a0) at strength level round(0.25 × 8) = 2, sent as 1: the config's numbers, not the demo's.
        #expect(bytes.contains { $0.count == 47 && $0[10] == 0x25 && $0[11] == 0xa0 && $0[12] == 0x00 && $0[13] == 1 },
                "R2 got the edited sling: \(rows.map { String($0[2]) })")
        #expect(!bytes.contains { $0.count == 47 && $0[10] == 0x25 && $0[11] == 0x28 }, "never the shipped sling (zones 3...5)")
        // L2 (offset 21): a vibration (0x26) while the boulder rolls, never the shipped brake's feedback (0x21).
        #expect(bytes.contains { $0.count == 47 && $0[21] == 0x26 }, "L2 vibrates with the boulder")
        #expect(!bytes.contains { $0.count == 47 && $0[21] == 0x21 }, "no feedback effect left in code")
    }

    @Test("two players on two pads: each player's footsteps reach their own pad; a crate landing is felt by both")
    func twoPlayers() throws {
        let script = URL(fileURLWithPath: Self.tour).deletingLastPathComponent().appendingPathComponent("two-players.jsonl").path
        let folder = try Self.temporaryFolder("demo-two")
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

    @Test("left alone headless (no script), the demo plays its tour by itself and the pad rumbles")
    func attractWhenHeadless() throws {
        let run = try ExampleRun.run("haptics-demo", ["--headless", "--silent", "--frames", "600"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("attract: the demo plays its tour by itself from 0.00 s"), "\(run.output)")
        let line = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("virtual xboxOne: ") }, "\(run.output)")
        let calls = line.split(separator: " ").dropFirst(2).first.flatMap { Int($0) } ?? 0
        #expect(calls > 20, "the pad rumbled: \(line)")
        #expect(line.hasSuffix("last 0,0"), "\(line)")
    }

    @Test("at the title, 20 s without input start the attract mode (the pad rumbles), and a press ends it with a new game")
    func attractAfterIdleEndsOnPress() throws {
        let folder = try Self.temporaryFolder("demo-attract")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A player who presses A at 23 s and walks from 27 s.
        let script = folder.appendingPathComponent("press.jsonl").path
        try "{\"time\": 23.0, \"action\": \"jump\"}\n{\"time\": 27.0, \"action\": \"right\", \"down\": true}\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        let trace = folder.appendingPathComponent("trace.csv").path
        let run = try ExampleRun.run("haptics-demo", ["--headless", "--silent", "--title", "--script", script, "--frames", "1800", "--trace", trace])
        #expect(run.status == 0, "\(run.output)")
        let started = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("attract: the demo plays its tour by itself from ") })
        let at = Double(started.split(separator: " ")[9]) ?? -1
        #expect(abs(at - 20) < 0.05, "attract after 20 s idle: \(started)")
        #expect(run.output.contains("attract: a button was pressed at 23.00 s; a new game starts"), "\(run.output)")
        let rows = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").dropFirst().map { line -> (Double, Double) in
            let fields = line.split(separator: ",")
            return (Double(fields[0]) ?? -1, (Double(fields[2]) ?? 0) + (Double(fields[3]) ?? 0))
        }
        func felt(_ range: Range<Double>) -> Int { rows.filter { range.contains($0.0) && $0.1 > 0 }.count }
        #expect(felt(0..<19.9) == 0, "nothing happens at the title")
        #expect(felt(20..<23) > 10, "the tour plays in the attract mode, with haptics")
        #expect(felt(23.5..<27) == 0, "the press ends it: a new game, the player standing")
        #expect(felt(27.2..<30) > 10, "and the player plays")
    }

    @Test("the detailed HUD's felt level follows the drive sent: it lags it, fades after it and never leaves 0...1")
    func feltLevels() throws {
        let folder = try Self.temporaryFolder("demo-felt")
        defer { try? FileManager.default.removeItem(at: folder) }
        let felt = folder.appendingPathComponent("felt.csv").path
        let run = try ExampleRun.run("haptics-demo", ["--headless", "--silent", "--script", Self.tour, "--felt", felt])
        #expect(run.status == 0, "\(run.output)")
        let rows = try String(contentsOfFile: felt, encoding: .utf8).split(separator: "\n").dropFirst()
            .map { $0.split(separator: ",").compactMap { Double($0) } }
        #expect(rows.count > 1000 && rows.allSatisfy { $0.count == 10 })
        #expect(rows.allSatisfy { $0[2...].allSatisfy { (0...1).contains($0) } })
        // Low motor: drive in column 2, felt in column 6.
        var quiet = 0.0
        var onsets = 0
        for (index, row) in rows.enumerated() where index > 0 {
            if row[2] == 0 { quiet += 1.0 / 60 } else { quiet = 0 }
            if quiet >= 0.3 { #expect(row[6] < 0.05, "felt fades once the motor is off: \(row)") }
            if rows[index - 1][2] == 0 && rows[index - 1][6] < 0.05 && row[2] >= 0.3 {
                onsets += 1
                #expect(row[6] < row[2] * 0.5, "a motor takes time to spin up: \(row)")
            }
        }
        #expect(onsets > 5, "the tour starts the low motor from rest, often")
        #expect(rows.map { $0[6] }.max() ?? 0 > 0.8, "the heavy landing is felt strongly")
    }
}
