import Haptics

/// How `SDLAudioOutput` (and `GameHaptics.audio.enable`) opens the sound device. Every default suits
/// a typical game.
public struct SDLAudioConfiguration: Hashable, Sendable {
    /// Preferred frames per second; SDL may give the device's own rate, which is then used (and
    /// waveforms are converted to it). Default 48000.
    public var sampleRate: Int = 48_000 {
        didSet { sampleRate = min(max(sampleRate, 8_000), 192_000) }
    }
    /// Output channels (1...8). 2 for stereo; 4 for a DualSense's USB audio device, whose channels 3
    /// and 4 (indices 2 and 3) drive its haptic actuators. Default 2.
    public var channels: Int = 2 {
        didSet { channels = min(max(channels, 1), 8) }
    }
    /// Frames per callback buffer (64...8192). Smaller buffers cut latency and cost more wake-ups.
    /// Default 512 (10.7 ms at 48 kHz).
    public var bufferFrames: Int = 512 {
        didSet { bufferFrames = min(max(bufferFrames, 64), 8192) }
    }
    /// How far ahead of the game's frame clock sounds are placed, and how long rumble is delayed to
    /// match, in seconds. At least one buffer (a shorter value is raised to it). To avoid late
    /// onsets it must cover one buffer + one game frame (an event is noticed up to a frame after its
    /// time) + the clock's tolerance of two buffers: 10.7 + 16.7 + 21.3 ms = 48.7 ms for 512-frame
    /// buffers at 48 kHz and 60 frames per second (docs/audio.md). Default 0.05.
    public var lookaheadSeconds: Double = 0.05 {
        didSet { lookaheadSeconds = lookaheadSeconds.isFinite ? min(max(lookaheadSeconds, 0), 1) : 0.05 }
    }
    /// Voices that can sound at once; a new one beyond that cuts the oldest. Default 32.
    public var maximumVoices: Int = 32 {
        didSet { maximumVoices = min(max(maximumVoices, 1), 256) }
    }
    /// Master volume of every voice, 0...1. Default 1.
    public var volume: Double = 1 {
        didSet { volume = volume.isFinite ? min(max(volume, 0), 1) : 1 }
    }
    /// Where waveforms are also looked for after the pattern's own folder (nil: only that folder).
    public var assetRoot: String? = nil
    /// Size and length limits for waveform files.
    public var waveformLimits = WaveformLimits()
    /// The device to open, by SDL's name (nil: the default device). With SDL's disk driver this is
    /// the file written.
    public var deviceName: String? = nil
    /// Renders one player's haptic signal as low-frequency audio (opt-in; nil: off).
    public var hapticAudioChannel: HapticAudioChannel? = nil
    /// Whose haptics the haptic-audio channel plays (0-based player). Default 0.
    public var hapticAudioPlayer: Int = 0

    public init() {}
}

/// Limits on waveform files, checked when they are loaded (never while playing). The defaults are
/// the figures quoted for Apple's engine: 4.2 MB and 23 s.
public struct WaveformLimits: Hashable, Sendable {
    /// Largest file accepted, in bytes. Default 4,200,000 (4.2 MB).
    public var maximumBytes: Int = 4_200_000
    /// Longest sound accepted, in seconds. Default 23.
    public var maximumSeconds: Double = 23

    /// Sample rates accepted, in Hz: 8,000 (telephone) to 384,000, what sound cards play and SDL
    /// converts (the analysis takes the same range, `SoundAnalyzer.sampleRateRange`). A file
    /// declaring another rate is refused before it is converted: a 48-byte WAV declaring 1 Hz would
    /// otherwise be stretched 48,000 times on the way to the device rate.
    public static let sampleRates: ClosedRange<Int> = 8_000...384_000

    public init(maximumBytes: Int = 4_200_000, maximumSeconds: Double = 23) {
        self.maximumBytes = maximumBytes
        self.maximumSeconds = maximumSeconds
    }
}
