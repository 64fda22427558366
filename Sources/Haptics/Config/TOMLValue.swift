/// A TOML value as read from a config file, with the position where it starts.
///
/// Made by `TOMLReader`; read by the config decoders, which use `location` to say where a value
/// is wrong. Load-time only: building and reading these allocates.
struct TOMLValue {
    enum Kind {
        case string(String)
        case integer(Int64)
        case float(Double)
        case boolean(Bool)
        /// An offset or local date-time, date or time, kept as written (the schema uses none).
        case dateTime(String)
        case array([TOMLValue])
        case table(TOMLTable)
    }

    var kind: Kind
    /// Where the value starts (line, column in UTF-8 bytes, byte offset).
    var location: SourceLocation

    init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// The value's TOML type with an article, for messages: "a string", "an integer".
    var typeDescription: String {
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
    var number: Double? {
        switch kind {
        case .integer(let value): return Double(value)
        case .float(let value): return value
        default: return nil
        }
    }

    var string: String? { if case .string(let value) = kind { return value }; return nil }
    var boolean: Bool? { if case .boolean(let value) = kind { return value }; return nil }
    var array: [TOMLValue]? { if case .array(let value) = kind { return value }; return nil }
    var table: TOMLTable? { if case .table(let value) = kind { return value }; return nil }
}

/// A TOML table: keys in the order they were first written, each with where the key was written.
///
/// A reference type so that the reader can extend a table that a header or a dotted key opened
/// earlier; after reading, treat it as immutable.
final class TOMLTable {
    /// One `key = value` entry.
    struct Entry {
        var key: String
        /// Where the key (its last part, for a dotted key) was written.
        var keyLocation: SourceLocation
        var value: TOMLValue
    }

    /// The entries, in the order their keys first appeared.
    private(set) var entries: [Entry] = []
    private var index: [String: Int] = [:]
    /// Keys whose arrays were made by `[[key]]` headers (only those may grow by another header).
    var tableArrays: Set<String> = []

    /// How the table came to exist, for TOML's rules on redefinition.
    enum Origin { case root, header, implicit, dotted, inline, arrayElement }
    var origin: Origin
    /// Where the table's header (or opening brace, or first dotted key) was written.
    let location: SourceLocation

    init(origin: Origin, location: SourceLocation) {
        self.origin = origin
        self.location = location
    }

    /// Releases the tree below iteratively. Without this, releasing a table released its children
    /// from inside its own deinit, one stack frame per level: a 100,000-part dotted key built a
    /// tree that crashed the process when it was freed. Children that someone else still holds
    /// are left alone.
    deinit {
        guard !entries.isEmpty else { return }
        var pending: [TOMLTable] = []
        Self.detachChildren(of: &entries, into: &pending)
        while let table = pending.popLast() {
            Self.detachChildren(of: &table.entries, into: &pending)
            // `table` is released here with no entries left, so its deinit does not recurse.
        }
    }

    /// Moves every table below `entries` that nothing else references into `pending`, leaving
    /// `entries` empty. Arrays are walked in place (their nesting is bounded by the reader's
    /// `maximumDepth`).
    private static func detachChildren(of entries: inout [Entry], into pending: inout [TOMLTable]) {
        for position in entries.indices { detach(&entries[position].value, into: &pending) }
        entries.removeAll()
    }

    private static func detach(_ value: inout TOMLValue, into pending: inout [TOMLTable]) {
        switch value.kind {
        case .table(var table):
            value.kind = .boolean(false)
            if isKnownUniquelyReferenced(&table) { pending.append(table) }
        case .array(var elements):
            value.kind = .boolean(false)
            for position in elements.indices { detach(&elements[position], into: &pending) }
        default:
            break
        }
    }

    /// The value of `key`, or nil.
    subscript(key: String) -> TOMLValue? {
        index[key].map { entries[$0].value }
    }

    /// The entry of `key`, or nil.
    func entry(_ key: String) -> Entry? { index[key].map { entries[$0] } }

    /// Every key, in order.
    var keys: [String] { entries.map(\.key) }

    /// Appends `element` to the array at `key` in place (no copy of the array: an
    /// `[[rule]]` header costs O(1), not O(rules so far)). False when `key` holds no array.
    func append(_ element: TOMLValue, toArrayAt key: String) -> Bool {
        guard let position = index[key], case .array = entries[position].value.kind else { return false }
        // Take the array out so it is uniquely referenced while it grows, then put it back.
        guard case .array(var elements) = entries[position].value.kind else { return false }
        entries[position].value.kind = .boolean(false)
        elements.append(element)
        entries[position].value.kind = .array(elements)
        return true
    }

    func set(_ key: String, at keyLocation: SourceLocation, to value: TOMLValue) {
        if let existing = index[key] {
            entries[existing].value = value
        } else {
            index[key] = entries.count
            entries.append(Entry(key: key, keyLocation: keyLocation, value: value))
        }
    }
}
