/// Why a sound cannot be analysed. Every limit is stated in the message.
@_spi(HapticsTools) public enum SoundAnalysisError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The sample rate is outside `SoundAnalyzer.sampleRateRange` or not finite.
    case unsupportedSampleRate(Double)
    /// The channel count is outside 1...`SoundAnalyzer.maximumChannels`.
    case unsupportedChannelCount(Int)
    /// The sound is longer than `SoundAnalyzer.maximumSeconds`.
    case tooLong(seconds: Double, limit: Double)

    public var description: String {
        switch self {
        case .unsupportedSampleRate(let rate):
            return "expected a sample rate in 8000...384000 Hz, found \(rate)"
        case .unsupportedChannelCount(let count):
            return "expected 1...\(SoundAnalyzer.maximumChannels) channels, found \(count)"
        case .tooLong(let seconds, let limit):
            return "the sound is \(Double(Int(seconds * 100)) / 100) s long; the analysis limit is \(Int(limit)) s"
        }
    }
}
