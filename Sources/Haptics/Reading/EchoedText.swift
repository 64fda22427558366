/// A file's text as a diagnostic echoes it back (a key, a name, a string value, a path a config
/// names): control characters escaped, so a newline cannot split a diagnostic line (or forge an
/// `ok` line under it) and ESC, BEL or a bidirectional override never reach a terminal; and cut to
/// a length, so an 8 MB key is not printed back.
///
/// Escapes read as in TOML and JSON: `\n`, `\r`, `\t`, and `\uXXXX` for the other C0 controls,
/// DEL, the C1 controls (U+0080...U+009F), the line and paragraph separators (U+2028, U+2029) and
/// the bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F,
/// U+202A...U+202E, U+2066...U+2069). Everything else, other scripts and emoji included, is kept.
///
/// `ConfigDiagnostic` and `AHAPDiagnostic` escape every field they are made with, so no reader can
/// forget; the readers also cut what they echo with `shortened`. Load-time only (allocates, and
/// only when there is something to change).
@_spi(HapticsTools) public enum EchoedText {
    /// The longest piece of file text a diagnostic echoes, in UTF-8 bytes: 80.
    public static let maximumBytes = 80

    /// The longest field of a diagnostic (its message, its path), in UTF-8 bytes: 4,096, a bound
    /// for echoes the readers do not cut themselves.
    public static let maximumFieldBytes = 4_096

    /// `text` with every control character escaped. Returns `text` itself when there is none.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            withEscapedUTF8(scalar) { result.append(contentsOf: $0) }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Calls `body` with the UTF-8 bytes of `scalar` as a diagnostic echoes it: the scalar itself, or
    /// its escape (`\n`, `\r`, `\t`, `\uXXXX`) for a control character. The one spelling of every
    /// escape (`escaped`, and the C API's error messages, which write it straight into their buffer).
    /// No allocation. Returns what `body` returns.
    @discardableResult
    public static func withEscapedUTF8<Result>(_ scalar: Unicode.Scalar, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var bytes: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0)
        let count: Int
        if needsEscape(scalar) {
            let backslash = UInt8(ascii: "\\")
            switch scalar {
            case "\n": (bytes.0, bytes.1, count) = (backslash, UInt8(ascii: "n"), 2)
            case "\r": (bytes.0, bytes.1, count) = (backslash, UInt8(ascii: "r"), 2)
            case "\t": (bytes.0, bytes.1, count) = (backslash, UInt8(ascii: "t"), 2)
            default:
                func digit(_ shift: UInt32) -> UInt8 {
                    let nibble = UInt8(truncatingIfNeeded: scalar.value >> shift & 0xF)
                    return nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
                }
                // Every escaped scalar is below U+10000: four digits.
                bytes = (backslash, UInt8(ascii: "u"), digit(12), digit(8), digit(4), digit(0))
                count = 6
            }
        } else {
            count = UTF8.width(scalar)
            var index = 0
            withUnsafeMutableBytes(of: &bytes) { raw in
                for unit in UTF8.encode(scalar)! {
                    raw[index] = unit
                    index += 1
                }
            }
        }
        return withUnsafeBytes(of: &bytes) { raw in
            body(UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }

    /// `text` escaped and, when longer than `maximumBytes` UTF-8 bytes, cut at a character
    /// boundary with "…(+N bytes)" saying how much was left out.
    public static func shortened(_ text: String, maximumBytes: Int = maximumBytes) -> String {
        let count = text.utf8.count
        guard count > maximumBytes else { return escaped(text) }
        var kept = String.UnicodeScalarView()
        var bytes = 0
        for scalar in text.unicodeScalars {
            let width = UTF8.width(scalar)
            if bytes + width > maximumBytes { break }
            kept.append(scalar)
            bytes += width
        }
        return escaped(String(kept)) + "…(+\(count - bytes) bytes)"
    }

    /// A diagnostic's field: escaped, and cut at `maximumFieldBytes`.
    static func field(_ text: String) -> String {
        text.utf8.count > maximumFieldBytes ? shortened(text, maximumBytes: maximumFieldBytes) : escaped(text)
    }

    @inline(__always)
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
