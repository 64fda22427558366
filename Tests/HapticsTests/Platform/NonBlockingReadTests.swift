import Foundation
@_spi(HapticsTools) @testable import Haptics
import Testing

/// Opening a file never blocks (issue 31, item 2): what is at a path can change between a reader's
/// look and its `open`, so `FileBytes` opens without blocking and checks what it opened. A FIFO
/// opened for reading would otherwise wait forever for a writer. Each open here runs on a thread of
/// its own with a deadline, so a regression fails the test instead of hanging the suite.
@Suite("Reading files never blocks: FIFOs, devices and links are refused by what was opened")
struct NonBlockingReadTests {
    final class Folder {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sdlhaptics-fifo-\(UUID().uuidString)").path
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    final class Box<T>: @unchecked Sendable {
        var value: T?
        let done = DispatchSemaphore(value: 0)
        init() {}
    }

    /// `body` on another thread; nil when it did not return within `seconds` (it blocked).
    static func withDeadline<T: Sendable>(seconds: Double = 5, _ body: @escaping @Sendable () -> T) -> T? {
        let box = Box<T>()
        Thread.detachNewThread {
            box.value = body()
            box.done.signal()
        }
        return box.done.wait(timeout: .now() + seconds) == .success ? box.value : nil
    }

    @Test("FileBytes opens a FIFO without waiting for a writer and says it is a pipe")
    func fifo() throws {
        let folder = try Folder()
        let path = folder.path + "/pattern.ahap"
        #expect(mkfifo(path, 0o600) == 0)
        let outcome = Self.withDeadline { () -> String in
            switch FileBytes.contents(of: path, upTo: 100) {
            case .notRegular(let kind): return kind.found
            default: return "read"
            }
        }
        #expect(outcome == "a pipe (FIFO)", "nil: the open blocked")
        #expect(Self.withDeadline { FileBytes.fingerprint(of: path, upTo: 100) } == .unreadable)
        // The readers' own words, at once.
        let problem = Self.withDeadline { () -> String? in
            do throws(FileReading.Problem) { _ = try FileReading.readRegularFile(path, maximumBytes: 100); return nil } catch { return error.message }
        }
        #expect(problem == "expected a regular file, found a pipe (FIFO)")
    }

    @Test("a FIFO swapped in and out at the path while readers read never blocks them")
    func racingSwap() throws {
        let folder = try Folder()
        let folderPath = folder.path
        let path = folder.path + "/pattern.ahap"
        let bytes = Array("{\"Version\": 1.0, \"Pattern\": []}".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        final class Flag: @unchecked Sendable { var running = true }
        let flag = Flag()
        Thread.detachNewThread {
            var round = 0
            while flag.running {
                let temporary = folderPath + "/swap\(round % 2)"
                if round % 2 == 0 { _ = mkfifo(temporary, 0o600) } else { _ = FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) }
                _ = rename(temporary, path)
                round += 1
            }
        }
        defer { flag.running = false }
        let outcomes = Self.withDeadline(seconds: 20) { () -> (read: Int, refused: Int) in
            var read = 0, refused = 0
            for _ in 0..<3_000 {
                if (try? FileReading.readRegularFile(path, maximumBytes: 1_000)) == bytes { read += 1 } else { refused += 1 }
                _ = AHAPDecoderProbe.decode(path)
            }
            return (read, refused)
        }
        #expect(outcomes != nil, "a read blocked on a FIFO")
        if let outcomes { #expect(outcomes.read + outcomes.refused == 3_000) }
    }

    @Test("with noFollow, a symbolic link put in place of a checked file is refused")
    func noFollow() throws {
        let folder = try Folder()
        let target = folder.path + "/real.wav"
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: target))
        let link = folder.path + "/link.wav"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        guard case .cannotOpen(let failure) = FileBytes.contents(of: link, upTo: 10, noFollow: true) else {
            Issue.record("the link was followed")
            return
        }
        #expect(failure == ELOOP)
        guard case .bytes(let read) = FileBytes.contents(of: link, upTo: 10) else {
            Issue.record("without noFollow the link is followed")
            return
        }
        #expect(read == [1, 2, 3])
    }

    @Test("a device is never read: refused by what was opened")
    func device() {
        guard case .notRegular(let kind) = FileBytes.contents(of: "/dev/zero", upTo: 10) else {
            Issue.record("/dev/zero was read")
            return
        }
        #expect(kind == .characterDevice)
    }
}

/// The AHAP decoder's file path, which reads through `FileReading` too.
enum AHAPDecoderProbe {
    static func decode(_ path: String) -> Bool { (try? AHAPDecoder().decode(contentsOfFile: path)) != nil }
}
