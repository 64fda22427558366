/// Picks onsets from the spectral flux and places each on the waveform (internal to
/// `SoundAnalyzer`).
///
/// A frame is an onset when (a) its flux is the largest within ±3 frames (±15 ms), (b) it exceeds
/// the median flux of the 20 frames before and 4 after by `1 + 6 × (1 − sensitivity)` dB, (c) the
/// loudest RMS of the next 4 frames is `1 + 6 × (1 − sensitivity)` dB over the RMS of the 15 ms
/// before the onset's refined time, (d) that level is above the silence threshold, and (e) it comes at least
/// `minimumGapSeconds` after the previous onset, and (f) the level it adds is within
/// `20 + 20 × sensitivity` dB of the loudest frame. Its time is then refined on 1 ms blocks of peak
/// amplitude.
struct OnsetPicker {
    /// The sound's 1 ms peaks (`BlockPeaks` of the mono samples at full scale).
    let blocks: BlockPeaks
    let sampleRate: Double
    let hop: Int
    let windowSize: Int
    let features: FrameFeatures
    let peakRMS: Double
    let options: AudioHapticsOptions

    func pick() -> [SoundOnset] {
        let flux = features.flux
        let rms = features.rms
        let count = flux.count
        let margin = 1 + 6 * (1 - options.sensitivity)
        let riseDecibels = 1 + 6 * (1 - options.sensitivity)
        let gateRMS = peakRMS * CMath.pow(10, options.silenceDecibels / 20)
        var onsets: [SoundOnset] = []
        var neighbourhood = [Double](repeating: 0, count: 25)
        for k in 0..<count {
            let value = flux[k]
            guard value > margin else { continue }
            // (a) the local maximum (the first of equal values).
            var isPeak = true
            for j in max(0, k - 3)...min(count - 1, k + 3) where j != k {
                if flux[j] > value || (flux[j] == value && j < k) { isPeak = false; break }
            }
            guard isPeak else { continue }
            // (b) above the running median by the margin.
            var n = 0
            for j in (k - 20)...min(count - 1, k + 4) {
                neighbourhood[n] = j >= 0 ? flux[j] : 0      // before the file: silence, no flux
                n += 1
            }
            let median = Self.median(&neighbourhood, count: n)
            guard value >= median + margin else { continue }
            // Placement on the waveform.
            let center = k * hop
            let time = blocks.onsetTime(from: center - windowSize / 2 - hop, to: center + windowSize / 2,
                                        sampleRate: sampleRate)
            // (c), (d) a level jump to above the silence threshold: the loudest of the next 4
            // frames against the RMS of the 15 ms before the onset (silence before the file's start).
            var after = 0.0
            for j in k...min(count - 1, k + 4) { after = max(after, rms[j]) }
            let before = blocks.rms(endingAt: time, seconds: 0.015, sampleRate: sampleRate)
            guard after > gateRMS, after > 0 else { continue }
            let jump = before > 0 ? 20 * CMath.log10(after / before) : .infinity
            guard jump >= riseDecibels else { continue }
            // (f) loud enough to count: the level added is within 20 + 20 × sensitivity dB of the
            // loudest frame (the start of a faint noise floor is no hit).
            guard after - before >= peakRMS * CMath.pow(10, -(20 + 20 * options.sensitivity) / 20) else { continue }
            // (e) the gap.
            if let last = onsets.last, time - last.time < options.minimumGapSeconds { continue }
            let strength = min(1, CMath.pow(max(0, after - before) / peakRMS, 0.6))
            let hertz = features.gainCentroid[k] > 0 ? features.gainCentroid[k] : features.centroid[k]
            onsets.append(SoundOnset(time: time, strength: strength,
                                     sharpness: SoundAnalyzer.sharpness(ofFrequency: hertz), frame: k))
        }
        return onsets
    }

    /// The median of `values[0..<count]` (reorders them). count >= 1.
    static func median(_ values: inout [Double], count: Int) -> Double {
        // Insertion sort: at most 25 values.
        for i in 1..<count {
            let v = values[i]
            var j = i - 1
            while j >= 0 && values[j] > v {
                values[j + 1] = values[j]
                j -= 1
            }
            values[j + 1] = v
        }
        return count % 2 == 1 ? values[count / 2] : 0.5 * (values[count / 2 - 1] + values[count / 2])
    }
}

/// The peak absolute amplitude of each 1 ms block of a sound (internal), for placing onsets.
struct BlockPeaks: Sendable {
    let blockSize: Int
    let peaks: [Double]
    /// Sum of squares per block.
    let energies: [Double]

    init(_ mono: [Double], blockSize: Int) {
        self.blockSize = blockSize
        var peaks = [Double](repeating: 0, count: (mono.count + blockSize - 1) / blockSize)
        var energies = [Double](repeating: 0, count: peaks.count)
        for (i, v) in mono.enumerated() {
            let b = i / blockSize
            peaks[b] = max(peaks[b], abs(v))
            energies[b] += v * v
        }
        self.peaks = peaks
        self.energies = energies
    }

    /// The RMS of the whole blocks in the `seconds` before `time` (0 before the sound's start).
    func rms(endingAt time: Double, seconds: Double, sampleRate: Double) -> Double {
        let end = min(Int((time * sampleRate).rounded()) / blockSize, energies.count)
        let count = max(1, Int((seconds * sampleRate).rounded()) / blockSize)
        var sum = 0.0
        for b in max(0, end - count)..<max(0, end) { sum += energies[b] }
        return (sum / Double(count * blockSize)).squareRoot()
    }

    /// Where a hit that peaks between samples `from` and `to` starts, in seconds: find the loudest
    /// block there, take the background as the quietest 3 ms run in the 10 ms before the range, and
    /// walk back from the peak while a block (or one of the two after it) is above 30% of the way
    /// from the background to the peak; the first block above that level is the onset.
    func onsetTime(from: Int, to: Int, sampleRate: Double) -> Double {
        guard !peaks.isEmpty else { return 0 }
        let low = min(max(0, from / blockSize), peaks.count - 1)
        let high = min(max(low, to / blockSize), peaks.count - 1)
        var top = low
        for j in low...high where peaks[j] > peaks[top] { top = j }
        var background = Double.infinity
        let searchStart = max(0, low - 10)
        if searchStart + 2 < top {
            for j in searchStart...(top - 3) {
                background = min(background, max(peaks[j], peaks[j + 1], peaks[j + 2]))
            }
        }
        if !background.isFinite { background = 0 }
        let threshold = background + 0.3 * (peaks[top] - background)
        func held(_ j: Int) -> Double { max(peaks[j], j + 1 < peaks.count ? peaks[j + 1] : 0, j + 2 < peaks.count ? peaks[j + 2] : 0) }
        var start = top
        while start > low && held(start - 1) >= threshold { start -= 1 }
        var onset = start
        while onset < top && peaks[onset] < threshold { onset += 1 }
        return Double(onset * blockSize) / sampleRate
    }
}
