/// A parsed JSON value that remembers where it started in the source.
///
/// What the AHAP decoder and the event scripts read: they build their values from it and use the
/// offsets to say where a problem is (line and column come from the core's `LineTable`).
package struct JSONValue {
    package enum Kind {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([JSONMember])
    }

    package var kind: Kind
    /// Byte offset of the value's first character.
    package var offset: Int

    /// A short name of the value's JSON type, for messages ("a string", "an array").
    package var typeDescription: String {
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
package struct JSONMember {
    package var key: String
    /// Byte offset of the key's opening quote.
    package var keyOffset: Int
    package var value: JSONValue
    // Made only by the reader (its memberwise init, internal).
}
