import HapticsTOML

/// The mapping config's schema, read from a TOML tree into a `HapticMappingConfig`: every problem is
/// collected with its place instead of stopping at the first (`ConfigFormat`'s words, through the one
/// `CheckedReader`). Load-time only.
///
/// The schema is a table per section, a file per section (`ConfigSchema+TopLevel.swift`,
/// `+Defaults`, `+Materials`, `+Attenuation`, `+Rule`, `+Analysis`, `+Curve`, `+TriggerEffect`):
/// each key with the type, range and default docs/config.md's tables give it, and how its value is
/// read. `ConfigSchemaDocsTests` checks that the docs' tables and these say the same thing.
struct ConfigSchema: CheckedWalking {
    /// The config file as the loader names it in diagnostics.
    let file: String
    /// Whether a rule's `pattern` names something that can be loaded (a preset or a file).
    let patternExists: (String) -> Bool
    /// The path to the value being read, the problems found, their limit.
    var reader = CheckedReader<ConfigFormat>(locator: SourceLocator())
    /// Every existing `pattern` a `[[rule]]` names, in file order, also for rules with other errors,
    /// so that the loader checks pattern files in the same pass as the schema.
    var patternReferences: [PatternReference] = []

    init(file: String, patternExists: @escaping (String) -> Bool) {
        self.file = file
        self.patternExists = patternExists
    }

    /// The config in `root`: its valid parts (a rule with a problem is left out), the problems in
    /// `diagnostics`.
    mutating func read(_ root: TOMLTable) -> HapticMappingConfig {
        var config = HapticMappingConfig()
        read(root, as: Self.topLevel, into: &config)
        return config
    }

    /// Every problem found, in the order found (the last one counts those not listed).
    var diagnostics: [ConfigDiagnostic] {
        reader.finished().map { problem in
            ConfigDiagnostic(file: file, location: problem.location ?? SourceLocation(line: 1, column: 1, offset: 0),
                             path: problem.path, message: problem.message, suggestion: problem.suggestion, kind: problem.kind)
        }
    }

    // MARK: Sections

    /// Reads `table` as `section`: its unknown keys first, then each key it has, in the section's order.
    mutating func read<Draft>(_ table: TOMLTable, as section: SchemaSection<Draft>, into draft: inout Draft) {
        reader.unknownKeys(in: table.entries, allowed: section.listed)
        readKeys(table, as: section, into: &draft)
    }

    /// Reads each key of `section` that `table` has (one key deeper), in the section's order; a key
    /// it lacks takes its default (`whenAbsent`, or the draft's own value).
    mutating func readKeys<Draft>(_ table: TOMLTable, as section: SchemaSection<Draft>, into draft: inout Draft) {
        read(keys: section.keys, of: table, into: &draft)
    }

    /// Reads each of `keys` that `table` has (one key deeper), in order; a key it lacks takes its default.
    mutating func read<Draft>(keys: [SchemaKey<Draft>], of table: TOMLTable, into draft: inout Draft) {
        for key in keys {
            if let entry = table.entry(key.name) {
                descend(into: key.name) { key.read(&$0, entry, &draft) }
            } else {
                key.whenAbsent?(&self, table, &draft)
            }
        }
    }

    /// The table at `value`, or nil after "expected EXPECTED, found TYPE".
    mutating func table(_ value: TOMLValue, expected: @autoclosure () -> String) -> TOMLTable? {
        reader.typed(value, expected: expected(), \.table)
    }

    /// The string at `value`, or nil after "expected a string in quotes, found TYPE".
    mutating func string(_ value: TOMLValue) -> String? {
        reader.typed(value, expected: "a string in quotes", \.string)
    }

    /// The boolean at `value`, or nil after "expected true or false, found TYPE".
    mutating func boolean(_ value: TOMLValue) -> Bool? {
        reader.typed(value, expected: "true or false", \.boolean)
    }

    /// `name` when it is one of `choices` (as written); else nil after "unknown WHAT 'NAME': expected
    /// LISTED" (`listed` defaults to the choices joined by commas) with a likely intended spelling.
    mutating func choice<Choice>(_ name: String, at value: TOMLValue, among choices: [(String, Choice)], what: String,
                                 listed: String? = nil) -> Choice? {
        if let match = choices.first(where: { $0.0 == name }) { return match.1 }
        let names = choices.map(\.0)
        reader.fail(.schema, at: value, "unknown \(what) '\(name)': expected \(listed ?? "one of " + names.joined(separator: ", "))",
                    suggestion: ConfigFormat.suggestion(for: name, among: names))
        return nil
    }
}

