import Foundation

/// The limit's optimiser for one motor channel: dynamic programming over the drive levels the pad
/// can take and a quantised motor state, then a forward pass with the exact state.
///
/// The problem: a drive level is chosen for every write slot `[slotTimes[i], slotTimes[i + 1])`; after
/// the last slot time (the horizon) the drive is 0. The motor is `ERMMotor` with the true parameters.
/// The objective, in this order (lexicographic: one transient outweighs any tracking):
///
/// 1. transients lost: each transient at t0 needs the felt amplitude to reach
///    `FeltMeasures.risen(from: a(t0 − 1 ms))` at a sample within 50 ms (the measures' own test, on
///    this channel). Two transients may wait at once (windows overlap when taps are less than 50 ms
///    apart): they wait for the higher of their two needs, and the older one alone rises when the
///    younger one's window has not begun; a third one opening while two wait costs the oldest
///    (conservative: the DP never counts a transient as felt that the measure would not);
/// 2. tracking: the sum over the samples before the horizon of (a(t) − target(t))² · step, plus the
///    coast after it (a² · spin-down τ / 2, its exact integral): the felt amplitude against the intent
///    at zero lag, so being late, lingering, too weak or too strong all cost. Squared rather than
///    absolute error because the absolute error of a tap shorter than the spin-down is smallest
///    when the tap is barely felt (its coast costs more than its absence); the squared error, like
///    the correlation, rewards a felt tap of about the intended strength.
///
/// The DP state at a slot boundary is the felt amplitude on a grid of 1/100 and, while transients
/// wait for their rise, how many (one or two) and the level they need (rounded up to 0.02; 1 at
/// most, which no drive reaches); values between grid points are interpolated (tracking linearly,
/// transients lost as the worse of the two neighbours). Within a slot the drive is constant, so
/// the amplitude moves monotonically and the window test needs only the window's first and last
/// sample in the slot. The forward pass then follows the exact amplitude and the exact needed level,
/// choosing each slot's drive against the tabled future. Overlapping windows are scored two ways
/// (`Overlap`); `solve(_:)` runs the DP with each and keeps the drive that `evaluate` (the measures'
/// own test, exact) finds better. What it sends is then measured like every other drive.
///
/// Cost: O(slots · grid · drives · samples per slot) plus O(grid · drives · needs) per slot with a
/// waiting transient; memory O(slots · grid) and O(grid · needs) per such slot.
public struct FeltLimitSolver {
    /// One channel's problem.
    public struct Problem: Sendable {
        /// Times the drive may change, seconds, increasing, the first 0. The last is the horizon:
        /// from it on the drive is 0.
        public var slotTimes: [Double]
        /// Slots whose drive is forced to 0 (a slot that belongs to no write), by index.
        public var zeroSlots: Set<Int>
        /// The target felt amplitude per sample (`step` apart from 0), 0...1; 0 beyond the end.
        public var target: [Double]
        /// Transient times on this channel, seconds, increasing.
        public var transients: [Double]
        /// The drive levels the pad can take (0...1, at its resolution).
        public var drives: [Double]
        public var motor: ERMParameters
        public var step: Double

        public init(slotTimes: [Double], zeroSlots: Set<Int> = [], target: [Double], transients: [Double],
                    drives: [Double], motor: ERMParameters, step: Double) {
            self.slotTimes = slotTimes
            self.zeroSlots = zeroSlots
            self.target = target
            self.transients = transients
            self.drives = drives
            self.motor = motor
            self.step = step
        }
    }

    /// Weight of one lost transient against the tracking cost (lexicographic in practice: the
    /// tracking cost of an input is at most its length in seconds).
    public static let transientPenalty = 1000.0
    /// Amplitude grid points (0, 1/100, ..., 1).
    static let grid = 101
    /// Needed levels of waiting transients: 0.1, 0.12, ..., 1.0 (rounded up).
    static let needBase = FeltCriteria.threshold
    static let needStep = 0.02
    static let needs = Int(((1.0 - needBase) / needStep).rounded()) + 1

