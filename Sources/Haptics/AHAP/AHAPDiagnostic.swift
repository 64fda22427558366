/// One problem found while reading an AHAP file: what, where, and how serious.
///
/// `description` reads `WHERE: MESSAGE`, for example
/// `Pattern[3].Event.EventParameters[1].ParameterValue (line 12, column 30): expected a number in 0...1, found 1.32; clamped to 1`.
@_spi(HapticsTools) public struct AHAPDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// Whether the problem stops decoding.
    public enum Severity: String, Hashable, Sendable {
        /// The file was read anyway (a default taken, a value clamped, a key ignored).
        case warning
        /// The file cannot be read as a pattern.
        case error
    }

    /// What kind of problem it is. Every kind has a test.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The file could not be read from disk.
        case unreadableFile
        /// The text is not JSON (or not even the JSON that AHAP's leniency allows).
        case syntax
        /// A trailing comma before `]` or `}` (accepted leniently; Apple ships files with them).
        case trailingComma
        /// A `//` or `/* */` comment (accepted leniently).
        case comment
        /// The same key twice in one object; the last one wins.
        case duplicateKey
        /// A key AHAP does not define; ignored.
        case unknownKey
        /// A required key is missing.
        case missingKey
        /// A value of the wrong JSON type (a string where a number belongs...).
        case wrongType
        /// A number outside its parameter's range; clamped to the nearer bound.
        case valueOutOfRange
        /// An `EventType` that AHAP does not define.
        case unknownEventType
        /// A `ParameterID` that AHAP does not define for this place.
        case unknownParameterID
        /// A `Pattern` entry that is not `Event`, `Parameter` or `ParameterCurve`.
        case unknownElement
        /// A `Pattern` entry with more than one element key.
        case ambiguousElement
        /// A negative or too large time.
        case invalidTime
        /// A negative, missing or too long duration.
        case invalidDuration
        /// The same parameter twice in one event's `EventParameters`; the last one wins.
        case duplicateParameter
        /// A parameter that has no effect on this event type (for example `AudioVolume` on a haptic event); ignored.
        case inapplicableParameter
        /// Curve control points whose times go backwards; they are put in time order.
        case unorderedControlPoints
        /// An `EventWaveformPath` that is absolute or escapes the pattern's folder.
        case unsafeWaveformPath
        /// A `Version` newer than SDLHaptics knows; the file is read as version 1.
        case unsupportedVersion
        /// The file is larger than `AHAPLimits.maximumFileBytes`.
        case fileTooLarge
        /// Arrays and objects nested deeper than `AHAPLimits.maximumNestingDepth`.
        case nestingTooDeep
        /// More pattern elements than `AHAPLimits.maximumElements`.
        case tooManyElements
        /// A curve with more control points than `AHAPLimits.maximumControlPointsPerCurve`.
        case tooManyControlPoints
    }

    /// Warning or error. Strict decoding turns every warning into an error.
    public var severity: Severity
    /// The kind of problem.
    public var kind: Kind
    /// JSON path of the offending value, such as `Pattern[3].Event.EventParameters[1].ParameterValue`;
    /// empty for the file as a whole.
    public var path: String
    /// Line and column of the offending value, when the problem is inside the text.
    public var location: SourceLocation?
    /// What was expected and what was found, in words.
    public var message: String

    /// A diagnostic. Control characters in the path and message are escaped and both are cut at
    /// 4,096 bytes (`EchoedText`): they may echo the file's own text, and a diagnostic is one line
    /// that is safe to print.
    public init(severity: Severity, kind: Kind, path: String, location: SourceLocation?, message: String) {
        self.severity = severity
        self.kind = kind
        self.path = EchoedText.field(path)
        self.location = location
        self.message = EchoedText.field(message)
    }

    /// `PATH (line L, column C)`, `line L, column C`, `PATH`, or `file` when there is neither.
    public var whereDescription: String {
        switch (path.isEmpty, location) {
        case (false, let location?): return "\(path) (\(location))"
        case (true, let location?): return location.description
        case (false, nil): return path
        case (true, nil): return "file"
        }
    }

    /// `WHERE: MESSAGE`
    public var description: String { "\(whereDescription): \(message)" }
}

/// Thrown when an AHAP file cannot be decoded: every error found, plus the warnings before it.
@_spi(HapticsTools) public struct AHAPDecodingError: Error, Sendable, CustomStringConvertible {
    /// All diagnostics, errors and warnings, in the order they were found.
    public var diagnostics: [AHAPDiagnostic]
    /// The file the bytes came from, when decoding from a file.
    public var file: String?

    public init(diagnostics: [AHAPDiagnostic], file: String? = nil) {
        self.diagnostics = diagnostics
        self.file = file
    }

    /// Only the errors.
    public var errors: [AHAPDiagnostic] { diagnostics.filter { $0.severity == .error } }

    /// The first error (there is always at least one).
    public var firstError: AHAPDiagnostic { errors.first ?? diagnostics[0] }

    /// `FILE: WHERE: MESSAGE` of the first error (and a count of the others).
    public var description: String {
        let prefix = file.map { "\($0): " } ?? ""
        let more = errors.count > 1 ? " (and \(errors.count - 1) more errors)" : ""
        return prefix + firstError.description + more
    }
}
