#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads small files safely: regular files only, bounded size, checked before reading.
///
/// The one wording for a file that cannot be read, whichever reader asks (AHAP patterns, mapping
/// configs, event scripts) and so whichever `hapticsctl` subcommand reports it: "expected WHAT,
/// found WHAT", with the path in front of it in the caller's report line.
@_spi(HapticsTools) public enum FileReading {
    public struct Problem: Error {
        public var message: String
        var isTooLarge = false
    }

    public static func readRegularFile(_ givenPath: String, maximumBytes: Int) throws(Problem) -> [UInt8] {
        // Follow symbolic links: a linked pattern is read like the file it points to.
        let path = URL(fileURLWithPath: givenPath).resolvingSymlinksInPath().path
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Problem(message: "expected a readable file, found nothing at this path")
        }
        if isDirectory { throw Problem(message: "expected a file, found a folder") }
        let attributes: [FileAttributeKey: Any]
        do { attributes = try FileManager.default.attributesOfItem(atPath: path) } catch {
            throw Problem(message: "expected a readable file, found one whose attributes cannot be read")
        }
        if let type = attributes[.type] as? FileAttributeType, type != .typeRegular {
            throw Problem(message: "expected a regular file, found \(describe(type))")
        }
        let size = (attributes[.size] as? UInt).map { Int($0) } ?? 0
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

    private static func describe(_ type: FileAttributeType) -> String {
        switch type {
        case .typeCharacterSpecial: return "a character device"
        case .typeBlockSpecial: return "a block device"
        case .typeSocket: return "a socket"
        case .typeSymbolicLink: return "a symbolic link that leads nowhere"
        case .typeDirectory: return "a folder"
        default: return "a special file"
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
