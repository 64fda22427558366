#if SDLHAPTICS_SDL3
import CSDLHaptics3
#else
import CSDLHaptics
#endif
@_spi(HapticsTools) import Haptics

/// A failure to report to C: one of the header's `SDLH_ERROR_*` codes and a message saying what was
/// expected. Thrown inside the shell, turned into the return code and `SDLH_GetError()` text at the
/// exported function's edge (`CResult.run`). Built only on failure paths; one whose message holds only
/// literal text, static names and numbers (every refusal of a post) allocates nothing (`CMessage`).
struct CFailure: Error {
    var code: Int32
    var message: CMessage

    static func invalid(_ message: CMessage) -> CFailure { CFailure(code: SDLH_ERROR_INVALID_ARGUMENT, message: message) }
    static let notInitialized = CFailure(code: SDLH_ERROR_NOT_INITIALIZED,
                                         message: "SDLHaptics is not initialized: call SDLH_Init after SDL_Init (or it was quit)")
    static func invalidHandle(_ what: String) -> CFailure {
        CFailure(code: SDLH_ERROR_INVALID_HANDLE,
                 message: "\(what) is not a live handle (freed, from before SDLH_Quit, or never returned by SDLHaptics)")
    }
    static func unknownPlayer(_ player: Int, count: Int) -> CFailure {
        CFailure(code: SDLH_ERROR_UNKNOWN_PLAYER, message: "player \(player) does not exist: players are 0...\(count - 1)")
    }
}

/// The text of a `CFailure`, written as a string literal with interpolations (`"\(field) must be
/// finite, got \(value)"`). A message made of literal text, `StaticString`s, integers and `Double`s is
/// written as it is made into `inlineCapacity` bytes held in the value, without allocating: so no refused
/// post allocates, whatever was wrong with it (issue 31, round two, F9: a post refused for a bad
/// argument cost 1–3 mallocs; a number is written through `TextOutputStream._writeASCII`, the
/// standard library's own shortest form, never through a `String`). A message that interpolates a
/// `String` or any other value is kept as a `String` (those paths allocate anyway).
struct CMessage: ExpressibleByStringInterpolation, CustomStringConvertible {
    typealias StringLiteralType = StaticString

    /// The most bytes kept inline; a longer inline message is cut there (none of the shell's is).
    static let inlineCapacity = 256
    /// The inline bytes (32 words = `inlineCapacity`).
    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
        = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    private var count = 0
    /// The message as text, once something other than literals and numbers was interpolated.
    private var text: String?

    init(stringLiteral literal: StaticString) { append(literal) }
    init(stringInterpolation: Interpolation) { self = stringInterpolation.message }
    /// A message that is already text.
    init(text: String) { self.text = text }
    private init() {}

    struct Interpolation: StringInterpolationProtocol {
        fileprivate var message = CMessage()
        init(literalCapacity: Int, interpolationCount: Int) {}
        mutating func appendLiteral(_ literal: StaticString) { message.append(literal) }
        mutating func appendInterpolation(_ name: StaticString) { message.append(name) }
        mutating func appendInterpolation<Integer: BinaryInteger>(_ value: Integer) { message.append(integer: value) }
        mutating func appendInterpolation(_ value: Double) { message.append(number: value) }
        mutating func appendInterpolation(_ value: String) { message.append(text: value) }
        /// Anything else, as `String(describing:)` (allocates).
        mutating func appendInterpolation<Value>(_ value: Value) { message.append(text: String(describing: value)) }
    }

    /// The message's UTF-8 bytes.
    func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if var text { return text.withUTF8(body) }
        return withUnsafeBytes(of: words) { body(UnsafeBufferPointer(start: $0.bindMemory(to: UInt8.self).baseAddress, count: count)) }
    }

    var description: String { withUTF8 { String(decoding: $0, as: UTF8.self) } }

    private mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append(bytes: $0) }
    }

    private mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        if text != nil {
            text! += String(decoding: bytes, as: UTF8.self)
            return
        }
        let room = min(bytes.count, Self.inlineCapacity - count)
        guard room > 0 else { return }
        withUnsafeMutableBytes(of: &words) { target in
            for index in 0..<room { target[count + index] = bytes[index] }
        }
        count += room
    }

    private mutating func append(text value: String) {
        if text == nil { text = description }
        text! += value
    }

    /// Decimal digits, without a `String`.
    private mutating func append<Integer: BinaryInteger>(integer value: Integer) {
        var digits: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)   // 40 bytes: a 128-bit integer's 39 digits and a sign
        withUnsafeMutableBytes(of: &digits) { buffer in
            var magnitude = value.magnitude
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0 && start > 1
            if value < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            let written = UnsafeRawBufferPointer(rebasing: buffer[start...]).bindMemory(to: UInt8.self)
            append(bytes: written)
        }
    }

    /// The standard library's text for `value` (shortest form that reads back: "-3.0", "nan", "1e+300").
    private mutating func append(number value: Double) {
        var stream = ASCIIStream(message: self)
        value.write(to: &stream)
        self = stream.message
    }

    /// Takes the standard library's number text as bytes (`_writeASCII`), never as a `String`.
    private struct ASCIIStream: TextOutputStream {
        var message: CMessage
        mutating func write(_ string: String) {
            var string = string
            string.withUTF8 { message.append(bytes: $0) }
        }
        mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { message.append(bytes: buffer) }
    }
}

