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

    public init(file: String, location: SourceLocation, path: String, message: String, suggestion: String? = nil) {
        self.file = file
        self.location = location
        self.path = path
        self.message = message
        self.suggestion = suggestion
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
    public init(_ diagnostics: [ConfigDiagnostic]) { self.diagnostics = diagnostics }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

@_spi(HapticsTools) public enum Spelling {
    /// The candidate closest to `word` by edit distance, when close enough to be a likely typo
    /// (distance <= max(1, word length / 3)), else the shortest candidate that `word` (3 letters
    /// or more) begins, else nil. Case-insensitive.
    public static func suggestion(for word: String, among candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        if let close = closest(to: lowered, among: candidates) { return close }
        guard lowered.count >= 3 else { return nil }
        return candidates.filter { $0.lowercased().hasPrefix(lowered) }.min { $0.count < $1.count }
    }

    private static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(word.utf8)
        var best: (String, Int)? = nil
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased().utf8))
            if best == nil || distance < best!.1 { best = (candidate, distance) }
        }
        guard let (candidate, distance) = best, distance <= max(1, target.count / 3) else { return nil }
        return candidate
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and adjacent
    /// transpositions ("sahrpness") each cost 1.
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
