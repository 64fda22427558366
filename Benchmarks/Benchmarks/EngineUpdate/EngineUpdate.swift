import Benchmark
@_spi(HapticsTools) import Haptics

/// One `HapticEngine.update(at:)` per iteration, in steady state: 1, 16 and 256 looping voices
/// spread over 1 and 4 outputs (docs/performance.md has the figures and the targets).
///
/// Each voice is an advanced player looping a 1 s pattern that keeps the evaluator busy: a
/// continuous texture under an intensity curve, and four transients (one every 0.25 s), so every
/// update samples the pattern, looks for transient onsets, shapes pulses, mixes and drives the
/// motors. Voices start 1 ms apart so their transients do not all land on one frame. Outputs are
/// `NullOutput`s (they keep only the last frame), so the trace does not grow. The engine is built and
/// run for two seconds of frames before measuring, so every start command has run and storage has
/// reached its size; only the updates are measured, at 60 frames per second of game time.
///
/// Targets: 0 mallocs per update; 16 voices x 4 outputs under 5 µs; 256 x 4 under 50 µs.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 3,
        scalingFactor: .kilo,
        maxDuration: .seconds(3),
        maxIterations: 10_000
    )

    for outputs in [1, 4] {
        for voices in [1, 16, 256] {
            var thresholds: [BenchmarkMetric: BenchmarkThresholds] = [
                .mallocCountTotal: .init(absolute: [.p0: 0, .p25: 0, .p50: 0, .p75: 0, .p90: 0, .p99: 0, .p100: 0]),
            ]
            // Per update, in nanoseconds (the wall clock of 1,000 updates, scaled): the targets.
            if outputs == 4 && voices == 16 { thresholds[.wallClock] = .init(absolute: [.p90: 5_000]) }
            if outputs == 4 && voices == 256 { thresholds[.wallClock] = .init(absolute: [.p90: 50_000]) }
            Benchmark("HapticEngine.update, \(voices) voices x \(outputs) outputs",
                      configuration: .init(tags: ["voices": "\(voices)", "outputs": "\(outputs)"],
                                           thresholds: thresholds)) { benchmark in
                let rig = EngineUpdateRig(voices: voices, outputs: outputs)
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    rig.step()
                }
                benchmark.stopMeasurement()
                blackHole(rig.checksum)
            }
        }
    }
}
