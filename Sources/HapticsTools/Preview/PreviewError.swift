@_spi(HapticsTools) import Haptics

/// Why `PatternPreview` could not render a pattern.
public enum PreviewError: Error, Hashable, Sendable {
    /// The frame rate is not a finite number > 0.
    case invalidRate(Double)
    /// No motor profile was given.
    case noProfiles
    /// The render would take more than `limit` frames, every profile's frames counted (`needed` is
    /// a lower bound: the pattern's duration plus the tail allowance, at the rate, times the profiles).
    case tooManyFrames(needed: Int, limit: Int)
    /// `maximumTailSeconds` is negative or not finite.
    case invalidTail(Double)
    /// The engine refused to play (not expected for a fresh engine; kept so nothing traps).
    case engine(HapticEngineError)
}

extension PreviewError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .invalidRate(let rate): return "the frame rate must be a finite number above 0 (got \(rate))"
        case .noProfiles: return "at least one motor profile is needed"
        case .tooManyFrames(let needed, let limit): return "the render needs \(needed) frames (every profile counted), more than the limit of \(limit)"
        case .invalidTail(let seconds): return "the tail allowance must be a finite number >= 0 (got \(seconds))"
        case .engine(let error): return "the engine refused to play: \(error)"
        }
    }
}
