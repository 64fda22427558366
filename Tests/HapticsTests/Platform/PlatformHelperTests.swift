import Foundation
import Haptics
import Testing

/// The helpers that let the core drop Foundation (docs/c-library.md) give what Foundation gave:
/// the same path text, the same formatted numbers, the same error text, the same file bytes.
@Suite("Platform helpers match Foundation")
struct PlatformHelperTests {
    // Not "a" or "a/": Foundation on Linux crashes on a one-letter relative path (see `oneLetter`).
    // Not "//": Foundation on Linux gives "" for both, Darwin "/"; this gives "/" (see `oneLetter`).
    static let paths = [
        "", "/", "/a", "/a/", "ab", "ab/", "a/b", "a/b/", "a//b", "/a/b.toml", "Assets/Haptics/haptics.toml",
        "../x/y.ahap", "./y.wav", "a/b//", "/a//b/c.ahap", "name with space/file.ahap", "ü/é.ahap", "haptics.toml",
    ]

    @Test("deletingLastComponent and lastComponent equal NSString's", arguments: paths)
    func components(path: String) {
        #expect(FilePathText.deletingLastComponent(path) == (path as NSString).deletingLastPathComponent)
        #expect(FilePathText.lastComponent(path) == (path as NSString).lastPathComponent)
    }

    @Test("Where Foundation on Linux crashes or differs from Darwin: one-letter paths and \"//\"")
    func oneLetter() {
        #expect(FilePathText.deletingLastComponent("a") == "")
        #expect(FilePathText.deletingLastComponent("a/") == "")
        #expect(FilePathText.lastComponent("a") == "a")
        #expect(FilePathText.lastComponent("a/") == "a")
        #expect(FilePathText.deletingLastComponent("//") == "/")
        #expect(FilePathText.lastComponent("//") == "/")
    }

    @Test("appending equals NSString.appendingPathComponent",
          arguments: ["", "/", "ab", "ab/", "/ab", "/ab/", "ab/cd", "ab//cd", "ab//"])
    func appending(folder: String) {
        for name in ["x.ahap", "P//x.ahap", "/x.ahap", "x/", "", "x//"] {
            #expect(FilePathText.appending(name, to: folder) == (folder as NSString).appendingPathComponent(name),
                    "folder \"\(folder)\", name \"\(name)\"")
        }
    }

    @Test("CFormat prints String(format:)'s digits")
    func format() {
        for (seconds, limit) in [(12.345, 10.0), (0.005, 0.25), (1e6, 123456789.0), (-3.0, 1e-7)] {
            let format = "the sound is %.2f s long; the limit is %g s"
            #expect(CFormat.string(format, seconds, limit) == String(format: format, seconds, limit))
        }
        let long = String(repeating: "x", count: 300) + " %d"
        #expect(CFormat.string(long, 42) == String(format: long, 42))
    }

    @Test("FileStatus tells files, folders and missing paths apart as FileManager does, and resolves paths")
    func fileStatus() throws {
        let folder = NSTemporaryDirectory() + "sdlhaptics-filestatus-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: folder + "/a.ahap"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.ahap", withDestinationPath: folder + "/a.ahap")
        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling", withDestinationPath: folder + "/nothing")
        #expect(FileStatus.kind(of: folder + "/a.ahap") == .regular(size: 3))
        #expect(FileStatus.kind(of: folder + "/link.ahap") == .regular(size: 3))
        #expect(FileStatus.kind(of: folder) == .directory)
        #expect(FileStatus.kind(of: folder + "/dangling") == nil)
        #expect(FileStatus.kind(of: folder + "/missing") == nil)
        #expect(FileStatus.kind(of: "/dev/null") == .characterDevice)
        #expect(FileStatus.isSymbolicLink(folder + "/dangling"))
        #expect(!FileStatus.isSymbolicLink(folder + "/a.ahap"))
        for path in [folder + "/a.ahap", folder, folder + "/missing"] {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            #expect(FileStatus.isFile(path) == (exists && !isDirectory.boolValue), "\(path)")
        }
        #expect(FileStatus.realPath(folder + "/link.ahap") == URL(fileURLWithPath: folder + "/a.ahap").resolvingSymlinksInPath().path)
        #expect(FileStatus.realPath(folder + "/missing") == nil)
        #expect(try FileStatus.names(inFolder: folder).sorted() == ["a.ahap", "dangling", "link.ahap"])
        #expect(throws: FileStatus.ListingError.self) { try FileStatus.names(inFolder: folder + "/missing") }
        let cwd = FileManager.default.currentDirectoryPath
        #expect(FileStatus.workingDirectory == cwd)
        #expect(FileStatus.absolutePath("data/./haptics.toml") == cwd + "/data/haptics.toml")
        #expect(FileStatus.absolutePath("/x//y/./z.toml") == "/x/y/z.toml")
        #expect(FileStatus.absolutePath("../up.toml") == cwd + "/../up.toml")
    }

    @Test("FileBytes reads at most the count asked for, and says when a file cannot be opened")
    func fileBytes() throws {
        let path = NSTemporaryDirectory() + "sdlhaptics-filebytes-\(getpid()).bin"
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard case .bytes(let all) = FileBytes.contents(of: path, upTo: 1_000_000) else {
            Issue.record("reading the whole file failed")
            return
        }
        #expect(all == bytes)
        guard case .bytes(let head) = FileBytes.contents(of: path, upTo: 70_001) else {
            Issue.record("reading the head failed")
            return
        }
        #expect(head == Array(bytes.prefix(70_001)))
        guard case .cannotOpen = FileBytes.contents(of: path + ".missing", upTo: 10) else {
            Issue.record("a missing file did not report cannotOpen")
            return
        }
    }

    @Test("BackgroundThread runs its body, and PthreadLock guards a counter across threads")
    func threadAndLock() {
        final class Counter: @unchecked Sendable {
            let lock = PthreadLock()
            var value = 0
        }
        let counter = Counter()
        let threads = 4, increments = 10_000
        for _ in 0..<threads {
            BackgroundThread.start(name: "test") {
                for _ in 0..<increments {
                    counter.lock.lock()
                    counter.value += 1
                    counter.lock.unlock()
                }
            }
        }
        var waited = 0.0
        while waited < 10 {
            counter.lock.lock()
            let value = counter.value
            counter.lock.unlock()
            if value == threads * increments { break }
            BackgroundThread.sleep(seconds: 0.01)
            waited += 0.01
        }
        counter.lock.lock()
        #expect(counter.value == threads * increments)
        counter.lock.unlock()
    }
}
