/// Analyses PCM audio for haptics: a perceptual loudness envelope, a brightness envelope and the
/// onsets (spectral flux against an adaptive threshold), the raw material of
/// `SoundAnalysis.pattern(options:)`. Pure Swift; offline (load time, tools), never per frame.
///
/// The steps, in plain words (docs/audio-to-haptics.md has pictures):
/// 1. The channels are averaged to mono and the loudest sample is taken as full scale (a sound
///    whose loudest sample is under −60 dBFS is silence).
/// 2. Every 5 ms a ~20 ms Hann-windowed frame (the next power of two of samples) gives its RMS
///    level and, through a real FFT, its magnitude spectrum.
/// 3. Loudness is the RMS relative to the loudest frame raised to 0.6, with the silence threshold
///    mapped to 0; brightness is the spectral centroid in octaves between 100 Hz and 6.4 kHz.
/// 4. Spectral flux is the mean rise, in decibels, of the spectrum's bins from one frame to the
///    next (over the bins above a −80 dB floor in either frame). A frame is an onset when its flux is the largest within ±15 ms, exceeds
///    the median of the surrounding 125 ms by a margin, and the level jumps by enough decibels.
/// 5. Each onset is placed to the millisecond on the waveform itself (where the peak amplitude
///    first rises 30% of the way from the background to the hit), its strength is the level it
///    adds, and its sharpness is the centroid of the spectrum that appeared.
///
/// Cost: O(n log w) for n samples and window w, about 12,000 FFTs of 1,024 points for a minute at
/// 48 kHz (Benchmarks/ `AudioAnalysis`). Allocates its buffers once per call.
@_spi(HapticsTools) public enum SoundAnalyzer {
    /// Longest sound analysed, in seconds (10 minutes).
    public static let maximumSeconds: Double = 600
    /// Sample rates accepted, in Hz.
    public static let sampleRateRange: ClosedRange<Double> = 8_000...384_000
    /// Most interleaved channels accepted.
    public static let maximumChannels = 8
    /// Loudest sample below which a whole sound counts as silence (−60 dBFS).
    public static let silenceAmplitude: Double = 0.001
    /// Brightness 0 and 1, in Hz; brightness is linear in octaves between them.
    public static let brightnessRange: (low: Double, high: Double) = (100, 6_400)

    /// Analyses interleaved `samples` (`channelCount` channels at `sampleRate` Hz, nominally in
    /// −1...1; non-finite samples count as 0; a trailing incomplete frame is ignored).
    /// Options out of range are clamped (check `options.problems` first to report them).
    /// `measure` then `analyze(_:options:)`: to analyse one sound with several sets of options,
    /// measure it once.
    public static func analyze(samples: [Float], channelCount: Int = 1, sampleRate: Double,
                               options: AudioHapticsOptions = AudioHapticsOptions()) throws(SoundAnalysisError) -> SoundAnalysis {
        analyze(try measure(samples: samples, channelCount: channelCount, sampleRate: sampleRate), options: options)
    }

    /// Steps 1 and 2 for interleaved `samples` (as `analyze` takes them): what no option changes,
    /// the spectrum of every frame and the peaks of every millisecond. The costly part: O(n log w)
    /// for n samples and window w.
    public static func measure(samples: [Float], channelCount: Int = 1, sampleRate: Double) throws(SoundAnalysisError) -> SoundMeasurement {
        guard sampleRate.isFinite, sampleRateRange.contains(sampleRate) else { throw .unsupportedSampleRate(sampleRate) }
        guard (1...maximumChannels).contains(channelCount) else { throw .unsupportedChannelCount(channelCount) }
        let length = samples.count / channelCount
        let duration = Double(length) / sampleRate
        guard duration <= maximumSeconds else { throw .tooLong(seconds: duration, limit: maximumSeconds) }

        // 1. Mono, full scale at the loudest sample.
        var mono = [Double](repeating: 0, count: length)
        var peak = 0.0
        samples.withUnsafeBufferPointer { input in
            mono.withUnsafeMutableBufferPointer { out in
                let scale = 1 / Double(channelCount)
                for i in 0..<length {
                    var sum = 0.0
                    for c in 0..<channelCount {
                        let v = Double(input[i * channelCount + c])
                        sum += v.isFinite ? v : 0
                    }
                    let v = sum * scale
                    out[i] = v
                    peak = max(peak, abs(v))
                }
            }
        }
        let hop = max(1, Int((sampleRate * 0.005).rounded()))
        var measurement = SoundMeasurement(sampleRate: sampleRate, durationSeconds: duration, hop: hop, windowSize: 64,
                                           frameCount: length / hop + 1, peakAmplitude: peak, features: nil, blocks: nil)
        guard length > 0, peak >= silenceAmplitude else { return measurement }
        let gain = 1 / peak
        for i in 0..<length { mono[i] *= gain }

        // 2. Frames.
        var windowSize = 64
        while Double(windowSize) < sampleRate * 0.02 && windowSize < 16_384 { windowSize *= 2 }
        measurement.windowSize = windowSize
        measurement.features = FrameFeatures.measure(mono, sampleRate: sampleRate, hop: hop, windowSize: windowSize,
                                                     frameCount: measurement.frameCount)
        measurement.blocks = BlockPeaks(mono, blockSize: max(1, Int((sampleRate / 1000).rounded())))
        return measurement
    }

