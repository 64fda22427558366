import Foundation

/// The comparison written out: markdown tables for docs/performance.md, the issue's verdict per
/// class, pad and motor, a summary line for the README, the places where SDLHaptics is not at least
/// as good, and an SVG chart.
public struct FeltReport {
    public let comparison: FeltComparison

    public init(_ comparison: FeltComparison) { self.comparison = comparison }

    /// Tolerances under which two results count as equal (below what the measures resolve).
    public static let delayTolerance = 0.001
    public static let correlationTolerance = 0.005
    public static let trackingTolerance = 0.002
    public static let contentTolerance = 0.001
    public static let fidelityTolerance = 0.005

    /// Whether SDLHaptics' level fidelity `ours` is below per-channel max's `max` (beyond the tolerance).
    public static func isBehind(fidelity ours: Double, max: Double) -> Bool { ours < max - fidelityTolerance }

    /// A fidelity cell's mark: " ✓" where SDLHaptics' fidelity is at least per-channel max's, " ✗" where
    /// it is behind, nothing where either is missing.
    static func fidelityMark(ours: Double?, max: Double?) -> String {
        guard let ours, let max else { return "" }
        return isBehind(fidelity: ours, max: max) ? " ✗" : " ✓"
    }

    /// A fidelity figure, "–" when there is none.
    static func fidelityFigure(_ value: Double?) -> String { value.map { String(format: "%.2f", $0) } ?? "–" }
    public static let tailTolerance = 0.005
    /// The issue's bar (issue 24, "Done when"): the most transients SDLHaptics may lose, per class,
    /// and the share of the limit's lag-tolerant correlation it must reach.
    public static func lostCap(inputClass: String) -> Double { inputClass.contains("selection ticks") ? 0.15 : 0.05 }
    public static let limitShare = 0.9

    func range(_ values: [Double], _ format: (Double) -> String) -> String {
        guard let lo = values.min(), let hi = values.max() else { return "–" }
        let a = format(lo), b = format(hi)
        return a == b ? a : "\(a)–\(b)"
    }

    func percent(_ value: Double) -> String { String(format: "%.0f %%", value * 100) }

    /// One table per input class: rows approach × pad, columns the measures as ranges over the motors.
    public func tables() -> String {
        var out = ""
        let motors = comparison.motors.map(\.name)
        for inputClass in comparison.classes {
            guard let rows = comparison.results[inputClass] else { continue }
            let names = comparison.scenarioNames[inputClass] ?? []
            let merged = comparison.merged[inputClass] ?? []
            let reference = rows[.init(approach: nil, pad: nil)]?.values.first
            out += "#### \(inputClass)\n\n\(names.count) input\(names.count == 1 ? "" : "s")"
            if !merged.isEmpty {
                out += " (\(names.count + merged.count) files; \(merged.count) with an intent identical to another's counted once: "
                out += merged.map { "\($0.name) = \($0.sameAs)" }.joined(separator: ", ") + ")"
            }
            out += "; \(comparison.intendedTransients[inputClass] ?? 0) intended transients, \(reference?.transients ?? 0) of them "
            out += "distinct in the intent (measured); \(reference?.onsets ?? 0) onsets; level fidelity over the "
            out += "\(reference?.fidelities.count ?? 0) input\(reference?.fidelities.count == 1 ? "" : "s") with at least "
            out += "\(FeltCriteria.minimumDistinctStrengths) distinct tap strengths.\n\n"
            out += "| approach | pad | transients lost | felt onset delay, median (onsets felt) | correlation, zero lag "
            out += "| correlation, best lag 0–80 ms (lag, median) | tracking error | content not felt | level fidelity "
            out += "| SDL calls/s, peak (pad limit) | felt after the end, median |\n"
            out += "|---|---|---|---|---|---|---|---|---|---|---|\n"
            for key in rows.keys.sorted() {
                let byMotor = motors.compactMap { rows[key]?[$0] }
                let lost = range(byMotor.map { $0.lostFraction * 100 }) { String(format: "%.0f %%", $0) }
                var delay = range(byMotor.compactMap { $0.medianOnsetDelay.map { $0 * 1000 } }) { String(format: "%.0f ms", $0) }
                delay += " (" + range(byMotor.map { Double($0.onsetDelays.count) }) { String(format: "%.0f", $0) } + " of \(byMotor.first?.onsets ?? 0))"
                let corr = range(byMotor.map(\.meanCorrelation)) { String(format: "%.2f", $0) }
                let lagCorr = range(byMotor.map(\.meanLagCorrelation)) { String(format: "%.2f", $0) }
                    + " (" + range(byMotor.map { $0.medianCorrelationLag * 1000 }) { String(format: "%.0f ms", $0) } + ")"
                let tracking = range(byMotor.map(\.meanTrackingError)) { String(format: "%.3f", $0) }
                let unfelt = range(byMotor.map { $0.contentNotFeltFraction * 100 }) { String(format: "%.1f %%", $0) }
                let fidelity = range(byMotor.compactMap(\.meanFidelity)) { String(format: "%.2f", $0) }
                let tail = range(byMotor.map { $0.medianTail * 1000 }) { String(format: "%.0f ms", $0) }
                let approach = key.approach.map { $0 == .limit ? "*\($0.rawValue)*" : $0.rawValue } ?? "*intended (no motor)*"
                var calls = "–"
                var pad = "–"
                if let padName = key.pad, let p = comparison.pads.first(where: { $0.name == padName }) {
                    pad = padName
                    let limit = p.link.interval > 0 ? Int((1 / p.link.interval).rounded()) : 0
                    calls = range(byMotor.map { Double($0.peakCallsPerSecond) }) { String(format: "%.0f", $0) } + " (\(limit))"
                }
                out += "| \(approach) | \(pad) | \(lost) | \(delay) | \(corr) | \(lagCorr) | \(tracking) | \(unfelt) | \(fidelity) | \(calls) | \(tail) |\n"
            }
            out += "\n"
        }
        return out
    }

