/// What `CheckedReader` needs to know of one document format: its values, the kinds of problem it
/// reports, and its words. AHAP files (`AHAPFormat`) and mapping configs (`ConfigFormat`) keep their own
/// words, which tests and golden outputs pin; the reading itself is one.
protocol CheckedFormat {
    associatedtype Value: CheckedValue
    /// The format's kinds of problem (`AHAPDiagnostic.Kind`, `ConfigDiagnostic.Kind`).
    associatedtype Kind

    /// Most problems listed; the rest are counted in one last problem (`unlisted`), so a file full of
    /// mistakes makes a bounded report.
    static var maximumProblems: Int { get }
    /// The kind of a value of the wrong type, and of a number out of its range.
    static var wrongTypeKind: Kind { get }
    static var outOfRangeKind: Kind { get }
    /// The kind of an unknown key, and whether the format forgives one (a warning, "ignored") or
    /// refuses it (an error).
    static var unknownKeyKind: Kind { get }
    static var forgivesUnknownKeys: Bool { get }

    /// What a message says was found where a number belongs: the value itself (configs: `5`,
    /// `the string "x"`) or its type (AHAP: "a string").
    static func found(_ value: Value) -> String
    /// What a message says was found where another type belongs: "an integer", "a table".
    static func foundType(_ value: Value) -> String
    /// The likely intended spelling of `word` among `candidates` ("did you mean"), or nil.
    static func suggestion(for word: String, among candidates: [String]) -> String?
    /// The message for a key that is not one of `allowed`, and the suggestion when the format gives it
    /// apart from the message (the path already ends with the key, so it is not echoed again).
    static func unknownKey(allowed: [String], suggestion: String?) -> (message: String, suggestion: String?)
    /// The last problem of a report that left `count` problems out: its message, and whether it sits
    /// at the first unlisted problem's place (else it is about the file).
    static func unlisted(_ count: Int) -> (message: String, atFirstUnlisted: Bool)
    /// Whether warnings and errors are each listed up to `maximumProblems` and counted apart, so a
    /// file's warnings never crowd out its first error. Default: false (one list, one count).
    static var capsSeveritiesApart: Bool { get }
    /// With `capsSeveritiesApart`: the last problem of `severity`, which left `count` of that
    /// severity out. Default: `unlisted(count)`.
    static func unlisted(_ count: Int, severity: CheckedProblem<Kind>.Severity) -> (message: String, atFirstUnlisted: Bool)
}

extension CheckedFormat {
    static var capsSeveritiesApart: Bool { false }
    static func unlisted(_ count: Int, severity: CheckedProblem<Kind>.Severity) -> (message: String, atFirstUnlisted: Bool) {
        unlisted(count)
    }
}

/// One problem a `CheckedReader` found: how serious, what kind, where (line and column, and the path
/// of keys and indices), what was expected and found, and a likely intended spelling.
struct CheckedProblem<Kind> {
    enum Severity: Equatable {
        /// Forgiven: the reader took a default, clamped a value or ignored a key.
        case warning
        /// The document cannot be read as it is.
        case error
    }

    var severity: Severity
    var kind: Kind
    /// Nil for the document as a whole.
    var location: SourceLocation?
    /// `rule[2].intensity.curve`, `Pattern[3].Event.Time`; empty for the document as a whole.
    var path: String
    var message: String
    /// Set only by formats that give suggestions apart from the message (configs).
    var suggestion: String?
}
