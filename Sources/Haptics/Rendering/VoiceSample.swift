/// The result of evaluating a voice at one instant.
@_spi(HapticsTools) public struct VoiceSample: Hashable, Sendable {
    /// The combined signal of every haptic event sounding at that instant.
    public var signal: HapticSignal
    /// Whether the voice still has something to play at or after that instant: the time lies
    /// before the pattern's end, or some event's envelope (a release tail, say) has not finished.
    /// Once false at a time after the pattern's end it stays false for every later time
    /// (with the same controls).
    public var isActive: Bool
}