    /// What happens at a sample, for one transient. `rank` is how many later transients have
    /// opened by then (0: it is the youngest; waiting transients are always the youngest ones).
    enum Op {
        /// The transient's window covers samples lo...hi: it rises if the amplitude reaches the need.
        case check(lo: Int, hi: Int, rank: Int)
        /// A transient opens; its need comes from the amplitude at this sample.
        case open(base: Int)
        /// The transient's window ends (lost if it is still waiting).
        case close(rank: Int)
    }

    struct Slot {
        var start: Double
        var end: Double
        var firstSample: Int
        var sampleCount: Int
        /// e^(-(t_k - start) / tau) for the slot's samples, and at the slot's end.
        var upDecay: [Double]
        var downDecay: [Double]
        var upEnd: Double
        var downEnd: Double
        var ops: [Op]
        /// How many transients may be waiting at the slot's start (0...2).
        var waitingAtStart: Int
        var actions: [Int]
    }

    /// Transients waiting for their rise: how many (0...2) and the level they need.
    struct Waiting {
        var count = 0
        var need = 0.0
    }

    /// How the DP scores transients whose windows overlap (both are conservative; `solve()` runs
    /// both and keeps the better drive as measured).
    public enum Overlap: Sendable, CaseIterable {
        /// A transient's window ends where the next one's base sample is: one waits at a time.
        case truncated
        /// Windows keep their 50 ms; two may wait at once (see the objective above).
        case paired
    }

    let problem: Problem
    let overlap: Overlap
    let amplitudes: [Double]
    var slots: [Slot] = []

    public init(_ problem: Problem, overlap: Overlap = .paired) {
        self.problem = problem
        self.overlap = overlap
        amplitudes = problem.drives.map { problem.motor.steadyAmplitude(drive: $0) }
        buildSlots()
    }

    /// The first sample at or after `time` (as `FeltTrace` applies a drive step: at sample k when
    /// step time <= k * step).
    func firstSample(atOrAfter time: Double) -> Int {
        var k = max(Int((time / problem.step).rounded(.up)), 0)
        while k > 0 && Double(k - 1) * problem.step >= time { k -= 1 }
        while Double(k) * problem.step < time { k += 1 }
        return k
    }

