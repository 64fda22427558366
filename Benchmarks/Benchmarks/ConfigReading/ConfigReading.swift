import Benchmark
import Foundation
@_spi(HapticsTools) import Haptics
import HapticsTools

/// Reading and checking configs and event scripts is linear in their size (issue 17): the same
/// rule repeated 1,000, 10,000 and 100,000 times (the rule limit), and the same event line
/// repeated as many times, should cost about the same per rule and per event.
///
/// One iteration loads the whole text: `LoadedMapping.load(text:presets:)` (TOML reader, schema
/// decoder, every rule's preset looked up, the mapping tables built), which is what
/// `hapticsctl check` and a hot reload do; `EventScript.parse` for scripts. Divide the wall clock
/// by the count in the name for the time per rule or event (docs/reliability.md has the figures).
/// Also the refusals of the inputs that used to crash: a 100,000-part dotted key, and an event
/// at 1e300 s through `MappingSimulation`.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 1,
        maxDuration: .seconds(10),
        maxIterations: 50
    )
    let presets = PresetLibrary.builtIn()
    // 80 bytes per rule, so 100,000 rules stay under the 8 MiB text limit.
    let rule = "[[rule]]\nevent = \"collision\"\nmaterials = [\"metal\", \"*\"]\npattern = \"ImpactRigid\"\n"
    let event = "{\"time\": 0.5, \"event\": \"collision\", \"massA\": 40, \"speed\": 6, \"materials\": [\"metal\", \"stone\"]}\n"

    for count in [1_000, 10_000, 100_000] {
        let text = "version = 1\n" + String(repeating: rule, count: count)
        Benchmark("LoadedMapping.load, \(count) rules", configuration: .init(tags: ["bytes": "\(text.utf8.count)"])) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try LoadedMapping.load(text: text, presets: presets))
            }
        }
    }
    for count in [1_000, 10_000, 100_000] {
        let text = String(repeating: event, count: count)
        Benchmark("EventScript.parse, \(count) events", configuration: .init(tags: ["bytes": "\(text.utf8.count)"])) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try EventScript.parse(text))
            }
        }
    }

    let longKey = Array(repeating: "a", count: 100_000).joined(separator: ".") + " = 1\n"
    Benchmark("refusing a 100,000-part dotted key") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? HapticMappingConfig.decode(longKey) { _ in true })
        }
    }
    let far = EventScript(entries: [EventScript.Entry(time: 1e300, event: GameEvent(.feedback(.success)))])
    Benchmark("refusing an event at 1e300 s in MappingSimulation") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? MappingSimulation(script: far, mapping: nil, presets: presets))
        }
    }
}
