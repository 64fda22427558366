/// Bounds that keep a hostile or broken config from exhausting memory, time or the stack.
///
/// The defaults leave room for any config a game needs (ours has 40 lines; the reading benchmark
/// checks 100,000 rules) while keeping a worst-case file within a second to read. Each limit is
/// refused with the line and column where it was passed and the limit itself. docs/reliability.md
/// lists them.
package struct TOMLLimits: Hashable, Sendable {
    /// Largest text read, in bytes. Default 8 MiB (8,388,608 bytes).
    package var maximumBytes: Int = 8 << 20
    /// Longest key (one part of a dotted key), in UTF-8 bytes after unescaping. Default 1,024.
    package var maximumKeyBytes: Int = 1_024
    /// Most parts in one dotted key or table header (`a.b.c` has 3). Default 64.
    package var maximumKeyParts: Int = 64
    /// Most tables in a document: headers, arrays-of-tables elements, inline tables and the tables
    /// that dotted keys open. Default 500,000.
    package var maximumTables: Int = 500_000
    /// Longest string value, in UTF-8 bytes after unescaping. Default 65,536.
    package var maximumStringBytes: Int = 65_536

    /// The deepest `TOMLReader.maximumDepth` may be set to: 64 (the default). Reading recurses once
    /// per nested array or inline table, up to about 4 KiB of stack per level in a debug build;
    /// 64 levels fit the 512 KiB stack of a secondary thread (Darwin's default) with room to
    /// spare: the tests read at this depth on such a thread (debug builds overflowed it between
    /// 100 and 128 levels).
    package static let depthCap = 64

    package init() {}
}
