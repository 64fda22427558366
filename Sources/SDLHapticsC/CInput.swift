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
import Haptics

/// Checks for what C hands over: numbers, strings, struct sizes. Each check throws a `CFailure`
/// naming the field and what was expected; none allocates on success (names up to 15 bytes are
/// kept inline by `HapticName`, longer ones in its table of long names, made from the bytes).
enum CInput {
    /// Longest string accepted from C, in bytes (a name, a path); longer ones are refused.
    static let maximumStringBytes = Int(SDLH_MAX_STRING_BYTES)
    /// Largest `size` field accepted in a struct (guards against an uninitialised field).
    static let maximumStructSize = UInt32(SDLH_MAX_STRUCT_SIZE)

    /// `size` must cover this version's struct (a game built against a newer header may pass a
    /// larger struct: the fields this version knows come first), or at least `minimum` bytes for a
    /// struct that grew (a game built against an older header passes the older size: the library
    /// reads and writes only the fields it covers).
    @inline(__always)
    static func checkSize(_ size: UInt32, of type: StaticString, expected: Int, minimum: Int? = nil) throws(CFailure) {
        guard size >= UInt32(minimum ?? expected), size <= maximumStructSize else {
            throw .invalid("\(type).size is \(size): set it to sizeof(\(type)) (\(expected) bytes with this header)")
        }
    }

    /// The struct at `pointer` as a game with a header of any version filled it: its first `size`
    /// bytes (already checked by `checkSize`), the rest of `zero` (every field's default) where an
    /// older header's struct ends. Never reads past `size`.
    @inline(__always)
    static func read<T>(_ pointer: UnsafePointer<T>, size: UInt32, zero: T) -> T {
        var value = zero
        withUnsafeMutableBytes(of: &value) { target in
            target.copyMemory(from: UnsafeRawBufferPointer(start: pointer, count: min(Int(size), target.count)))
        }
        return value
    }

    /// Whether a struct of `size` bytes holds the field at `offset` of `length` bytes.
    @inline(__always)
    static func covers(_ size: UInt32, _ offset: Int?, length: Int) -> Bool {
        guard let offset else { return false }
        return Int(size) >= offset + length
    }

    /// Writes `text` into a fixed-size C `char` array field as NUL-terminated UTF-8, cut at a character
    /// boundary to fit (the rest zero).
    static func copy(_ text: String, into field: UnsafeMutableRawBufferPointer) {
        field.initializeMemory(as: UInt8.self, repeating: 0)
        guard field.count > 0 else { return }
        var utf8 = Array(text.utf8.prefix(field.count - 1))
        if utf8.count == field.count - 1 {
            while let last = utf8.last, last & 0xC0 == 0x80 { utf8.removeLast() }
            if let last = utf8.last, last & 0x80 != 0 { utf8.removeLast() }
        }
        for (offset, byte) in utf8.enumerated() { field[offset] = byte }
    }

    @inline(__always)
    static func finite(_ value: Double, _ field: StaticString) throws(CFailure) -> Double {
        guard value.isFinite else { throw .invalid("\(field) must be a finite number, got \(value)") }
        return value
    }

    @inline(__always)
    static func nonNegative(_ value: Double, _ field: StaticString, unit: StaticString) throws(CFailure) -> Double {
        guard value.isFinite, value >= 0 else { throw .invalid("\(field) must be a finite number >= 0 \(unit), got \(value)") }
        return value
    }

    @inline(__always)
    static func inRange(_ value: Double, _ field: StaticString, _ range: ClosedRange<Double>) throws(CFailure) -> Double {
        guard value.isFinite, range.contains(value) else {
            throw .invalid("\(field) must be within \(range.lowerBound)...\(range.upperBound), got \(value)")
        }
        return value
    }

    /// A mass in kg: > 0, or 0 for an immovable body (nil).
    @inline(__always)
    static func mass(_ value: Double, _ field: StaticString) throws(CFailure) -> Double? {
        guard value.isFinite, value >= 0 else {
            throw .invalid("\(field) must be a mass in kg > 0, or 0 for an immovable body; got \(value)")
        }
        return value == 0 ? nil : value
    }

