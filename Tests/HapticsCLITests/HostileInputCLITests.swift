import Foundation
import Testing

/// The inputs of issue 17 through the built hapticsctl: exit 1 with a location or a stated limit,
/// never a signal (132, 134, 137, 139).
@Suite("hapticsctl: hostile configs and scripts")
struct HostileInputCLITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
    static let config = root.appendingPathComponent("Assets/Haptics/haptics.toml").path
    static let longKey = Array(repeating: "a", count: 100_000).joined(separator: ".")

    @Test("check: a 100,000-part dotted key (value, header, inline table) exits 1 at the 65th part", arguments: [
        ("\(longKey) = 1\n", 129), ("[\(longKey)]\n", 130), ("x = { \(longKey) = 1 }\n", 135),
    ])
    func dottedKey(text: String, column: Int) throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(text, to: "deep.toml")
        let run = try HapticsCtlRun.run(["check", file])
        #expect(run.status == 1)
        #expect(run.standardError == "\(file):1:\(column): error: expected a dotted key or table name of at most 64 parts, found more\n")
    }

    @Test("check: 20,000 [[rule]] tables are checked (exit 0)")
    func manyRules() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(String(repeating: "[[rule]]\nevent = \"hit\"\npattern = \"ImpactRigid\"\n", count: 20_000), to: "many.toml")
        let run = try HapticsCtlRun.run(["check", file])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("\(file): ok: 20000 rules (hit)"))
    }

    @Test("check: a date-time out of the calendar and an integer too large exit 1 with the field at fault")
    func dateAndInteger() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("version = 1\nx = 2023-02-29\ny = 99999999999999999999\n", to: "dates.toml")
        let run = try HapticsCtlRun.run(["check", file])
        #expect(run.status == 1)
        #expect(run.standardError.hasPrefix("\(file):2:5: error: expected a TOML date-time such as 1979-05-27T07:32:00Z, 1979-05-27 or 07:32:00, found '2023-02-29': day 29 is not 01...28: February 2023 has 28 days"))
    }

    @Test("simulate: event times that crashed, grew memory or wrote 234 MB exit 1 at the time", arguments: ["1e300", "1e7", "100000"])
    func eventTimes(time: String) throws {
        let folder = try TemporaryFolder()
        let events = try folder.write("{\"time\": \(time), \"event\": \"hit\", \"damage\": 10}\n", to: "far.jsonl")
        let run = try HapticsCtlRun.run(["simulate", "--config", Self.config, "--events", events])
        #expect(run.status == 1)
        #expect(run.standardError.hasPrefix("\(events):1:10: error: $.time: expected seconds 0...3600, found "))
        #expect(run.standardOutput.isEmpty)
    }

    @Test("simulate: player 99 is named in the error")
    func player() throws {
        let folder = try TemporaryFolder()
        let events = try folder.write("{\"time\": 0, \"event\": \"hit\", \"damage\": 10, \"player\": 99}\n", to: "p.jsonl")
        let run = try HapticsCtlRun.run(["simulate", "--config", Self.config, "--events", events])
        #expect(run.status == 1)
        #expect(run.standardError == "\(events):1:53: error: $.player: expected a player number 0...63 or null, found 99\n")
    }

    @Test("validate: random bytes starting with N are not called NaN")
    func randomBytes() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("noise.ahap")
        try Data([0x4E, 0x9F, 0x03, 0xFF, 0x10]).write(to: URL(fileURLWithPath: file))
        let run = try HapticsCtlRun.run(["validate", file])
        #expect(run.status == 1)
        #expect(run.outputLines == ["error: \(file): line 1, column 1: expected a value (object, array, string, number, true, false or null), found 'N'"])
    }
}