    /// Steps 3 to 5 on a measured sound with `options` (clamped): the envelopes and the onsets.
    /// O(frames + onsets × window), a small part of `measure`'s cost.
    public static func analyze(_ measurement: SoundMeasurement, options: AudioHapticsOptions) -> SoundAnalysis {
        let options = options.clamped
        let sampleRate = measurement.sampleRate
        let hopSeconds = Double(measurement.hop) / sampleRate
        let frameCount = measurement.frameCount
        guard let features = measurement.features, let blocks = measurement.blocks else {
            return SoundAnalysis(sampleRate: sampleRate, durationSeconds: measurement.durationSeconds, hopSeconds: hopSeconds,
                                 loudness: [Double](repeating: 0, count: frameCount),
                                 brightness: [Double](repeating: 0, count: frameCount), onsets: [],
                                 peakAmplitude: measurement.peakAmplitude)
        }

        // 3. Loudness and brightness envelopes.
        let peakRMS = max(features.rms.max() ?? 0, .leastNonzeroMagnitude)
        let gate = CMath.pow(10, 0.6 * options.silenceDecibels / 20)
        // Smoothed before the gate, gated per frame: a sound's end is silent from the first frame
        // under the threshold instead of after the follower's release.
        var loudness = features.rms.map { CMath.pow($0 / peakRMS, 0.6) }
        follow(&loudness, hopSeconds: hopSeconds, attack: options.smoothingSeconds / 4, release: options.smoothingSeconds)
        for k in 0..<frameCount {
            let open = CMath.pow(features.rms[k] / peakRMS, 0.6) > gate
            loudness[k] = open ? max(0, (loudness[k] - gate) / (1 - gate)) : 0
        }
        var brightness = [Double](repeating: 0, count: frameCount)
        var held = features.centroid.first { $0 > 0 }.map(sharpness(ofFrequency:)) ?? 0.5
        for k in 0..<frameCount {
            if loudness[k] > 0, features.centroid[k] > 0 { held = sharpness(ofFrequency: features.centroid[k]) }
            brightness[k] = held
        }
        follow(&brightness, hopSeconds: hopSeconds, attack: options.smoothingSeconds, release: options.smoothingSeconds)

        // 4-5. Onsets.
        let onsets = OnsetPicker(blocks: blocks, sampleRate: sampleRate, hop: measurement.hop, windowSize: measurement.windowSize,
                                 features: features, peakRMS: peakRMS, options: options).pick()
        return SoundAnalysis(sampleRate: sampleRate, durationSeconds: measurement.durationSeconds, hopSeconds: hopSeconds,
                             loudness: loudness, brightness: brightness, onsets: onsets, peakAmplitude: measurement.peakAmplitude)
    }

    /// Brightness 0...1 of a frequency in Hz: octaves above 100 Hz over the 6 octaves to 6.4 kHz.
    public static func sharpness(ofFrequency hertz: Double) -> Double {
        guard hertz > 0 else { return 0 }
        let octaves = CMath.log2(hertz / brightnessRange.low) / CMath.log2(brightnessRange.high / brightnessRange.low)
        return min(max(octaves, 0), 1)
    }

    /// An attack/release follower in place: rises with time constant `attack`, falls with `release`
    /// (seconds; 0 follows exactly).
    static func follow(_ values: inout [Double], hopSeconds: Double, attack: Double, release: Double) {
        guard var y = values.first else { return }
        let up = attack > 0 ? CMath.exp(-hopSeconds / attack) : 0
        let down = release > 0 ? CMath.exp(-hopSeconds / release) : 0
        for k in values.indices {
            let x = values[k]
            let a = x > y ? up : down
            y = a * y + (1 - a) * x
            values[k] = y
        }
    }
}

