@_spi(HapticsTools) import Haptics

extension PatternPreview {
    /// `svg(title:)` with the sound the pattern was made from drawn on top (its waveform, −1...1
    /// relative to the loudest sample, as the lowest and highest sample per plot column), on the
    /// same time axis as the pattern and the motor lanes, so a designer sees where the sound's hits
    /// and swells went. Allocates; O(samples) for the waveform.
    @_spi(HapticsTools) public func svg(title: String, sound: MonoSound) -> String {
        var chart = chart(title: title)
        chart.waveform = Self.waveformPanel(sound, columns: Int(TraceChart.width - TraceChart.left - TraceChart.right))
        return chart.render()
    }

    static func waveformPanel(_ sound: MonoSound, columns: Int) -> TraceChart.WaveformPanel {
        let samples = sound.samples
        let duration = sound.sampleRate > 0 ? Double(samples.count) / sound.sampleRate : 0
        guard !samples.isEmpty, columns > 0 else { return .init(minimums: [], maximums: [], duration: duration) }
        var peak: Float = 0
        for v in samples where v.isFinite { peak = max(peak, abs(v)) }
        let scale = peak > 0 ? 1 / Double(peak) : 0
        let count = min(columns, samples.count)
        var minimums = [Double](repeating: 0, count: count)
        var maximums = [Double](repeating: 0, count: count)
        for c in 0..<count {
            let start = samples.count * c / count, end = max(start + 1, samples.count * (c + 1) / count)
            var low: Float = 0, high: Float = 0
            for v in samples[start..<end] where v.isFinite {
                low = min(low, v)
                high = max(high, v)
            }
            minimums[c] = Double(low) * scale
            maximums[c] = Double(high) * scale
        }
        return .init(minimums: minimums, maximums: maximums, duration: duration)
    }
}