    /// The measures compared, in table order.
    public static let measures = ["transients lost", "onset delay", "correlation, zero lag", "correlation, best lag",
                                  "tracking error", "content not felt", "level fidelity", "calls over the pad's limit",
                                  "felt after the end"]

    /// How the row judged (`a`: SDLHaptics, or the limit for `verdict(of: .limit)`) does against another
    /// row (`b`) on each measure: the measures where it is worse, each with both figures.
    func worse(_ a: FeltComparison.Aggregate, than b: FeltComparison.Aggregate, callLimit: Double) -> [(measure: String, detail: String)] {
        var found: [(String, String)] = []
        if a.lostTransients > b.lostTransients { found.append(("transients lost", "\(a.lostTransients) vs \(b.lostTransients) of \(a.transients)")) }
        if let da = a.medianOnsetDelay, let db = b.medianOnsetDelay, da > db + Self.delayTolerance {
            found.append(("onset delay", String(format: "%.0f vs %.0f ms", da * 1000, db * 1000)))
        }
        if a.meanCorrelation < b.meanCorrelation - Self.correlationTolerance {
            found.append(("correlation, zero lag", String(format: "%.2f vs %.2f", a.meanCorrelation, b.meanCorrelation)))
        }
        if a.meanLagCorrelation < b.meanLagCorrelation - Self.correlationTolerance {
            found.append(("correlation, best lag", String(format: "%.2f vs %.2f", a.meanLagCorrelation, b.meanLagCorrelation)))
        }
        if a.meanTrackingError > b.meanTrackingError + Self.trackingTolerance {
            found.append(("tracking error", String(format: "%.3f vs %.3f", a.meanTrackingError, b.meanTrackingError)))
        }
        if a.contentNotFeltFraction > b.contentNotFeltFraction + Self.contentTolerance {
            found.append(("content not felt", String(format: "%.1f vs %.1f %%", a.contentNotFeltFraction * 100, b.contentNotFeltFraction * 100)))
        }
        if let fa = a.meanFidelity, let fb = b.meanFidelity, Self.isBehind(fidelity: fa, max: fb) {
            found.append(("level fidelity", String(format: "%.2f vs %.2f", fa, fb)))
        }
        if Double(a.peakCallsPerSecond) > callLimit && Double(b.peakCallsPerSecond) <= callLimit {
            found.append(("calls over the pad's limit", "\(a.peakCallsPerSecond) vs \(b.peakCallsPerSecond)"))
        }
        if a.medianTail > b.medianTail + Self.tailTolerance {
            found.append(("felt after the end", String(format: "%.0f vs %.0f ms", a.medianTail * 1000, b.medianTail * 1000)))
        }
        return found
    }

