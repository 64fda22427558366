import Foundation
import Haptics

/// Runs every scenario through every approach on every pad, simulates the felt vibration with every
/// motor parameter set, and aggregates the measures per input class.
///
/// Load-time tool code (allocates freely); results are deterministic for the same inputs.
public struct FeltComparison {
    /// A row of a table: an approach on a pad, or the intended signal itself (`pad` nil).
    public struct RowKey: Hashable, Sendable, Comparable {
        /// nil: the intended signal, measured without any motor.
        public var approach: Approach?
        public var pad: String?
        public init(approach: Approach?, pad: String?) {
            self.approach = approach
            self.pad = pad
        }
        public static func < (a: RowKey, b: RowKey) -> Bool {
            let order = Approach.allCases
            let ia = a.approach.map { order.firstIndex(of: $0)! + 1 } ?? 0
            let ib = b.approach.map { order.firstIndex(of: $0)! + 1 } ?? 0
            if ia != ib { return ia < ib }
            return (a.pad ?? "") < (b.pad ?? "")
        }
    }

    /// The measures of one row with one motor, summed over a class's scenarios.
    public struct Aggregate: Sendable {
        public var scenarios = 0
        public var transients = 0
        public var lostTransients = 0
        public var onsetDelays: [Double] = []
        public var missedOnsets = 0
        public var correlations: [Double] = []
        public var peakCallsPerSecond = 0
        public var tails: [Double] = []

        mutating func add(_ m: FeltMeasures) {
            scenarios += 1
            transients += m.transients
            lostTransients += m.lostTransients
            onsetDelays += m.onsetDelays
            missedOnsets += m.missedOnsets
            correlations.append(m.correlation)
            peakCallsPerSecond = max(peakCallsPerSecond, m.peakCallsPerSecond)
            tails.append(m.tail)
        }

        /// Lost transients as a fraction (0 when there were none).
        public var lostFraction: Double { transients == 0 ? 0 : Double(lostTransients) / Double(transients) }
        public var medianOnsetDelay: Double? { Self.median(onsetDelays) }
        public var meanCorrelation: Double { correlations.isEmpty ? 0 : correlations.reduce(0, +) / Double(correlations.count) }
        public var medianTail: Double { Self.median(tails) ?? 0 }

        static func median(_ values: [Double]) -> Double? {
            guard !values.isEmpty else { return nil }
            let sorted = values.sorted()
            let mid = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
        }
    }

    /// A felt trace kept for a chart.
    public struct Trace: Sendable {
        public var label: String
        public var values: [Double]
    }

    public let rate: Double
    public let motors: [ERMParameters]
    public let pads: [Pad]
    /// What-if profiles (not shipped): SDLHaptics alone is run with them, as extra rows named after
    /// the pad, so a proposed profile change can be judged by the same measures.
    public let variants: [Pad]
    /// class -> row -> motor name -> aggregate.
    public private(set) var results: [String: [RowKey: [String: Aggregate]]] = [:]
    /// Classes in the order first seen.
    public private(set) var classes: [String] = []
    /// Scenario names per class.
    public private(set) var scenarioNames: [String: [String]] = [:]
    /// SDLHaptics' lost transients on the chart's pad and motor ("scenario @time"), for inspection.
    public private(set) var lostLog: [String] = []
    /// Every intended transient per class, distinct in the intent or not.
    public private(set) var intendedTransients: [String: Int] = [:]
    /// Scenarios left out (no haptic content), with the reason.
    public private(set) var skipped: [String] = []
    /// The chart's traces, for the scenario named `chartScenario` (pad `chartPad`, motor `chartMotor`).
    public private(set) var chart: [Trace] = []
    public let chartScenario: String?
    public let chartPad: String
    public let chartMotor: String
    /// Sampling step of the felt model, seconds.
    public static let step = 0.001

    public init(rate: Double = 60, motors: [ERMParameters] = ERMParameters.range, pads: [Pad]? = nil,
                variants: [Pad] = [], chartScenario: String? = nil, chartPad: String = "generic", chartMotor: String = "measured") {
        self.rate = rate
        self.motors = motors
        self.pads = pads ?? Pad.ermPads(rate: rate)
        self.variants = variants
        self.chartScenario = chartScenario
        self.chartPad = chartPad
        self.chartMotor = chartMotor
    }

