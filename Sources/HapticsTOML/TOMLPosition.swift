/// Where a key, a value or an error sits in TOML text: 1-based line and column (columns count UTF-8
/// bytes), and the 0-based byte offset. The reader counts lines as it reads, so every position costs
/// nothing to make; the core turns one into its `SourceLocation` for a diagnostic.
package struct TOMLPosition: Hashable, Sendable {
    /// Line number, from 1.
    package var line: Int
    /// Column number in UTF-8 bytes, from 1.
    package var column: Int
    /// Byte offset from the start of the text, from 0.
    package var offset: Int
    // Made only by the reader (its memberwise init, internal): the core reads positions, never makes one.
}
