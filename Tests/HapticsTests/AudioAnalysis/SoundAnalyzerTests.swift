import Foundation
@_spi(HapticsTools) import Haptics
import Testing

@Suite("Audio to haptics: analysis against synthetic truth")
struct SoundAnalyzerTests {
    /// The value control `id` has at `t` (the latest curve that has started; 1 or 0 before any).
    static func control(_ pattern: HapticPattern, _ id: DynamicParameter.ID, at t: Double) -> Double {
        let started = pattern.parameterCurves.filter { $0.id == id && $0.time <= t }
        return started.last?.value(at: t) ?? id.defaultValue
    }

    static func correlation(_ a: [Double], _ b: [Double]) -> Double {
        let n = Double(a.count)
        let ma = a.reduce(0, +) / n, mb = b.reduce(0, +) / n
        var sab = 0.0, saa = 0.0, sbb = 0.0
        for i in a.indices {
            sab += (a[i] - ma) * (b[i] - mb)
            saa += (a[i] - ma) * (a[i] - ma)
            sbb += (b[i] - mb) * (b[i] - mb)
        }
        return sab / (saa * sbb).squareRoot()
    }

    /// Precision, recall and F1 of `found` against `truth`, one-to-one within `tolerance` seconds.
    static func score(found: [Double], truth: [Double], tolerance: Double) -> (precision: Double, recall: Double, f1: Double, misses: [Double], extras: [Double]) {
        var unmatched = found
        var hits = 0
        var misses: [Double] = []
        for t in truth {
            if let index = unmatched.indices.min(by: { abs(unmatched[$0] - t) < abs(unmatched[$1] - t) }),
               abs(unmatched[index] - t) <= tolerance {
                unmatched.remove(at: index)
                hits += 1
            } else {
                misses.append(t)
            }
        }
        let precision = found.isEmpty ? 0 : Double(hits) / Double(found.count)
        let recall = truth.isEmpty ? 1 : Double(hits) / Double(truth.count)
        let f1 = precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0
        return (precision, recall, f1, misses, unmatched)
    }

    @Test("clicks and drum-like hits over noise with reverb tails are found within 5 ms, F1 >= 0.95")
    func hitsFound() throws {
        for seed: UInt64 in [7, 11, 23] {
            let sound = SyntheticSounds.hits(seed: seed)
            let analysis = try SoundAnalyzer.analyze(samples: sound.samples, sampleRate: SyntheticSounds.rate)
            let result = Self.score(found: analysis.onsets.map(\.time), truth: sound.times, tolerance: 0.005)
            #expect(sound.times.count >= 20)
            #expect(result.f1 >= 0.95, "seed \(seed): F1 \(result.f1), precision \(result.precision), recall \(result.recall), missed \(result.misses), extra \(result.extras)")
            // The pattern carries the same transients.
            let pattern = analysis.pattern()
            let transients = pattern.events.filter { $0.type == .hapticTransient }.map(\.time)
            #expect(Self.score(found: transients, truth: sound.times, tolerance: 0.005).f1 >= 0.95)
        }
    }

    @Test("stereo at 44.1 kHz: the hits are found the same way")
    func stereoHits() throws {
        let sound = SyntheticSounds.hits(seconds: 4, seed: 31)
        // Resample to 44.1 kHz by linear interpolation, then put it on both channels (right at half level).
        let ratio = 48_000.0 / 44_100.0
        var stereo: [Float] = []
        var i = 0.0
        while Int(i) + 1 < sound.samples.count {
            let a = Double(sound.samples[Int(i)]), b = Double(sound.samples[Int(i) + 1])
            let v = Float(a + (b - a) * (i - i.rounded(.down)))
            stereo += [v, v * 0.5]
            i += ratio
        }
        let analysis = try SoundAnalyzer.analyze(samples: stereo, channelCount: 2, sampleRate: 44_100)
        let result = Self.score(found: analysis.onsets.map(\.time), truth: sound.times, tolerance: 0.005)
        #expect(result.f1 >= 0.95, "F1 \(result.f1): missed \(result.misses), extra \(result.extras)")
    }