    /// The limit's figure for `measure` (context for a shortfall).
    func limitFigure(_ l: FeltComparison.Aggregate, _ measure: String) -> String {
        switch measure {
        case "transients lost": return "\(l.lostTransients)"
        case "onset delay": return l.medianOnsetDelay.map { String(format: "%.0f ms", $0 * 1000) } ?? "–"
        case "correlation, zero lag": return String(format: "%.2f", l.meanCorrelation)
        case "correlation, best lag": return String(format: "%.2f", l.meanLagCorrelation)
        case "tracking error": return String(format: "%.3f", l.meanTrackingError)
        case "content not felt": return String(format: "%.1f %%", l.contentNotFeltFraction * 100)
        case "level fidelity": return l.meanFidelity.map { String(format: "%.2f", $0) } ?? "–"
        case "calls over the pad's limit": return "\(l.peakCallsPerSecond)"
        default: return String(format: "%.0f ms", l.medianTail * 1000)
        }
    }

    /// Every (class, pad, motor, measure, approach) where SDLHaptics does worse than another approach,
    /// one line each with both figures and the limit's.
    public func shortfalls() -> [String] {
        shortfallRecords().map { r in
            let parts = r.row.split(separator: "|")
            return "\(parts[0]), \(r.pad), \(r.motor), \(r.measure), against \(parts[1]): \(r.detail)"
        }
    }

    /// The shortfalls as one table: a row per input class and other approach, a column per measure,
    /// each cell the pads (and motors: f fast, m measured, s slow) where SDLHaptics does worse.
    public func shortfallTable() -> String {
        var cells: [String: [String: [String: [String]]]] = [:]   // row -> measure -> pad -> motors
        for line in shortfallRecords() {
            cells[line.row, default: [:]][line.measure, default: [:]][line.pad, default: []].append(line.motor)
        }
        var out = "| input class | against | " + Self.measures.joined(separator: " | ") + " |\n"
        out += "|---|---|" + Self.measures.map { _ in "---" }.joined(separator: "|") + "|\n"
        let allMotors = comparison.motors.map(\.name)
        for inputClass in comparison.classes {
            for other in Approach.compared {
                let row = "\(inputClass)|\(other.rawValue)"
                var columns: [String] = []
                for measure in Self.measures {
                    guard let byPad = cells[row]?[measure], !byPad.isEmpty else { columns.append("–"); continue }
                    if byPad.count == comparison.pads.count && byPad.values.allSatisfy({ $0.count == allMotors.count }) {
                        columns.append("**every pad and motor**")
                        continue
                    }
                    columns.append(comparison.pads.compactMap { pad -> String? in
                        guard let motors = byPad[pad.name] else { return nil }
                        if motors.count == allMotors.count { return pad.name }
                        return "\(pad.name) (\(motors.map { String($0.prefix(1)) }.joined(separator: ", ")))"
                    }.joined(separator: ", "))
                }
                out += "| \(inputClass) | \(other.rawValue) | " + columns.joined(separator: " | ") + " |\n"
            }
        }
        return out
    }

    struct ShortfallRecord { var row: String; var measure: String; var pad: String; var motor: String; var detail: String }

    func shortfallRecords() -> [ShortfallRecord] {
        var records: [ShortfallRecord] = []
        for inputClass in comparison.classes {
            guard let rows = comparison.results[inputClass] else { continue }
            for pad in comparison.pads {
                guard let ours = rows[.init(approach: .sdlHaptics, pad: pad.name)] else { continue }
                let limits = rows[.init(approach: .limit, pad: pad.name)]
                let callLimit = pad.link.interval > 0 ? 1 / pad.link.interval : .infinity
                for other in Approach.compared {
                    guard let theirs = rows[.init(approach: other, pad: pad.name)] else { continue }
                    let row = "\(inputClass)|\(other.rawValue)"
                    for motor in comparison.motors {
                        guard let a = ours[motor.name], let b = theirs[motor.name] else { continue }
                        for (measure, detail) in worse(a, than: b, callLimit: callLimit + 1e-9) {
                            let context = limits?[motor.name].map { " (limit \(limitFigure($0, measure)))" } ?? ""
                            records.append(ShortfallRecord(row: row, measure: measure, pad: pad.name, motor: motor.name, detail: detail + context))
                        }
                    }
                }
            }
        }
        return records
    }

