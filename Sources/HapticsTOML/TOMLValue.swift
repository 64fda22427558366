/// A TOML value as read from a config file, with the position where it starts.
///
/// Made by `TOMLReader`; read by the config schema, which uses `location` to say where a value
/// is wrong. Load-time only: building and reading these allocates.
package struct TOMLValue {
    package enum Kind {
        case string(String)
        case integer(Int64)
        case float(Double)
        case boolean(Bool)
        /// An offset or local date-time, date or time, kept as written (the schema uses none).
        case dateTime(String)
        case array([TOMLValue])
        case table(TOMLTable)
    }

    package var kind: Kind
    /// Where the value starts (line, column in UTF-8 bytes, byte offset).
    package var location: TOMLPosition

    package init(_ kind: Kind, at location: TOMLPosition) {
        self.kind = kind
        self.location = location
    }

    /// The value's TOML type with an article, for messages: "a string", "an integer".
    package var typeDescription: String {
        switch kind {
        case .string: return "a string"
        case .integer: return "an integer"
        case .float: return "a float"
        case .boolean: return "a boolean"
        case .dateTime: return "a date-time"
        case .array: return "an array"
        case .table: return "a table"
        }
    }

    /// The number of an integer or a float, else nil.
    package var number: Double? {
        switch kind {
        case .integer(let value): return Double(value)
        case .float(let value): return value
        default: return nil
        }
    }

    package var string: String? { if case .string(let value) = kind { return value }; return nil }
    package var boolean: Bool? { if case .boolean(let value) = kind { return value }; return nil }
    package var array: [TOMLValue]? { if case .array(let value) = kind { return value }; return nil }
    package var table: TOMLTable? { if case .table(let value) = kind { return value }; return nil }
}
