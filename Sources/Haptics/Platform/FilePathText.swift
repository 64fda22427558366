/// Path arithmetic on strings, as `NSString`'s path methods do it, without Foundation (the C library,
/// docs/c-library.md, stays small when the core needs no Foundation). Pure text: nothing is looked up
/// on disk.
package enum FilePathText {
    /// The path without its last component, like `NSString.deletingLastPathComponent`:
    /// "a/b.toml" → "a", "b.toml" → "", "/b" → "/", "a/b/" → "a", "/" → "/".
    package static func deletingLastComponent(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let head = trimmingTrailingSlashes(String(trimmed[..<slash]))
        return head.isEmpty && trimmed.hasPrefix("/") ? "/" : head
    }

    /// The last component, like `NSString.lastPathComponent`: "a/b.wav" → "b.wav", "a/b/" → "b",
    /// "/" → "/", "" → "".
    package static func lastComponent(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return trimmed == "/" ? "/" : String(trimmed[trimmed.index(after: slash)...])
    }

    /// `component` added to `path` with one slash between, like `NSString.appendingPathComponent`:
    /// ("a", "b") → "a/b", ("a/", "b") → "a/b", ("", "b") → "b", ("/", "b") → "/b".
    package static func appending(_ component: String, to path: String) -> String {
        if path.isEmpty { return component }
        if component.isEmpty { return trimmingTrailingSlashes(path) }
        let head = trimmingTrailingSlashes(path)
        var tail = Substring(component)
        while tail.hasPrefix("/") { tail = tail.dropFirst() }
        return head == "/" ? "/" + tail : head + "/" + tail
    }

    /// `path` without trailing slashes, except a lone "/".
    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var result = Substring(path)
        while result.count > 1 && result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }
}
