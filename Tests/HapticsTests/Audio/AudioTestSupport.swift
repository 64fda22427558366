@_spi(HapticsTools) import Haptics

/// Helpers for the audio tests: waveforms, buffer analysis, and an engine wired to an offline output.
enum AudioFixtures {
    static let rate = 48_000.0

    /// A mono ramp: sample i is (i + 1) / count, so every sample says where it came from.
    static func ramp(_ count: Int, name: String = "ramp") -> AudioWaveform {
        AudioWaveform(name: name, sampleRate: rate, channelCount: 1, samples: (0..<count).map { Float($0 + 1) / Float(count) })
    }

    /// A mono constant.
    static func constant(_ value: Float, frames: Int, name: String = "dc") -> AudioWaveform {
        AudioWaveform(name: name, sampleRate: rate, channelCount: 1, samples: Array(repeating: value, count: frames))
    }

    /// A start command placed at `frame` directly (mixer tests bypass the output).
    static func start(_ id: UInt32, frame: Int64, setup: AudioVoiceSetup,
                      parameters: AudioVoiceParameters = AudioVoiceParameters()) -> AudioCommand {
        var command = AudioCommand.start(id, at: 0, setup: setup, parameters: parameters)
        command.frame = frame
        return command
    }

    /// Renders `frames` frames from `mixer` in buffers of `buffer` frames.
    static func render(_ mixer: AudioMixer, frames: Int, buffer: Int = 480) -> [Float] {
        var out = [Float](repeating: 0, count: frames * mixer.channelCount)
        out.withUnsafeMutableBufferPointer { pointer in
            var done = 0
            while done < frames {
                let count = min(buffer, frames - done)
                mixer.render(into: pointer.baseAddress!.advanced(by: done * mixer.channelCount), frameCount: count)
                done += count
            }
        }
        return out
    }
}

extension Array where Element == Float {
    /// Channel `channel` of interleaved samples with `channels` channels.
    func channel(_ channel: Int, of channels: Int) -> [Float] {
        stride(from: channel, to: count, by: channels).map { self[$0] }
    }


    /// Largest magnitude in `range` (clamped to the array).
    func peak(_ range: Range<Int>) -> Float {
        let lower = Swift.max(0, range.lowerBound), upper = Swift.min(count, range.upperBound)
        guard lower < upper else { return 0 }
        return self[lower..<upper].reduce(0) { Swift.max($0, abs($1)) }
    }

    /// Frequency from rising zero crossings in `range`, Hz (linear interpolation between samples).
    func frequency(in range: Range<Int>, sampleRate: Double) -> Double {
        var crossings: [Double] = []
        let lower = Swift.max(1, range.lowerBound), upper = Swift.min(count, range.upperBound)
        for index in lower..<upper where self[index - 1] < 0 && self[index] >= 0 {
            let a = Double(self[index - 1]), b = Double(self[index])
            crossings.append(Double(index - 1) + (-a) / (b - a))
        }
        guard crossings.count >= 2 else { return 0 }
        return Double(crossings.count - 1) / ((crossings.last! - crossings.first!) / sampleRate)
    }
}

/// An engine with a recording haptic output (virtual profile) and an offline audio output.
final class AudioEngineRig {
    let haptics = RecordingOutput(name: "pad", profile: .virtual)
    let audio: OfflineAudioOutput
    let engine: HapticEngine
    var time = 0.0

    init(lookahead: Double = 0, channels: Int = 2) throws {
        audio = OfflineAudioOutput(sampleRate: AudioFixtures.rate, channelCount: channels)
        audio.lookaheadSeconds = lookahead
        engine = HapticEngine(outputs: [haptics])
        engine.audioOutput = audio
        try engine.start()
    }

    /// Updates the engine every `step` seconds until `end` (inclusive), rendering audio as it goes.
    /// Returns every audio frame rendered by this call.
    @discardableResult
    func run(until end: Double, step: Double = 1.0 / 64.0) -> [Float] {
        var samples: [Float] = []
        while time + step <= end + 1e-12 {
            time += step
            engine.update(at: time)
            samples += audio.render(through: time)
        }
        return samples
    }

    /// Everything rendered so far is kept here by `collect`.
    var rendered: [Float] = []

    /// Runs to `end` and appends the audio to `rendered`.
    func collect(until end: Double, step: Double = 1.0 / 64.0) {
        rendered += run(until: end, step: step)
    }

    /// Renders `seconds` more audio without updating the engine and appends it to `rendered`.
    func flush(seconds: Double) {
        rendered += audio.render(frameCount: Int(seconds * AudioFixtures.rate))
    }

    func left() -> [Float] { rendered.channel(0, of: audio.channelCount) }
    func right() -> [Float] { rendered.channel(1, of: audio.channelCount) }
}

extension BidirectionalCollection where Element == Float, Index == Int {
    /// Index of the first sample whose magnitude exceeds `threshold`, or nil.
    func firstAudible(threshold: Float = 0) -> Int? { firstIndex { abs($0) > threshold } }

    /// Index of the last sample whose magnitude exceeds `threshold`, or nil.
    func lastAudible(threshold: Float = 0) -> Int? { lastIndex { abs($0) > threshold } }
}
