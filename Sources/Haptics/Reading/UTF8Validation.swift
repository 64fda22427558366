/// Finds where bytes stop being UTF-8, for readers that must say where (TOML, event scripts).
enum UTF8Validation {
    /// The offset of the first byte of the first invalid sequence (an impossible byte, an
    /// overlong form, a surrogate, a code point above U+10FFFF or a sequence cut short), or nil
    /// when every byte is part of a valid UTF-8 sequence. O(count), no allocation.
    static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { firstInvalidOffset(in: $0) }
    }

    static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            offset < count && range.contains(bytes[offset])
        }
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            let length: Int
            switch lead {
            case 0xC2...0xDF:
                length = continuation(index + 1) ? 2 : 0
            case 0xE0:
                length = continuation(index + 1, 0xA0...0xBF) && continuation(index + 2) ? 3 : 0
            case 0xE1...0xEC, 0xEE...0xEF:
                length = continuation(index + 1) && continuation(index + 2) ? 3 : 0
            case 0xED:
                length = continuation(index + 1, 0x80...0x9F) && continuation(index + 2) ? 3 : 0
            case 0xF0:
                length = continuation(index + 1, 0x90...0xBF) && continuation(index + 2) && continuation(index + 3) ? 4 : 0
            case 0xF1...0xF3:
                length = continuation(index + 1) && continuation(index + 2) && continuation(index + 3) ? 4 : 0
            case 0xF4:
                length = continuation(index + 1, 0x80...0x8F) && continuation(index + 2) && continuation(index + 3) ? 4 : 0
            default:
                length = 0
            }
            if length == 0 { return index }
            index += length
        }
        return nil
    }
}
