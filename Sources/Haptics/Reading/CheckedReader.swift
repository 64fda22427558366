/// The one checked reader of the document formats (AHAP files and mapping configs): it keeps the path
/// to the value being read, reads typed values against what is expected (a range and the words for
/// it), refuses or forgives unknown keys with a likely intended spelling, and lists at most
/// `Format.maximumProblems` problems, counting the rest in one last line (with
/// `Format.capsSeveritiesApart`, at most that many warnings and that many errors, each counted apart,
/// so warnings never crowd out the first error: issue 31, round two, F8).
///
/// A format's reader (`AHAPTreeWalker`, `ConfigSchema`) holds one and reports everything through it;
/// the words stay the format's (`CheckedFormat`). Lenient formats forgive what they can (`forgive`:
/// a warning saying what was done about it); with `strict`, what is forgiven is refused.
/// Load-time only: reports allocate. Reading a value without a problem allocates nothing here.
struct CheckedReader<Format: CheckedFormat> {
    typealias Value = Format.Value
    typealias Problem = CheckedProblem<Format.Kind>

    /// Where the value being read sits; every report names it. Readers walk it with `descend`
    /// (`CheckedWalking`).
    var path = DocumentPath()
    /// Where values and keys are in the text.
    var locator: SourceLocator
    /// Whether forgivable problems are refused (AHAP's strict decoding).
    let strict: Bool
    /// The problems listed so far, in the order they were found.
    private(set) var problems: [Problem] = []
    /// Whether any problem, listed or not, is an error.
    private(set) var hasErrors = false
    /// How many problems were reported, listed or not: a reader compares it before and after a part
    /// of the document to know whether that part had any.
    var reportedCount: Int { problems.count + unlistedWarnings.count + unlistedErrors.count }
    /// Problems listed per severity (counted apart only with `Format.capsSeveritiesApart`).
    private var listedWarnings = 0, listedErrors = 0
    /// Problems left out: with `Format.capsSeveritiesApart` per severity, else all in `unlistedWarnings`.
    private var unlistedWarnings = Unlisted(), unlistedErrors = Unlisted()

    /// Problems left out: how many, and the kind and place of the first.
    private struct Unlisted {
        var count = 0
        var first: (kind: Format.Kind, location: SourceLocation?)?
        mutating func add(_ kind: Format.Kind, _ location: SourceLocation?) {
            if count == 0 { first = (kind, location) }
            count += 1
        }
    }

    init(locator: SourceLocator, strict: Bool = false) {
        self.locator = locator
        self.strict = strict
    }

    // MARK: Reporting

    /// Whether the list is full for problems of `severity`: later ones are only counted.
    func isFull(_ severity: Problem.Severity) -> Bool {
        guard Format.capsSeveritiesApart else { return problems.count >= Format.maximumProblems }
        return (severity == .error ? listedErrors : listedWarnings) >= Format.maximumProblems
    }

    /// Whether the list is full for every severity (a place is no longer looked up).
    var isFull: Bool { isFull(.warning) && isFull(.error) }

    /// The severity a forgivable problem is reported with.
    private var forgivenSeverity: Problem.Severity { strict ? .error : .warning }

    /// A problem at `location` (nil: the document as a whole), at the current path. Past the list's
    /// limit it is counted, not kept. Callers with a value or a key at hand use `fail` and `forgive`,
    /// which find its place only when it is listed.
    mutating func report(_ severity: Problem.Severity, _ kind: Format.Kind, at location: SourceLocation?,
                         _ message: @autoclosure () -> String, suggestion: String? = nil) {
        if severity == .error { hasErrors = true }
        guard !isFull(severity) else {
            if Format.capsSeveritiesApart && severity == .error {
                unlistedErrors.add(kind, location)
            } else {
                unlistedWarnings.add(kind, location)
            }
            return
        }
        if severity == .error { listedErrors += 1 } else { listedWarnings += 1 }
        problems.append(Problem(severity: severity, kind: kind, location: location, path: path.description,
                                message: message(), suggestion: suggestion))
    }

