// haptics-felt: what a player feels, SDLHaptics against the usual approaches and the limit (issues 20, 24, 33).
//
//     haptics-felt [--root DIR] [--write] [--quick] [--class NAME] [--no-limit] [--limit-cache DIR | --no-cache]
//                  [--export DIR] [--trace NAME [--pad NAME] [--motor NAME]] [--lost] [--detail]
//                  [--tuning NAME=VALUE,...] [--robustness [--pad NAME|all]]
//
// Runs every preset (Assets/Haptics/Presets), every fixture AHAP file (Tests/Fixtures/ahap), the demo
// tour's game events and the short event script through the shipped config
// (Assets/Haptics/haptics.toml), and the generated stress streams, through SDLHaptics (each ERM pad
// profile), raw SDL, clip stepping (Nice Vibrations) and per-channel max (Unreal); simulates an ERM
// felt model with the fast, measured and slow parameter sets, finds the limit (the best drive through
// the same pad link, offline: Tools/Felt/HapticsFelt/FeltLimit.swift); prints the tables, the issue's
// verdict per class, pad and motor, and the shortfalls. With --write it replaces the "What a player
// feels" section of docs/performance.md, the summary line of README.md and docs/images/felt-bursts.svg
// (`make felt` runs it with --write; --write needs the full run). --quick runs only the stress streams
// (a smoke run). --class NAME runs only the input classes whose name contains NAME (case-insensitive;
// repeatable). --no-limit skips the limit; otherwise solved limit channels are kept in --limit-cache DIR
// (default ROOT/.build/felt-limit-cache; --no-cache: none), so a rerun solves only what changed.
// --export DIR writes one JSON file per input with its intent, voices and every drive as the pad
// receives it (docs/performance.md, "The export"). --trace NAME prints one input's intended and felt
// amplitudes every 5 ms as CSV, on the pad --pad (default generic) and motor --motor (default
// measured); --lost lists the transients SDLHaptics loses; --detail prints each input's measures per
// approach on that pad and motor as a tab-separated table. --tuning plans SDLHaptics' drive with other
// constants (`DriveTuning`'s names; never with --write). --robustness runs the robustness check instead:
// the same inputs and approaches on motor models of other shapes and speeds (FeltMotorModel: the ERM
// sets with time constants halved and doubled, a DC rotor, a two-lag motor), without the limit, on the
// generic pad (--pad NAME, or all), and prints level fidelity, transients lost and correlation per model.

import Foundation
@_spi(HapticsTools) import Haptics
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
let noLimit = CommandLine.arguments.contains("--no-limit")
let classFilters: [String] = CommandLine.arguments.indices.compactMap { i in
    CommandLine.arguments[i] == "--class" && i + 1 < CommandLine.arguments.count ? CommandLine.arguments[i + 1].lowercased() : nil
}
let exportDirectory = option("--export")
if CommandLine.arguments.contains("--class") && classFilters.count != CommandLine.arguments.filter({ $0 == "--class" }).count {
    fail("--class needs a class name (or part of one)")
}
if CommandLine.arguments.contains("--export") && exportDirectory == nil { fail("--export needs a directory") }
if write && (quick || noLimit || !classFilters.isEmpty) {
    fail("--write rewrites the docs from the full run: leave out --quick, --no-limit and --class")
}
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
if !classFilters.isEmpty {
    scenarios = scenarios.filter { scenario in classFilters.contains { scenario.inputClass.lowercased().contains($0) } }
    if scenarios.isEmpty { fail("no input class matches --class \(classFilters.joined(separator: ", "))") }
}
// --tuning NAME=VALUE[,NAME=VALUE...]: SDLHaptics planned with other constants (DriveTuning's names).
var tuning = DriveTuning.shipped
if let text = option("--tuning") {
    for pair in text.split(separator: ",") {
        let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let value = Double(parts[1]), let next = tuning.setting(parts[0], to: value) else {
            fail("--tuning \(pair): expected NAME=VALUE with NAME one of \(DriveTuning.parameters.map(\.name).joined(separator: ", "))")
        }
        tuning = next
    }
    if write { fail("--write rewrites the docs from the shipped tuning: leave out --tuning") }
}
/// The ERM pads, their profiles planned with `tuning`.
func ermPads(_ tuning: DriveTuning) -> [Pad] {
    Pad.ermPads(rate: 60).map { pad in
        var tuned = pad
        tuned.profile.driveTuning = tuning
        return tuned
    }
}
if CommandLine.arguments.contains("--robustness") {
    // --robustness: the robustness check, on motor models of other shapes and speeds (no limit).
    let padName = option("--pad") ?? "generic"
    let pads = ermPads(tuning).filter { padName == "all" || $0.name == padName }
    if pads.isEmpty { fail("--pad \(padName): no such ERM pad") }
    var robustness = FeltRobustness(pads: pads)
    for (index, scenario) in scenarios.enumerated() {
        note("[\(index + 1)/\(scenarios.count)] \(scenario.inputClass): \(scenario.name)")
        robustness.run(scenario)
    }
    print(robustness.report())
    exit(0)
}
let cacheDirectory: String? = CommandLine.arguments.contains("--no-cache") ? nil
    : (option("--limit-cache") ?? path(".build/felt-limit-cache"))
let cache = FeltLimitCache(directory: cacheDirectory)
var running = FeltComparison(pads: ermPads(tuning), includesLimit: !noLimit, limitCache: cache, chartScenario: traceName ?? chartName,
                             chartPad: option("--pad") ?? "generic", chartMotor: option("--motor") ?? "measured")