/// One section of the config's schema: a table of the docs, with its keys in reading order.
struct SchemaSection<Draft>: Sendable {
    /// The section as docs/config.md heads its table: `[defaults]`, `[[rule]]`, `analysis`.
    let title: String
    /// Every key, in the order they are read (which is the order their problems are reported).
    let keys: [SchemaKey<Draft>]
    /// The keys as "expected one of ..." lists them; the reading order unless a section says otherwise.
    let listed: [String]

    init(_ title: String, keys: [SchemaKey<Draft>], listed: [String]? = nil) {
        self.title = title
        self.keys = keys
        self.listed = listed ?? keys.map(\.name)
    }

    /// The key named `name`.
    subscript(name: String) -> SchemaKey<Draft>? { keys.first { $0.name == name } }
}

/// One key of a section: what docs/config.md's table says of it (type, range, default) and how its
/// value is read into the section's draft.
struct SchemaKey<Draft>: Sendable {
    /// What docs/config.md's "range" cell holds, from the range the reader checks.
    enum Range: Sendable {
        /// No range (a boolean, a table).
        case none
        /// Numbers from `lowerBound` to `upperBound`, ends included, in `unit` when it has one.
        case numbers(ClosedRange<Double>, unit: String?)
        /// Integers from `lowerBound` to `upperBound`.
        case integers(ClosedRange<Int64>)
        /// Names, each written in backticks.
        case names([String])
        /// The docs' own words.
        case text(String)
    }

    /// What docs/config.md's "default" cell holds.
    enum Default: Sendable {
        case number(Double)
        case boolean(Bool)
        /// A name, written in backticks.
        case name(String)
        /// The docs' own words ("required", "none", "per kind, below").
        case text(String)
    }

    let name: String
    /// docs/config.md's "type" cell: `number`, `string`, `number or curve`...
    let type: String
    let range: Range
    let defaultValue: Default
    /// Reads the key's value into the draft; the path ends with the key.
    let read: @Sendable (inout ConfigSchema, TOMLTable.Entry, inout Draft) -> Void
    /// What a table without the key does (report it as required, take a default), or nothing.
    let whenAbsent: (@Sendable (inout ConfigSchema, TOMLTable, inout Draft) -> Void)?

    init(_ name: String, type: String, range: Range = .none, default defaultValue: Default,
         read: @escaping @Sendable (inout ConfigSchema, TOMLTable.Entry, inout Draft) -> Void,
         whenAbsent: (@Sendable (inout ConfigSchema, TOMLTable, inout Draft) -> Void)? = nil) {
        self.name = name
        self.type = type
        self.range = range
        self.defaultValue = defaultValue
        self.read = read
        self.whenAbsent = whenAbsent
    }

    /// A number in `range` (ends included) written to `field`, refused outside it with the range as it
    /// is checked: "2000000 is out of range: expected a distance (world units) in 1e-06...1000000".
    static func number(_ name: String, in range: ClosedRange<Double>, _ what: String, unit: String? = nil,
                       default value: Default, _ field: any WritableKeyPath<Draft, Double> & Sendable) -> SchemaKey {
        SchemaKey(name, type: "number", range: .numbers(range, unit: unit), default: value) { schema, entry, draft in
            if let number = schema.reader.number(entry.value, ExpectedNumber(what, in: range), outOfRange: .refused) {
                draft[keyPath: field] = number
            }
        }
    }

    /// An integer in `range` written to `field`.
    static func integer(_ name: String, in range: ClosedRange<Int>, default value: Int, _ field: any WritableKeyPath<Draft, Int> & Sendable) -> SchemaKey {
        let checked = Int64(range.lowerBound)...Int64(range.upperBound)
        return SchemaKey(name, type: "integer", range: .integers(checked), default: .number(Double(value))) { schema, entry, draft in
            if let integer = schema.reader.integer(entry.value, in: checked) { draft[keyPath: field] = Int(integer) }
        }
    }

    /// `true` or `false` written to `field`.
    static func boolean(_ name: String, default value: Bool, _ field: any WritableKeyPath<Draft, Bool> & Sendable) -> SchemaKey {
        SchemaKey(name, type: "boolean", default: .boolean(value)) { schema, entry, draft in
            if let flag = schema.boolean(entry.value) { draft[keyPath: field] = flag }
        }
    }
}
