#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(HapticsTools) import Haptics

/// Every string the library hands to C goes out through here (issue 31, round two, F10): returned
/// strings (`SDLH_GetMappingError`, `SDLH_UnmatchedName`), struct fields (`SDLH_PadInfo.name` and
/// `.profile`, `SDLH_VirtualPadState.profile`, every string of `SDLH_ReloadInfo`) and lines written to
/// SDL's log. Control characters are escaped as diagnostics escape them (`EchoedText`: "\n", "\u001B"),
/// so a pad's name from its device, a path, or a name a game posted never carries an ESC, a BEL or a
/// line break into a game's log or terminal. (`SDLH_GetError` is written by `ErrorMessage`, with the
/// same escapes.) Escaping is idempotent on its own output: a text already escaped is unchanged.
enum COutput {
    /// `text` as the game may print it.
    static func text(_ text: String) -> String { EchoedText.escaped(text) }

    /// `text`, escaped, as a NUL-terminated C string the caller keeps.
    static func cString(_ text: String) -> [CChar] { Array(EchoedText.escaped(text).utf8CString) }

    /// Calls `body` with `text`, escaped, as a C string (NULL for nil), valid during the call.
    static func withCString<Result>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> Result) -> Result {
        guard let text else { return body(nil) }
        return EchoedText.escaped(text).withCString { body($0) }
    }

    /// Writes `text`, escaped, into a fixed-size C `char` array field as NUL-terminated UTF-8, cut at a
    /// character boundary to fit (the rest zero).
    static func copy(_ text: String, into field: UnsafeMutableRawBufferPointer) {
        field.initializeMemory(as: UInt8.self, repeating: 0)
        guard field.count > 0 else { return }
        var utf8 = Array(EchoedText.escaped(text).utf8.prefix(field.count - 1))
        if utf8.count == field.count - 1 {
            while let last = utf8.last, last & 0xC0 == 0x80 { utf8.removeLast() }
            if let last = utf8.last, last & 0x80 != 0 { utf8.removeLast() }
        }
        for (offset, byte) in utf8.enumerated() { field[offset] = byte }
    }
}
