import Benchmark
import Foundation
import Haptics

/// The mapping layer in steady state, with the shipped config (Assets/Haptics/haptics.toml) and
/// an engine of four generic pads with `NullOutput`s (docs/performance.md has the figures).
///
/// - "1 event per frame": post one collision, `director.update`, `engine.update`: what one event
///   costs end to end, per frame.
/// - "10,000 events in one frame": post 10,000 collisions of one crash (materials and speeds vary,
///   every player), then one `director.update` and one `engine.update`: coalescing makes them one
///   voice per player.
///
/// Both run two seconds of frames first, so every voice pool exists. Targets (issue 7): 0 mallocs;
/// 10,000 events in a frame under 1 ms.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 3,
        maxDuration: .seconds(3),
        maxIterations: 5_000
    )
    let zeroMallocs: [BenchmarkMetric: BenchmarkThresholds] = [
        .mallocCountTotal: .init(absolute: [.p0: 0, .p25: 0, .p50: 0, .p75: 0, .p90: 0, .p99: 0, .p100: 0]),
    ]

    Benchmark("post and map 1 event per frame (+ engine update)",
              configuration: .init(scalingFactor: .kilo, thresholds: zeroMallocs)) { benchmark in
        let rig = MappingRig()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { rig.frame(events: 1) }
        benchmark.stopMeasurement()
        blackHole(rig.director.statistics.events)
    }

    var burstThresholds = zeroMallocs
    burstThresholds[.wallClock] = .init(absolute: [.p90: 1_000])   // µs per frame of 10,000 events
    Benchmark("post and map 10,000 events in one frame (+ engine update)",
              configuration: .init(thresholds: burstThresholds)) { benchmark in
        let rig = MappingRig()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { rig.frame(events: 10_000) }
        benchmark.stopMeasurement()
        blackHole(rig.director.statistics.events)
    }
}

/// A director with the shipped config on an engine of four pads, warmed up.
final class MappingRig {
    let engine: HapticEngine
    let director: HapticEventDirector
    private(set) var time = 0.0
    private var counter = 0
    private static let materials = ["crate", "metal", "wood", "stone"]

    init() {
        let config = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Assets/Haptics/haptics.toml").standardized.path
        let mapping = try! LoadedMapping.load(file: config, presets: .builtIn())
        let outputs = (0..<4).map { NullOutput(name: "pad\($0)", profile: .genericDualMotor) }
        engine = HapticEngine(outputs: outputs, voiceCapacity: 256)
        try! engine.start()
        director = HapticEventDirector(target: engine, mapping: mapping)
        for player in 0..<4 { director.setListener(WorldPosition(x: Double(player), y: 0), forPlayer: player) }
        for _ in 0..<120 { frame(events: 10) }
    }

    /// Posts `events` collisions, then one director and one engine update.
    func frame(events: Int) {
        for _ in 0..<events {
            counter &+= 1
            let material = Self.materials[counter & 3]
            director.post(.collision(massA: Double(1 + counter % 500), massB: nil, speed: Double(counter % 13),
                                     materials: (material, "stone"), position: WorldPosition(x: Double(counter % 20), y: 0)))
        }
        director.update(at: time)
        engine.update(at: time)
        time += 1.0 / 60.0
    }
}

/// An output that keeps only the last frame.
final class NullOutput: HapticOutput {
    let name: String
    let profile: MotorProfile
    let isConnected = true
    private(set) var last = HapticFrame(time: 0, levels: .zero)
    init(name: String, profile: MotorProfile) { self.name = name; self.profile = profile }
    func receive(_ frame: HapticFrame) { last = frame }
}
