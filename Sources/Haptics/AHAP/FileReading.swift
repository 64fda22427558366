/// Reads small files safely: regular files only, bounded size, checked before reading.
///
/// The one wording for a file that cannot be read, whichever reader asks (AHAP patterns, mapping
/// configs, event scripts) and so whichever `hapticsctl` subcommand reports it: "expected WHAT,
/// found WHAT", with the path in front of it in the caller's report line. Through the C library
/// (`FileStatus`), without Foundation.
@_spi(HapticsTools) public enum FileReading {
    public struct Problem: Error {
        public var message: String
        var isTooLarge = false
    }

    public static func readRegularFile(_ path: String, maximumBytes: Int) throws(Problem) -> [UInt8] {
        // Symbolic links are followed: a linked pattern is read like the file it points to.
        guard let kind = FileStatus.kind(of: path) else {
            throw Problem(message: "expected a readable file, found \(FileStatus.whyNothing(at: path))")
        }
        let size: Int
        switch kind {
        case .regular(let bytes): size = bytes
        case .directory: throw Problem(message: "expected a file, found a folder")
        default: throw Problem(message: "expected a regular file, found \(describe(kind))")
        }
        if size > maximumBytes {
            throw Problem(message: "expected a file of at most \(maximumBytes) bytes, found \(size) bytes", isTooLarge: true)
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

    private static func describe(_ kind: FileStatus.Kind) -> String {
        switch kind {
        case .characterDevice: return "a character device"
        case .blockDevice: return "a block device"
        case .socket: return "a socket"
        case .namedPipe: return "a named pipe (FIFO)"
        case .directory: return "a folder"
        case .regular: return "a file"
        case .other: return "a special file"
        }
    }

    /// Where a file's bytes stop being UTF-8.
    public struct EncodingProblem: Error {
        public var message: String
        public var location: SourceLocation
    }

    /// The text of `bytes`, or where it stops being UTF-8: "expected UTF-8 text, found the byte
    /// 0xXX, which is not valid UTF-8 here" at its line and column.
    public static func utf8Text(_ bytes: [UInt8]) throws(EncodingProblem) -> String {
        guard let offset = UTF8Validation.firstInvalidOffset(in: bytes) else { return String(decoding: bytes, as: UTF8.self) }
        throw EncodingProblem(message: "expected UTF-8 text, found the byte 0x\(String(bytes[offset], radix: 16, uppercase: true)), which is not valid UTF-8 here",
                              location: LineTable(bytes[..<offset]).location(ofOffset: offset))
    }
}
