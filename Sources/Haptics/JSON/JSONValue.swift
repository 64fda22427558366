/// A parsed JSON value that remembers where it started in the source.
///
/// Internal to the AHAP codec: the decoder reads these to build a `HapticPattern` and uses the
/// offsets to say where a problem is.
@_spi(HapticsTools) public struct JSONValue {
    public enum Kind {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([JSONMember])
    }

    public var kind: Kind
    /// Byte offset of the value's first character.
    public var offset: Int

    /// A short name of the value's JSON type, for messages ("a string", "an array").
    public var typeDescription: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One `"key": value` pair of a JSON object, in source order.
@_spi(HapticsTools) public struct JSONMember {
    public var key: String
    /// Byte offset of the key's opening quote.
    public var keyOffset: Int
    public var value: JSONValue
}
