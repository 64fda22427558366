/// A value of a document tree that `CheckedReader` reads: JSON's (AHAP files, `JSONValue`) or TOML's
/// (mapping configs, `TOMLValue`). The conformances are in this folder; a format's reader may still look
/// at its own values' details (a JSON `null`, a TOML date-time), but every typed read, every unknown
/// key and every report goes through the checked reader. Load-time only.
protocol CheckedValue {
    associatedtype Member: CheckedMember where Member.Value == Self

    /// The value's type with an article, for "found ...": "a string", "an array", "a table".
    var typeDescription: String { get }
    /// The number of a number (a TOML integer or float), else nil.
    var number: Double? { get }
    /// A value written as an integer (TOML's integers), else nil: JSON writes no integers, only numbers.
    var integer: Int64? { get }
    /// The text of a string, else nil.
    var string: String? { get }
    /// A boolean's value, else nil.
    var boolean: Bool? { get }
    /// An array's elements, else nil.
    var elements: [Self]? { get }
    /// An object's (a table's) members in the order they were written, else nil.
    var members: [Member]? { get }
    /// Where the value starts, as `locator` finds it.
    func location(in locator: inout SourceLocator) -> SourceLocation
}

/// One `key = value` (or `"key": value`) of a `CheckedValue` that has members.
protocol CheckedMember {
    associatedtype Value: CheckedValue
    var key: String { get }
    var value: Value { get }
    /// Where the key was written, as `locator` finds it.
    func keyLocation(in locator: inout SourceLocator) -> SourceLocation
}

/// Turns a document's byte offsets into lines and columns, building its line table at the first need
/// (a file without problems never pays for it). TOML values carry their line and column already and
/// never ask.
struct SourceLocator {
    private let bytes: UnsafeBufferPointer<UInt8>?
    private var table: LineTable?

    /// For a document whose values know only their byte offsets in `bytes` (JSON).
    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// For a document whose values know their own lines and columns (TOML).
    init() { bytes = nil }

    /// The line and column of byte `offset`. The first call builds the table: O(bytes); then O(log lines).
    mutating func location(ofOffset offset: Int) -> SourceLocation {
        if table == nil { table = bytes.map { LineTable($0) } ?? LineTable([UInt8]()) }
        return table!.location(ofOffset: offset)
    }
}
