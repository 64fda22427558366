@_spi(HapticsTools) import Haptics

/// A transient of the previewed pattern: where a tap starts and how strong and crisp it is at its
/// peak (the pattern's own controls applied). A chart draws it as a stem, so a tap is visible
/// even when it falls between two frames.
public struct PreviewTransient: Hashable, Sendable {
    /// Onset, in pattern seconds.
    public var time: Double
    /// Peak intensity and sharpness, each 0...1.
    @_spi(HapticsTools) public var signal: HapticSignal

    @_spi(HapticsTools) public init(time: Double, signal: HapticSignal) {
        self.time = time
        self.signal = signal
    }
}
