/// A position in a text file: 1-based line and column (columns count UTF-8 bytes), and the
/// 0-based byte offset.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
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

    /// `line L, column C`
    public var description: String { "line \(line), column \(column)" }
}

/// Maps byte offsets to line and column. Built once per file, only when a diagnostic needs it.
struct LineTable {
    private var lineStarts: [Int] = [0]

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        for i in bytes.indices where bytes[i] == UInt8(ascii: "\n") { lineStarts.append(i + 1) }
    }

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
