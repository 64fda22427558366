/// A decoded waveform, ready for the mixer: 32-bit float samples at the output's sample rate,
/// one or two interleaved channels. Immutable.
///
/// Made at load time (the SDL adapter decodes and converts WAV files into one; tests and tools can
/// build one from samples). The mixer reads the samples through a raw pointer on the audio thread,
/// so whoever sends a voice that plays a waveform keeps the waveform alive until the output closes
/// (the outputs in this package keep every waveform they hand out). `Sendable`: never mutated.
@_spi(HapticsTools) public final class AudioWaveform: @unchecked Sendable {
    /// Where it came from (the path as written in the pattern, or a name), for messages.
    public let name: String
    /// Frames per second; equals the output's rate once converted.
    public let sampleRate: Double
    /// 1 (mono) or 2 (stereo, interleaved left, right).
    public let channelCount: Int
    /// Number of frames (samples per channel).
    public let frameCount: Int
    private let storage: UnsafeMutableBufferPointer<Float>

    /// Copies `samples` (interleaved, `samples.count` a multiple of `channelCount`).
    /// - Precondition: `channelCount` is 1 or 2 and `sampleRate` > 0.
    public init(name: String, sampleRate: Double, channelCount: Int, samples: [Float]) {
        precondition(channelCount == 1 || channelCount == 2, "a waveform has 1 or 2 channels")
        precondition(sampleRate > 0 && sampleRate.isFinite, "a waveform needs a positive sample rate")
        self.name = name
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        frameCount = samples.count / channelCount
        storage = UnsafeMutableBufferPointer<Float>.allocate(capacity: max(frameCount * channelCount, 1))
        storage.initialize(repeating: 0)
        for index in 0..<(frameCount * channelCount) { storage[index] = samples[index] }
    }

    deinit { storage.deallocate() }

    /// A copy of the interleaved samples (allocates; for tests and tools, not for the audio thread).
    public var samples: [Float] { Array(storage[0..<(frameCount * channelCount)]) }

    /// Length in seconds.
    public var durationSeconds: Double { Double(frameCount) / sampleRate }

    /// The source a voice plays: a raw view of the samples (valid while the waveform lives).
    public var source: AudioSource {
        .waveform(UnsafePointer(storage.baseAddress!), frameCount: frameCount, channelCount: channelCount)
    }
}