    /// Short names of the judged measures in the verdict's cells.
    public static let verdictNames = ["transients lost": "lost", "correlation, best lag": "corr", "tracking error": "track",
                                      "content not felt": "unfelt", "level fidelity": "fidelity", "felt after the end": "tail"]
    /// What the verdict's cells say, for a reader.
    public static let verdictLegend = "Each cell is ✓ or what fails: *lost x % > cap*; *behind on* a measure (the approaches "
        + "that do better: raw SDL, clip stepping, per-channel max) — lost: transients lost, corr: correlation at the best lag "
        + "0–80 ms, track: tracking error, unfelt: content not felt, fidelity: level fidelity, tail: felt after the end; "
        + "*corr < 90 % of the limit's*; calls over the pad's write limit."

    /// The issue's "Done when" per class, pad and motor: SDLHaptics at least as good as clip stepping,
    /// per-channel max and raw SDL on transients lost, lag-tolerant correlation, tracking error,
    /// content not felt, level fidelity and felt after the end; at most 5 % of transients lost (15 %
    /// on selection ticks); at least 90 % of the limit's lag-tolerant correlation; within the pad's
    /// write limit. Each cell is ✓ or what fails.
    /// `of`: the row judged, SDLHaptics by default; `.limit` shows which cells the offline optimum
    /// itself would miss (against the same approaches, the same caps).
    public func verdict(of row: Approach = .sdlHaptics) -> (table: String, passed: Int, cases: Int) {
        let judged = Set(Self.verdictNames.keys)
        let short: [Approach: String] = [.rawSDL: "raw", .clipStepping: "clip", .channelMax: "max"]
        var out = "| input class | pad | " + comparison.motors.map(\.name).joined(separator: " | ") + " |\n"
        out += "|---|---|" + comparison.motors.map { _ in "---" }.joined(separator: "|") + "|\n"
        var passed = 0, cases = 0
        for inputClass in comparison.classes {
            guard let rows = comparison.results[inputClass] else { continue }
            for pad in comparison.pads {
                guard let ours = rows[.init(approach: row, pad: pad.name)] else { continue }
                let callLimit = pad.link.interval > 0 ? 1 / pad.link.interval : .infinity
                var cells: [String] = []
                for motor in comparison.motors {
                    guard let a = ours[motor.name] else { cells.append("–"); continue }
                    var fails: [String] = []
                    let cap = Self.lostCap(inputClass: inputClass)
                    if a.lostFraction > cap + 1e-12 { fails.append("lost \(percent(a.lostFraction)) > \(percent(cap))") }
                    var worseBy: [String: [String]] = [:]
                    for other in Approach.compared {
                        guard let b = rows[.init(approach: other, pad: pad.name)]?[motor.name] else { continue }
                        for (measure, _) in worse(a, than: b, callLimit: callLimit + 1e-9) where judged.contains(measure) {
                            worseBy[measure, default: []].append(short[other] ?? other.rawValue)
                        }
                    }
                    let behind = Self.measures.compactMap { measure in
                        worseBy[measure].map { "\(Self.verdictNames[measure] ?? measure) (\($0.joined(separator: ", ")))" }
                    }
                    if !behind.isEmpty { fails.append("behind on " + behind.joined(separator: ", ")) }
                    if let l = rows[.init(approach: .limit, pad: pad.name)]?[motor.name] {
                        if a.meanLagCorrelation < Self.limitShare * l.meanLagCorrelation - 1e-12 {
                            fails.append(String(format: "corr %.2f < 90 %% of the limit's %.2f", a.meanLagCorrelation, l.meanLagCorrelation))
                        }
                    } else {
                        fails.append("limit not run")
                    }
                    if Double(a.peakCallsPerSecond) > callLimit + 1e-9 { fails.append("\(a.peakCallsPerSecond) calls/s over the pad's limit") }
                    cases += 1
                    if fails.isEmpty { passed += 1 }
                    cells.append(fails.isEmpty ? "✓" : fails.joined(separator: "; "))
                }
                out += "| \(inputClass) | \(pad.name) | " + cells.joined(separator: " | ") + " |\n"
            }
        }
        return (out, passed, cases)
    }

