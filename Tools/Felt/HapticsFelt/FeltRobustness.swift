import Foundation
import Haptics

/// The robustness check (`haptics-felt --robustness`): the same inputs, approaches and pad links as
/// `FeltComparison`, measured on motor models of other shapes and speeds (`FeltMotorModel.robustnessSet`)
/// instead of the comparison's three ERM sets, without the limit (its optimiser is solved for the ERM
/// model). A renderer tuned to one model would show it here: what helps on one shape and hurts on
/// another is not progress.
///
/// Load-time tool code (allocates freely); deterministic.
public struct FeltRobustness {
    public let rate: Double
    public let models: [FeltMotorModel]
    public let pads: [Pad]
    /// The approaches measured (never the limit).
    public static let approaches: [Approach] = [.sdlHaptics, .rawSDL, .clipStepping, .channelMax]
    /// class -> (approach, pad) -> model name -> aggregate.
    public private(set) var results: [String: [FeltComparison.RowKey: [String: FeltComparison.Aggregate]]] = [:]
    public private(set) var classes: [String] = []
    private var seen: [String: Set<FeltIntent.Identity>] = [:]

    public init(rate: Double = 60, models: [FeltMotorModel] = FeltMotorModel.robustnessSet, pads: [Pad]) {
        self.rate = rate
        self.models = models
        self.pads = pads
    }

    /// Runs one input (inputs whose intent one of the class already had are counted once).
    public mutating func run(_ scenario: Scenario) {
        let capture = ScenarioRun.captured(scenario, rate: rate)
        guard let intent = FeltIntent(capture: capture, rate: rate) else { return }
        let inputClass = scenario.inputClass
        guard seen[inputClass, default: []].insert(intent.identity).inserted else { return }
        if results[inputClass] == nil { classes.append(inputClass); results[inputClass] = [:] }
        var drives: [String: [ActuatorLevels]] = [:]
        for pad in pads { drives[pad.name] = ScenarioRun.shipped(scenario, profile: pad.profile, rate: rate) }
        let longest = max(capture.frameCount, drives.values.map(\.count).max() ?? 0)
        let end = Double(longest) / rate + 1.0
        let step = FeltComparison.step
        let count = Int((end / step).rounded(.up))
        let intended = intent.samples(count: count)
        let others: [(Approach, [RumbleCall])] = [
            (.rawSDL, ApproachCalls.rawSDL(capture: capture, rate: rate)),
            (.clipStepping, ApproachCalls.clipStepping(capture: capture, rate: rate)),
            (.channelMax, ApproachCalls.channelMax(capture: capture, rate: rate)),
        ]
        for pad in pads {
            let ours = ApproachCalls.sdlHaptics(drive: drives[pad.name] ?? [], rate: rate, hasTriggers: FeltLimit.hasTriggers(pad))
            for (approach, calls) in [(Approach.sdlHaptics, ours)] + others {
                let steps = pad.link.driveSteps(for: calls, until: end)
                for model in models {
                    let channels = model.feltChannels(steps: steps, count: count, step: step)
                    let measures = FeltMeasures(channels: channels, intended: intended, step: step, transientTimes: intent.transientTimes,
                                                onsetTimes: intent.onsetTimes, intendedEnd: intent.intendedEnd,
                                                callTimes: calls.map(\.time))
                    results[inputClass]![FeltComparison.RowKey(approach: approach, pad: pad.name), default: [:]][model.name, default: .init()].add(measures)
                }
            }
        }
    }

    /// Per class and pad, one table: a row per approach, a column per model; each cell level fidelity
    /// / transients lost / best-lag correlation. Then, per class, SDLHaptics' worst model on each.
    public func report() -> String {
        var out = ""
        for inputClass in classes {
            guard let rows = results[inputClass] else { continue }
            for pad in pads {
                out += "#### \(inputClass), \(pad.name): level fidelity / transients lost / correlation (best lag)\n\n"
                out += "| approach | " + models.map(\.name).joined(separator: " | ") + " |\n"
                out += "|---|" + models.map { _ in "---" }.joined(separator: "|") + "|\n"
                for approach in Self.approaches {
                    guard let row = rows[.init(approach: approach, pad: pad.name)] else { continue }
                    let cells = models.map { model -> String in
                        guard let a = row[model.name] else { return "–" }
                        let fidelity = a.meanFidelity.map { String(format: "%.2f", $0) } ?? "–"
                        return "\(fidelity) / \(String(format: "%.0f %%", a.lostFraction * 100)) / \(String(format: "%.2f", a.meanLagCorrelation))"
                    }
                    out += "| \(approach.rawValue) | " + cells.joined(separator: " | ") + " |\n"
                }
                out += "\n"
            }
        }
        out += summary()
        return out
    }

    /// Per class and pad: SDLHaptics' fidelity, lost and correlation as a range over each family of
    /// models, next to per-channel max's fidelity over the same family; and the count of (class, pad,
    /// model) cells where SDLHaptics' fidelity is below per-channel max's, pooled and over the kept taps.
    public func summary() -> String {
        var families: [String] = []
        for model in models where !families.contains(model.family) { families.append(model.family) }
        var out = "#### Robustness summary (SDLHaptics: fidelity, lost, correlation; per-channel max: fidelity), range per family\n\n"
        out += "| class | pad | " + families.joined(separator: " | ") + " |\n|---|---|" + families.map { _ in "---" }.joined(separator: "|") + "|\n"
        var behind = 0, cells = 0, keptBehind = 0, keptCells = 0
        for inputClass in classes {
            guard let rows = results[inputClass] else { continue }
            for pad in pads {
                guard let ours = rows[.init(approach: .sdlHaptics, pad: pad.name)],
                      let max = rows[.init(approach: .channelMax, pad: pad.name)] else { continue }
                var columns: [String] = []
                for family in families {
                    let names = models.filter { $0.family == family }.map(\.name)
                    let a = names.compactMap { ours[$0] }, b = names.compactMap { max[$0] }
                    for name in names {
                        if let fa = ours[name]?.meanFidelity, let fb = max[name]?.meanFidelity {
                            cells += 1
                            if FeltReport.isBehind(fidelity: fa, max: fb) { behind += 1 }
                        }
                        if let fa = ours[name]?.meanKeptFidelity, let fb = max[name]?.meanKeptFidelity {
                            keptCells += 1
                            if FeltReport.isBehind(fidelity: fa, max: fb) { keptBehind += 1 }
                        }
                    }
                    columns.append(Self.range(a.compactMap(\.meanFidelity), "%.2f") + ", " + Self.range(a.map { $0.lostFraction * 100 }, "%.0f %%")
                                   + ", " + Self.range(a.map(\.meanLagCorrelation), "%.2f") + " (max " + Self.range(b.compactMap(\.meanFidelity), "%.2f") + ")")
                }
                out += "| \(inputClass) | \(pad.name) | " + columns.joined(separator: " | ") + " |\n"
            }
        }
        out += "\nSDLHaptics' level fidelity is below per-channel max's in \(behind) of \(cells) cells of class, pad and model; "
        out += "over only the taps each keeps (`FeltMeasures.keptLevelFidelity`), in \(keptBehind) of \(keptCells).\n"
        return out
    }

    static func range(_ values: [Double], _ format: String) -> String {
        guard let lo = values.min(), let hi = values.max() else { return "–" }
        let a = String(format: format, lo), b = String(format: format, hi)
        return a == b ? a : "\(a)–\(b)"
    }
}
