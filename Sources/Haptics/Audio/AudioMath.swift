/// The formulas that turn AHAP's normalised audio parameters into signal processing (docs/audio.md).
///
/// Apple documents the ranges of `AudioVolume`, `AudioPan`, `AudioPitch` and `AudioBrightness` but
/// not what they do to the sound; every mapping here is SDLHaptics' choice. Pure functions,
/// no allocation; the mixer calls them when a command arrives, never per sample.
enum AudioMath {
    /// Playback ratio for a pitch shift: `2^pitch`, so -1...1 is one octave down ... one octave up.
    /// Pitch 0 is exactly 1 (samples are read unchanged).
    public static func playbackRatio(pitch: Double) -> Double {
        let p = pitch.isNaN ? 0 : min(max(pitch, -1), 1)
        return p == 0 ? 1 : CMath.exp2(p)
    }

    /// Left and right gains for a pan position (a balance law): the nearer side stays at 1, the
    /// farther side falls linearly to 0. Pan 0 keeps both channels at full level, -1 is left only,
    /// 1 right only, -0.5 is left 1 and right 0.5.
    public static func panGains(pan: Double) -> (left: Double, right: Double) {
        let p = pan.isNaN ? 0 : min(max(pan, -1), 1)
        return (min(1, 1 - p), min(1, 1 + p))
    }

    /// Lowest cutoff of the brightness filter, in Hz (brightness 0).
    public static let darkestCutoffHertz: Double = 200
    /// Highest cutoff before the filter opens completely, in Hz (brightness just below 1).
    public static let brightestCutoffHertz: Double = 20_000

    /// Cutoff of the one-pole low-pass filter for a brightness, in Hz: 200 Hz at 0 rising
    /// exponentially to 20 kHz at 1 (`200 · 100^brightness`), capped at 0.45 × the sample rate.
    public static func cutoffHertz(brightness: Double, sampleRate: Double) -> Double {
        let b = brightness.isNaN ? 1 : min(max(brightness, 0), 1)
        let cutoff = darkestCutoffHertz * CMath.pow(brightestCutoffHertz / darkestCutoffHertz, b)
        return min(cutoff, 0.45 * sampleRate)
    }

    /// The one-pole low-pass coefficient `a` (y += a · (x − y)) for a brightness, normalised so that
    /// brightness 1 gives exactly 1: the filter is then fully open and samples pass unchanged.
    public static func lowpassCoefficient(brightness: Double, sampleRate: Double) -> Double {
        let b = brightness.isNaN ? 1 : min(max(brightness, 0), 1)
        if b >= 1 { return 1 }
        func raw(_ hertz: Double) -> Double { 1 - CMath.exp(-2 * Double.pi * hertz / sampleRate) }
        let top = raw(cutoffHertz(brightness: 1, sampleRate: sampleRate))
        return min(1, raw(cutoffHertz(brightness: b, sampleRate: sampleRate)) / top)
    }

    /// Frequency of the `AudioContinuous` tone at pitch 0, in Hz.
    public static let toneBaseHertz: Double = 440

    /// Frequency of the `AudioContinuous` tone for a pitch: `440 · 2^pitch` Hz (220...880 Hz).
    public static func toneHertz(pitch: Double) -> Double { toneBaseHertz * playbackRatio(pitch: pitch) }

    /// Number of harmonics in the brightest tone (brightness 1): a band-limited sawtooth made of
    /// harmonics 1...8 with amplitudes 1/k. Brightness 0 is a pure sine; in between the two mix linearly.
    public static let toneHarmonics = 8

    /// Length of the fade that replaces a hard cut (a stop without release, a pause, a seek, a loop
    /// wrap, a stolen voice), in seconds, so that cuts never click.
    public static let declickSeconds: Double = 0.005
}
