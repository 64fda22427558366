/// Reads small files safely: regular files only, bounded size, checked before reading.
///
/// The one wording for a file that cannot be read, whichever reader asks (AHAP patterns, mapping
/// configs, event scripts) and so whichever `hapticsctl` subcommand reports it: "expected WHAT,
/// found WHAT", with the path in front of it in the caller's report line. Through the C library
/// (`FileKind`: `stat` and `lstat`), without Foundation.
@_spi(HapticsTools) public enum FileReading {
    public struct Problem: Error {
        public var message: String
        var isTooLarge = false
    }

    public static func readRegularFile(_ path: String, maximumBytes: Int) throws(Problem) -> [UInt8] {
        // Symbolic links are followed (a linked pattern is read like the file it points to), by
        // the system itself, so a pipe behind /dev/fd/N is still called a pipe.
        switch FileKind.at(path) {
        case .regular(let size):
            if size > maximumBytes {
                throw Problem(message: "expected a file of at most \(maximumBytes) bytes, found \(size) bytes", isTooLarge: true)
            }
        case .folder: throw Problem(message: "expected a file, found a folder")
        case .nothing: throw Problem(message: "expected a readable file, found nothing at this path")
        case let other:
            let expected = other == .pipe || other == .characterDevice || other == .blockDevice || other == .socket
                ? "a regular file" : "a readable file"
            throw Problem(message: "expected \(expected), found \(other.found)")
        }
        let data: [UInt8]
        switch FileBytes.contents(of: path, upTo: maximumBytes + 1) {
        case .bytes(let bytes): data = bytes
        case .cannotOpen:
            throw Problem(message: "expected a readable file, found one without permission to read it")
        case .readFailed(let reason):
            throw Problem(message: "expected a readable file, found that reading it fails (\(reason))")
        }
        if data.count > maximumBytes {
            throw Problem(message: "expected a file of at most \(maximumBytes) bytes, found more", isTooLarge: true)
        }
        return data
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
