import HapticsTOML

/// Mapping configs' words for the checked reader (docs/config.md, "Errors, by example"): a number
/// refused is echoed (`5`, `the string "x"`), a value of the wrong type is named by its type, every
/// problem is an error, an unknown key's likely intended spelling goes in the diagnostic's own
/// `suggestion` ("(did you mean 'pattern'?)"), and at most 1,000 problems are listed.
enum ConfigFormat: CheckedFormat {
    typealias Value = TOMLValue
    typealias Kind = ConfigDiagnostic.Kind

    /// Most schema problems listed for one config; the rest are counted in a last one at the first
    /// left out, as event scripts do ("N more problems not listed (at most 1000 are)").
    static let maximumProblems = 1_000
    static var wrongTypeKind: Kind { .schema }
    static var outOfRangeKind: Kind { .schema }
    static var unknownKeyKind: Kind { .schema }
    static var forgivesUnknownKeys: Bool { false }

    /// A number by its value, a string quoted (escaped and cut), anything else by its type.
    static func found(_ value: TOMLValue) -> String {
        switch value.kind {
        case .integer(let number): return "\(number)"
        case .float(let number): return format(number)
        case .string(let text): return "the string \"\(EchoedText.shortened(text))\""
        default: return foundType(value)
        }
    }

    /// The value's type, and for a date-time why it cannot stand here: the schema has no dates or times.
    static func foundType(_ value: TOMLValue) -> String {
        if case .dateTime(let text) = value.kind { return "the date-time \(text) (a mapping config uses no dates or times)" }
        return value.typeDescription
    }

    /// Transpositions count 1, a distance up to a third of the word, else the shortest candidate it begins.
    static func suggestion(for word: String, among candidates: [String]) -> String? {
        Spelling.suggestion(for: word, among: candidates)
    }

    static func unknownKey(allowed: [String], suggestion: String?) -> (message: String, suggestion: String?) {
        ("unknown key: expected one of \(allowed.joined(separator: ", "))", suggestion)
    }

    static func unlisted(_ count: Int) -> (message: String, atFirstUnlisted: Bool) {
        ("\(count) more problems not listed (at most \(maximumProblems) are)", true)
    }
}
