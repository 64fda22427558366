import Foundation

/// The comparison written out: markdown tables for docs/performance.md, a summary line for the
/// README, the list of places where SDLHaptics is not at least as good, and an SVG chart.
public struct FeltReport {
    public let comparison: FeltComparison

    public init(_ comparison: FeltComparison) { self.comparison = comparison }

    /// Tolerances under which two results count as equal (below what the measures resolve).
    public static let delayTolerance = 0.001
    public static let correlationTolerance = 0.005
    public static let tailTolerance = 0.005

    func range(_ values: [Double], _ format: (Double) -> String) -> String {
        guard let lo = values.min(), let hi = values.max() else { return "–" }
        let a = format(lo), b = format(hi)
        return a == b ? a : "\(a)–\(b)"
    }

    /// One table per input class: rows approach × pad, columns the measures as ranges over the motors.
    public func tables() -> String {
        var out = ""
        let motors = comparison.motors.map(\.name)
        for inputClass in comparison.classes {
            guard let rows = comparison.results[inputClass] else { continue }
            let names = comparison.scenarioNames[inputClass] ?? []
            let any = rows.values.first?.values.first
            out += "#### \(inputClass)\n\n\(names.count) input\(names.count == 1 ? "" : "s"); \(comparison.intendedTransients[inputClass] ?? 0) "
                + "intended transients, \(any?.transients ?? 0) of them distinct in the intent (measured).\n\n"
            out += "| approach | pad | transients lost | felt onset delay, median | correlation with intent | SDL calls/s, peak (pad limit) | felt after the end, median |\n"
            out += "|---|---|---|---|---|---|---|\n"
            for key in rows.keys.sorted() {
                let byMotor = motors.compactMap { rows[key]?[$0] }
                let lost = range(byMotor.map { $0.lostFraction * 100 }) { String(format: "%.0f %%", $0) }
                let delay = range(byMotor.compactMap { $0.medianOnsetDelay.map { $0 * 1000 } }) { String(format: "%.0f ms", $0) }
                let corr = range(byMotor.map(\.meanCorrelation)) { String(format: "%.2f", $0) }
                let tail = range(byMotor.map { $0.medianTail * 1000 }) { String(format: "%.0f ms", $0) }
                let approach = key.approach?.rawValue ?? "*intended (no motor)*"
                var calls = "–"
                var pad = "–"
                if let padName = key.pad, let p = (comparison.pads + comparison.variants).first(where: { $0.name == padName }) {
                    pad = padName
                    let limit = p.link.interval > 0 ? Int((1 / p.link.interval).rounded()) : 0
                    calls = "\(byMotor.first?.peakCallsPerSecond ?? 0) (\(limit))"
                }
                out += "| \(approach) | \(pad) | \(lost) | \(delay) | \(corr) | \(calls) | \(tail) |\n"
            }
            out += "\n"
        }
        return out
    }

    /// Every (class, pad, motor, measure, approach) where SDLHaptics does worse than another approach,
    /// one line each with both figures.
    public func shortfalls() -> [String] {
        shortfallRecords().map { r in
            let parts = r.row.split(separator: "|")
            return "\(parts[0]), \(r.pad), \(r.motor), \(r.measure), against \(parts[1]): \(r.detail)"
        }
    }

    /// The shortfalls as one table: a row per input class and other approach, a column per measure,
    /// each cell the pads (and motors: f fast, m measured, s slow) where SDLHaptics does worse.
    public func shortfallTable() -> String {
        let measures = ["transients lost", "onset delay", "correlation", "calls over the pad's limit", "felt after the end"]
        var cells: [String: [String: [String: [String]]]] = [:]   // row -> measure -> pad -> motors
        for line in shortfallRecords() {
            cells[line.row, default: [:]][line.measure, default: [:]][line.pad, default: []].append(line.motor)
        }
        var out = "| input class | against | " + measures.joined(separator: " | ") + " |\n"
        out += "|---|---|" + measures.map { _ in "---" }.joined(separator: "|") + "|\n"
        let allMotors = comparison.motors.map(\.name)
        for inputClass in comparison.classes {
            for other in Approach.allCases where other != .sdlHaptics {
                let row = "\(inputClass)|\(other.rawValue)"
                var columns: [String] = []
                for measure in measures {
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
                let limit = pad.link.interval > 0 ? 1 / pad.link.interval : .infinity
                for other in Approach.allCases where other != .sdlHaptics {
                    guard let theirs = rows[.init(approach: other, pad: pad.name)] else { continue }
                    let row = "\(inputClass)|\(other.rawValue)"
                    for motor in comparison.motors {
                        guard let a = ours[motor.name], let b = theirs[motor.name] else { continue }
                        func add(_ measure: String, _ detail: String) {
                            records.append(ShortfallRecord(row: row, measure: measure, pad: pad.name, motor: motor.name, detail: detail))
                        }
                        if a.lostTransients > b.lostTransients { add("transients lost", "\(a.lostTransients) vs \(b.lostTransients)") }
                        if let da = a.medianOnsetDelay, let db = b.medianOnsetDelay, da > db + Self.delayTolerance {
                            add("onset delay", String(format: "%.0f vs %.0f ms", da * 1000, db * 1000))
                        }
                        if a.meanCorrelation < b.meanCorrelation - Self.correlationTolerance {
                            add("correlation", String(format: "%.2f vs %.2f", a.meanCorrelation, b.meanCorrelation))
                        }
                        if Double(a.peakCallsPerSecond) > limit && Double(b.peakCallsPerSecond) <= limit {
                            add("calls over the pad's limit", "\(a.peakCallsPerSecond) vs \(b.peakCallsPerSecond)")
                        }
                        if a.medianTail > b.medianTail + Self.tailTolerance {
                            add("felt after the end", String(format: "%.0f vs %.0f ms", a.medianTail * 1000, b.medianTail * 1000))
                        }
                    }
                }
            }
        }
        return records
    }

    /// A chart of the chart scenario: the intended amplitude and each approach's felt amplitude,
    /// one lane each, over the first `seconds`.
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
        let colors = ["#444444", "#1f77b4", "#d62728", "#ff7f0e", "#2ca02c"]
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
