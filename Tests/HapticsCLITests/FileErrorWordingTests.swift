import Foundation
import Testing

/// One wording for a file that cannot be read, in every subcommand that reads one (validate,
/// render, play, check, simulate's --config and --events) and in the library underneath: the path,
/// then "expected ..., found ...". Only the line format differs: AHAP commands write
/// "error: PATH: file: MESSAGE", config and script readers "PATH:LINE:COLUMN: error: MESSAGE".
@Suite("hapticsctl: one wording for file errors")
struct FileErrorWordingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
    static let config = root.appendingPathComponent("Assets/Haptics/haptics.toml").path
    static let events = root.appendingPathComponent("Demo/Scripts/events.jsonl").path

    enum Problem: String, CaseIterable, Sendable {
        case missing, folder, device, tooLarge
    }

    /// The path that has `problem` (made inside `folder`), and the message every reader gives for it.
    func path(for problem: Problem, in folder: TemporaryFolder, limit: Int) throws -> (String, String) {
        switch problem {
        case .missing: return (folder.path("nothing-here.toml"), "expected a readable file, found nothing at this path")
        case .folder:
            try FileManager.default.createDirectory(atPath: folder.path("a-folder"), withIntermediateDirectories: true)
            return (folder.path("a-folder"), "expected a file, found a folder")
        case .device: return ("/dev/null", "expected a regular file, found a character device")
        case .tooLarge:
            let path = folder.path("large-\(limit)")
            try Data(count: limit + 1).write(to: URL(fileURLWithPath: path))
            return (path, "expected a file of at most \(limit) bytes, found \(limit + 1) bytes")
        }
    }

    @Test("validate, render and play: error: PATH: file: MESSAGE, exit 1", arguments: Problem.allCases)
    func patternCommands(problem: Problem) throws {
        let folder = try TemporaryFolder()
        let (path, message) = try path(for: problem, in: folder, limit: 8 << 20)
        let expected = "error: \(path): file: \(message)"
        let validate = try HapticsCtlRun.run(["validate", path])
        #expect(validate.status == 1)
        #expect(validate.outputLines == [expected])
        let render = try HapticsCtlRun.run(["render", path])
        #expect(render.status == 1)
        #expect(render.standardError == expected + "\n")
        let play = try HapticsCtlRun.run(["play", path])
        #expect(play.status == 1)
        #expect(play.standardError == expected + "\n")
    }

    @Test("check and simulate --config: PATH:1:1: error: MESSAGE, exit 1", arguments: Problem.allCases)
    func configCommands(problem: Problem) throws {
        let folder = try TemporaryFolder()
        let (path, message) = try path(for: problem, in: folder, limit: 8 << 20)
        let expected = "\(path):1:1: error: \(message)\n"
        let check = try HapticsCtlRun.run(["check", path])
        #expect(check.status == 1)
        #expect(check.standardError == expected)
        let simulate = try HapticsCtlRun.run(["simulate", "--config", path, "--events", Self.events])
        #expect(simulate.status == 1)
        #expect(simulate.standardError == expected)
    }

    @Test("simulate --events: PATH:1:1: error: MESSAGE, exit 1", arguments: Problem.allCases)
    func eventsFile(problem: Problem) throws {
        let folder = try TemporaryFolder()
        let (path, message) = try path(for: problem, in: folder, limit: 16 << 20)
        let simulate = try HapticsCtlRun.run(["simulate", "--config", Self.config, "--events", path])
        #expect(simulate.status == 1)
        #expect(simulate.standardError == "\(path):1:1: error: \(message)\n")
    }

    @Test("a config or a script that is not UTF-8: where the first bad byte is, and what it is")
    func notUTF8() throws {
        let folder = try TemporaryFolder()
        let config = folder.path("latin1.toml")
        try Data(Array("version = 1\n# caf".utf8) + [0xE9] + Array("\n".utf8)).write(to: URL(fileURLWithPath: config))
        let check = try HapticsCtlRun.run(["check", config])
        #expect(check.status == 1)
        #expect(check.standardError == "\(config):2:6: error: expected UTF-8 text, found the byte 0xE9, which is not valid UTF-8 here\n")
        let events = folder.path("latin1.jsonl")
        try Data(Array("{\"time\": 0, \"event\": \"custom\", \"name\": \"caf".utf8) + [0xE9] + Array("\"}\n".utf8)).write(to: URL(fileURLWithPath: events))
        let simulate = try HapticsCtlRun.run(["simulate", "--config", Self.config, "--events", events])
        #expect(simulate.status == 1)
        #expect(simulate.standardError == "\(events):1:44: error: expected UTF-8 text, found the byte 0xE9, which is not valid UTF-8 here\n")
    }
}
