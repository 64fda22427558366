/// "Did you mean ...?": the likely intended spelling of a misspelled key or name, for every
/// reader's diagnostics. Two policies over one edit distance, because their messages are pinned
/// by tests and golden outputs:
/// - `suggestion(for:among:)` (mapping configs, event scripts): transpositions cost 1, a
///   distance up to a third of the word, else the shortest candidate the word begins.
/// - `closeName(to:among:)` (AHAP): a case-insensitive match, else the closest candidate within
///   2 edits (3 for names over 10 letters), transpositions counting 2; words over 64 bytes get none.
/// Load-time only (allocates two rows of the word's length per candidate).
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
            let distance = editDistance(target, Array(candidate.lowercased().utf8), transpositions: true)
            if best == nil || distance < best!.1 { best = (candidate, distance) }
        }
        guard let (candidate, distance) = best, distance <= max(1, target.count / 3) else { return nil }
        return candidate
    }

    /// A case-insensitive match of `name`, or the closest candidate within an edit distance of 2
    /// (3 for candidates over 10 bytes); nil for names over 64 bytes.
    static func closeName(to name: String, among candidates: [String]) -> String? {
        let lowered = name.lowercased()
        if let exact = candidates.first(where: { $0.lowercased() == lowered }) { return exact }
        var best: (String, Int)?
        let a = Array(lowered.utf8)
        guard a.count <= 64 else { return nil }
        for candidate in candidates {
            let b = Array(candidate.lowercased().utf8)
            let distance = editDistance(a, b, transpositions: false)
            let allowed = b.count > 10 ? 3 : 2
            if distance <= allowed, distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        return best?.0
    }

    /// Insertions, deletions and substitutions each cost 1; with `transpositions`, so does
    /// swapping two adjacent bytes ("sahrpness": optimal string alignment distance).
    /// Cost: O(a x b) time, O(b) memory.
    static func editDistance(_ a: [UInt8], _ b: [UInt8], transpositions: Bool) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if transpositions, i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