    /// Level fidelity per class next to per-channel max's and the limit's (issue 33): a row per class and
    /// pad, per motor set `ours / max / limit` with ✓ where SDLHaptics' is at least per-channel max's
    /// (within the tolerance), and the share of the limit's best-lag correlation SDLHaptics reaches
    /// (the lowest over the motor sets). A class with fewer than three distinct tap strengths in every
    /// input has no fidelity ("–").
    public func fidelityTable() -> String {
        var out = "| input class | pad | " + comparison.motors.map { "\($0.name): SDLHaptics / max / limit" }.joined(separator: " | ")
        out += " | correlation, share of the limit's |\n|---|---|" + comparison.motors.map { _ in "---" }.joined(separator: "|") + "|---|\n"
        let figure = Self.fidelityFigure
        for inputClass in comparison.classes {
            guard let rows = comparison.results[inputClass] else { continue }
            for pad in comparison.pads {
                guard let ours = rows[.init(approach: .sdlHaptics, pad: pad.name)] else { continue }
                let max = rows[.init(approach: .channelMax, pad: pad.name)], limit = rows[.init(approach: .limit, pad: pad.name)]
                var cells: [String] = []
                var shares: [Double] = []
                for motor in comparison.motors {
                    let a = ours[motor.name]?.meanFidelity, b = max?[motor.name]?.meanFidelity, l = limit?[motor.name]?.meanFidelity
                    cells.append("\(figure(a)) / \(figure(b)) / \(figure(l))" + Self.fidelityMark(ours: a, max: b))
                    if let c = ours[motor.name]?.meanLagCorrelation, let lc = limit?[motor.name]?.meanLagCorrelation, lc > 0 { shares.append(c / lc) }
                }
                let share = shares.min().map { String(format: "%.0f %%", $0 * 100) } ?? "–"
                out += "| \(inputClass) | \(pad.name) | " + cells.joined(separator: " | ") + " | \(share) |\n"
            }
        }
        return out
    }

    /// Level fidelity over only the taps each approach keeps (`FeltMeasures.keptLevelFidelity`), next to
    /// the transients it loses: a row per class and pad, per motor set `ours / max` with ✓ where
    /// SDLHaptics' is at least per-channel max's (within the tolerance), then both approaches' lost
    /// transients over the motor sets. Per-channel max's fidelity counts the taps it loses as its
    /// weakest, where they still rank lowest (issue 33); this one does not reward a lost tap.
    public func keptFidelityTable() -> String {
        var out = "| input class | pad | " + comparison.motors.map { "\($0.name): SDLHaptics / max" }.joined(separator: " | ")
        out += " | transients lost: SDLHaptics / max |\n|---|---|" + comparison.motors.map { _ in "---" }.joined(separator: "|") + "|---|\n"
        let figure = Self.fidelityFigure
        func lost(_ row: [String: FeltComparison.Aggregate]?) -> String {
            range(comparison.motors.compactMap { row?[$0.name]?.lostFraction }) { String(format: "%.0f %%", $0 * 100) }
        }
        for inputClass in comparison.classes {
            guard let rows = comparison.results[inputClass] else { continue }
            for pad in comparison.pads {
                guard let ours = rows[.init(approach: .sdlHaptics, pad: pad.name)] else { continue }
                let max = rows[.init(approach: .channelMax, pad: pad.name)]
                guard comparison.motors.contains(where: { ours[$0.name]?.meanKeptFidelity != nil }) else { continue }
                var cells: [String] = []
                for motor in comparison.motors {
                    let a = ours[motor.name]?.meanKeptFidelity, b = max?[motor.name]?.meanKeptFidelity
                    cells.append("\(figure(a)) / \(figure(b))" + Self.fidelityMark(ours: a, max: b))
                }
                out += "| \(inputClass) | \(pad.name) | " + cells.joined(separator: " | ") + " | \(lost(ours)) / \(lost(max)) |\n"
            }
        }
        return out
    }