    mutating func buildSlots() {
        let p = problem
        let horizonSample = firstSample(atOrAfter: p.slotTimes.last ?? 0)
        // Per transient: base, first and last window sample.
        var windows: [(base: Int, first: Int, last: Int)] = []
        for (i, t0) in p.transients.enumerated() {
            let (b, first, last) = FeltMeasures.riseSamples(after: t0, within: FeltCriteria.transientWindow, step: p.step)
            var end = min(last, horizonSample - 1)
            if overlap == .truncated && i + 1 < p.transients.count {
                end = min(end, max(FeltMeasures.riseSamples(after: p.transients[i + 1], within: 0, step: p.step).base, 0))
            }
            // A window with no sample left cannot rise whatever the drive: it costs the same
            // everywhere, so it is not part of the problem.
            if max(first, 0) <= end { windows.append((max(b, 0), max(first, 0), end)) }
        }
        // Events in sample order; at one sample: checks, then closes, then opens.
        var events: [(sample: Int, order: Int, op: Op)] = []
        for (j, w) in windows.enumerated() {
            events.append((w.base, 2, .open(base: w.base)))
            // The window's check, split where a later transient opens (its rank changes there).
            let laterOpens = windows[(j + 1)...].map(\.base).filter { $0 >= w.first && $0 < w.last }
            var lo = w.first
            var rank = windows[(j + 1)...].filter { $0.base < w.first }.count
            for cut in laterOpens.sorted() {
                if lo <= cut { events.append((lo, 0, .check(lo: lo, hi: cut, rank: rank))) }
                lo = cut + 1
                rank += 1
            }
            events.append((lo, 0, .check(lo: lo, hi: w.last, rank: rank)))
            events.append((w.last, 1, .close(rank: windows[(j + 1)...].filter { $0.base < w.last }.count)))
        }
        events.sort { ($0.sample, $0.order) < ($1.sample, $1.order) }
        for s in 0..<(p.slotTimes.count - 1) {
            let start = p.slotTimes[s], end = p.slotTimes[s + 1]
            let k0 = firstSample(atOrAfter: start), k1 = firstSample(atOrAfter: end)
            var upDecay: [Double] = [], downDecay: [Double] = []
            for k in k0..<max(k0, k1) {
                let dt = Double(k) * p.step - start
                upDecay.append(exp(-dt / p.motor.spinUpSeconds))
                downDecay.append(exp(-dt / p.motor.spinDownSeconds))
            }
            // The slot's ops, in sample order: a check split at the slot's edges.
            var ops: [(Int, Int, Op)] = []
            for e in events {
                switch e.op {
                case .check(let lo, let hi, let rank):
                    let a = max(lo, k0), b = min(hi, k1 - 1)
                    if a <= b { ops.append((a, 0, .check(lo: a, hi: b, rank: rank))) }
                case .open, .close:
                    if e.sample >= k0 && e.sample < k1 { ops.append((e.sample, e.order, e.op)) }
                }
            }
            ops.sort { ($0.0, $0.1) < ($1.0, $1.1) }
            let actions = p.zeroSlots.contains(s) ? [zeroAction] : Array(p.drives.indices)
            slots.append(Slot(start: start, end: end, firstSample: k0, sampleCount: max(k1 - k0, 0),
                              upDecay: upDecay, downDecay: downDecay,
                              upEnd: exp(-(end - start) / p.motor.spinUpSeconds),
                              downEnd: exp(-(end - start) / p.motor.spinDownSeconds),
                              ops: ops.map(\.2), waitingAtStart: 0, actions: actions))
        }
        // How many may wait across each slot boundary: opened before it, closing after it (two at most).
        var open = 0
        for s in slots.indices {
            slots[s].waitingAtStart = min(open, 2)
            for op in slots[s].ops {
                switch op {
                case .open: open += 1
                case .close: open -= 1
                case .check: break
                }
            }
        }
    }

    var zeroAction: Int { amplitudes.indices.min { problem.drives[$0] < problem.drives[$1] } ?? 0 }

    /// Modes: 0 nothing waiting; 1 + n one waiting with need index n; 1 + needs + n two waiting.
    static func modeCount(waiting: Int) -> Int { 1 + waiting * needs }

    static func mode(of waiting: Waiting) -> Int {
        guard waiting.count > 0 else { return 0 }
        let n = min(max(Int(((waiting.need - needBase) / needStep - 1e-9).rounded(.up)), 0), needs - 1)
        return 1 + (waiting.count - 1) * needs + n
    }

    static func waiting(of mode: Int) -> Waiting {
        guard mode > 0 else { return Waiting() }
        return Waiting(count: 1 + (mode - 1) / needs, need: needBase + Double((mode - 1) % needs) * needStep)
    }

    /// The value of the future from a slot boundary: per mode per grid point, transients lost and
    /// tracking cost.
    struct Value {
        var lost: [Double]
        var tracking: [Double]
        var modes: Int
        @inline(__always)
        func at(mode: Int, amplitude a: Double) -> (lost: Double, tracking: Double) {
            let x = min(max(a, 0), 1) * Double(FeltLimitSolver.grid - 1)
            let g = min(Int(x), FeltLimitSolver.grid - 2)
            let frac = x - Double(g)
            let m = min(mode, modes - 1) * FeltLimitSolver.grid
            // Lost transients as the worse neighbour: interpolating them would promise a rise
            // between a grid point that makes it and one that does not, and the forward pass would
            // find out too late.
            let l = frac > 1e-9 ? max(lost[m + g], lost[m + g + 1]) : lost[m + g]
            return (l,
                    tracking[m + g] + (tracking[m + g + 1] - tracking[m + g]) * frac)
        }
    }

