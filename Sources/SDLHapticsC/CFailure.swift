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
/// `SDLH_MAX_ERROR_BYTES` + 1 bytes per thread (pthread key; freed when the thread exits), always
/// NUL-terminated UTF-8.
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

    /// Stores `text`, cut at a UTF-8 character boundary to fit `SDLH_MAX_ERROR_BYTES`.
    static func set(_ text: String) {
        let target = buffer
        var utf8 = Array(text.utf8.prefix(capacity - 1))
        if utf8.count == capacity - 1 {
            // Drop a trailing partial character: continuation bytes, then their lead byte.
            while let last = utf8.last, last & 0xC0 == 0x80 { utf8.removeLast() }
            if let last = utf8.last, last & 0x80 != 0 { utf8.removeLast() }
        }
        utf8.withUnsafeBufferPointer { bytes in
            for index in bytes.indices { target[index] = CChar(bitPattern: bytes[index]) }
        }
        target[utf8.count] = 0
    }

    static func clear() { buffer[0] = 0 }
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
        ErrorMessage.set("\(function): \(failure.message)")
        return failure.code
    }
}
