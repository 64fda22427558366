import Foundation
import Testing

/// Diagnostics that mislead, from issue 26 (items 15 and 16), through the built hapticsctl: a file's
/// text echoed with its control characters escaped (a newline in a key cannot split a diagnostic or
/// forge an `ok` line; ESC and BEL never reach the terminal), long echoes cut and said once, and each
/// problem called what it is: a non-finite number, UTF-16, a pipe, a loop of links.
@Suite("hapticsctl: diagnostics that say what they found")
struct HostileDiagnosticTests {
    /// No byte of `text` is a control character other than the newlines that end its lines.
    static func isPrintable(_ text: String) -> Bool {
        !text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
    }

    // MARK: Control characters (item 15)

    @Test("check: a newline, ESC and BEL in quoted TOML keys are escaped: one line per problem, no forged ok line")
    func controlCharactersInTOMLKeys() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(#"""
        [[rule]]
        event = "collision"
        pattern = "ImpactHeavy"
        "a\nhaptics.toml: ok: 1 rules (collision)" = 1
        "x\u001B[2J\u0007" = 2

        """#, to: "haptics.toml")
        let run = try HapticsCtlRun.run(["check", file])
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        let lines = run.standardError.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.allSatisfy { $0.hasPrefix("\(file):") })
        #expect(!lines.contains { $0.contains(": ok: ") && !$0.contains("\\n") })
        #expect(Self.isPrintable(run.standardError))
        #expect(run.standardError.contains(#"rule[0].a\nhaptics.toml: ok: 1 rules (collision): unknown key: expected one of"#))
        #expect(run.standardError.contains(#"rule[0].x\u001B[2J\u0007: unknown key"#))
    }

    @Test("validate: a newline, ESC and BEL in AHAP keys and names are escaped; the only ok line is the real one")
    func controlCharactersInAHAP() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(#"""
        {"Version": 1.0, "a\nok: forged.ahap (9 events, 9 s)\u001b[2J\u0007": 1,
         "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "Haptic\u001bIntensity", "ParameterValue": 1}]}}]}
        """#, to: "tap.ahap")
        let run = try HapticsCtlRun.run(["validate", file])
        #expect(run.status == 1)
        #expect(Self.isPrintable(run.standardOutput))
        #expect(!run.outputLines.contains { $0.hasPrefix("ok:") }, "\(run.outputLines)")
        #expect(run.outputLines.count == 2, "\(run.outputLines)")
        #expect(run.outputLines.first?.hasPrefix(#"warning: \#(file): a\nok: forged.ahap (9 events, 9 s)\u001B[2J\u0007 (line 1, column 18)"#) == true)
        #expect(run.outputLines.last?.contains(#"found "Haptic\u001BIntensity""#) == true)
    }

    @Test("simulate: the trace limit's line, located at the event that passes it, escapes the script's file name as its other problems do")
    func traceLimitLineEscaped() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write("[[rule]]\nevent = \"hit\"\npattern = \"ImpactHeavy\"\n", to: "haptics.toml")
        // 5 players for 3,510 s at 60 frames/s: 1,053,010 rows, over the 1,000,000 a trace may have; line 2 passes it.
        let events = try folder.write("{\"time\": 0, \"event\": \"hit\", \"damage\": 5}\n{\"time\": 3500, \"event\": \"hit\", \"damage\": 5, \"player\": 4}\n",
                                      to: "a\nforged.jsonl:1:1: ok\u{1B}[2J.jsonl")
        let run = try HapticsCtlRun.run(["simulate", "--config", config, "--events", events])
        #expect(run.status == 1)
        #expect(Self.isPrintable(run.standardError), "\(run.standardError)")
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(lines)")
        let escaped = events.replacingOccurrences(of: "\n", with: #"\n"#).replacingOccurrences(of: "\u{1B}", with: #"\u001B"#)
        #expect(run.standardError.hasPrefix(escaped + ":2:1: error: cannot simulate: expected a trace of at most 1000000 rows"), "\(run.standardError)")
    }

    // MARK: Long echoes (item 16)

    @Test("validate: an 8 MB unknown key is echoed once, cut after 80 bytes")
    func hugeUnknownKeyInAHAP() throws {
        let folder = try TemporaryFolder()
        let key = String(repeating: "k", count: 8_000_000)
        let file = try folder.write("{\"Version\": 1.0, \"\(key)\": 1, \"Pattern\": []}", to: "key.ahap")
        let run = try HapticsCtlRun.run(["validate", file])
        #expect(run.status == 0)
        #expect(run.standardOutput.utf8.count < 1_000, "\(run.standardOutput.utf8.count) bytes")
        let warning = try #require(run.outputLines.first)
        #expect(warning.contains(String(repeating: "k", count: 80) + "…(+7999920 bytes) (line 1, column 18): expected one of Version, Metadata, Pattern, found an unknown key; ignored"))
        #expect(warning.components(separatedBy: "kkkkkkkkkk").count - 1 == 8, "one run of 80 k's")
    }

    @Test("check: a 1,000-byte unknown key is echoed once, cut after 80 bytes")
    func longUnknownKeyInTOML() throws {
        let folder = try TemporaryFolder()
        let key = String(repeating: "k", count: 1_000)
        let file = try folder.write("[[rule]]\nevent = \"hit\"\npattern = \"ImpactHeavy\"\n\(key) = 1\n", to: "haptics.toml")
        let run = try HapticsCtlRun.run(["check", file])
        #expect(run.status == 1)
        #expect(run.standardError.hasPrefix("\(file):4:1: error: rule[0].\(String(repeating: "k", count: 80))…(+920 bytes): unknown key: expected one of"))
        #expect(run.standardError.components(separatedBy: "kkkkkkkkkk").count - 1 == 8, "one run of 80 k's")
    }

    @Test("simulate: an unknown field of an event script is echoed once, cut")
    func longUnknownFieldInScript() throws {
        let folder = try TemporaryFolder()
        let field = String(repeating: "f", count: 100_000)
        let events = try folder.write("{\"time\": 0, \"event\": \"custom\", \"name\": \"x\", \"\(field)\": 1}\n", to: "events.jsonl")
        let config = try folder.write("[[rule]]\nevent = \"custom\"\npattern = \"ImpactHeavy\"\n", to: "haptics.toml")
        let run = try HapticsCtlRun.run(["simulate", "--config", config, "--events", events])
        #expect(run.status == 1)
        #expect(run.standardError.utf8.count < 1_000, "\(run.standardError.utf8.count) bytes")
        #expect(run.standardError.contains("$.\(String(repeating: "f", count: 80))…(+99920 bytes): unknown field for a custom event"))
    }

    // MARK: Called what it is (item 16)

    @Test("check: [0, inf] is a number that is not finite, not 'expected two numbers'", arguments: [
        ("input_range = [0, inf]", "input_range[1]", "inf", 70),
        ("input_range = [nan, 1]", "input_range[0]", "nan", 67),
        ("input_range = [0, 1], output_range = [-inf, 1]", "output_range[0]", "-inf", 90),
    ])
    func nonFiniteRange(range: String, path: String, found: String, column: Int) throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("[[rule]]\nevent = \"collision\"\npattern = \"ImpactHeavy\"\n"
            + "intensity = { input = \"impulse\", curve = \"linear\", \(range) }\n", to: "haptics.toml")
        let run = try HapticsCtlRun.run(["check", file])
        #expect(run.status == 1)
        #expect(run.standardError == "\(file):4:\(column): error: rule[0].intensity.\(path): expected a finite number, found \(found)\n")
    }

    @Test("check and validate: UTF-16 and UTF-32 are called what they are, not 'found byte 0xFF'", arguments: [
        ([0xFF, 0xFE], "UTF-16 (little-endian, with a byte-order mark)"),
        ([0xFE, 0xFF], "UTF-16 (big-endian, with a byte-order mark)"),
        ([0xFF, 0xFE, 0x00, 0x00], "UTF-32 (little-endian, with a byte-order mark)"),
        ([], "UTF-16 (little-endian)"),
    ] as [([UInt8], String)])
    func otherEncodings(mark: [UInt8], encoding: String) throws {
        let folder = try TemporaryFolder()
        func utf16(_ text: String) -> [UInt8] { mark + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }
        let config = folder.path("haptics.toml")
        try Data(utf16("version = 1\n")).write(to: URL(fileURLWithPath: config))
        let check = try HapticsCtlRun.run(["check", config])
        #expect(check.status == 1)
        #expect(check.standardError == "\(config):1:1: error: expected UTF-8 text, found \(encoding): save the file as UTF-8\n")
        let pattern = folder.path("tap.ahap")
        try Data(utf16("{\"Pattern\": []}")).write(to: URL(fileURLWithPath: pattern))
        let validate = try HapticsCtlRun.run(["validate", pattern])
        #expect(validate.status == 1)
        #expect(validate.outputLines == ["error: \(pattern): line 1, column 1: expected UTF-8 JSON, found \(encoding): save the file as UTF-8"])
    }

    @Test("validate and check: a pipe is a pipe, also through a link; a loop of links is a loop")
    func pipesAndLoops() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path("pipe.ahap")
        #expect(mkfifo(fifo, 0o600) == 0)
        let linkToFIFO = folder.path("link.ahap")
        try FileManager.default.createSymbolicLink(atPath: linkToFIFO, withDestinationPath: fifo)
        for path in [fifo, linkToFIFO] {
            let validate = try HapticsCtlRun.run(["validate", path], timeoutSeconds: 20)
            #expect(validate.outputLines == ["error: \(path): file: expected a regular file, found a pipe (FIFO)"])
            let check = try HapticsCtlRun.run(["check", path], timeoutSeconds: 20)
            #expect(check.standardError == "\(path):1:1: error: expected a regular file, found a pipe (FIFO)\n")
        }
        let one = folder.path("one.ahap"), two = folder.path("two.ahap")
        try FileManager.default.createSymbolicLink(atPath: one, withDestinationPath: two)
        try FileManager.default.createSymbolicLink(atPath: two, withDestinationPath: one)
        #expect(try HapticsCtlRun.run(["validate", one]).outputLines == ["error: \(one): file: expected a readable file, found a loop of symbolic links"])
        #expect(try HapticsCtlRun.run(["check", one]).standardError == "\(one):1:1: error: expected a readable file, found a loop of symbolic links\n")
        let dangling = folder.path("dangling.ahap")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: folder.path("gone.ahap"))
        #expect(try HapticsCtlRun.run(["validate", dangling]).outputLines
                == ["error: \(dangling): file: expected a readable file, found a symbolic link to a file that does not exist"])
    }

    @Test("validate /dev/stdin fed by a pipe: a pipe, not 'a symbolic link that leads nowhere'")
    func standardInputPipe() throws {
        let binary = try #require(HapticsCtlBinary.url, HapticsCtlBinary.notFoundMessage)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["validate", "/dev/stdin"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(text == "error: /dev/stdin: file: expected a regular file, found a pipe (FIFO)\n")
    }
}
