#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if SDLHAPTICS_SDL3
import CSDLHaptics3
#else
import CSDLHaptics
#endif
@_spi(HapticsTools) import Haptics

/// A failure to report to C: one of the header's `SDLH_ERROR_*` codes and a message saying what was
/// expected. Thrown inside the shell, turned into the return code and `SDLH_GetError()` text at the
/// exported function's edge (`CResult.run`). Built only on failure paths (allocates its message).
struct CFailure: Error {
    var code: Int32
    var message: String

    static func invalid(_ message: String) -> CFailure { CFailure(code: SDLH_ERROR_INVALID_ARGUMENT, message: message) }
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

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { free($0) }
        return key
    }()

    /// The calling thread's buffer, made on first use ("" until an error is set).
    static var buffer: UnsafeMutablePointer<CChar> {
        if let existing = pthread_getspecific(key) { return existing.assumingMemoryBound(to: CChar.self) }
        let made = calloc(capacity, 1)!.assumingMemoryBound(to: CChar.self)
        pthread_setspecific(key, made)
        return made
    }

    /// Stores "FUNCTION: MESSAGE", control characters in the message escaped, cut at a UTF-8
    /// character boundary (an escape is never cut in two) to fit `SDLH_MAX_ERROR_BYTES`. No allocation.
    static func set(function: StaticString, message: String) {
        var writer = Writer(target: buffer, capacity: capacity - 1)
        writer.append(function)
        writer.append(": ")
        var text = message   // a native string: its UTF-8 is already contiguous, nothing is copied
        text.withUTF8 { bytes in
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

    @inline(never)
    static func report(_ function: StaticString, _ failure: CFailure) -> Int32 {
        ErrorMessage.set(function: function, message: failure.message)
        return failure.code
    }
}
