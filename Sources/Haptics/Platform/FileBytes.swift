#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads at most a given number of bytes from a file through the C library (`open`/`read`), what
/// `FileHandle.read(upToCount:)` did, without Foundation (the C library, docs/c-library.md, stays
/// small when the core needs no Foundation). Load time only; allocates the bytes read.
package enum FileBytes {
    package enum Outcome {
        /// The first bytes of the file, at most the count asked for.
        case bytes([UInt8])
        /// The file could not be opened for reading (permission, or it went away).
        case cannotOpen
        /// Opened, but reading failed: the C library's reason (`strerror`).
        case readFailed(String)
    }

    /// The first `count` (>= 0) bytes of the file at `path`, fewer when it is shorter. Reads in
    /// chunks of at most 64 KiB, so a small file never costs a `count`-sized buffer.
    package static func contents(of path: String, upTo count: Int) -> Outcome {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .cannotOpen }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(max(count, 0), 65_536))
        while bytes.count < count {
            let wanted = min(chunk.count, count - bytes.count)
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if got < 0 {
                if errno == EINTR { continue }
                return .readFailed(String(cString: strerror(errno)))
            }
            if got == 0 { break }
            bytes += chunk[0..<got]
        }
        return .bytes(bytes)
    }
}
