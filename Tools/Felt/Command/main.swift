// haptics-felt: what a player feels, SDLHaptics against the usual approaches (issue 20).
//
//     haptics-felt [--root DIR] [--write] [--quick] [--trace NAME] [--lost]
//
// Runs every preset (Assets/Haptics/Presets), every fixture AHAP file (Tests/Fixtures/ahap), the demo
// tour's game events and the short event script through the shipped config
// (Assets/Haptics/haptics.toml), and the generated stress streams, through SDLHaptics (each ERM pad
// profile), raw SDL, clip stepping (Nice Vibrations) and per-channel max (Unreal); simulates an ERM
// felt model with the fast, measured and slow parameter sets; prints the tables. With --write it
// replaces the "What a player feels" section of docs/performance.md, the summary line of README.md
// and docs/images/felt-bursts.svg. `make felt` runs it with --write. --quick runs only the stress
// streams (a smoke run). --trace NAME prints one input's intended and felt amplitudes (generic pad,
// measured motor) every 5 ms as CSV; --lost lists the transients SDLHaptics loses there.

import Foundation
import Haptics
import HapticsFelt

func option(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    return arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("haptics-felt: \(message)\n".utf8))
    exit(1)
}
func note(_ message: String) { FileHandle.standardError.write(Data((message + "\n").utf8)) }

let root = option("--root") ?? FileManager.default.currentDirectoryPath
let write = CommandLine.arguments.contains("--write")
let quick = CommandLine.arguments.contains("--quick")
func path(_ relative: String) -> String { (root as NSString).appendingPathComponent(relative) }

var scenarios: [Scenario] = []
var failures: [String] = []
if !quick {
    let presets = FeltInputs.patterns(in: path("Assets/Haptics/Presets"), inputClass: "presets")
    scenarios += presets.scenarios
    failures += presets.failures
    let fixtures = FeltInputs.patterns(in: path("Tests/Fixtures/ahap"), inputClass: "fixture AHAP files")
    scenarios += fixtures.scenarios
    failures += fixtures.failures
    for script in ["Demo/Scripts/tour-events.jsonl", "Demo/Scripts/events.jsonl"] {
        do {
            scenarios.append(try FeltInputs.gameEvents(script: path(script), config: path("Assets/Haptics/haptics.toml"),
                                                       inputClass: "game events, shipped config"))
        } catch let errors as ConfigErrors {
            fail(errors.diagnostics.map(\.description).joined(separator: "\n"))
        } catch {
            fail("\(error)")
        }
    }
}
scenarios += FeltInputs.stressStreams()
for failure in failures { note("skipped (does not decode): \(failure)") }

let chartName = "overlapping impact bursts"
let traceName = option("--trace")
if let traceName { scenarios = scenarios.filter { $0.name == traceName } }
// What-if rows (not shipped): the generic profile with a shorter minimum transient on-time.
func onTimeVariant(_ seconds: Double) -> Pad {
    var profile = MotorProfile.genericDualMotor
    profile.minimumTransientOnTime = seconds
    return Pad(profile: profile, rate: 60, name: "generic, on-time \(Int(seconds * 1000)) ms (what-if)")
}
var running = FeltComparison(variants: [onTimeVariant(0.05), onTimeVariant(0.08)], chartScenario: traceName ?? chartName)
for (index, scenario) in scenarios.enumerated() {
    note("[\(index + 1)/\(scenarios.count)] \(scenario.inputClass): \(scenario.name)")
    running.run(scenario)
}
let comparison = running
if traceName != nil {
    // --trace NAME: the chart's traces (generic pad, measured motor) every 5 ms, as CSV.
    print("time," + comparison.chart.map(\.label).joined(separator: ","))
    let count = comparison.chart.map(\.values.count).min() ?? 0
    for k in stride(from: 0, to: count, by: 5) {
        print(String(format: "%.3f", Double(k) * FeltComparison.step) + "," + comparison.chart.map { String(format: "%.3f", $0.values[k]) }.joined(separator: ","))
    }
    exit(0)
}
for line in comparison.skipped { note("skipped: \(line)") }
if CommandLine.arguments.contains("--lost") { for line in comparison.lostLog { note("lost by SDLHaptics: " + line) } }
let report = FeltReport(comparison)
let tables = report.tables()
let shortfalls = report.shortfalls()

