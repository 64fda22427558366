/// A pattern read from an AHAP file: what a game loads its designers' patterns with.
extension HapticPattern {
    /// Reads the AHAP file at `path` leniently, as Core Haptics reads files (docs/ahap.md: what is
    /// forgiven, the limits). Throws an error whose description says the file, the JSON path, the line
    /// and column and what was expected (`AHAPDecodingError`, `@_spi(HapticsTools)`, for tools that list
    /// every diagnostic). Allocates; load patterns when a level loads, not per frame.
    public init(contentsOfFile path: String) throws {
        self = try AHAPDecoder().decode(contentsOfFile: path).pattern
    }

    /// Reads AHAP text leniently (`init(contentsOfFile:)`), for a pattern a game holds in memory.
    public init(ahap text: String) throws {
        self = try AHAPDecoder().decode(text).pattern
    }
}
