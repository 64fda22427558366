/// A TOML table: keys in the order they were first written, each with where the key was written.
///
/// A reference type so that the reader can extend a table that a header or a dotted key opened
/// earlier; after reading, treat it as immutable.
package final class TOMLTable {
    /// One `key = value` entry.
    package struct Entry {
        package var key: String
        /// Where the key (its last part, for a dotted key) was written.
        package var keyLocation: TOMLPosition
        package var value: TOMLValue
    }

    /// The entries, in the order their keys first appeared.
    package private(set) var entries: [Entry] = []
    private var index: [String: Int] = [:]
    /// Keys whose arrays were made by `[[key]]` headers (only those may grow by another header).
    var tableArrays: Set<String> = []

    /// How the table came to exist, for TOML's rules on redefinition.
    enum Origin { case root, header, implicit, dotted, inline, arrayElement }
    var origin: Origin
    /// Where the table's header (or opening brace, or first dotted key) was written.
    package let location: TOMLPosition

    init(origin: Origin, location: TOMLPosition) {
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
    package subscript(key: String) -> TOMLValue? {
        index[key].map { entries[$0].value }
    }

    /// The entry of `key`, or nil.
    package func entry(_ key: String) -> Entry? { index[key].map { entries[$0] } }

    /// Every key, in order.
    package var keys: [String] { entries.map(\.key) }

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

    func set(_ key: String, at keyLocation: TOMLPosition, to value: TOMLValue) {
        if let existing = index[key] {
            entries[existing].value = value
        } else {
            index[key] = entries.count
            entries.append(Entry(key: key, keyLocation: keyLocation, value: value))
        }
    }
}
