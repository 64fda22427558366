import Foundation

/// Test sounds with known truth, generated in the test (no files): hits at known times over noise
/// with reverb tails, an amplitude-modulated tone, a low rumble, a bright hiss, silence.
enum SyntheticSounds {
    static let rate = 48_000.0

    /// A small deterministic generator (xorshift64*), uniform in -1...1.
    struct Noise {
        var state: UInt64
        init(seed: UInt64) { state = seed | 1 }
        mutating func next() -> Double {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            let value = state &* 2_685_821_657_736_338_717
            return Double(value >> 11) / Double(1 << 52) * 2 - 1
        }
    }

    /// Clicks and drum-like hits (kick, snare, click, tom) at irregular known times, each with a
    /// reverb tail (decaying noise, −14 dB, 0.25 s), over white noise at −40 dB. Amplitudes vary
    /// over 12 dB. Returns the samples and the hit times in seconds.
    static func hits(seconds: Double = 8, seed: UInt64 = 7) -> (samples: [Float], times: [Double]) {
        var noise = Noise(seed: seed)
        let count = Int(seconds * rate)
        var x = [Double](repeating: 0, count: count)
        for i in 0..<count { x[i] = 0.01 * noise.next() }
        var times: [Double] = []
        var t = 0.13
        var kind = 0
        while t < seconds - 0.4 {
            times.append(t)
            let amplitude = 0.25 + 0.75 * (0.5 + 0.5 * noise.next())
            let start = Int(t * rate)
            for i in 0..<Int(0.45 * rate) where start + i < count {
                let s = Double(i) / rate
                var v = 0.0
                switch kind % 4 {
                case 0:   // kick: a falling 90→50 Hz sine, 120 ms decay, with a 3 ms click
                    let phase = 2 * Double.pi * (50 * s + 40 * 0.03 * (1 - exp(-s / 0.03)))
                    v = sin(phase) * exp(-s / 0.12) + (s < 0.003 ? 0.5 * noise.next() : 0)
                case 1:   // snare: a noise burst, 60 ms decay, with a 190 Hz body
                    v = 0.7 * noise.next() * exp(-s / 0.06) + 0.5 * sin(2 * Double.pi * 190 * s) * exp(-s / 0.04)
                case 2:   // click: 2 ms of decaying noise
                    v = s < 0.01 ? noise.next() * exp(-s / 0.002) : 0
                default:  // tom: 120 Hz, 200 ms decay
                    v = sin(2 * Double.pi * 120 * s) * exp(-s / 0.2)
                }
                // Reverb tail: decaying noise, starting 5 ms in.
                if s > 0.005 { v += 0.2 * noise.next() * exp(-(s - 0.005) / 0.09) }
                x[start + i] += amplitude * v
            }
            kind += 1
            t += 0.16 + 0.2 * (0.5 + 0.5 * noise.next())
        }
        return (x.map { Float(max(-1, min(1, $0 * 0.8))) }, times)
    }

    /// A 220 Hz tone whose amplitude follows `envelope(t)` (0.15...0.95 by default, 1.5 Hz).
    static func modulatedTone(seconds: Double = 4, envelope: (Double) -> Double = SyntheticSounds.envelope) -> [Float] {
        (0..<Int(seconds * rate)).map { i in
            let t = Double(i) / rate
            return Float(envelope(t) * sin(2 * Double.pi * 220 * t))
        }
    }

    static func envelope(_ t: Double) -> Double { 0.55 + 0.4 * sin(2 * Double.pi * 1.5 * t) }

    /// Noise low-passed twice at 80 Hz: a rumble.
    static func rumble(seconds: Double = 2) -> [Float] {
        var noise = Noise(seed: 3)
        let a = exp(-2 * Double.pi * 80 / rate)
        var y1 = 0.0, y2 = 0.0
        var out: [Double] = []
        for _ in 0..<Int(seconds * rate) {
            y1 = a * y1 + (1 - a) * noise.next()
            y2 = a * y2 + (1 - a) * y1
            out.append(y2)
        }
        let peak = out.map(abs).max() ?? 1
        return out.map { Float(0.8 * $0 / peak) }
    }

    /// White noise differentiated twice: a bright hiss.
    static func hiss(seconds: Double = 2) -> [Float] {
        var noise = Noise(seed: 5)
        var p1 = 0.0, p2 = 0.0
        var out: [Double] = []
        for _ in 0..<Int(seconds * rate) {
            let x = noise.next()
            let d1 = x - p1
            out.append(d1 - p2)
            p1 = x
            p2 = d1
        }
        return out.map { Float(0.2 * $0) }
    }
}
