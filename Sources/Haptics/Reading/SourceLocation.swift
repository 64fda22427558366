/// A position in a text file: 1-based line and column (columns count UTF-8 bytes), and the
/// 0-based byte offset.
///
/// The one position type of every reader (AHAP, TOML configs, event scripts) and so of every
/// diagnostic they report.
@_spi(HapticsTools) public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// Line number, from 1.
    public var line: Int
    /// Column number in UTF-8 bytes, from 1.
    public var column: Int
    /// Byte offset from the start of the file, from 0.
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// The first byte of a file: line 1, column 1, offset 0.
    static let start = SourceLocation(line: 1, column: 1, offset: 0)

    /// `line L, column C`
    public var description: String { "line \(line), column \(column)" }
}

/// Maps byte offsets to line and column. Built once per file, only when a diagnostic needs it.
struct LineTable {
    private var lineStarts: [Int] = [0]

    /// The line starts of `bytes` (indices from 0, as an array's or a buffer's are).
    init(_ bytes: some Collection<UInt8>) {
        for (position, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(position + 1) }
    }

    /// The line and column of byte `offset`. Cost: O(log lines).
    func location(ofOffset offset: Int) -> SourceLocation {
        // Last line start <= offset.
        var low = 0
        var high = lineStarts.count
        while high - low > 1 {
            let mid = (low + high) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid }
        }
        return SourceLocation(line: low + 1, column: offset - lineStarts[low] + 1, offset: offset)
    }
}