    @Test("an amplitude-modulated tone: the intensity curve correlates >= 0.95 with the known envelope")
    func modulatedTone() throws {
        let samples = SyntheticSounds.modulatedTone()
        let pattern = try SoundAnalyzer.analyze(samples: samples, sampleRate: SyntheticSounds.rate).pattern()
        let times = stride(from: 0.1, to: 3.9, by: 0.01).map { $0 }
        let intensity = times.map { Self.control(pattern, .hapticIntensityControl, at: $0) }
        let truth = times.map(SyntheticSounds.envelope)
        let r = Self.correlation(intensity, truth)
        #expect(r >= 0.95, "correlation \(r)")
        // Louder stays louder: the curve's maximum is near the envelope's maximum (t = 1/6 s + k/1.5).
        #expect(Self.control(pattern, .hapticIntensityControl, at: 1 / 6 + 2 / 1.5) > Self.control(pattern, .hapticIntensityControl, at: 0.5 + 2 / 1.5) + 0.3)
        #expect(pattern.events.filter { $0.type == .hapticContinuous }.count == 1, "one continuous event: the tone never stops")
        for curve in pattern.parameterCurves { #expect(curve.controlPoints.count <= 16) }
    }

    @Test("a low rumble and a bright hiss get clearly ordered sharpness")
    func rumbleAndHiss() throws {
        func meanSharpness(_ samples: [Float]) throws -> Double {
            let pattern = try SoundAnalyzer.analyze(samples: samples, sampleRate: SyntheticSounds.rate).pattern()
            let values = stride(from: 0.1, to: 1.9, by: 0.01).map { Self.control(pattern, .hapticSharpnessControl, at: $0) }
            return values.reduce(0, +) / Double(values.count)
        }
        let rumble = try meanSharpness(SyntheticSounds.rumble())
        let hiss = try meanSharpness(SyntheticSounds.hiss())
        #expect(rumble < 0.25, "rumble \(rumble)")
        #expect(hiss > 0.75, "hiss \(hiss)")
        #expect(hiss - rumble > 0.5)
    }

    @Test("steady sounds (white noise, a tone, a rumble, a hiss) give at most one onset, where they start")
    func steadySounds() throws {
        var noise = SyntheticSounds.Noise(seed: 99)
        let white = (0..<96_000).map { _ in Float(0.5 * noise.next()) }
        for samples in [white, SyntheticSounds.modulatedTone(), SyntheticSounds.rumble(), SyntheticSounds.hiss()] {
            let onsets = try SoundAnalyzer.analyze(samples: samples, sampleRate: SyntheticSounds.rate).onsets
            #expect(onsets.count <= 1 && onsets.allSatisfy { $0.time < 0.01 }, "\(onsets)")
        }
    }

    @Test("silence gives no events: digital zero, a noise floor at -70 dBFS, an empty buffer")
    func silence() throws {
        var noise = SyntheticSounds.Noise(seed: 9)
        let quiet = (0..<48_000).map { _ in Float(0.0003 * noise.next()) }
        for samples in [[Float](repeating: 0, count: 96_000), quiet, []] {
            let analysis = try SoundAnalyzer.analyze(samples: samples, sampleRate: 48_000)
            #expect(analysis.isSilent)
            #expect(analysis.pattern().events.isEmpty)
            #expect(analysis.pattern().parameterCurves.isEmpty)
        }
    }

    @Test("silence between sounds stays silent: two bursts give two continuous events with nothing between")
    func gapsStaySilent() throws {
        var noise = SyntheticSounds.Noise(seed: 4)
        let samples = (0..<96_000).map { i -> Float in
            let t = Double(i) / 48_000
            let on = (0.2..<0.6).contains(t) || (1.3..<1.7).contains(t)
            return on ? Float(0.5 * noise.next()) : 0
        }
        let pattern = try SoundAnalyzer.analyze(samples: samples, sampleRate: 48_000).pattern()
        let continuous = pattern.events.filter { $0.type == .hapticContinuous }
        #expect(continuous.count == 2)
        for event in continuous {
            #expect(event.time >= 0.19 && event.endTime <= 1.75, "\(event)")
            #expect(!(event.time < 1.0 && event.endTime > 1.0), "nothing plays in the gap: \(event)")
        }
        #expect(pattern.events.filter { $0.type == .hapticTransient }.count == 2, "one tap per burst")
    }

    @Test("the point budget: no curve has more than max points, curves chain, a lower budget gives fewer points")
    func pointBudget() throws {
        let samples = SyntheticSounds.modulatedTone(seconds: 6) { t in 0.5 + 0.45 * sin(2 * Double.pi * 3 * t) }
        let analysis = try SoundAnalyzer.analyze(samples: samples, sampleRate: SyntheticSounds.rate)
        var small = AudioHapticsOptions()
        small.maximumPointsPerCurve = 4
        small.pointsPerSecond = 10
        for options in [AudioHapticsOptions(), small] {
            let pattern = analysis.pattern(options: options)
            let intensity = pattern.parameterCurves.filter { $0.id == .hapticIntensityControl }
            #expect(intensity.count > 1)
            for curve in pattern.parameterCurves { #expect(curve.controlPoints.count <= options.maximumPointsPerCurve) }
            for (a, b) in zip(intensity, intensity.dropFirst()) {
                #expect(abs(a.endTime - b.time) < 1e-9, "chained: one curve starts where the last ends")
                #expect(a.controlPoints.last?.value == b.controlPoints.first?.value)
            }
            let points = intensity.map { $0.controlPoints.count - 1 }.reduce(1, +)
            #expect(Double(points) <= options.pointsPerSecond * 6 + 4, "\(points) points")
        }
        let full = analysis.pattern().parameterCurves.map(\.controlPoints.count).reduce(0, +)
        let reduced = analysis.pattern(options: small).parameterCurves.map(\.controlPoints.count).reduce(0, +)
        #expect(reduced < full)
    }

    @Test("sensitivity: lower finds fewer onsets in a sound with soft and hard hits")
    func sensitivity() throws {
        let sound = SyntheticSounds.hits(seed: 13)
        var low = AudioHapticsOptions()
        low.sensitivity = 0.05
        var high = AudioHapticsOptions()
        high.sensitivity = 0.95
        let fewer = try SoundAnalyzer.analyze(samples: sound.samples, sampleRate: SyntheticSounds.rate, options: low).onsets.count
        let more = try SoundAnalyzer.analyze(samples: sound.samples, sampleRate: SyntheticSounds.rate, options: high).onsets.count
        #expect(fewer <= more)
        var gap = AudioHapticsOptions()
        gap.minimumGapSeconds = 0.5
        let spaced = try SoundAnalyzer.analyze(samples: sound.samples, sampleRate: SyntheticSounds.rate, options: gap).onsets
        for (a, b) in zip(spaced, spaced.dropFirst()) { #expect(b.time - a.time >= 0.5) }
        #expect(spaced.count < sound.times.count)
    }

    @Test("generated patterns validate strictly and play the onset's own values through the controls")
    func strictAndCompensated() throws {
        let sound = SyntheticSounds.hits(seconds: 3, seed: 17)
        let analysis = try SoundAnalyzer.analyze(samples: sound.samples, sampleRate: SyntheticSounds.rate)
        let pattern = analysis.pattern(audioPath: "hits.wav")
        let decoded = try AHAPDecoder(options: .strict).decode(AHAPEncoder().encode(pattern))
        #expect(decoded.warnings.isEmpty)
        #expect(decoded.pattern.waveformPaths == ["hits.wav"])
        for onset in analysis.onsets {
            let event = try #require(pattern.events.first { $0.type == .hapticTransient && abs($0.time - onset.time) < 1e-4 })
            let played = event.value(of: .hapticIntensity) * Self.control(pattern, .hapticIntensityControl, at: event.time)
            #expect(abs(played - onset.strength) < 0.01, "\(played) vs \(onset.strength)")
            let sharp = event.value(of: .hapticSharpness) + Self.control(pattern, .hapticSharpnessControl, at: event.time)
            #expect(abs(sharp - onset.sharpness) < 0.01, "\(sharp) vs \(onset.sharpness)")
        }
    }

    @Test("bad input is refused with the limit: sample rate, channel count, length")
    func limits() {
        #expect(throws: SoundAnalysisError.unsupportedSampleRate(4_000)) { try SoundAnalyzer.analyze(samples: [0], sampleRate: 4_000) }
        #expect(throws: SoundAnalysisError.self) { try SoundAnalyzer.analyze(samples: [0], sampleRate: .nan) }
        #expect(throws: SoundAnalysisError.unsupportedChannelCount(9)) { try SoundAnalyzer.analyze(samples: [0], channelCount: 9, sampleRate: 8_000) }
        #expect(throws: SoundAnalysisError.self) { try SoundAnalyzer.analyze(samples: [Float](repeating: 0, count: 8_000 * 601), sampleRate: 8_000) }
        var options = AudioHapticsOptions()
        options.sensitivity = 2
        options.maximumPointsPerCurve = 17
        #expect(options.problems.map(\.name) == ["sensitivity", "max_points"])
        #expect(AudioHapticsOptions().problems.isEmpty)
        // Non-finite samples count as silence, not as a crash.
        #expect((try? SoundAnalyzer.analyze(samples: [.nan, .infinity, 0.5, -0.5], sampleRate: 8_000)) != nil)
    }
}
