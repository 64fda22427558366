/// The result of reading an AHAP file: the pattern and what the lenient reader had to forgive.
@_spi(HapticsTools) public struct AHAPDocument: Sendable {
    /// The decoded pattern.
    public var pattern: HapticPattern
    /// Warnings (never errors): ignored keys, clamped values, defaults taken.
    public var warnings: [AHAPDiagnostic]

    public init(pattern: HapticPattern, warnings: [AHAPDiagnostic]) {
        self.pattern = pattern
        self.warnings = warnings
    }
}
