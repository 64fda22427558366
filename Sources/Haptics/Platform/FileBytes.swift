#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads at most a given number of bytes from a regular file through the C library, without
/// Foundation (the C library, docs/c-library.md, stays small when the core needs no Foundation).
/// Load time only; allocates the bytes read.
///
/// **Opening never blocks, and what is read is what was checked** (issue 31, item 2): the file is
/// opened with `O_NONBLOCK` (an `open` of a FIFO or a device returns at once instead of waiting for
/// a writer), `O_NOCTTY` and `O_CLOEXEC` (and `O_NOFOLLOW` when asked), then `fstat` says what was
/// opened: anything but a regular file is refused (`notRegular`) before a byte is read, and only then
/// is `O_NONBLOCK` cleared. So a file replaced by a FIFO between a caller's `stat` and this `open`
/// is refused, never waited on.
package enum FileBytes {
    package enum Outcome {
        /// The first bytes of the file, at most the count asked for.
        case bytes([UInt8])
        /// The path could not be opened: the C library's `errno` (`ENOENT`, `EACCES`, `ELOOP`...).
        case cannotOpen(Int32)
        /// What was opened is not a regular file (a FIFO, a device, a folder, a socket).
        case notRegular(FileKind)
        /// Opened, but reading failed: the C library's reason (`strerror`).
        case readFailed(String)
    }

    /// What one read saw without keeping the bytes (`fingerprint`).
    package enum Fingerprint: Equatable, Sendable {
        /// FNV-1a (64 bits) of the first bytes read, with their count mixed in; `byteCount` of them,
        /// `isBlank` when they are only spaces, tabs and line breaks (or none).
        case regular(hash: UInt64, byteCount: Int, isBlank: Bool)
        /// No regular file could be read there (missing, not regular, unreadable).
        case unreadable
    }

    /// The first `count` (>= 0) bytes of the regular file at `path`, fewer when it is shorter. Reads
    /// in chunks of at most 64 KiB, so a small file never costs a `count`-sized buffer. With
    /// `noFollow`, a symbolic link as the last component is refused (`cannotOpen(ELOOP)`).
    package static func contents(of path: String, upTo count: Int, noFollow: Bool = false) -> Outcome {
        var bytes: [UInt8] = []
        let failure = readChunks(path, upTo: count, noFollow: noFollow) { chunk in bytes += chunk }
        return failure ?? .bytes(bytes)
    }

    /// A fingerprint of the first `count` bytes of the regular file at `path`, read in 64 KiB chunks
    /// (no `count`-sized buffer): what `MappingConfigWatcher` compares.
    package static func fingerprint(of path: String, upTo count: Int) -> Fingerprint {
        var hasher = FingerprintHasher()
        let failure = readChunks(path, upTo: count, noFollow: false) { hasher.add($0) }
        return failure == nil ? hasher.fingerprint : .unreadable
    }

    /// FNV-1a (64 bits) over bytes given in pieces, with their count mixed in at the end, and whether
    /// they are all blank: the one hash of file contents (`Fingerprint`, `SoundPatternLoader`).
    package struct FingerprintHasher {
        private var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        private(set) var count = 0
        private var blank = true

        package init() {}

        package mutating func add<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01B3
                if blank && byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { blank = false }
                count += 1
            }
        }

        /// The hash with the count mixed in.
        package var value: UInt64 { hash ^ UInt64(count) }
        package var fingerprint: Fingerprint { .regular(hash: value, byteCount: count, isBlank: blank) }
    }

    /// Opens `path` without blocking, checks that it is a regular file, and hands `body` its first
    /// `count` bytes chunk by chunk. Returns nil on success, else what went wrong.
    private static func readChunks(_ path: String, upTo count: Int, noFollow: Bool,
                             _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Outcome? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (noFollow ? O_NOFOLLOW : 0))
        guard descriptor >= 0 else { return .cannotOpen(errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .readFailed(String(cString: strerror(errno))) }
        let kind = FileKind(mode: info.st_mode, size: Int(info.st_size))
        guard case .regular = kind else { return .notRegular(kind) }
        // A regular file: reads never wait anyway, but a file system may honour the flag; clear it.
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        var chunk = [UInt8](repeating: 0, count: min(max(count, 0), 65_536))
        var total = 0
        while total < count {
            let wanted = min(chunk.count, count - total)
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if got < 0 {
                if errno == EINTR { continue }
                return .readFailed(String(cString: strerror(errno)))
            }
            if got == 0 { break }
            chunk.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<got])) }
            total += got
        }
        return nil
    }
}
