import Benchmark
import Foundation
import Haptics

/// The mapping layer in steady state, with the shipped config (Assets/Haptics/haptics.toml) and
/// an engine of four generic pads with `NullOutput`s (docs/performance.md has the figures).
///
/// - "1 event per frame": post one collision, `director.update`, `engine.update`: what one event
///   costs end to end, per frame.
/// - "10,000 events in one frame": post 10,000 collisions of one crash (materials, masses, speeds
///   and positions vary; each for every player, attenuated by each player's listener), then one
///   `director.update` and one `engine.update`: coalescing makes them one voice per rule and
///   player. Each measured frame comes 0.1 s after the last, past every collision cooldown, so
///   every event is evaluated in full for every player: the worst case, every sample.
/// - "10,000 events in one frame, names as strings": the same with the first material made from a
///   `String` on every post (`HapticName(text)`: what a game pays for not keeping `HapticName`s).
/// - "10,000 events per frame at 60 Hz": the same crash every frame, 1/60 s apart; with the
///   shipped 0.04 s cooldown, two frames in three find every collision rule cooling down, so the
///   median is such a frame (no curve evaluated).
/// - "16,384 feedback posts of every case for 16 players" (issue 31, item 13): no config, a full queue of
///   feedback for every player of sixteen, merged to one preset per player and case: O(posts × players).
/// - "10,000 actions with 24-byte names made from strings" (issue 31, item 5): each name is looked up in
///   the table of long names (compared exactly) on every post; 0 mallocs.
/// - "build and post 10,000 events": the first case's events into a `GameEventQueue`, then one
///   `takeAll`: the posting share of the first case.
///
/// - "100,000 rules that never match, 16,384 hits in one frame": a config at the rule limit (made
///   at run time: custom names, tags, materials and surfaces no event has) and a full queue of hits
///   for no particular player, then one `director.update` and one `engine.update`: what a frame
///   costs when rules are many and none takes the events (issue 26: 3.5 s before the rule index).
///
/// The director cases run two seconds of frames first, so every voice pool exists. Targets (issue 15):
/// 0 mallocs everywhere; 10,000 events posted and mapped for 4 players in one frame under 2 ms p50;
/// (issue 26) the 100,000-rule frame of 16,384 events under 50 ms p50.
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
    burstThresholds[.wallClock] = .init(absolute: [.p50: 2_000])   // µs per frame of 10,000 events
    let burstRig = MappingRig()
    Benchmark("post and map 10,000 events in one frame (+ engine update)",
              configuration: .init(thresholds: burstThresholds)) { benchmark in
        for _ in benchmark.scaledIterations { burstRig.frame(events: 10_000, step: 0.1) }
        blackHole(burstRig.director.statistics.events)
    }

    let stringRig = MappingRig()
    Benchmark("post and map 10,000 events in one frame, names as strings (+ engine update)",
              configuration: .init(thresholds: zeroMallocs)) { benchmark in
        for _ in benchmark.scaledIterations { stringRig.frame(events: 10_000, step: 0.1, namesAsStrings: true) }
        blackHole(stringRig.director.statistics.events)
    }

    let steadyRig = MappingRig()
    Benchmark("post and map 10,000 events per frame at 60 Hz (+ engine update)",
              configuration: .init(thresholds: zeroMallocs)) { benchmark in
        for _ in benchmark.scaledIterations { steadyRig.frame(events: 10_000) }
        blackHole(steadyRig.director.statistics.events)
    }

    var manyRulesThresholds = zeroMallocs
    manyRulesThresholds[.wallClock] = .init(absolute: [.p50: 50_000])   // µs per frame of 16,384 events
    // Made once, when the benchmarks are registered (loading 100,000 rules takes about a second).
    let manyRulesRig = MappingRig(config: MappingRig.neverMatchingConfig(rules: 100_000))
    Benchmark("100,000 rules that never match, 16,384 hits in one frame (+ engine update)",
              configuration: .init(thresholds: manyRulesThresholds)) { benchmark in
        for _ in benchmark.scaledIterations { manyRulesRig.frame(hits: 16_384) }
        blackHole(manyRulesRig.director.statistics.unmatched)
    }

    // Issue 31, item 13: a feedback flood merged per player and case by one lookup each.
    var floodThresholds = zeroMallocs
    floodThresholds[.wallClock] = .init(absolute: [.p50: 20_000])   // µs per frame of 16,384 posts × 16 players
    let floodRig = FeedbackFloodRig()
    Benchmark("16,384 feedback posts of every case for 16 players in one frame (+ engine update)",
              configuration: .init(thresholds: floodThresholds)) { benchmark in
        for _ in benchmark.scaledIterations { floodRig.frame() }
        blackHole(floodRig.director.statistics.coalesced)
    }

    // Issue 31, item 5: names longer than 15 bytes, made from strings on every post and compared exactly.
    let longNamesRig = MappingRig(config: MappingRig.longNameConfig)
    Benchmark("10,000 actions with 24-byte names made from strings, one frame (+ engine update)",
              configuration: .init(thresholds: zeroMallocs)) { benchmark in
        for _ in benchmark.scaledIterations { longNamesRig.frame(longActions: 10_000) }
        blackHole(longNamesRig.director.statistics.started)
    }

    let posting = PostingRig()
    Benchmark("build and post 10,000 events (no mapping)",
              configuration: .init(thresholds: zeroMallocs)) { benchmark in
        for _ in benchmark.scaledIterations { posting.post(events: 10_000) }
        blackHole(posting.queue.postedCount)
    }
}