    /// What `locate` finds, when a report there is listed (or is the first one left out): a place is
    /// looked up only for what is kept.
    mutating func place(_ locate: (inout SourceLocator) -> SourceLocation) -> SourceLocation? {
        isFull && reportedCount > problems.count ? nil : locate(&locator)
    }

    /// Where `value` starts, when a report there is listed (or is the first one left out).
    mutating func place(of value: Value) -> SourceLocation? {
        place { value.location(in: &$0) }
    }

    /// Where the key of `member` is, when a report there is listed (or is the first one left out).
    mutating func place(ofKeyOf member: Value.Member) -> SourceLocation? {
        place { member.keyLocation(in: &$0) }
    }

    /// An error at `value`.
    mutating func fail(_ kind: Format.Kind, at value: Value, _ message: @autoclosure () -> String, suggestion: String? = nil) {
        report(.error, kind, at: place(of: value), message(), suggestion: suggestion)
    }

    /// An error at the key of `member`.
    mutating func fail(_ kind: Format.Kind, atKeyOf member: Value.Member, _ message: @autoclosure () -> String,
                       suggestion: String? = nil) {
        report(.error, kind, at: place(ofKeyOf: member), message(), suggestion: suggestion)
    }

    /// A problem the reader can forgive: `message` says what was expected and found, `consequence`
    /// what the reader does about it ("ignored", "clamped to 1"). A warning `MESSAGE; CONSEQUENCE`, or
    /// with `strict` an error `MESSAGE (refused in strict mode)`.
    mutating func forgive(_ kind: Format.Kind, at location: SourceLocation?,
                          _ message: @autoclosure () -> String, then consequence: @autoclosure () -> String) {
        if strict {
            report(.error, kind, at: location, message() + " (refused in strict mode)")
        } else {
            report(.warning, kind, at: location, message() + "; " + consequence())
        }
    }

    /// The problems, with one last problem counting those not listed (the format's words; at the first
    /// unlisted problem's place, or about the whole document).
    /// With `Format.capsSeveritiesApart`, one last problem per severity that left some out (warnings,
    /// then errors), each of its severity.
    func finished() -> [Problem] {
        guard Format.capsSeveritiesApart else {
            guard let first = unlistedWarnings.first else { return problems }
            let (message, atFirst) = Format.unlisted(unlistedWarnings.count)
            return problems + [Problem(severity: hasErrors ? .error : .warning, kind: first.kind,
                                       location: atFirst ? first.location : nil, path: "", message: message)]
        }
        var all = problems
        for (severity, unlisted) in [(Problem.Severity.warning, unlistedWarnings), (.error, unlistedErrors)] {
            guard let first = unlisted.first else { continue }
            let (message, atFirst) = Format.unlisted(unlisted.count, severity: severity)
            all.append(Problem(severity: severity, kind: first.kind, location: atFirst ? first.location : nil,
                               path: "", message: message))
        }
        return all
    }

    // MARK: Keys

    /// Reports every member of `members` whose key is not one of `allowed` (at its key, the path one
    /// key deeper), with the format's likely intended spelling: forgiven ("ignored") or refused, as the
    /// format does. Past the list's limit the spelling is not searched for.
    mutating func unknownKeys(in members: [Value.Member], allowed: [String]) {
        for member in members where !allowed.contains(member.key) { unknownKey(member, allowed: allowed) }
    }

    /// Reports `member` as a key its object does not define (`unknownKeys`, one member).
    mutating func unknownKey(_ member: Value.Member, allowed: [String]) {
        guard !isFull(Format.forgivesUnknownKeys ? forgivenSeverity : .error) else {
            if Format.forgivesUnknownKeys {
                forgive(Format.unknownKeyKind, at: place(ofKeyOf: member), "", then: "ignored")
            } else {
                report(.error, Format.unknownKeyKind, at: place(ofKeyOf: member), "")
            }
            return
        }
        let suggestion = Format.suggestion(for: member.key, among: allowed)
        let (message, apart) = Format.unknownKey(allowed: allowed, suggestion: suggestion)
        path.append(.key(member.key))
        defer { path.removeLast() }
        if Format.forgivesUnknownKeys {
            forgive(Format.unknownKeyKind, at: place(ofKeyOf: member), message, then: "ignored")
        } else {
            report(.error, Format.unknownKeyKind, at: place(ofKeyOf: member), message, suggestion: apart)
        }
    }

