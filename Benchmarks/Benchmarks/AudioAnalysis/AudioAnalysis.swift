import Benchmark
import Foundation
@_spi(HapticsTools) import Haptics

/// Audio-to-haptics analysis of one minute of 48 kHz stereo (docs/audio-to-haptics.md): per
/// iteration, `SoundAnalyzer.analyze` (mix to mono, ~12,000 FFTs of 1,024 points, envelopes,
/// onsets) and `SoundAnalysis.pattern()` (segments, curve decimation, transients).
///
/// The sound is generated before measuring: drum-like hits every 150–350 ms with reverb tails over
/// a noise floor, and a 220 Hz tone swelling under them, in both channels (the right one softer).
///
/// Target: under 1 s per minute of sound (p90).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(20),
        maxIterations: 10
    )
    let thresholds: [BenchmarkMetric: BenchmarkThresholds] = [
        .wallClock: .init(absolute: [.p90: 1_000_000_000]),   // 1 s, in nanoseconds
    ]
    let samples = MinuteOfSound.stereo48k()
    Benchmark("SoundAnalyzer.analyze + pattern, 60 s of 48 kHz stereo",
              configuration: .init(tags: ["seconds": "60", "rate": "48000", "channels": "2"], thresholds: thresholds)) { benchmark in
        for _ in benchmark.scaledIterations {
            let analysis = try SoundAnalyzer.analyze(samples: samples, channelCount: 2, sampleRate: 48_000)
            blackHole(analysis.pattern())
        }
    }
}

/// One minute of 48 kHz stereo with hits, tails, a tone and noise (deterministic).
enum MinuteOfSound {
    static func stereo48k() -> [Float] {
        let rate = 48_000.0
        let count = Int(60 * rate)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func noise() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(Int64(bitPattern: state) >> 11) / Double(1 << 52)
        }
        var mono = [Double](repeating: 0, count: count)
        for i in 0..<count {
            let t = Double(i) / rate
            mono[i] = 0.01 * noise() + 0.2 * (0.5 + 0.5 * sin(2 * Double.pi * 0.3 * t)) * sin(2 * Double.pi * 220 * t)
        }
        var t = 0.1
        while t < 59.5 {
            let start = Int(t * rate)
            for i in 0..<Int(0.4 * rate) where start + i < count {
                let s = Double(i) / rate
                mono[start + i] += 0.6 * sin(2 * Double.pi * 90 * s) * exp(-s / 0.1) + 0.3 * noise() * exp(-s / 0.05)
            }
            t += 0.15 + 0.2 * (0.5 + 0.5 * noise())
        }
        var stereo = [Float](repeating: 0, count: 2 * count)
        for i in 0..<count {
            stereo[2 * i] = Float(max(-1, min(1, mono[i])))
            stereo[2 * i + 1] = Float(max(-1, min(1, 0.7 * mono[i])))
        }
        return stereo
    }
}
