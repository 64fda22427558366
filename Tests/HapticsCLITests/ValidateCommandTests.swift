import Foundation
import Testing

@Suite("hapticsctl validate")
struct ValidateCommandTests {
    @Test("every top-level corpus file is valid: exit 0 and one ok line each")
    func corpusIsValid() throws {
        try CLICorpus.require()
        let files = CLICorpus.validFiles()
        #expect(files.count >= 90, "the corpus holds at least 90 valid files")
        let run = try HapticsCtlRun.run(["validate"] + files)
        #expect(run.status == 0, "\(run.outputLines.filter { $0.hasPrefix("error:") })")
        let okLines = run.outputLines.filter { $0.hasPrefix("ok: ") }
        #expect(okLines.count == files.count)
        for file in files {
            #expect(okLines.contains { $0.hasPrefix("ok: \(file) (") && $0.hasSuffix(" s)") }, "ok line for \(file)")
        }
        #expect(!run.outputLines.contains { $0.hasPrefix("error:") })
    }

    @Test("every file in invalid/ exits 1 with an error line that says where")
    func invalidFilesFail() throws {
        try CLICorpus.require()
        let files = CLICorpus.invalidFiles()
        #expect(files.count >= 4)
        for file in files {
            let run = try HapticsCtlRun.run(["validate", file])
            #expect(run.status == 1, "\(file) is invalid")
            let errors = run.outputLines.filter { $0.hasPrefix("error: \(file): ") }
            #expect(!errors.isEmpty, "\(file) has an error line")
            #expect(errors.allSatisfy(Self.namesALocation), "\(errors)")
            #expect(!run.outputLines.contains { $0.hasPrefix("ok:") })
        }
    }

    @Test("the misspelled element in Lofelt's invalid_fields file is reported with path, line and column")
    func misspelledElementLine() throws {
        try CLICorpus.require()
        let file = CLICorpus.folder.appendingPathComponent("invalid/Lofelt__NiceVibrations__invalid_fields.ahap").path
        let run = try HapticsCtlRun.run(["validate", file])
        #expect(run.status == 1)
        #expect(run.outputLines.first?.hasPrefix("error: \(file): Pattern[1] (line 24, column 13): expected one of") == true,
                "\(run.outputLines)")
    }

    @Test("a file with trailing commas passes leniently with warning lines and fails with --strict")
    func trailingCommasStrictVersusLenient() throws {
        try CLICorpus.require()
        let file = CLICorpus.file("apple__unityplugins__Bounce.ahap")

        let lenient = try HapticsCtlRun.run(["validate", file])
        #expect(lenient.status == 0)
        let warnings = lenient.outputLines.filter { $0.hasPrefix("warning: \(file): line ") }
        #expect(!warnings.isEmpty, "trailing commas are reported as warnings: \(lenient.outputLines)")
        #expect(warnings.allSatisfy { $0.contains("trailing comma") })
        #expect(lenient.outputLines.last?.hasPrefix("ok: \(file) (") == true, "the ok line comes after the warnings")

        let strict = try HapticsCtlRun.run(["validate", "--strict", file])
        #expect(strict.status == 1)
        let errors = strict.outputLines.filter { $0.hasPrefix("error: \(file): ") }
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy(Self.namesALocation))
        #expect(!strict.outputLines.contains { $0.hasPrefix("ok:") })
    }

    @Test("the ok line gives the event count and the duration in seconds")
    func okLineFormat() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("""
            {"Version": 1, "Pattern": [
              {"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": []}},
              {"Event": {"Time": 0.5, "EventType": "HapticContinuous", "EventDuration": 1.25, "EventParameters": []}},
              {"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 0.25, "ParameterValue": 0.5}}
            ]}
            """, to: "two events.ahap")
        let single = try folder.write("""
            {"Pattern": [{"Event": {"Time": 0.1234, "EventType": "HapticTransient"}}]}
            """, to: "one.ahap")
        let run = try HapticsCtlRun.run(["validate", file, single])
        #expect(run.status == 0)
        #expect(run.outputLines.contains("ok: \(file) (2 events, 1.75 s)"), "\(run.outputLines)")
        // Version and EventParameters are missing: defaults taken, each reported as a warning.
        #expect(run.outputLines.contains("ok: \(single) (1 event, 0.123 s)"), "\(run.outputLines)")
    }

    @Test("an out-of-range value is a warning with its JSON path, line and column")
    func outOfRangeWarning() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("""
            {"Version": 1, "Pattern": [
              {"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [
                {"ParameterID": "HapticIntensity", "ParameterValue": 1.5}]}}
            ]}
            """, to: "loud.ahap")
        let lenient = try HapticsCtlRun.run(["validate", file])
        #expect(lenient.status == 0)
        #expect(lenient.outputLines.first?.hasPrefix(
            "warning: \(file): Pattern[0].Event.EventParameters[0].ParameterValue (line 3, column 58): ") == true,
            "\(lenient.outputLines)")
        #expect(lenient.outputLines.first?.contains("clamped to 1") == true)

        let strict = try HapticsCtlRun.run(["validate", "--strict", file])
        #expect(strict.status == 1)
        #expect(strict.outputLines.first?.hasPrefix(
            "error: \(file): Pattern[0].Event.EventParameters[0].ParameterValue (line 3, column 58): ") == true,
            "\(strict.outputLines)")
    }

    @Test("a missing file exits 1 with an error line, and the other files are still checked")
    func missingFile() throws {
        let folder = try TemporaryFolder()
        let missing = folder.path("absent.ahap")
        let valid = try folder.write(#"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": []}}]}"#,
                                     to: "valid.ahap")
        let run = try HapticsCtlRun.run(["validate", missing, valid])
        #expect(run.status == 1)
        #expect(run.outputLines.contains { $0.hasPrefix("error: \(missing): file: ") }, "\(run.outputLines)")
        #expect(run.outputLines.contains("ok: \(valid) (1 event, 0 s)"), "\(run.outputLines)")
    }

    @Test("a symbolic link to a pattern is followed and reported under the link's name")
    func symbolicLink() throws {
        let folder = try TemporaryFolder()
        try folder.write(#"{"Version": 1, "Pattern": [{"Event": {"Time": 0.5, "EventType": "HapticTransient", "EventParameters": []}}]}"#,
                         to: "real.ahap")
        let link = folder.path("link.ahap")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.ahap")
        let run = try HapticsCtlRun.run(["validate", link])
        #expect(run.status == 0, "\(run.outputLines)")
        #expect(run.outputLines == ["ok: \(link) (1 event, 0.5 s)"])
    }

    @Test("usage errors exit 2 with the usage on standard error", arguments: [
        ["validate"],
        ["validate", "--no-such-flag", "x.ahap"],
        ["no-such-command"],
        ["inspect"],
        ["convert", "a.ahap", "-o"],
    ])
    func usageErrors(arguments: [String]) throws {
        let run = try HapticsCtlRun.run(arguments)
        #expect(run.status == 2)
        #expect(run.standardError.contains("Usage: hapticsctl"), "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }

    @Test("--help exits 0 and documents where the lines go")
    func help() throws {
        let run = try HapticsCtlRun.run(["validate", "--help"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("standard output"))
        #expect(run.standardOutput.contains("--strict"))
    }

    /// Whether an error line names a place: a JSON path into `Pattern` or a line and column.
    static func namesALocation(_ line: String) -> Bool {
        line.contains(": Pattern") || line.range(of: #"line \d+, column \d+"#, options: .regularExpression) != nil
    }
}
