import HapticsJSON

/// AHAP files' words for the checked reader (docs/ahap.md): a value of the wrong type is named by its
/// type, an unknown key is forgiven ("ignored") with a likely intended spelling in the message, and at
/// most 200 warnings and 200 errors are listed, capped apart.
enum AHAPFormat: CheckedFormat {
    typealias Value = JSONValue
    typealias Kind = AHAPDiagnostic.Kind

    /// Warnings, and errors, beyond this count each are counted, not listed (a hostile file could otherwise make millions).
    static let maximumProblems = 200
    static var wrongTypeKind: Kind { .wrongType }
    static var outOfRangeKind: Kind { .valueOutOfRange }
    static var unknownKeyKind: Kind { .unknownKey }
    static var forgivesUnknownKeys: Bool { true }

    static func found(_ value: JSONValue) -> String { value.typeDescription }
    static func foundType(_ value: JSONValue) -> String { value.typeDescription }

    /// A case-insensitive match, else the closest name within 2 edits (3 for names over 10 letters).
    static func suggestion(for word: String, among candidates: [String]) -> String? {
        Spelling.closeName(to: word, among: candidates)
    }

    static func unknownKey(allowed: [String], suggestion: String?) -> (message: String, suggestion: String?) {
        ("expected one of \(allowed.joined(separator: ", ")), found an unknown key" + (suggestion.map { "; did you mean \"\($0)\"?" } ?? ""), nil)
    }

    static func unlisted(_ count: Int) -> (message: String, atFirstUnlisted: Bool) {
        ("\(count) more problems not listed", false)
    }

    /// Warnings and errors are capped apart (issue 31, round two, F8: 200 warnings before an error hid it).
    static var capsSeveritiesApart: Bool { true }

    static func unlisted(_ count: Int, severity: CheckedProblem<Kind>.Severity) -> (message: String, atFirstUnlisted: Bool) {
        let noun = severity == .error ? (count == 1 ? "error" : "errors") : (count == 1 ? "warning" : "warnings")
        return ("\(count) more \(noun) not listed (at most \(maximumProblems) errors and \(maximumProblems) warnings are)", false)
    }
}