    /// The squared tracking error over one slot from amplitude `a` with drive index `d`.
    @inline(__always)
    func tracking(slot: Slot, from a: Double, drive d: Int) -> Double {
        let target = amplitudes[d]
        let decay = target > a ? slot.upDecay : slot.downDecay
        let delta = a - target
        let y = problem.target
        var sum = 0.0
        for m in 0..<slot.sampleCount {
            let k = slot.firstSample + m
            let e = target + delta * decay[m] - (k < y.count ? y[k] : 0)
            sum += e * e
        }
        return sum * problem.step
    }

    /// The transients over one slot from amplitude `a` with drive index `d`, entering with
    /// `waiting`: how many are lost, the amplitude at the end and what waits then.
    @inline(__always)
    func transients(slot: Slot, from a: Double, drive d: Int, waiting entering: Waiting) -> (lost: Int, end: Double, waiting: Waiting) {
        let target = amplitudes[d]
        let rising = target > a
        let decay = rising ? slot.upDecay : slot.downDecay
        let delta = a - target
        var w = entering
        var lost = 0
        for op in slot.ops {
            switch op {
            case .check(let lo, let hi, let rank):
                guard w.count > rank else { continue }
                let peak = max(target + delta * decay[lo - slot.firstSample], target + delta * decay[hi - slot.firstSample])
                if peak >= w.need { w.count = rank }   // it and every older one rise
            case .open(let base):
                let need = min(FeltMeasures.risen(from: target + delta * decay[base - slot.firstSample]), 1)
                if w.count == 2 { lost += 1 }          // a third: the oldest is given up
                w = Waiting(count: min(w.count + 1, 2), need: w.count == 0 ? need : max(w.need, need))
            case .close(let rank):
                if w.count > rank { lost += w.count - rank; w.count = rank }
            }
        }
        if w.count == 0 { w.need = 0 }
        return (lost, target + delta * (rising ? slot.upEnd : slot.downEnd), w)
    }

    /// The best drive per slot (the last slot time, the horizon, is not a slot: its drive is 0): the
    /// DP under each way of scoring overlapping windows, the better of the two as `evaluate` measures
    /// it (fewer transients lost, then less tracking cost).
    public static func solve(_ problem: Problem) -> [Double] {
        var best: (drives: [Double], lost: Int, tracking: Double)? = nil
        for overlap in Overlap.allCases {
            let solver = FeltLimitSolver(problem, overlap: overlap)
            let drives = solver.solve()
            let score = solver.evaluate(drives)
            if best == nil || score.lost < best!.lost || (score.lost == best!.lost && score.tracking < best!.tracking) {
                best = (drives, score.lost, score.tracking)
            }
            // Without windows that overlap the two are the same problem.
            let overlapping = zip(problem.transients, problem.transients.dropFirst()).contains {
                $1 - $0 < FeltCriteria.transientWindow + 2 * problem.step
            }
            if !overlapping { break }
        }
        return best?.drives ?? []
    }

    /// `drives` (one per slot) measured exactly: transients lost on this channel (the measures'
    /// test, every window its full 50 ms) and the tracking cost of the objective.
    public func evaluate(_ drives: [Double]) -> (lost: Int, tracking: Double) {
        let p = problem
        let end = firstSample(atOrAfter: p.slotTimes.last ?? 0)
        var felt = [Double](repeating: 0, count: end + Int((FeltCriteria.transientWindow / p.step).rounded(.up)) + 2)
        var motor = ERMMotor(parameters: p.motor)
        var tracking = 0.0
        for (s, slot) in slots.enumerated() {
            let drive = s < drives.count ? drives[s] : 0
            var now = slot.start
            for k in slot.firstSample..<(slot.firstSample + slot.sampleCount) {
                let t = Double(k) * p.step
                motor.hold(drive: drive, seconds: t - now)
                now = t
                felt[k] = motor.amplitude
                let e = motor.amplitude - (k < p.target.count ? p.target[k] : 0)
                tracking += e * e * p.step
            }
            motor.hold(drive: drive, seconds: slot.end - now)
        }
        tracking += motor.amplitude * motor.amplitude * p.motor.spinDownSeconds / 2
        var now = p.slotTimes.last ?? 0
        for k in end..<felt.count {
            let t = Double(k) * p.step
            motor.hold(drive: 0, seconds: t - now)
            now = t
            felt[k] = motor.amplitude
        }
        let lost = p.transients.filter {
            FeltMeasures.firstRise(in: felt, step: p.step, after: $0, within: FeltCriteria.transientWindow) == nil
        }.count
        return (lost, tracking)
    }

