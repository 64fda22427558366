/// Rules for `EventWaveformPath`: a pattern names audio files relative to its own folder
/// (or to a given asset root), never outside it.
///
/// A pattern from a mod must not make the game read arbitrary files, so a path is refused when
/// it is empty, absolute (`/x`, `\x`, `C:x`, `~/x`), contains a NUL byte, or climbs above its
/// root with `..` once `.` and `..` components are resolved. Symbolic links inside the root are
/// not followed here; the audio loader checks the resolved file (docs/ahap.md).
@_spi(HapticsTools) public enum WaveformPath {
    /// Why `path` is refused, or nil when it is safe.
    public static func problem(with path: String) -> String? {
        if path.isEmpty { return "expected a relative file path, found an empty string" }
        if path.utf8.contains(0) { return "expected a relative file path, found a NUL byte" }
        if path.hasPrefix("/") || path.hasPrefix("\\") || path.hasPrefix("~") {
            return "expected a path relative to the pattern's folder, found the absolute path \"\(path)\""
        }
        let utf8 = Array(path.utf8)
        if utf8.count >= 2, utf8[1] == UInt8(ascii: ":"),
           (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(utf8[0] & 0xDF) {
            return "expected a path relative to the pattern's folder, found the drive path \"\(path)\""
        }
        if normalizedComponents(path) == nil {
            return "expected a path inside the pattern's folder, found \"\(path)\", which climbs out of it with '..'"
        }
        return nil
    }

    /// The path's components with `.` and `..` resolved, or nil when `..` climbs above the root.
    public static func normalizedComponents(_ path: String) -> [Substring]? {
        var stack: [Substring] = []
        for component in path.split(whereSeparator: { $0 == "/" || $0 == "\\" }) {
            if component == "." { continue }
            if component == ".." {
                if stack.isEmpty { return nil }
                stack.removeLast()
                continue
            }
            stack.append(component)
        }
        return stack
    }

    /// The file `path` names inside `folder`, or nil when `path` is refused by `problem(with:)`.
    public static func resolve(_ path: String, in folder: String) -> String? {
        guard problem(with: path) == nil, let components = normalizedComponents(path) else { return nil }
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        return ([base.isEmpty ? "." : base] + components.map(String.init)).joined(separator: "/")
    }
}
