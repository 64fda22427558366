/// A problem in a mapping config: where it is, what was expected, and a suggestion when a key or
/// name looks misspelled.
///
/// `description` reads like a compiler message, `FILE:LINE:COLUMN: error: MESSAGE`, so editors
/// and terminals link it to the spot.
public struct ConfigDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// The config file (as given to the loader), or "<config>" for text without a file.
    public var file: String
    /// Line and column (UTF-8 bytes) of the offending key or value.
    public var location: SourceLocation
    /// The TOML path of the offending key or value, such as `rule[2].intensity.curve`.
    public var path: String
    /// What is wrong and what was expected.
    public var message: String
    /// A likely intended spelling, for unknown keys and names.
    public var suggestion: String?
    /// What kind of problem it is: the file itself (missing, unreadable, not a regular file, too
    /// large), its text (encoding, TOML syntax), the config's schema, or a pattern or sound file a
    /// rule names (or the load budget). The C API's reload report carries it (`SDLH_ReloadInfo.failure`).
    public var kind: Kind

    /// What kind of problem a diagnostic reports (issue 31).
    public enum Kind: Sendable, Hashable, CaseIterable {
        /// Nothing at the config's path (deleted, renamed away, a link to nothing): the file as a whole.
        case missing
        /// There, but it cannot be read (permission, a loop of links, a read error): the file as a whole.
        case unreadable
        /// A folder, a pipe, a device or a socket: the file as a whole.
        case notRegularFile
        /// Larger than a config may be: the file as a whole.
        case tooLarge
        /// Not UTF-8 text, at the first byte that is not.
        case encoding
        /// Not TOML.
        case syntax
        /// TOML, but not a valid config: an unknown key, a value out of range, a missing field...
        case schema
        /// A pattern or sound file a rule names is missing, unreadable or broken.
        case pattern
        /// The config makes the library load more than its load budget (docs/config.md, "Limits").
        case budget

        /// Whether the problem is the file as a whole (it has no line and column of its own).
        public var isWholeFile: Bool {
            switch self {
            case .missing, .unreadable, .notRegularFile, .tooLarge: return true
            default: return false
            }
        }
    }

    /// A diagnostic. Control characters in any of the texts are escaped and the path and message
    /// cut at 4,096 bytes (`EchoedText`): they may echo the file's own text, and a diagnostic is
    /// one line that is safe to print.
    public init(file: String, location: SourceLocation, path: String, message: String, suggestion: String? = nil,
                kind: Kind = .schema) {
        self.kind = kind
        self.file = EchoedText.field(file)
        self.location = location
        self.path = EchoedText.field(path)
        self.message = EchoedText.field(message)
        self.suggestion = suggestion.map(EchoedText.field)
    }

    public var description: String {
        var text = "\(file):\(location.line):\(location.column): error: "
        if !path.isEmpty { text += "\(path): " }
        text += message
        if let suggestion { text += " (did you mean '\(suggestion)'?)" }
        return text
    }
}

/// Every problem found in one config; thrown by `HapticMappingConfig.decode` and `load`.
public struct ConfigErrors: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [ConfigDiagnostic]
    /// What the failure means for the running game, when the loader knows it (`GameHaptics.mapping.load`
    /// says whether a config is still in use and whether the file is watched), or nil. Escaped and cut
    /// like a diagnostic's texts when set (`EchoedText`): it names files by their paths, which may hold
    /// control characters, and it is printed as one "note:" line.
    public var consequence: String? {
        get { escapedConsequence }
        set { escapedConsequence = newValue.map(EchoedText.field) }
    }
    private var escapedConsequence: String?

    public init(_ diagnostics: [ConfigDiagnostic], consequence: String? = nil) {
        self.diagnostics = diagnostics
        self.consequence = consequence
    }

    /// Every diagnostic on its own line, then "note: CONSEQUENCE" when there is one.
    public var description: String {
        let lines = diagnostics.map(\.description).joined(separator: "\n")
        guard let consequence else { return lines }
        return lines + "\nnote: " + consequence
    }
}
