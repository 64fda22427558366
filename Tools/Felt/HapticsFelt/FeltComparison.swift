import Foundation
import Haptics

/// Runs every scenario through every approach on every pad, simulates the felt vibration with every
/// motor parameter set, finds the limit (the best drive through the same link), and aggregates the
/// measures per input class. Inputs of a class whose intent is identical to one already run are
/// counted once (`merged`).
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

    /// The measures of one row with one motor, summed over a class's inputs.
    public struct Aggregate: Sendable {
        public var scenarios = 0
        public var transients = 0
        public var lostTransients = 0
        public var onsets = 0
        public var onsetDelays: [Double] = []
        public var missedOnsets = 0
        public var correlations: [Double] = []
        public var lagCorrelations: [Double] = []
        public var correlationLags: [Double] = []
        public var trackingErrors: [Double] = []
        public var contentTime = 0.0
        public var contentNotFelt = 0.0
        /// Level fidelity of the inputs that have one (enough distinct tap strengths).
        public var fidelities: [Double] = []
        /// Level fidelity over only the transients each input's approach kept, of the same inputs
        /// (`FeltMeasures.keptLevelFidelity`: 0 where it kept too few distinct strengths).
        public var keptFidelities: [Double] = []
        public var peakCallsPerSecond = 0
        public var tails: [Double] = []

        public init() {}

        public mutating func add(_ m: FeltMeasures) {
            scenarios += 1
            transients += m.transients
            lostTransients += m.lostTransients
            onsets += m.onsets
            onsetDelays += m.onsetDelays
            missedOnsets += m.missedOnsets
            correlations.append(m.correlation)
            lagCorrelations.append(m.lagCorrelation)
            correlationLags.append(m.correlationLag)
            trackingErrors.append(m.trackingError)
            contentTime += m.contentTime
            contentNotFelt += m.contentNotFelt
            if let f = m.levelFidelity { fidelities.append(f) }
            if let f = m.keptLevelFidelity { keptFidelities.append(f) }
            peakCallsPerSecond = max(peakCallsPerSecond, m.peakCallsPerSecond)
            tails.append(m.tail)
        }

        /// Lost transients as a fraction (0 when there were none).
        public var lostFraction: Double { transients == 0 ? 0 : Double(lostTransients) / Double(transients) }
        public var medianOnsetDelay: Double? { FeltStatistics.median(onsetDelays) }
        public var meanCorrelation: Double { Self.mean(correlations) }
        /// Mean over the inputs of the best correlation with lags 0 ... 80 ms.
        public var meanLagCorrelation: Double { Self.mean(lagCorrelations) }
        public var medianCorrelationLag: Double { FeltStatistics.median(correlationLags) ?? 0 }
        /// Mean over the inputs of the tracking error (mean absolute difference at the best lag).
        public var meanTrackingError: Double { Self.mean(trackingErrors) }
        /// Intended time at 0.15 or more with nothing felt, as a fraction of all such time.
        public var contentNotFeltFraction: Double { contentTime > 0 ? contentNotFelt / contentTime : 0 }
        /// Mean level fidelity over the inputs that have one; nil when none has.
        public var meanFidelity: Double? { fidelities.isEmpty ? nil : Self.mean(fidelities) }
        /// Mean level fidelity over only the transients kept (`FeltMeasures.keptLevelFidelity`), over the
        /// inputs that have one; nil when none has.
        public var meanKeptFidelity: Double? { keptFidelities.isEmpty ? nil : Self.mean(keptFidelities) }
        public var medianTail: Double { FeltStatistics.median(tails) ?? 0 }

        static func mean(_ values: [Double]) -> Double { values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count) }
    }

    /// A felt trace kept for a chart.
    public struct Trace: Sendable {
        public var label: String
        public var values: [Double]
    }

    public let rate: Double
    public let motors: [ERMParameters]
    public let pads: [Pad]
    /// Whether the limit runs (its rows are missing without it).
    public let includesLimit: Bool
    /// Where solved limit channels are kept between runs (memory only without a directory).
    public let limitCache: FeltLimitCache
    /// class -> row -> motor name -> aggregate.
    public private(set) var results: [String: [RowKey: [String: Aggregate]]] = [:]
    /// Classes in the order first seen.
    public private(set) var classes: [String] = []
    /// Input names per class (the ones measured; merged ones are in `merged`).
    public private(set) var scenarioNames: [String: [String]] = [:]
    /// Per class, the inputs whose intent is identical to one measured before: (input, the one it
    /// is counted as).
    public private(set) var merged: [String: [(name: String, sameAs: String)]] = [:]
    /// SDLHaptics' lost transients on the chart's pad and motor ("scenario @time"), for inspection.
    public private(set) var lostLog: [String] = []
    /// Every intended transient per class (measured inputs only), distinct in the intent or not.
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

    private var seen: [String: [FeltIntent.Identity: String]] = [:]
    /// Per input, the measures of every approach on the chart's pad and motor (`--detail`).
    public var keepsDetails = false
    public private(set) var details: [(inputClass: String, name: String, approach: Approach, measures: FeltMeasures)] = []

    public init(rate: Double = 60, motors: [ERMParameters] = ERMParameters.range, pads: [Pad]? = nil,
                includesLimit: Bool = true, limitCache: FeltLimitCache = FeltLimitCache(directory: nil),
                chartScenario: String? = nil, chartPad: String = "generic", chartMotor: String = "measured") {
        self.rate = rate
        self.motors = motors
        self.pads = pads ?? Pad.ermPads(rate: rate)
        self.includesLimit = includesLimit
        self.limitCache = limitCache
        self.chartScenario = chartScenario
        self.chartPad = chartPad
        self.chartMotor = chartMotor
    }

    /// The approaches in the tables, in order.
    public var approaches: [Approach] { Approach.allCases.filter { $0 != .limit || includesLimit } }

    /// Runs one scenario and adds its measures to its class. Returns what was run (for
    /// `FeltExport`), or nil when the input has no haptic signal or its intent was merged.
    @discardableResult
    public mutating func run(_ scenario: Scenario) -> FeltRecord? {
        let capture = ScenarioRun.captured(scenario, rate: rate)
        guard let intent = FeltIntent(capture: capture, rate: rate) else {
            skipped.append("\(scenario.inputClass)/\(scenario.name): no haptic signal")
            return nil
        }
        let inputClass = scenario.inputClass
        let identity = intent.identity
        if let first = seen[inputClass]?[identity] {
            merged[inputClass, default: []].append((scenario.name, first))
            return nil
        }
        seen[inputClass, default: [:]][identity] = scenario.name

        var shippedDrive: [String: [ActuatorLevels]] = [:]
        for pad in pads { shippedDrive[pad.name] = ScenarioRun.shipped(scenario, profile: pad.profile, rate: rate) }
        let longest = max(capture.frameCount, shippedDrive.values.map(\.count).max() ?? 0)
        let end = Double(longest) / rate + 1.0
        let count = Int((end / Self.step).rounded(.up))
        let intended = intent.samples(count: count)
        let transientTimes = intent.transientTimes

        if results[inputClass] == nil { classes.append(inputClass); results[inputClass] = [:] }
        scenarioNames[inputClass, default: []].append(scenario.name)
        intendedTransients[inputClass, default: 0] += intent.allTransientCount
        func measure(_ channels: [[Double]], calls: [Double]) -> FeltMeasures {
            FeltMeasures(channels: channels, intended: intended, step: Self.step, transientTimes: transientTimes,
                         onsetTimes: intent.onsetTimes, intendedEnd: intent.intendedEnd, callTimes: calls)
        }
        let reference = measure([intended], calls: [])
        for motor in motors { results[inputClass]![RowKey(approach: nil, pad: nil), default: [:]][motor.name, default: Aggregate()].add(reference) }

        var record = FeltRecord(name: scenario.name, inputClass: inputClass, rate: rate, step: Self.step, intent: intent,
                                voices: capture.levels.indices.map { FeltRecord.Voice(first: capture.firstFrames[$0], levels: capture.levels[$0]) })
        let isChart = scenario.name == chartScenario
        if isChart { chart = [Trace(label: "intended", values: intended)] }
        let others: [(Approach, [RumbleCall])] = [
            (.rawSDL, ApproachCalls.rawSDL(capture: capture, rate: rate)),
            (.clipStepping, ApproachCalls.clipStepping(capture: capture, rate: rate)),
            (.channelMax, ApproachCalls.channelMax(capture: capture, rate: rate)),
        ]
        for pad in pads {
            let shipped = ApproachCalls.sdlHaptics(drive: shippedDrive[pad.name] ?? [], rate: rate, hasTriggers: FeltLimit.hasTriggers(pad))
            // (approach, motor the drive is for (nil: every motor), calls)
            var drives: [(Approach, ERMParameters?, [RumbleCall])] = ([(Approach.sdlHaptics, shipped)] + others).map { ($0.0, nil, $0.1) }
            if includesLimit {
                for motor in motors {
                    drives.append((.limit, motor, FeltLimit.calls(for: intent, pad: pad, motor: motor, step: Self.step, cache: limitCache)))
                }
            }
            for (approach, only, calls) in drives {
                let steps = pad.link.driveSteps(for: calls, until: end)
                record.drives.append(FeltRecord.Drive(approach: approach, pad: pad, motor: only?.name, steps: steps, callTimes: calls.map(\.time)))
                for motor in motors where only == nil || only == motor {
                    let channels = FeltTrace(steps: steps, parameters: motor, count: count, step: Self.step).channels
                    let m = measure(channels, calls: calls.map(\.time))
                    results[inputClass]![RowKey(approach: approach, pad: pad.name), default: [:]][motor.name, default: Aggregate()].add(m)
                    guard pad.name == chartPad && motor.name == chartMotor else { continue }
                    if keepsDetails { details.append((inputClass, scenario.name, approach, m)) }
                    if approach == .sdlHaptics {
                        for t0 in transientTimes where !channels.contains(where: {
                            FeltMeasures.firstRise(in: $0, step: Self.step, after: t0, within: FeltCriteria.transientWindow) != nil
                        }) {
                            lostLog.append("\(scenario.name) @\(String(format: "%.3f", t0))")
                        }
                    }
                    if isChart { chart.append(Trace(label: approach.rawValue, values: FeltMeasures.strongest(channels))) }
                }
            }
        }
        return record
    }
}

/// What one input ran: its intent, its voices and every drive as the pad received it (for
/// `FeltExport`).
public struct FeltRecord: Sendable {
    public struct Voice: Sendable {
        /// The frame the voice was made in; `levels[first]` is its first level.
        public var first: Int
        /// Per frame from frame 0 (0 before `first`): low, high, left trigger, right trigger.
        public var levels: [ActuatorLevels]
    }
    public struct Drive: Sendable {
        public var approach: Approach
        public var pad: Pad
        /// The motor set a limit drive was found for (nil: the approach ignores the motor).
        public var motor: String?
        public var steps: [DriveStep]
        public var callTimes: [Double]
    }
    public var name: String
    public var inputClass: String
    public var rate: Double
    public var step: Double
    public var intent: FeltIntent
    public var voices: [Voice]
    public var drives: [Drive] = []
}
