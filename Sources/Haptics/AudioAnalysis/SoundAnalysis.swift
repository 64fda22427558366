/// What `SoundAnalyzer` found in a sound: a loudness and a brightness envelope sampled every
/// `hopSeconds`, and the onsets. Turn it into a pattern with `pattern(options:)`.
///
/// A value type; frame `k` is at `Double(k) * hopSeconds` seconds.
@_spi(HapticsTools) public struct SoundAnalysis: Hashable, Sendable {
    /// The sample rate analysed, in Hz.
    public var sampleRate: Double
    /// The sound's length in seconds.
    public var durationSeconds: Double
    /// Seconds between two frames (5 ms rounded to whole samples).
    public var hopSeconds: Double
    /// Loudness per frame on a perceptual scale, 0...1: RMS over a ~20 ms Hann window relative to
    /// the loudest frame, raised to 0.6 (Stevens' loudness exponent for amplitude), with
    /// `silenceDecibels` and below mapped to 0, then followed with `smoothingSeconds` release.
    public var loudness: [Double]
    /// Brightness per frame, 0...1: the spectral centroid on a log-frequency scale (100 Hz → 0,
    /// 6.4 kHz → 1), held through silence and smoothed like the loudness.
    public var brightness: [Double]
    /// The onsets in time order, at least `minimumGapSeconds` apart.
    public var onsets: [SoundOnset]
    /// The largest absolute sample of the (mono) sound, 0...; the analysis treats it as full scale.
    /// Below 0.001 (−60 dBFS) the sound counts as silence and nothing else is analysed.
    public var peakAmplitude: Double

    public init(sampleRate: Double, durationSeconds: Double, hopSeconds: Double, loudness: [Double],
                brightness: [Double], onsets: [SoundOnset], peakAmplitude: Double) {
        self.sampleRate = sampleRate
        self.durationSeconds = durationSeconds
        self.hopSeconds = hopSeconds
        self.loudness = loudness
        self.brightness = brightness
        self.onsets = onsets
        self.peakAmplitude = peakAmplitude
    }

    /// Time of frame `k`, in seconds.
    public func time(ofFrame k: Int) -> Double { Double(k) * hopSeconds }

    /// Whether nothing in the sound is above the silence threshold.
    public var isSilent: Bool { !loudness.contains { $0 > 0 } && onsets.isEmpty }
}
