/// Mono PCM for analysis: samples in −1...1 at `sampleRate` Hz.
@_spi(HapticsTools) public struct MonoSound: Sendable {
    public var samples: [Float]
    /// Hz, > 0.
    public var sampleRate: Double

    public init(samples: [Float], sampleRate: Double) {
        self.samples = samples
        self.sampleRate = sampleRate
    }
}

/// The seam to whatever reads audio files (the core reads no audio formats): resolves a sound's
/// path safely and decodes its bytes to mono. HapticsSDL's `SDLSoundDecoder` decodes WAV through
/// SDL with the waveform limits. Used by `SoundPatternLoader` at load time, never per frame.
///
/// Implementations are `Sendable` and may be called from the config watcher's thread.
@_spi(HapticsTools) public protocol SoundFileDecoder: Sendable {
    /// Largest file accepted, in bytes; the loader refuses bigger files before reading them.
    var maximumBytes: Int { get }
    /// The real path of `path` inside `folder`. Throws (an error whose description says why) when
    /// `path` is absolute, climbs out with `..`, resolves through a link outside `folder`, or is missing.
    func resolve(_ path: String, folder: String) throws -> String
    /// Decodes a whole file's `bytes` (named `name` in messages) to mono. Throws (an error whose
    /// description says what is wrong and which limit applies) for a malformed, unsupported or
    /// too-long sound.
    func decodeMono(_ bytes: [UInt8], name: String) throws -> MonoSound
}