    /// Runs one scenario and adds its measures to its class.
    public mutating func run(_ scenario: Scenario) {
        let capture = ScenarioRun.captured(scenario, rate: rate)
        let frames = capture.frameCount
        var intendedFrames = [Double](repeating: 0, count: frames)
        for voice in capture.levels {
            for k in 0..<min(frames, voice.count) {
                let l = voice[k]
                intendedFrames[k] += max(l.lowFrequency, l.highFrequency, l.leftTrigger, l.rightTrigger)
            }
        }
        intendedFrames = intendedFrames.map { min($0, 1) }
        guard let lastFrame = intendedFrames.lastIndex(where: { $0 > 0 }) else {
            skipped.append("\(scenario.inputClass)/\(scenario.name): no haptic signal")
            return
        }
        let intendedEnd = Double(lastFrame + 1) / rate
        func level(voice: Int, at time: Double) -> Double {
            let k = min(max(Int((time * rate).rounded(.up)), 0), capture.levels[voice].count - 1)
            guard k >= 0 else { return 0 }
            let l = capture.levels[voice][k]
            return max(l.lowFrequency, l.highFrequency, l.leftTrigger, l.rightTrigger)
        }
        var transientTimes: [Double] = []
        for t in capture.transients.sorted(by: { $0.time < $1.time }) where level(voice: t.voice, at: t.time) > 0 {
            if let last = transientTimes.last, t.time - last < 0.001 { continue }
            transientTimes.append(t.time)
        }
        var onsetTimes = transientTimes
        for effect in capture.effects {
            let levels = capture.levels[effect.voice]
            guard let first = (effect.frame..<levels.count).first(where: { k in
                let l = levels[k]; return max(l.lowFrequency, l.highFrequency, l.leftTrigger, l.rightTrigger) > 0 }) else { continue }
            let t = Double(first) / rate
            if onsetTimes.contains(where: { abs($0 - t) < 1 / rate + 1e-9 }) { continue }
            onsetTimes.append(t)
        }
        onsetTimes.sort()

        var shippedDrive: [String: [ActuatorLevels]] = [:]
        for pad in pads + variants { shippedDrive[pad.name] = ScenarioRun.shipped(scenario, profile: pad.profile, rate: rate) }
        let longest = max(frames, shippedDrive.values.map(\.count).max() ?? 0)
        let end = Double(longest) / rate + 1.0
        let count = Int((end / Self.step).rounded(.up))
        let intended = (0..<count).map { k -> Double in
            let f = Int((Double(k) * Self.step * rate + 1e-9).rounded(.down))
            return f < frames ? intendedFrames[f] : 0
        }

        // Only transients and onsets that stand out in the intent itself are measured: a transient
        // that lands on an envelope already at full (overlapping impacts summed to 1, a dense
        // texture of taps) cannot be felt as a separate peak whatever renders it.
        let allTransients = transientTimes.count
        transientTimes = transientTimes.filter {
            FeltMeasures.firstRise(in: intended, step: Self.step, after: $0, within: FeltCriteria.transientWindow) != nil
        }
        onsetTimes = onsetTimes.filter {
            FeltMeasures.firstRise(in: intended, step: Self.step, after: $0, within: FeltCriteria.onsetWindow) != nil
        }
        let inputClass = scenario.inputClass
        if results[inputClass] == nil { classes.append(inputClass); results[inputClass] = [:] }
        scenarioNames[inputClass, default: []].append(scenario.name)
        intendedTransients[inputClass, default: 0] += allTransients
        let reference = FeltMeasures(felt: intended, intended: intended, step: Self.step, transientTimes: transientTimes,
                                     onsetTimes: onsetTimes, intendedEnd: intendedEnd, callTimes: [])
        for motor in motors { results[inputClass]![RowKey(approach: nil, pad: nil), default: [:]][motor.name, default: Aggregate()].add(reference) }

        let isChart = scenario.name == chartScenario
        if isChart { chart = [Trace(label: "intended", values: intended)] }
        let others: [(Approach, [RumbleCall])] = [
            (.rawSDL, ApproachCalls.rawSDL(capture: capture, rate: rate)),
            (.clipStepping, ApproachCalls.clipStepping(capture: capture, rate: rate)),
            (.channelMax, ApproachCalls.channelMax(capture: capture, rate: rate)),
        ]
        for pad in pads + variants {
            let hasTriggers = pad.profile.actuators.contains(.leftTrigger)
            let shipped = ApproachCalls.sdlHaptics(drive: shippedDrive[pad.name] ?? [], rate: rate, hasTriggers: hasTriggers)
            let isVariant = variants.contains { $0.name == pad.name }
            for (approach, calls) in [(Approach.sdlHaptics, shipped)] + (isVariant ? [] : others) {
                let steps = pad.link.driveSteps(for: calls, until: end)
                for motor in motors {
                    let felt = FeltTrace(steps: steps, parameters: motor, count: count, step: Self.step).combined
                    let m = FeltMeasures(felt: felt, intended: intended, step: Self.step, transientTimes: transientTimes,
                                         onsetTimes: onsetTimes, intendedEnd: intendedEnd, callTimes: calls.map(\.time))
                    results[inputClass]![RowKey(approach: approach, pad: pad.name), default: [:]][motor.name, default: Aggregate()].add(m)
                    if pad.name == chartPad && motor.name == chartMotor && approach == .sdlHaptics {
                        for t0 in transientTimes where FeltMeasures.firstRise(in: felt, step: Self.step, after: t0, within: FeltCriteria.transientWindow) == nil {
                            lostLog.append("\(scenario.name) @\(String(format: "%.3f", t0))")
                        }
                    }
                    if isChart && pad.name == chartPad && motor.name == chartMotor {
                        chart.append(Trace(label: approach.rawValue, values: felt))
                    }
                }
            }
        }
    }
}