/// The calling thread's last error message, like `SDL_GetError`: a buffer of
/// `SDLH_MAX_ERROR_BYTES` + 1 bytes per thread (pthread key; made at the thread's first error, freed
/// when the thread exits), always NUL-terminated UTF-8 on one line.
///
/// Every message is written through `set(function:message:)`, which escapes control characters as
/// `EchoedText` does (a newline, ESC or BEL in an argument a message quotes never reaches the game's
/// log or terminal: issue 31, item 8) and cuts at a character boundary, writing straight into the
/// buffer: it allocates nothing, so a refused call whose message is made in advance allocates
/// nothing either (a post refused with a full queue: issue 31, item 10).
enum ErrorMessage {
    static let capacity = Int(SDLH_MAX_ERROR_BYTES) + 1

    private static let buffers = CLibrary.ThreadBuffer(capacity: capacity)

    /// The calling thread's buffer, made on first use ("" until an error is set).
    static var buffer: UnsafeMutablePointer<CChar> { buffers.pointer }

    /// Stores "FUNCTION: MESSAGE", control characters in the message escaped, cut at a UTF-8
    /// character boundary (an escape is never cut in two) to fit `SDLH_MAX_ERROR_BYTES`. No allocation.
    static func set(function: StaticString, message: CMessage) {
        var writer = Writer(target: buffer, capacity: capacity - 1)
        writer.append(function)
        writer.append(": ")
        message.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= 0x20 && byte < 0x7F {   // printable ASCII, the common case: copied as is
                    guard writer.append(byte) else { return }
                    index += 1
                    continue
                }
                // A control character or a scalar beyond ASCII: its escape, or its bytes, whole.
                let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                var value = length == 1 ? UInt32(byte) : UInt32(byte) & (0xFF >> (length + 1))
                for next in stride(from: index + 1, to: min(index + length, bytes.count), by: 1) {
                    value = value << 6 | UInt32(bytes[next] & 0x3F)
                }
                guard let scalar = Unicode.Scalar(value),
                      EchoedText.withEscapedUTF8(scalar, { writer.append($0) }) else { return }
                index += length
            }
        }
        writer.target[writer.count] = 0
    }

    static func clear() { buffer[0] = 0 }

    /// Appends whole pieces to the buffer while they fit.
    private struct Writer {
        let target: UnsafeMutablePointer<CChar>
        let capacity: Int
        var count = 0

        /// Appends `bytes` whole, or nothing (false) when they do not fit.
        @discardableResult
        mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard count + bytes.count <= capacity else { return false }
            for byte in bytes {
                target[count] = CChar(bitPattern: byte)
                count += 1
            }
            return true
        }

        mutating func append(_ text: StaticString) {
            text.withUTF8Buffer { _ = append($0) }
        }

        /// Appends one byte, or nothing (false) when the buffer is full.
        @inline(__always)
        mutating func append(_ byte: UInt8) -> Bool {
            guard count < capacity else { return false }
            target[count] = CChar(bitPattern: byte)
            count += 1
            return true
        }
    }
}

/// The edge of every exported function: runs the body, turns a `CFailure` into its code and the
/// thread's error message ("SDLH_Name: message").
enum CResult {
    @inline(__always)
    static func run(_ function: StaticString, _ body: () throws(CFailure) -> Int32) -> Int32 {
        do { return try body() } catch { return report(function, error) }
    }

    /// For functions that return a pointer: nil on failure.
    @inline(__always)
    static func run<T>(_ function: StaticString, _ body: () throws(CFailure) -> T?) -> T? {
        do { return try body() } catch {
            _ = report(function, error)
            return nil
        }
    }

    /// A game-thread function (`LibraryState.work`): the state, or the refusal of another thread, of a
    /// call before `SDLH_Init` and of a call from inside another function's work.
    @inline(__always)
    static func onGameThread(_ function: StaticString, _ body: (LibraryState) throws(CFailure) -> Int32) -> Int32 {
        run(function) { () throws(CFailure) -> Int32 in try LibraryState.work(function, body) }
    }

    /// A game-thread function that returns a pointer: nil on failure.
    @inline(__always)
    static func onGameThread<T>(_ function: StaticString, _ body: (LibraryState) throws(CFailure) -> T?) -> T? {
        run(function) { () throws(CFailure) -> T? in try LibraryState.work(function, body) }
    }

    @inline(never)
    static func report(_ function: StaticString, _ failure: CFailure) -> Int32 {
        ErrorMessage.set(function: function, message: failure.message)
        return failure.code
    }
}
