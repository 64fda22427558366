#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads small files safely: regular files only, bounded size, checked before reading, and never
/// blocked by what is at the path (issue 31: a FIFO swapped in after the check is refused by
/// `FileBytes`, which checks what it opened).
///
/// The one wording for a file that cannot be read, whichever reader asks (AHAP patterns, mapping
/// configs, event scripts, sound files) and so whichever `hapticsctl` subcommand reports it: "expected
/// WHAT, found WHAT", with the path in front of it in the caller's report line. Through the C library
/// (`FileKind`: `stat` and `lstat`; `FileBytes`: `open`, `fstat`, `read`), without Foundation.
@_spi(HapticsTools) public enum FileReading {
    public struct Problem: Error {
        public var message: String
        /// What kind of problem it is (the C API's reload report says it: `SDLH_ReloadInfo.failure`).
        public var kind: Kind = .unreadable
        var isTooLarge: Bool { kind == .tooLarge }

        /// Why a file could not be read.
        public enum Kind: Sendable {
            /// Nothing at the path (or a symbolic link to nothing).
            case missing
            /// There, but it cannot be read (permission, a loop of links, a read error).
            case unreadable
            /// A folder, a pipe, a device, a socket: not a regular file.
            case notRegularFile
            /// Larger than the reader's limit.
            case tooLarge

            /// The same, as a config's diagnostic says it.
            var diagnosticKind: ConfigDiagnostic.Kind {
                switch self {
                case .missing: return .missing
                case .unreadable: return .unreadable
                case .notRegularFile: return .notRegularFile
                case .tooLarge: return .tooLarge
                }
            }
        }
    }

    public static func readRegularFile(_ path: String, maximumBytes: Int) throws(Problem) -> [UInt8] {
        // Symbolic links are followed (a linked pattern is read like the file it points to), by
        // the system itself, so a pipe behind /dev/fd/N is still called a pipe. The look at the path
        // words the usual problems; what is opened is checked again (`FileBytes`), so a file swapped
        // for something else in between is refused in the same words, never waited on.
        switch FileKind.at(path) {
        case .regular(let size):
            if size > maximumBytes { throw tooLarge(maximumBytes, found: "\(size) bytes") }
        case let other: throw problem(other)
        }
        let data: [UInt8]
        switch FileBytes.contents(of: path, upTo: maximumBytes + 1) {
        case .bytes(let bytes): data = bytes
        case .notRegular(let kind): throw problem(kind)
        case .cannotOpen(let failure):
            switch failure {
            case ENOENT, ENOTDIR: throw problem(FileKind.at(path) == .danglingLink ? .danglingLink : .nothing)
            case ELOOP: throw problem(.linkLoop)
            default: throw Problem(message: "expected a readable file, found one without permission to read it")
            }
        case .readFailed(let reason):
            throw Problem(message: "expected a readable file, found that reading it fails (\(reason))")
        }
        if data.count > maximumBytes { throw tooLarge(maximumBytes, found: "more") }
        return data
    }

    private static func tooLarge(_ maximumBytes: Int, found: String) -> Problem {
        Problem(message: "expected a file of at most \(maximumBytes) bytes, found \(found)", kind: .tooLarge)
    }

    /// "expected ..., found ..." for what is at a path that is not a readable regular file.
    private static func problem(_ kind: FileKind) -> Problem {
        switch kind {
        case .regular: return Problem(message: "expected a readable file, found one that changed while it was opened")
        case .folder: return Problem(message: "expected a file, found a folder", kind: .notRegularFile)
        case .nothing: return Problem(message: "expected a readable file, found nothing at this path", kind: .missing)
        case .danglingLink: return Problem(message: "expected a readable file, found \(kind.found)", kind: .missing)
        case .pipe, .characterDevice, .blockDevice, .socket:
            return Problem(message: "expected a regular file, found \(kind.found)", kind: .notRegularFile)
        default: return Problem(message: "expected a readable file, found \(kind.found)")
        }
    }

    /// The encoding `bytes` are in when it is plainly not UTF-8: a UTF-16 or UTF-32 byte-order
    /// mark, or UTF-16 without one (a zero byte beside a non-zero one in the first two: ASCII
    /// text saved as UTF-16). Nil otherwise. "UTF-16 (little-endian)", ...
    public static func otherEncoding<Bytes: Collection<UInt8>>(of bytes: Bytes) -> String? {
        let first = Array(bytes.prefix(4))
        if first.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32 (little-endian, with a byte-order mark)" }
        if first.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32 (big-endian, with a byte-order mark)" }
        if first.starts(with: [0xFF, 0xFE]) { return "UTF-16 (little-endian, with a byte-order mark)" }
        if first.starts(with: [0xFE, 0xFF]) { return "UTF-16 (big-endian, with a byte-order mark)" }
        if first.count >= 2, first[0] != 0, first[1] == 0 { return "UTF-16 (little-endian)" }
        if first.count >= 2, first[0] == 0, first[1] != 0 { return "UTF-16 (big-endian)" }
        return nil
    }

    /// "expected UTF-8 text, found UTF-16 (...): save the file as UTF-8", for `otherEncoding`.
    public static func otherEncodingMessage(_ encoding: String, expected: String = "UTF-8 text") -> String {
        "expected \(expected), found \(encoding): save the file as UTF-8"
    }

    /// Where a file's bytes stop being UTF-8.
    public struct EncodingProblem: Error {
        public var message: String
        public var location: SourceLocation
    }

    /// The text of `bytes`, or where it stops being UTF-8: "expected UTF-8 text, found the byte
    /// 0xXX, which is not valid UTF-8 here" at its line and column, or, for text plainly in
    /// another encoding, "expected UTF-8 text, found UTF-16 (...): save the file as UTF-8" at 1:1.
    public static func utf8Text(_ bytes: [UInt8]) throws(EncodingProblem) -> String {
        if let encoding = otherEncoding(of: bytes) {
            throw EncodingProblem(message: otherEncodingMessage(encoding), location: SourceLocation(line: 1, column: 1, offset: 0))
        }
        guard let offset = UTF8Validation.firstInvalidOffset(in: bytes) else { return String(decoding: bytes, as: UTF8.self) }
        throw EncodingProblem(message: "expected UTF-8 text, found the byte 0x\(String(bytes[offset], radix: 16, uppercase: true)), which is not valid UTF-8 here",
                              location: LineTable(bytes[..<offset]).location(ofOffset: offset))
    }
}
