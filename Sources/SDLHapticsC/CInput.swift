#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Haptics

/// Checks for what C hands over: numbers, strings, struct sizes. Each check throws a `CFailure`
/// naming the field and what was expected; none allocates on success (names up to 15 bytes are
/// kept inline by `HapticName`).
enum CInput {
    /// Longest string accepted from C, in bytes (a name, a path); longer ones are refused.
    static let maximumStringBytes = 4096
    /// Largest `size` field accepted in a struct (guards against an uninitialised field).
    static let maximumStructSize: UInt32 = 4096

    /// `size` must cover this version's struct (a game built against a newer header may pass a
    /// larger struct: the fields this version knows come first).
    @inline(__always)
    static func checkSize(_ size: UInt32, of type: StaticString, expected: Int) throws(CFailure) {
        guard size >= UInt32(expected), size <= maximumStructSize else {
            throw .invalid("\(type).size is \(size): set it to sizeof(\(type)) (\(expected) bytes with this header)")
        }
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
        guard let pointer else {
            if required { throw .invalid("\(field) must not be NULL") }
            return nil
        }
        let length = strnlen(pointer, maximumStringBytes + 1)
        guard length <= maximumStringBytes else {
            throw .invalid("\(field) is longer than \(maximumStringBytes) bytes (or not NUL-terminated)")
        }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: length).bindMemory(to: UInt8.self)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .invalid("\(field) is not valid UTF-8 (\(length) bytes)")
        }
        return text
    }

    /// A name from the game's vocabulary; NULL and "" are "none" unless `required`.
    @inline(__always)
    static func name(_ pointer: UnsafePointer<CChar>?, _ field: StaticString, required: Bool = false) throws(CFailure) -> HapticName {
        guard let text = try string(pointer, field, required: required) else { return .none }
        if required && text.isEmpty { throw .invalid("\(field) must not be empty") }
        return HapticName(text)
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
