/// Path arithmetic on strings, as `NSString`'s path methods do it on Linux, without Foundation (the C
/// library, docs/c-library.md, stays small when the core needs no Foundation). Pure text: nothing is
/// looked up on disk. `PlatformHelperTests` compares each with `NSString`.
package enum FilePathText {
    /// The path without its last component, like `NSString.deletingLastPathComponent`: repeated
    /// slashes count as one and a trailing slash is ignored. "a/b.toml" → "a", "b.toml" → "",
    /// "/b" → "/", "a/b/" → "a", "/a//b/c" → "/a/b", "/" → "/". (Foundation on Linux crashes on a
    /// one-letter relative path such as "a"; this gives "".)
    package static func deletingLastComponent(_ path: String) -> String {
        let parts = components(path)
        guard !parts.isEmpty else { return path.hasPrefix("/") ? "/" : "" }
        let head = parts.dropLast().joined(separator: "/")
        return path.hasPrefix("/") ? "/" + head : head
    }

    /// The last component, like `NSString.lastPathComponent`: "a/b.wav" → "b.wav", "a/b/" → "b",
    /// "/" → "/", "" → "".
    package static func lastComponent(_ path: String) -> String {
        components(path).last.map(String.init) ?? (path.hasPrefix("/") ? "/" : "")
    }

    /// `component` added to `path`, like `NSString.appendingPathComponent` on Linux: a slash between
    /// unless `path` ends with one; either side empty gives the other unchanged.
    /// ("a", "b") → "a/b", ("a/", "b") → "a/b", ("", "b") → "b", ("/", "b") → "/b".
    package static func appending(_ component: String, to path: String) -> String {
        if path.isEmpty { return component }
        if component.isEmpty { return path }
        return path.hasSuffix("/") ? path + component : path + "/" + component
    }

    /// The non-empty components between slashes.
    private static func components(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }
}
