import Foundation
import Testing

@Suite("hapticsctl convert")
struct ConvertCommandTests {
    @Test("converting every corpus file gives strict-valid AHAP that converts to the same bytes again")
    func corpusRoundTrips() throws {
        try CLICorpus.require()
        let files = CLICorpus.validFiles()
        #expect(files.count >= 90)
        let folder = try TemporaryFolder()
        var converted: [String] = []
        for (index, file) in files.enumerated() {
            let first = try HapticsCtlRun.run(["convert", file])
            #expect(first.status == 0, "\(file): \(first.standardError)")
            #expect(!first.standardOutput.isEmpty)
            let once = try folder.write(first.standardOutput, to: "\(index).ahap")
            converted.append(once)

            let second = try HapticsCtlRun.run(["convert", "--strict", once])
            #expect(second.status == 0, "\(file): \(second.standardError)")
            #expect(second.standardError.isEmpty, "canonical output has no warnings")
            #expect(second.standardOutput == first.standardOutput, "converting \(file) twice is byte-identical")
        }
        let validation = try HapticsCtlRun.run(["validate", "--strict"] + converted)
        #expect(validation.status == 0, "\(validation.outputLines.filter { !$0.hasPrefix("ok:") })")
        #expect(validation.outputLines.filter { $0.hasPrefix("ok: ") }.count == files.count)
    }

    @Test("-o writes the file, nothing goes to standard output, and warnings go to standard error")
    func writesOutputFile() throws {
        try CLICorpus.require()
        let folder = try TemporaryFolder()
        let input = CLICorpus.file("apple__unityplugins__Bounce.ahap")
        let output = folder.path("Bounce.canonical.ahap")
        let run = try HapticsCtlRun.run(["convert", input, "-o", output])
        #expect(run.status == 0)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains("warning: \(input): line "), "the trailing comma is reported: \(run.standardError)")
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written.hasPrefix("{\n  \"Version\": 1.0,\n"))
        #expect(written.hasSuffix("}\n"))

        let toStdout = try HapticsCtlRun.run(["convert", input])
        #expect(toStdout.standardOutput == written, "-o writes what standard output would have shown")

        let longName = try HapticsCtlRun.run(["convert", input, "--output", folder.path("long.ahap")])
        #expect(longName.status == 0)
        #expect(try String(contentsOfFile: folder.path("long.ahap"), encoding: .utf8) == written)
    }

    @Test("an invalid file exits 1 with errors on standard error and no output")
    func invalidInput() throws {
        let folder = try TemporaryFolder()
        let input = try folder.write(#"{"Pattern": [{"Event": {"Time": -1, "EventType": "HapticTransient"}}]}"#, to: "bad.ahap")
        let output = folder.path("out.ahap")
        let run = try HapticsCtlRun.run(["convert", input, "-o", output])
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains("error: \(input): Pattern[0].Event.Time (line 1, column "), "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: output), "nothing is written for an invalid file")
    }

    @Test("--strict refuses a file the lenient reader accepts")
    func strictRefuses() throws {
        let folder = try TemporaryFolder()
        let input = try folder.write(#"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "Colour": "red"}},]}"#,
                                     to: "sloppy.ahap")
        #expect(try HapticsCtlRun.run(["convert", input]).status == 0)
        let strict = try HapticsCtlRun.run(["convert", "--strict", input])
        #expect(strict.status == 1)
        #expect(strict.standardOutput.isEmpty)
        #expect(strict.standardError.contains("error: \(input): Pattern[0].Event.Colour"), "\(strict.standardError)")
    }

    @Test("an output file that cannot be written exits 1 with an error line")
    func unwritableOutput() throws {
        let folder = try TemporaryFolder()
        let input = try folder.write(#"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": []}}]}"#,
                                     to: "ok.ahap")
        let output = folder.path("no/such/folder/out.ahap")
        let run = try HapticsCtlRun.run(["convert", input, "-o", output])
        #expect(run.status == 1)
        #expect(run.standardError.contains("error: \(output): could not write"), "\(run.standardError)")
    }
}