/// What `SoundAnalyzer.measure` found in a sound before any option applies (steps 1 and 2): the
/// spectrum's features per frame and the peak of every millisecond, without the samples
/// themselves (a 23 s sound at 48 kHz: about 180 KB). Read by `SoundAnalyzer.analyze(_:options:)`.
@_spi(HapticsTools) public struct SoundMeasurement: Sendable {
    /// Hz.
    public let sampleRate: Double
    /// The sound's length in seconds.
    public let durationSeconds: Double
    let hop: Int
    var windowSize: Int
    let frameCount: Int
    /// The largest absolute sample of the mono sound.
    public let peakAmplitude: Double
    /// Nil for silence (no frame measured).
    var features: FrameFeatures?
    var blocks: BlockPeaks?
}

/// Per-frame measurements (internal): RMS, spectral centroid, spectral flux and the centroid of
/// what the spectrum gained since the previous frame.
struct FrameFeatures: Sendable {
    var rms: [Double]
    /// Hz; 0 where the frame has no energy.
    var centroid: [Double]
    /// Mean positive change of the bins' level in dB since the previous frame, over the bins above
    /// the −80 dB floor in either frame (so a band-limited sound is not diluted by empty bins).
    var flux: [Double]
    /// Hz: centroid of the magnitudes' increase since the previous frame; 0 where none.
    var gainCentroid: [Double]

    static func measure(_ mono: [Double], sampleRate: Double, hop: Int, windowSize: Int, frameCount: Int) -> FrameFeatures {
        let n = windowSize
        let bins = n / 2 + 1
        let fft = RealFFT(size: n)
        var window = [Double](repeating: 0, count: n)
        var windowSum = 0.0, windowPower = 0.0
        for i in 0..<n {
            window[i] = 0.5 - 0.5 * CMath.cos(2 * Double.pi * Double(i) / Double(n))
            windowSum += window[i]
            windowPower += window[i] * window[i]
        }
        var result = FrameFeatures(rms: .init(repeating: 0, count: frameCount), centroid: .init(repeating: 0, count: frameCount),
                                   flux: .init(repeating: 0, count: frameCount), gainCentroid: .init(repeating: 0, count: frameCount))
        let floorLevel = -80.0
        let magnitudeScale = 2 / windowSum                     // a full-scale sine → 1
        var frame = [Double](repeating: 0, count: n)
        var magnitudes = [Double](repeating: 0, count: bins)
        var previous = [Double](repeating: 0, count: bins)
        var previousLevel = [Double](repeating: floorLevel, count: bins)
        let binHertz = sampleRate / Double(n)
        let length = mono.count
        mono.withUnsafeBufferPointer { x in
        window.withUnsafeBufferPointer { w in
        frame.withUnsafeMutableBufferPointer { f in
        magnitudes.withUnsafeMutableBufferPointer { m in
        previous.withUnsafeMutableBufferPointer { p in
        previousLevel.withUnsafeMutableBufferPointer { pl in
            for k in 0..<frameCount {
                let start = k * hop - n / 2
                var energy = 0.0
                if start >= 0 && start + n <= length {
                    for i in 0..<n {
                        let v = w[i] * x[start + i]
                        f[i] = v
                        energy += v * v
                    }
                } else {
                    for i in 0..<n {
                        let j = start + i
                        let v = j >= 0 && j < length ? w[i] * x[j] : 0
                        f[i] = v
                        energy += v * v
                    }
                }
                result.rms[k] = (energy / windowPower).squareRoot()
                fft.magnitudes(of: f.baseAddress!, into: m.baseAddress!)
                var weighted = 0.0, total = 0.0, rise = 0.0, gain = 0.0, gainWeighted = 0.0, active = 0
                for b in 1..<bins {
                    let magnitude = m[b] * magnitudeScale
                    let hertz = Double(b) * binHertz
                    weighted += hertz * magnitude
                    total += magnitude
                    let level = magnitude > 1e-4 ? 20 * CMath.log10(magnitude) : floorLevel
                    let change = level - pl[b]
                    if change > 0 { rise += change }
                    if level > floorLevel || pl[b] > floorLevel { active += 1 }
                    pl[b] = level
                    let grown = magnitude - p[b]
                    if grown > 0 {
                        gain += grown
                        gainWeighted += grown * hertz
                    }
                    p[b] = magnitude
                }
                result.centroid[k] = total > 1e-9 ? weighted / total : 0
                result.flux[k] = active > 0 ? rise / Double(active) : 0
                result.gainCentroid[k] = gain > 1e-9 ? gainWeighted / gain : 0
            }
        }}}}}}
        return result
    }
}