    /// The README's summary line: every input together on the generic pad, the range over the motors,
    /// and how close SDLHaptics comes to the limit.
    public func summary(pad: String = "generic") -> String {
        var parts: [String] = []
        var pooled: [Approach: [String: (lost: Int, transients: Int, corr: [Double])]] = [:]
        for approach in comparison.approaches {
            var byMotor: [String: (lost: Int, transients: Int, corr: [Double])] = [:]
            for inputClass in comparison.classes {
                guard let row = comparison.results[inputClass]?[.init(approach: approach, pad: pad)] else { continue }
                for (motor, aggregate) in row {
                    let sum = byMotor[motor] ?? (0, 0, [])
                    byMotor[motor] = (sum.lost + aggregate.lostTransients, sum.transients + aggregate.transients,
                                      sum.corr + aggregate.lagCorrelations)
                }
            }
            pooled[approach] = byMotor
        }
        var total = 0
        for approach in comparison.approaches {
            guard let byMotor = pooled[approach], !byMotor.isEmpty else { continue }
            let lost = byMotor.values.map { $0.transients == 0 ? 0 : 100 * Double($0.lost) / Double($0.transients) }
            total = byMotor.values.first?.transients ?? 0
            let corr = byMotor.values.map { FeltComparison.Aggregate.mean($0.corr) }
            let lostText = range(lost) { String(format: "%.0f", $0) }
            parts.append("\(approach.rawValue) \(lostText) % lost, correlation " + range(corr) { String(format: "%.2f", $0) })
        }
        var close = ""
        if let ours = pooled[.sdlHaptics], let limit = pooled[.limit] {
            let shares = comparison.motors.compactMap { motor -> Double? in
                guard let a = ours[motor.name], let l = limit[motor.name] else { return nil }
                let lc = FeltComparison.Aggregate.mean(l.corr)
                return lc > 0 ? FeltComparison.Aggregate.mean(a.corr) / lc : nil
            }
            close = " SDLHaptics reaches " + range(shares.map { $0 * 100 }) { String(format: "%.0f", $0) } + " % of the limit's correlation."
        }
        let inputs = comparison.scenarioNames.values.map(\.count).reduce(0, +)
        return "**What a player feels** (`make felt`): on a modelled ERM pad (\(pad) profile, fast to slow motors), "
            + "\(inputs) inputs, \(total) transients distinct in the intent (lost: no motor felt it rise; correlation: best "
            + "over lags 0–80 ms): " + parts.joined(separator: "; ") + "." + close + " " + limitSentence() + " It is not ahead "
            + "everywhere: [docs/performance.md](docs/performance.md#what-a-player-feels-issue-20) says where and why."
    }

    /// Whether SDLHaptics' calls stayed within every pad's write limit on every input.
    public func limitSentence() -> String {
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

    public func svg(seconds: Double, title: String) -> String {
        let traces = comparison.chart
        let width = 940.0, laneHeight = 70.0, left = 230.0, right = 20.0, top = 40.0
        let height = top + Double(traces.count) * (laneHeight + 12) + 40
        let plotWidth = width - left - right
        let step = FeltComparison.step
        let samples = Int(seconds / step)
        var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="12">
        <rect width="100%" height="100%" fill="white"/>
        <text x="\(Int(left))" y="22" font-size="14">\(escape(title))</text>

        """
        let colors = ["#444444", "#1f77b4", "#d62728", "#ff7f0e", "#2ca02c", "#9467bd"]
        for (index, trace) in traces.enumerated() {
            let y0 = top + Double(index) * (laneHeight + 12)
            let base = y0 + laneHeight
            svg += "<text x=\"\(Int(left) - 8)\" y=\"\(Int(y0 + laneHeight / 2))\" text-anchor=\"end\">\(escape(trace.label))</text>\n"
            svg += "<line x1=\"\(Int(left))\" y1=\"\(Int(base))\" x2=\"\(Int(width - right))\" y2=\"\(Int(base))\" stroke=\"#bbb\"/>\n"
            let thresholdY = base - FeltCriteria.threshold * laneHeight
            svg += "<line x1=\"\(Int(left))\" y1=\"\(fmt(thresholdY))\" x2=\"\(Int(width - right))\" y2=\"\(fmt(thresholdY))\" stroke=\"#ddd\" stroke-dasharray=\"4 3\"/>\n"
            var points: [String] = []
            let stride = max(samples / 900, 1)
            var k = 0
            while k < min(samples, trace.values.count) {
                let x = left + Double(k) / Double(samples) * plotWidth
                let y = base - trace.values[k] * laneHeight
                points.append("\(fmt(x)),\(fmt(y))")
                k += stride
            }
            svg += "<polyline fill=\"none\" stroke=\"\(colors[index % colors.count])\" stroke-width=\"1.5\" points=\"\(points.joined(separator: " "))\"/>\n"
        }
        let axisY = top + Double(traces.count) * (laneHeight + 12) + 10
        var t = 0.0
        while t <= seconds + 1e-9 {
            let x = left + t / seconds * plotWidth
            svg += "<text x=\"\(fmt(x))\" y=\"\(fmt(axisY))\" text-anchor=\"middle\">\(String(format: "%.1f", t)) s</text>\n"
            t += seconds <= 2 ? 0.2 : 0.5
        }
        svg += "<text x=\"\(Int(left))\" y=\"\(fmt(axisY + 20))\" fill=\"#666\">felt amplitude 0…1 per lane (dashed: felt threshold \(FeltCriteria.threshold))</text>\n"
        svg += "</svg>\n"
        return svg
    }

    private func fmt(_ v: Double) -> String { String(format: "%.1f", v) }
    private func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