    /// The DP's drive per slot under this solver's scoring of overlapping windows.
    public func solve() -> [Double] {
        let p = problem
        let G = Self.grid
        let D = p.drives.count
        let coast = p.motor.spinDownSeconds
        // Terminal value at the horizon: coasting from a costs a² · tau / 2 (its integral); every
        // transient still waiting is lost.
        let terminalModes = Self.modeCount(waiting: 2)
        var terminal = Value(lost: [Double](repeating: 0, count: G * terminalModes),
                             tracking: [Double](repeating: 0, count: G * terminalModes), modes: terminalModes)
        for mode in 0..<terminalModes {
            for g in 0..<G {
                let a = Double(g) / Double(G - 1)
                terminal.tracking[mode * G + g] = a * a * coast / 2
                terminal.lost[mode * G + g] = Double(Self.waiting(of: mode).count)
            }
        }
        var values = [Value](repeating: terminal, count: slots.count + 1)
        var trackingTable = [Double](repeating: 0, count: G * D)
        for s in stride(from: slots.count - 1, through: 0, by: -1) {
            let slot = slots[s]
            let modes = Self.modeCount(waiting: slot.waitingAtStart)
            var value = Value(lost: [Double](repeating: 0, count: G * modes), tracking: [Double](repeating: 0, count: G * modes), modes: modes)
            // Tracking per grid point and drive, shared by every mode.
            for g in 0..<G {
                let a = Double(g) / Double(G - 1)
                for d in slot.actions { trackingTable[g * D + d] = tracking(slot: slot, from: a, drive: d) }
            }
            let future = values[s + 1]
            for mode in 0..<modes {
                let entering = Self.waiting(of: mode)
                for g in 0..<G {
                    let a = Double(g) / Double(G - 1)
                    var bestCost = Double.infinity, bestLost = 0.0, bestTracking = 0.0
                    for d in slot.actions {
                        let r = transients(slot: slot, from: a, drive: d, waiting: entering)
                        let f = future.at(mode: Self.mode(of: r.waiting), amplitude: r.end)
                        let lost = Double(r.lost) + f.lost
                        let tracking = trackingTable[g * D + d] + f.tracking
                        let cost = lost * Self.transientPenalty + tracking
                        if cost < bestCost {
                            bestCost = cost
                            bestLost = lost
                            bestTracking = tracking
                        }
                    }
                    value.lost[mode * G + g] = bestLost
                    value.tracking[mode * G + g] = bestTracking
                }
            }
            values[s] = value
        }

        // Forward pass with the exact amplitude and need.
        var drives: [Double] = []
        var a = 0.0
        var waiting = Waiting()
        for (s, slot) in slots.enumerated() {
            let future = values[s + 1]
            var best = slot.actions[0]
            var bestCost = Double.infinity
            var outcome = (end: a, waiting: waiting)
            for d in slot.actions {
                let r = transients(slot: slot, from: a, drive: d, waiting: waiting)
                let f = future.at(mode: Self.mode(of: r.waiting), amplitude: r.end)
                let cost = (Double(r.lost) + f.lost) * Self.transientPenalty + tracking(slot: slot, from: a, drive: d) + f.tracking
                if cost < bestCost - 1e-12 {
                    bestCost = cost
                    best = d
                    outcome = (r.end, r.waiting)
                }
            }
            drives.append(p.drives[best])
            a = outcome.end
            waiting = outcome.waiting
        }
        return drives
    }
}