running.keepsDetails = CommandLine.arguments.contains("--detail")
var records: [FeltRecord] = []
let started = Date()
for (index, scenario) in scenarios.enumerated() {
    note("[\(index + 1)/\(scenarios.count)] \(scenario.inputClass): \(scenario.name)")
    if let record = running.run(scenario), exportDirectory != nil { records.append(record) }
}
let comparison = running
if !noLimit {
    note(String(format: "limit: %d channels solved, %d from the cache (%@); %.0f s in all", cache.misses, cache.hits,
                cacheDirectory ?? "no cache", Date().timeIntervalSince(started)))
}
if let exportDirectory {
    do {
        try FileManager.default.createDirectory(atPath: exportDirectory, withIntermediateDirectories: true)
        for record in records {
            let identical = (comparison.merged[record.inputClass] ?? []).filter { $0.sameAs == record.name }.map(\.name)
            let file = (exportDirectory as NSString).appendingPathComponent(FeltExport.fileName(record))
            try FeltExport.json(record, identical: identical).write(toFile: file, atomically: true, encoding: .utf8)
        }
        note("wrote \(records.count) files to \(exportDirectory)")
    } catch {
        fail("--export \(exportDirectory): \(error)")
    }
}
if traceName != nil {
    // --trace NAME: the chart's traces (--pad, --motor) every 5 ms, as CSV.
    print("time," + comparison.chart.map(\.label).joined(separator: ","))
    let count = comparison.chart.map(\.values.count).min() ?? 0
    for k in stride(from: 0, to: count, by: 5) {
        print(String(format: "%.3f", Double(k) * FeltComparison.step) + "," + comparison.chart.map { String(format: "%.3f", $0.values[k]) }.joined(separator: ","))
    }
    exit(0)
}
for line in comparison.skipped { note("skipped: \(line)") }
for (inputClass, pairs) in comparison.merged { for pair in pairs { note("counted once (\(inputClass)): \(pair.name) has the intent of \(pair.sameAs)") } }
if CommandLine.arguments.contains("--lost") { for line in comparison.lostLog { note("lost by SDLHaptics: " + line) } }
if comparison.keepsDetails {
    // --detail: per input, each approach's measures on the chart's pad and motor (--pad, --motor).
    print("class\tinput\tapproach\tlost\tof\tcorr\ttrack\tunfelt_ms\tfidelity\ttail_ms")
    for d in comparison.details {
        let m = d.measures
        print([d.inputClass, d.name, d.approach.rawValue, "\(m.lostTransients)", "\(m.transients)",
               String(format: "%.3f", m.lagCorrelation), String(format: "%.3f", m.trackingError),
               String(format: "%.0f", m.contentNotFelt * 1000), m.levelFidelity.map { String(format: "%.2f", $0) } ?? "-",
               String(format: "%.0f", m.tail * 1000)].joined(separator: "\t"))
    }
    exit(0)
}
let report = FeltReport(comparison)
let tables = report.tables()
let shortfalls = report.shortfalls()
let verdict = report.verdict()
let summary = report.summary()
let limitVerdict = noLimit ? nil : report.verdict(of: .limit)
let shortfallTable = report.shortfallTable()

let fidelity = report.fidelityTable()
let keptFidelity = report.keptFidelityTable()
let section = FeltDocument.section(tables: tables, fidelity: fidelity, keptFidelity: keptFidelity, verdict: verdict, limitVerdict: limitVerdict, shortfalls: shortfalls,
                                   shortfallTable: shortfallTable, comparison: comparison, failures: failures)
print(tables)
print("Level fidelity per class: SDLHaptics / per-channel max / limit (✓: at least per-channel max's), and the share of the limit's correlation\n")
print(fidelity)
print("Level fidelity over the taps each approach keeps: SDLHaptics / per-channel max (✓: at least per-channel max's), and transients lost\n")
print(keptFidelity)
print("Where SDLHaptics is not at least as good (\(shortfalls.count)):")
for line in shortfalls { print("- " + line) }
print("")
print(shortfallTable)
print("Issue 24's bar (Done when), per input class, pad and motor: SDLHaptics meets it in \(verdict.passed) of \(verdict.cases) cases. "
    + FeltReport.verdictLegend + "\n")
print(verdict.table)
if let limitVerdict {
    print("The same bar for the limit (the offline optimum with the true motor): it meets it in \(limitVerdict.passed) of \(limitVerdict.cases) cases.\n")
    print(limitVerdict.table)
}
print(summary)

if write {   // (never with --quick: refused above)
    do {
        try FeltDocument.replace(in: path("docs/performance.md"), begin: "<!-- felt:begin -->", end: "<!-- felt:end -->",
                                 with: section, appendHeading: "## What a player feels")
        try FeltDocument.replace(in: path("README.md"), begin: "<!-- felt-summary:begin -->", end: "<!-- felt-summary:end -->",
                                 with: summary + "\n", appendHeading: nil)
        let svg = report.svg(seconds: 1.6, title: "\(chartName): intended and felt (generic pad, measured motor)")
        try svg.write(toFile: path("docs/images/felt-bursts.svg"), atomically: true, encoding: .utf8)
        note("wrote docs/performance.md, README.md, docs/images/felt-bursts.svg")
    } catch {
        fail("\(error)")
    }
}