/// A director with the shipped config on an engine of four pads, warmed up.
final class MappingRig {
    let engine: HapticEngine
    let director: HapticEventDirector
    private(set) var time = 0.0
    private var counter = 0
    private static let materials = ["crate", "metal", "wood", "stone"]
    private static let names = materials.map { HapticName($0) }

    /// A rig with the shipped config, or with `config` (TOML text) when given.
    init(config text: String? = nil) {
        let config = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Assets/Haptics/haptics.toml").standardized.path
        let mapping = try! text.map { try LoadedMapping.load(text: $0, presets: .builtIn()) }
            ?? LoadedMapping.load(file: config, presets: .builtIn())
        let outputs = (0..<4).map { NullOutput(name: "pad\($0)", profile: .genericDualMotor) }
        engine = HapticEngine(outputs: outputs, voiceCapacity: 256)
        try! engine.start()
        director = HapticEventDirector(target: engine, mapping: mapping)
        for player in 0..<4 { director.setListener(WorldPosition(x: Double(player), y: 0), forPlayer: player) }
        for _ in 0..<120 { frame(events: 10) }
    }

    /// Posts `events` collisions, then one director and one engine update, and moves the clock
    /// on by `step` seconds. The materials go as `HapticName`s (kept per body, as a game would),
    /// or as `String`s with `namesAsStrings`.
    func frame(events: Int, step: Double = 1.0 / 60.0, namesAsStrings: Bool = false) {
        var counter = self.counter
        for _ in 0..<events {
            counter &+= 1
            director.post(Self.collision(counter, namesAsStrings: namesAsStrings))
        }
        self.counter = counter
        director.update(at: time)
        engine.update(at: time)
        time += step
    }

    /// Eight actions whose names are 24 bytes long, each with a rule (`frame(longActions:)`).
    static let longActions = (0..<8).map { "player_landed_on_grate_\($0)" }
    static let longNameConfig = longActions.map { "[[rule]]\nevent = \"action\"\naction = \"\($0)\"\npattern = \"ImpactLight\"\n" }
        .joined(separator: "\n")

    /// Posts `longActions` actions, their 24-byte names made from `String`s on every post (so each is a
    /// lookup in the table of long names), then one director and one engine update, 0.1 s apart.
    func frame(longActions count: Int) {
        for index in 0..<count { director.post(.action(HapticName(Self.longActions[index & 7]), player: index & 3)) }
        director.update(at: time)
        engine.update(at: time)
        time += 0.1
    }

    /// Posts `hits` hits with the tag "minion" for every player, then one director and one engine
    /// update, 0.1 s apart.
    func frame(hits: Int) {
        for index in 0..<hits { director.post(.hit(damage: Double(index % 50), critical: index & 1 == 0, tag: "minion")) }
        director.update(at: time)
        engine.update(at: time)
        time += 0.1
    }

    /// `rules` rules that take none of `frame(hits:)`'s hits: custom names, hit tags, collision
    /// materials and footstep surfaces of their own (the kinds in turn).
    static func neverMatchingConfig(rules: Int) -> String {
        var text = ""
        text.reserveCapacity(rules * 70)
        for index in 0..<rules {
            text += "[[rule]]\npattern = \"ImpactLight\"\n"
            switch index % 4 {
            case 0: text += "event = \"custom\"\ncustom = \"never\(index)\"\n"
            case 1: text += "event = \"hit\"\ntag = \"tag\(index)\"\n"
            case 2: text += "event = \"collision\"\nmaterials = [\"m\(index)\", \"*\"]\n"
            default: text += "event = \"footstep\"\nsurface = \"s\(index)\"\n"
            }
        }
        return text
    }

    /// The `counter`-th collision of the crash: masses, speeds, materials and positions vary.
    @inline(__always)
    static func collision(_ counter: Int, namesAsStrings: Bool) -> GameEvent {
        let position = WorldPosition(x: Double(counter % 20), y: 0)
        if namesAsStrings {
            return .collision(massA: Double(1 + counter % 500), massB: nil, speed: Double(counter % 13),
                              materials: (HapticName(materials[counter & 3]), "stone"), position: position)
        }
        return .collision(massA: Double(1 + counter % 500), massB: nil, speed: Double(counter % 13),
                          materials: (names[counter & 3], names[3]), position: position)
    }
}

/// Sixteen players, no config: 16,384 feedback posts of every case for every player in one frame,
/// merged to one preset per player and case (issue 31: 38–58 ms through `SDLH_UpdateAt` before).
final class FeedbackFloodRig {
    let engine: HapticEngine
    let director: HapticEventDirector
    private(set) var time = 0.0

    init() {
        engine = HapticEngine(outputs: (0..<16).map { NullOutput(name: "pad\($0)", profile: .genericDualMotor) }, voiceCapacity: 1_024)
        try! engine.start()
        director = HapticEventDirector(target: engine)
        for _ in 0..<30 { frame() }
    }

    func frame() {
        let cases = HapticFeedback.allPresetCases
        for index in 0..<16_384 { director.post(.feedback(cases[index % cases.count])) }
        director.update(at: time)
        engine.update(at: time)
        time += 0.1
    }
}

/// A queue alone: what building and posting cost without the mapping.
final class PostingRig {
    let queue = GameEventQueue(capacity: 16_384)
    private var taken: [GameEvent] = []

    init() { taken.reserveCapacity(queue.capacity) }

    /// Posts `events` of the crash, then takes them all out (as the director's update would).
    func post(events: Int) {
        for counter in 0..<events { queue.post(MappingRig.collision(counter, namesAsStrings: false)) }
        queue.takeAll(into: &taken)
        taken.removeAll(keepingCapacity: true)
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
