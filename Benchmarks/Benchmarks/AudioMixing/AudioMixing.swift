import Benchmark
@_spi(HapticsTools) import Haptics

/// The audio callback's work: one `AudioMixer.render` of a 10 ms buffer (480 frames at 48 kHz,
/// stereo float) with 32 voices sounding, per iteration (docs/performance.md has the figures).
///
/// The voices are the expensive kinds: 16 waveform voices resampled for a pitch shift (linear
/// interpolation), through the brightness low-pass, panned, 4 of them stereo; and 16 synthesized
/// `AudioContinuous` tones (two wavetables mixed by brightness). All play for the whole run. The
/// second benchmark also pushes a parameter point for every voice each buffer (a game sending
/// controls at 100 updates per second), so every sample interpolates volume, pan, pitch and
/// brightness, and the queue is drained each time. Everything is allocated before measuring.
///
/// Targets: 0 mallocs per buffer; under 2% of the buffer's duration, i.e. 200 µs for 10 ms.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 50,
        maxDuration: .seconds(3),
        maxIterations: 20_000
    )
    let thresholds: [BenchmarkMetric: BenchmarkThresholds] = [
        .mallocCountTotal: .init(absolute: [.p0: 0, .p25: 0, .p50: 0, .p75: 0, .p90: 0, .p99: 0, .p100: 0]),
        // Per 10 ms buffer, in nanoseconds: 2% of 10 ms.
        .wallClock: .init(absolute: [.p90: 200_000]),
    ]

    for withCommands in [false, true] {
        let name = withCommands
            ? "AudioMixer.render, 32 voices, 10 ms buffer, a parameter point per voice per buffer"
            : "AudioMixer.render, 32 voices, 10 ms buffer"
        Benchmark(name, configuration: .init(tags: ["voices": "32", "frames": "480"], thresholds: thresholds)) { benchmark in
            let rig = AudioMixingRig(voices: 32)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                if withCommands { rig.sendParameterPoints() }
                rig.renderBuffer()
            }
            benchmark.stopMeasurement()
            blackHole(rig.checksum)
        }
    }
}

/// A 48 kHz stereo mixer with `voices` long-running voices already started and rendered once.
final class AudioMixingRig {
    let mixer: AudioMixer
    let waveforms: [AudioWaveform]
    let buffer: UnsafeMutablePointer<Float>
    let frames = 480
    private var tick = 0

    init(voices: Int) {
        let rate = 48_000.0
        mixer = AudioMixer(sampleRate: rate, channelCount: 2, maximumVoices: 64, commandCapacity: 4096)
        // One second of noise-like content, mono and stereo.
        func samples(_ count: Int, seed: UInt32) -> [Float] {
            var state = seed
            return (0..<count).map { _ in
                state = state &* 1_664_525 &+ 1_013_904_223
                return Float(Int32(bitPattern: state)) / Float(Int32.max) * 0.5
            }
        }
        waveforms = [
            AudioWaveform(name: "mono", sampleRate: rate, channelCount: 1, samples: samples(48_000, seed: 1)),
            AudioWaveform(name: "stereo", sampleRate: rate, channelCount: 2, samples: samples(96_000, seed: 2)),
        ]
        for index in 0..<voices {
            let isTone = index % 2 == 1
            let source: AudioSource = isTone ? .tone : waveforms[index % 8 == 0 ? 1 : 0].source
            var command = AudioCommand.start(
                UInt32(index + 1), at: 0,
                setup: AudioVoiceSetup(source: source, attackSeconds: 0.01, releaseSeconds: 0.1,
                                       lengthSeconds: 10_000, loops: true),
                parameters: AudioVoiceParameters(volume: 0.05, pan: Double(index % 5) / 2 - 1,
                                                 pitch: 0.3 - Double(index % 7) * 0.1, brightness: 0.6))
            command.frame = 0
            mixer.commands.push(command)
        }
        buffer = .allocate(capacity: frames * 2)
        buffer.initialize(repeating: 0, count: frames * 2)
        renderBuffer()
    }

    deinit { buffer.deallocate() }

    /// One parameter point per voice, reached at the end of the next buffer.
    func sendParameterPoints() {
        tick += 1
        let target = mixer.framesRendered + Int64(frames)
        for id in 1...32 {
            let wobble = Double((tick + id) % 10) / 10
            var command = AudioCommand.parameters(UInt32(id), at: 0, AudioVoiceParameters(
                volume: 0.03 + 0.02 * wobble, pan: wobble * 2 - 1, pitch: 0.2 - wobble * 0.4, brightness: 0.4 + wobble / 2))
            command.frame = target
            mixer.commands.push(command)
        }
    }

    func renderBuffer() {
        mixer.render(into: buffer, frameCount: frames, hostTicks: 0)
    }

    var checksum: Float { buffer[0] + buffer[frames] + Float(mixer.statistics.peakVoices) }
}
