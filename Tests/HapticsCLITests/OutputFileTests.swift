import Foundation
import Testing

/// Where `-o` writes (issue 26, items 9 and 10): only a regular file is replaced (atomically, its
/// permissions kept); a symbolic link is followed and stays a link, a pipe is written through and
/// stays a pipe, a folder is refused in words; and `convert` refuses, before writing, a canonical
/// pattern that `validate` and the library would not read back. (No test writes to a device: a
/// regression would replace it, and these tests may run as root.)
@Suite("hapticsctl: -o replaces only a regular file")
struct OutputFileTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
    static let preset = root.appendingPathComponent("Assets/Haptics/Presets/Heartbeat.ahap").path

    /// What `convert` writes to standard output: the bytes every `-o` case must receive.
    static func converted() throws -> String {
        let run = try HapticsCtlRun.run(["convert", preset])
        #expect(run.status == 0)
        return run.standardOutput
    }

    static func fileType(_ path: String) throws -> FileAttributeType? {
        try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
    }

    @Test("a regular file is replaced, its permissions kept")
    func regularFile() throws {
        let folder = try TemporaryFolder()
        let out = try folder.write("old", to: "out.ahap")
        #expect(chmod(out, 0o640) == 0)
        let run = try HapticsCtlRun.run(["convert", Self.preset, "-o", out])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == Self.converted())
        let permissions = try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int
        #expect(permissions == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["out.ahap"], "no temporary file left")
    }

    @Test("a symbolic link stays a link: its target is replaced; a link to nothing makes its target")
    func symbolicLink() throws {
        let folder = try TemporaryFolder()
        let target = try folder.write("old", to: "target.ahap")
        let link = folder.path("link.ahap")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.ahap")
        let run = try HapticsCtlRun.run(["convert", Self.preset, "-o", link])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try Self.fileType(link) == .typeSymbolicLink)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.ahap")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == Self.converted())

        let dangling = folder.path("dangling.ahap")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "made.ahap")
        #expect(try HapticsCtlRun.run(["convert", Self.preset, "-o", dangling]).status == 0)
        #expect(try Self.fileType(dangling) == .typeSymbolicLink)
        #expect(try String(contentsOfFile: folder.path("made.ahap"), encoding: .utf8) == Self.converted())
    }

    @Test("a pipe (FIFO) is written through and stays a pipe")
    func pipe() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path("out.ahap")
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reader: opening a FIFO for reading waits for the writer, as the writer waits for it.
        final class Received: @unchecked Sendable { var data = Data() }
        let received = Received()
        let reader = Thread {
            if let handle = FileHandle(forReadingAtPath: fifo) { received.data = handle.readDataToEndOfFile() }
        }
        reader.start()
        let run = try HapticsCtlRun.run(["convert", Self.preset, "-o", fifo], timeoutSeconds: 30)
        #expect(run.status == 0, "\(run.standardError)")
        let deadline = Date().addingTimeInterval(10)
        while !reader.isFinished && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(String(decoding: received.data, as: UTF8.self) == (try Self.converted()))
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    }

    @Test("a folder is refused in words (not 'NSCocoaErrorDomain error 512'), and nothing is written into it")
    func folder() throws {
        let folder = try TemporaryFolder()
        let out = folder.path("patterns")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let run = try HapticsCtlRun.run(["convert", Self.preset, "-o", out])
        #expect(run.status == 1)
        #expect(run.standardError == "error: \(out): could not write the converted pattern: expected a file, found a folder: name a file inside it, such as \(out)/out.ahap\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).isEmpty)
        let missing = folder.path("no-folder/out.ahap")
        let nowhere = try HapticsCtlRun.run(["convert", Self.preset, "-o", missing])
        #expect(nowhere.status == 1)
        #expect(nowhere.standardError.contains("expected a folder to write into at \(folder.path("no-folder")), found nothing at this path"))
    }

    @Test("convert: a valid pattern whose canonical form would pass 8 MiB is refused before anything is written")
    func convertWritesOnlyWhatReadsBack() throws {
        let folder = try TemporaryFolder()
        // 70,000 minified events: 5.4 MB in, about 9.2 MB canonical (over the 8,388,608 bytes read).
        let events = (0..<70_000).map { #"{"Event":{"Time":\#(Double($0) * 0.001),"EventType":"HapticTransient","EventParameters":[]}}"# }
        let input = try folder.write(#"{"Version":1,"Pattern":["# + events.joined(separator: ",") + "]}", to: "many.ahap")
        #expect(try HapticsCtlRun.run(["validate", input]).status == 0, "the input is valid")
        let out = folder.path("out.ahap")
        let run = try HapticsCtlRun.run(["convert", input, "-o", out])
        #expect(run.status == 1)
        #expect(run.standardError.hasPrefix("error: \(input): the AHAP written would be "))
        #expect(run.standardError.contains("bytes, more than the 8388608 that validate and SDLHaptics read: nothing written"))
        #expect(!FileManager.default.fileExists(atPath: out))
        let toStandardOutput = try HapticsCtlRun.run(["convert", input])
        #expect(toStandardOutput.status == 1)
        #expect(toStandardOutput.standardOutput.isEmpty)
    }
}