    // MARK: Typed reads

    /// `value` as `read` takes it (`\.string`, `\.members`...), or nil after reporting
    /// "expected EXPECTED, found TYPE" at it.
    mutating func typed<Result>(_ value: Value, expected: @autoclosure () -> String, _ read: (Value) -> Result?) -> Result? {
        if let result = read(value) { return result }
        fail(Format.wrongTypeKind, at: value, "expected \(expected()), found \(Format.foundType(value))")
        return nil
    }

    /// A finite number within `expected.range`. Another value (or a number that is not finite) is
    /// refused: "expected EXPECTED, found FOUND". A number out of the range is refused ("N is out of
    /// range: expected EXPECTED") or, with `.clamped`, forgiven and moved to the nearer end ("expected
    /// EXPECTED, found N; clamped to END"). The message states the range as it is checked.
    mutating func number(_ value: Value, _ expected: ExpectedNumber, outOfRange: ExpectedNumber.OutOfRange) -> Double? {
        guard let number = value.number, number.isFinite else {
            fail(Format.wrongTypeKind, at: value, "expected \(expected.text), found \(Format.found(value))")
            return nil
        }
        guard expected.range.contains(number) else {
            switch outOfRange {
            case .refused:
                fail(Format.outOfRangeKind, at: value, "\(format(number)) is out of range: expected \(expected.text)")
                return nil
            case .clamped:
                let clamped = min(max(number, expected.range.lowerBound), expected.range.upperBound)
                forgive(Format.outOfRangeKind, at: place(of: value),
                        "expected \(expected.text), found \(format(number))", then: "clamped to \(format(clamped))")
                return clamped
            }
        }
        return number
    }

    /// A value written as an integer within `range`; anything else is refused with
    /// "expected an integer in LOW...HIGH, found FOUND".
    mutating func integer(_ value: Value, in range: ClosedRange<Int64>) -> Int64? {
        if let integer = value.integer, range.contains(integer) { return integer }
        fail(Format.outOfRangeKind, at: value, "expected an integer in \(range.lowerBound)...\(range.upperBound), found \(Format.found(value))")
        return nil
    }
}

/// What a number must be, in a message's words: `what` ("a number", "a weight (kg)") in `range`,
/// for `subject` when there is one ("for HapticIntensity"): "a weight (kg) in 0.001...100000".
struct ExpectedNumber {
    var what: String
    var range: ClosedRange<Double>
    var subject: String?

    init(_ what: String, in range: ClosedRange<Double>, for subject: String? = nil) {
        self.what = what
        self.range = range
        self.subject = subject
    }

    /// What a number out of range becomes: refused, or moved to the nearer end with a warning.
    enum OutOfRange {
        case refused
        case clamped
    }

    /// `WHAT in LOW...HIGH` (`for SUBJECT`), the range written as it is checked.
    var text: String {
        "\(what) in \(format(range.lowerBound))...\(format(range.upperBound))" + (subject.map { " for \($0)" } ?? "")
    }
}

/// A format's reader that walks a tree with a `CheckedReader`, keeping its path.
protocol CheckedWalking {
    associatedtype Format: CheckedFormat
    var reader: CheckedReader<Format> { get set }
}

extension CheckedWalking {
    /// Runs `body` one key deeper, then restores the path (also when `body` returns early).
    mutating func descend<Result>(into key: String, _ body: (inout Self) -> Result) -> Result {
        reader.path.append(.key(key))
        defer { reader.path.removeLast() }
        return body(&self)
    }

    /// Runs `body` one array element deeper, then restores the path.
    mutating func descend<Result>(into index: Int, _ body: (inout Self) -> Result) -> Result {
        reader.path.append(.index(index))
        defer { reader.path.removeLast() }
        return body(&self)
    }
}