    /// The text of a NUL-terminated UTF-8 string, or nil for NULL (when `required` is false).
    static func string(_ pointer: UnsafePointer<CChar>?, _ field: StaticString, required: Bool) throws(CFailure) -> String? {
        guard let bytes = try utf8(pointer, field, required: required) else { return nil }
        // Already valid: `decoding` takes its contiguous fast path and repairs nothing.
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes of a NUL-terminated UTF-8 string, checked (length, UTF-8), or nil for NULL (when
    /// `required` is false). No allocation.
    @inline(__always)
    static func utf8(_ pointer: UnsafePointer<CChar>?, _ field: StaticString, required: Bool) throws(CFailure) -> UnsafeBufferPointer<UInt8>? {
        guard let pointer else {
            if required { throw .invalid("\(field) must not be NULL") }
            return nil
        }
        let length = strnlen(pointer, maximumStringBytes + 1)
        guard length <= maximumStringBytes else {
            throw .invalid("\(field) is longer than \(maximumStringBytes) bytes (or not NUL-terminated)")
        }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: length).bindMemory(to: UInt8.self)
        if let offset = firstInvalidUTF8(bytes) {
            throw .invalid("\(field) is not valid UTF-8 (byte \(offset) of \(length))")
        }
        return bytes
    }

    /// The offset of the first byte that is not part of well-formed UTF-8 (RFC 3629: no overlong
    /// forms, no surrogates, nothing above U+10FFFF), or nil. O(length); ASCII in one comparison a byte.
    /// (The stdlib's `String(validating:as:)` is generic and costs about 65 ns a name here.)
    @inline(__always)
    static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF   // the allowed range of the second byte
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return index
            }
            guard index + length <= count, (low...high).contains(bytes[index + 1]) else { return index }
            for next in stride(from: index + 2, to: index + length, by: 1) where bytes[next] & 0xC0 != 0x80 { return index }
            index += length
        }
        return nil
    }

    /// A name from the game's vocabulary; NULL and "" are no name (nil) unless `required`, when
    /// they are an error.
    @inline(__always)
    static func name(_ pointer: UnsafePointer<CChar>?, _ field: StaticString, required: Bool = false) throws(CFailure) -> HapticName? {
        guard let bytes = try utf8(pointer, field, required: required) else { return nil }
        if bytes.isEmpty {
            if required { throw .invalid("\(field) must not be empty") }
            return nil
        }
        // From the bytes, without a String: a long name is compared exactly and allocates nothing (issue 31).
        return HapticName(utf8: bytes)
    }

    /// A name that must be there (not NULL, not empty).
    @inline(__always)
    static func requiredName(_ pointer: UnsafePointer<CChar>?, _ field: StaticString) throws(CFailure) -> HapticName {
        guard let name = try name(pointer, field, required: true) else { throw .invalid("\(field) must not be NULL") }
        return name
    }

    /// A world position when `has` is nonzero.
    @inline(__always)
    static func position(_ has: Int32, _ x: Double, _ y: Double, _ z: Double) throws(CFailure) -> WorldPosition? {
        guard has != 0 else { return nil }
        guard x.isFinite, y.isFinite, z.isFinite else {
            throw .invalid("position (x, y, z) must be finite, got (\(x), \(y), \(z))")
        }
        return WorldPosition(x: x, y: y, z: z)
    }

    /// A category from its C value.
    static func category(_ value: Int32) throws(CFailure) -> HapticCategory {
        guard let category = HapticCategory(rawValue: Int(value)) else {
            throw .invalid("category must be an SDLH_Category (0...\(HapticCategory.allCases.count - 1)), got \(value)")
        }
        return category
    }

    /// A feedback case from its C value, with `intensity` 0...1.
    static func feedback(_ value: Int32, intensity: Double) throws(CFailure) -> HapticFeedback {
        guard (0..<HapticFeedback.allPresetCases.count).contains(Int(value)) else {
            throw .invalid("feedback must be an SDLH_Feedback (0...\(HapticFeedback.allPresetCases.count - 1)), got \(value)")
        }
        let intensity = try inRange(intensity, "intensity", 0...1)
        return HapticFeedback(presetIndex: Int(value), intensity: intensity)
    }
}