// The README's summary: every input together, the generic pad, the range over the motors.
/// Whether SDLHaptics' calls stayed within every pad's write limit on every input.
func limitSentence(_ comparison: FeltComparison) -> String {
    var over: [String] = []
    for inputClass in comparison.classes {
        for pad in comparison.pads where pad.link.interval > 0 {
            let peak = comparison.results[inputClass]?[.init(approach: .sdlHaptics, pad: pad.name)]?.values.map(\.peakCallsPerSecond).max() ?? 0
            if Double(peak) > 1 / pad.link.interval + 1e-9 { over.append("\(pad.name) (\(inputClass))") }
        }
    }
    return over.isEmpty ? "SDLHaptics' SDL calls stay within every pad's write limit."
        : "SDLHaptics' SDL calls exceed the write limit of " + over.joined(separator: ", ") + "."
}

func summary(_ comparison: FeltComparison) -> String {
    var parts: [String] = []
    var total = 0
    for approach in Approach.allCases {
        var lostByMotor: [String: (Int, Int)] = [:]
        var corrByMotor: [String: [Double]] = [:]
        for inputClass in comparison.classes {
            guard let row = comparison.results[inputClass]?[.init(approach: approach, pad: "generic")] else { continue }
            for (motor, aggregate) in row {
                let sum = lostByMotor[motor] ?? (0, 0)
                lostByMotor[motor] = (sum.0 + aggregate.lostTransients, sum.1 + aggregate.transients)
                corrByMotor[motor, default: []] += aggregate.correlations
            }
        }
        let lost = lostByMotor.values.map { $0.1 == 0 ? 0 : 100 * Double($0.0) / Double($0.1) }
        total = lostByMotor.values.first?.1 ?? 0
        let corr = corrByMotor.values.map { $0.reduce(0, +) / Double(max($0.count, 1)) }
        let lostText = String(format: "%.0f", lost.min() ?? 0) + ((lost.max() ?? 0).rounded() == (lost.min() ?? 0).rounded() ? "" : String(format: "–%.0f", lost.max() ?? 0))
        parts.append("\(approach.rawValue) \(lostText) % lost, correlation " + String(format: "%.2f–%.2f", corr.min() ?? 0, corr.max() ?? 0))
    }
    let inputs = comparison.scenarioNames.values.map(\.count).reduce(0, +)
    return "**What a player feels** (`make felt`): on a modelled ERM pad (generic profile, fast to slow motors), "
        + "\(inputs) inputs, \(total) transients distinct in the intent: " + parts.joined(separator: "; ")
        + ". " + limitSentence(comparison) + " It is not ahead everywhere: "
        + "[docs/performance.md](docs/performance.md#what-a-player-feels-issue-20) says where and why."
}

let section = FeltDocument.section(tables: tables, shortfalls: shortfalls, shortfallTable: report.shortfallTable(),
                                   comparison: comparison, failures: failures)
print(tables)
print("Where SDLHaptics is not at least as good (\(shortfalls.count)):")
for line in shortfalls { print("- " + line) }
print("")
print(report.shortfallTable())
print(summary(comparison))

if write && !quick {
    do {
        try FeltDocument.replace(in: path("docs/performance.md"), begin: "<!-- felt:begin -->", end: "<!-- felt:end -->",
                                 with: section, appendHeading: "## What a player feels")
        try FeltDocument.replace(in: path("README.md"), begin: "<!-- felt-summary:begin -->", end: "<!-- felt-summary:end -->",
                                 with: summary(comparison) + "\n", appendHeading: nil)
        let svg = report.svg(seconds: 1.6, title: "\(chartName): intended and felt (generic pad, measured motor)")
        try svg.write(toFile: path("docs/images/felt-bursts.svg"), atomically: true, encoding: .utf8)
        note("wrote docs/performance.md, README.md, docs/images/felt-bursts.svg")
    } catch {
        fail("\(error)")
    }
}
