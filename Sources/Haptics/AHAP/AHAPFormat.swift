import HapticsJSON

/// AHAP files' words for the checked reader (docs/ahap.md): a value of the wrong type is named by its
/// type, an unknown key is forgiven ("ignored") with a likely intended spelling in the message, and at
/// most 200 problems are listed.
enum AHAPFormat: CheckedFormat {
    typealias Value = JSONValue
    typealias Kind = AHAPDiagnostic.Kind

    /// Problems beyond this count are counted, not listed (a hostile file could otherwise make millions).
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
}
