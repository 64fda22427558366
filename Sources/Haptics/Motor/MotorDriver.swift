/// The last stage before a device: turns the mixed intent of one output into the drive it sends, and
/// predicts what the hand feels.
///
/// Per frame: first the **trigger fold** (on a profile without trigger motors the left trigger's
/// level folds into the low-frequency motor and the right trigger's into the high-frequency motor,
/// `MotorMapping.foldTriggers`), for the intent now and every lookahead sample. Then, when the profile's
/// `minimumUpdateInterval` allows a write, each actuator's `DrivePlanner` predicts a few candidate
/// plans, and the driver picks one per actuator: the two body motors together, because a tap counts
/// as felt when either of them shows it (each onset costs the smaller of the two motors' shortfalls,
/// so one motor may coast for a tap while the other follows the intent); trigger motors each alone.
/// On pads whose writes are further apart than a planning step, keeping the drive (waiting, so that a
/// write is free when a tap comes) competes with writing. On pads written every frame the chosen plan
/// is followed for up to `Plan.maximumAge` frames while the intent goes as it foresaw (no new tap),
/// then planned again. Levels are rounded to the profile's resolution; actuators the output lacks
/// stay 0. A change is never sent sooner than `minimumUpdateInterval` after the previous one.
///
/// Stateful value; one per output, owned by the engine. Per frame: O(actuators × plan), no allocation
/// (the intent's scratch storage is made once).
struct MotorDriver: Sendable {
    /// The device's profile.
    let profile: MotorProfile
    /// The levels most recently returned by `drive`.
    private(set) var levels: ActuatorLevels = .zero
    private var low: DrivePlanner
    private var high: DrivePlanner
    private var left: DrivePlanner
    private var right: DrivePlanner
    private var lastChangeTime: Double = -.infinity
    private var lastUpdateTime: Double? = nil
    /// The folded intent per actuator, `DrivePlanner.lookahead + 1` values each (now, then ahead).
    private var intent: ContiguousArray<Double>
    /// This frame's candidates of every actuator (scratch storage, reserved once).
    private var candidates: ContiguousArray<DrivePlanner.Candidate> = []
    private let writeSpacing: Double
    /// The plan chosen at the last planning frame: per actuator (by raw value) the drive for each step
    /// and the intent window and taps it was made for (storage made once).
    private struct Plan {
        /// Frames a plan is followed at most before planning again.
        static let maximumAge = 5
        var isValid = false
        var age = 0
        var drives = ContiguousArray(repeating: SIMD8<Double>.zero, count: Actuator.allCases.count)
        var windows = ContiguousArray(repeating: SIMD8<Double>.zero, count: Actuator.allCases.count)
        var taps = SIMD4<UInt32>.zero
    }
    /// Per actuator, where its candidates of this frame lie in `candidates` (empty: none).
    private struct CandidateRanges {
        var starts = SIMD4<Int>.zero
        var ends = SIMD4<Int>.zero
        subscript(actuator: Actuator) -> Range<Int> { starts[actuator.rawValue]..<ends[actuator.rawValue] }
    }
    private var plan = Plan()
    /// Whether every actuator of the profile follows its drive at once (the `virtual` profile).
    private let isInstant: Bool

    init(profile: MotorProfile) {
        self.profile = profile
        low = DrivePlanner(response: profile.lowFrequency)
        high = DrivePlanner(response: profile.highFrequency)
        left = DrivePlanner(response: profile.triggers)
        right = DrivePlanner(response: profile.triggers)
        intent = ContiguousArray(repeating: 0, count: 4 * (DrivePlanner.lookahead + 1))
        candidates.reserveCapacity(4 * DrivePlanner.maximumCandidates)
        writeSpacing = profile.minimumUpdateInterval
        isInstant = profile.lowFrequency.isInstant && profile.highFrequency.isInstant && profile.triggers.isInstant
    }

    /// The predicted felt level of every actuator now (0...1 of each motor's full strength).
    var predictedFelt: ActuatorLevels {
        ActuatorLevels(lowFrequency: profile.actuators.contains(.lowFrequency) ? low.felt : 0,
                       highFrequency: profile.actuators.contains(.highFrequency) ? high.felt : 0,
                       leftTrigger: profile.actuators.contains(.leftTrigger) ? left.felt : 0,
                       rightTrigger: profile.actuators.contains(.rightTrigger) ? right.felt : 0)
    }

    /// The drive levels for frame time `time` (seconds), given the mixed intent now (0...1 per
    /// actuator), the lookahead samples `ahead[aheadStart ..< aheadStart + DrivePlanner.lookahead]`
    /// (the intent `DrivePlanner.step` apart after now), and the actuators where a transient starts now.
    mutating func drive(intent now: ActuatorLevels, ahead: ContiguousArray<ActuatorLevels>,
                        aheadOnsets: ContiguousArray<ActuatorSet>, aheadStart: Int,
                        onsets: ActuatorSet, at time: Double) -> ActuatorLevels {
        let elapsed = lastUpdateTime.map { min(max(time - $0, 0), 1) } ?? 0
        lastUpdateTime = time
        low.advance(by: elapsed)
        high.advance(by: elapsed)
        if profile.actuators.contains(.leftTrigger) { left.advance(by: elapsed) }
        if profile.actuators.contains(.rightTrigger) { right.advance(by: elapsed) }

        let count = DrivePlanner.lookahead + 1
        let actuators = profile.actuators
        let folded = MotorMapping.foldTriggers(now, into: actuators)
        store(folded, at: 0)
        for k in 1..<count {
            store(MotorMapping.foldTriggers(ahead[aheadStart + k - 1], into: actuators), at: k)
        }
        let freshTaps = MotorMapping.foldTriggers(onsets, into: actuators)
        // Per actuator (lane = raw value), the steps (bit k) where a pattern's transient starts: now, then ahead.
        var taps = SIMD4<UInt32>.zero
        for k in 0..<count {
            let set = k == 0 ? freshTaps : MotorMapping.foldTriggers(aheadOnsets[aheadStart + k - 1], into: actuators)
            let bit = UInt32(1) << UInt32(k)
            for actuator in Actuator.allCases where set.contains(actuator) { taps[actuator.rawValue] |= bit }
        }

        // A microsecond of tolerance: frames 1/60 s apart on a 1/60 s pad must not be held back by rounding;
        // at game times so large that the clock itself is coarser (1e12 s: 1.2e-4 s apart), two of its units.
        if time - lastChangeTime >= profile.minimumUpdateInterval - max(1e-6, 2 * time.ulp) {
            let step = DrivePlanner.step
            let frame = elapsed > 0 ? elapsed : step
            let stride = min(max(Int((frame / step).rounded()), 1), DrivePlanner.lookahead)
            var spacing = max(Int((writeSpacing / step - 1e-6).rounded(.up)), 1)
            spacing = ((spacing + stride - 1) / stride) * stride
            // The plan of an earlier frame still holds while the intent goes as it foresaw (the
            // window moved on by one step, no new tap): follow it instead of planning again, for at
            // most `Plan.maximumAge` frames. Only on pads written every frame.
            if spacing == 1 && stride == 1 && plan.isValid && plan.age < Plan.maximumAge && planStillHolds(taps: taps) {
                plan.age += 1
                var drives = ActuatorLevels.zero
                for actuator in Actuator.allCases { drives[actuator] = plan.drives[actuator.rawValue][plan.age] }
                send(drives, at: time)
            } else {
                send(planned(taps: taps, freshTaps: freshTaps, stride: stride, spacing: spacing), at: time)
            }
        }
        commitAll(folded: folded, freshTaps: freshTaps)
        return levels
    }

    /// Plans this frame: every actuator's candidates, the cheapest choice (writing, or on a pad whose
    /// writes are further apart than a frame, waiting), kept as `plan`. Returns the drives to send now.
    private mutating func planned(taps: SIMD4<UInt32>, freshTaps: ActuatorSet, stride: Int, spacing: Int) -> ActuatorLevels {
        let count = DrivePlanner.lookahead + 1
        let considerWait = spacing > stride
        candidates.removeAll(keepingCapacity: true)
        var ranges = CandidateRanges()
        var anyOnset = false
        for actuator in Actuator.allCases where profile.actuators.contains(actuator) {
            let lane = actuator.rawValue
            let planner = planner(of: actuator)
            let onset = planner.isOnset(window(of: actuator), freshTap: freshTaps.contains(actuator))
            ranges.starts[lane] = candidates.count
            planner.candidates(intent, base: lane * count, taps: taps[lane], onsetNow: onset, stride: stride,
                               writeSpacing: spacing, considerWait: considerWait, into: &candidates)
            ranges.ends[lane] = candidates.count
            anyOnset = anyOnset || onset
        }
        let write = choose(ranges, waiting: false)
        var chosen = write
        if considerWait && !anyOnset {
            let wait = choose(ranges, waiting: true)
            if wait.cost < write.cost { chosen = wait }
        }
        // (An instant profile's plan is the intent itself: it is never kept, so its drive is this
        // frame's intent exactly, not the lookahead's sample of it.)
        plan.isValid = spacing == 1 && stride == 1 && !isInstant
        plan.age = 0
        plan.taps = taps
        for actuator in Actuator.allCases {
            let lane = actuator.rawValue
            plan.windows[lane] = window(of: actuator)
            plan.drives[lane] = chosen.picks[lane] >= 0 ? candidates[chosen.picks[lane]].drives : .zero
        }
        return chosen.drives
    }

    /// Sends `drives` rounded to the profile's resolution; a change restarts the write interval.
    private mutating func send(_ drives: ActuatorLevels, at time: Double) {
        let bits = profile.resolutionBits
        let target = ActuatorLevels(lowFrequency: MotorMapping.quantize(drives.lowFrequency, bits: bits),
                                    highFrequency: MotorMapping.quantize(drives.highFrequency, bits: bits),
                                    leftTrigger: MotorMapping.quantize(drives.leftTrigger, bits: bits),
                                    rightTrigger: MotorMapping.quantize(drives.rightTrigger, bits: bits))
        if target != levels {
            levels = target
            lastChangeTime = time
        }
    }

    /// Records this frame's drive and intent in every planner. Trigger planners of a pad without
    /// trigger motors have nothing to record (their levels are folded into the body motors).
    private mutating func commitAll(folded: ActuatorLevels, freshTaps: ActuatorSet) {
        for actuator in Actuator.allCases where profile.actuators.contains(actuator) {
            let window = window(of: actuator)
            let sent = levels[actuator], intentNow = folded[actuator], isTap = freshTaps.contains(actuator)
            updatePlanner(of: actuator) { planner in
                planner.commit(drive: sent, intent: intentNow, window: window, onset: planner.isOnset(window, freshTap: isTap))
            }
        }
    }

    /// The planner of `actuator` (a small value: its fixed part, `DrivePlanner.Model`, is shared).
    @inline(__always) private func planner(of actuator: Actuator) -> DrivePlanner {
        switch actuator {
        case .lowFrequency: return low
        case .highFrequency: return high
        case .leftTrigger: return left
        case .rightTrigger: return right
        }
    }

    /// Runs `body` on the planner of `actuator`, in place.
    @inline(__always) private mutating func updatePlanner(of actuator: Actuator, _ body: (inout DrivePlanner) -> Void) {
        switch actuator {
        case .lowFrequency: body(&low)
        case .highFrequency: body(&high)
        case .leftTrigger: body(&left)
        case .rightTrigger: body(&right)
        }
    }

    /// Whether the kept plan foresaw this frame, `plan.age + 1` steps after it was made: every
    /// actuator's intent now and ahead is the kept window moved on by that many steps (within half a
    /// percent), and no tap appeared in it.
    @inline(__always) private func planStillHolds(taps: SIMD4<UInt32>) -> Bool {
        let shift = plan.age + 1
        // A tap still to come moves closer; a new one (or one at the horizon's end) is news.
        let allSteps: UInt32 = (1 << UInt32(DrivePlanner.lookahead + 1)) - 1
        if taps != (plan.taps &>> UInt32(shift)) & allSteps { return false }
        for actuator in Actuator.allCases
        where !Self.shifted(plan.windows[actuator.rawValue], by: shift, matches: window(of: actuator)) {
            return false
        }
        return true
    }

    /// Whether `new[k]` is `old[k + shift]` within half a percent for every step the old window saw.
    private static func shifted(_ old: SIMD8<Double>, by shift: Int, matches new: SIMD8<Double>) -> Bool {
        var k = 0
        while k + shift <= DrivePlanner.lookahead {
            if abs(new[k] - old[k + shift]) > 0.005 { return false }
            k += 1
        }
        return true
    }

    /// Forgets the held levels after the engine has sent an explicit stop: the drive is 0 from now
    /// and the prediction coasts from where it is.
    mutating func reset() {
        levels = .zero
        plan.isValid = false
        lastChangeTime = -.infinity
        low.release()
        high.release()
        left.release()
        right.release()
    }

    /// The cheapest choice of one candidate per actuator among those that wait (or not): the body
    /// motors as a pair, each trigger alone. An empty range leaves its actuator at 0.
    @inline(__always) private func choose(_ ranges: CandidateRanges, waiting: Bool) -> (drives: ActuatorLevels, cost: Double, picks: SIMD4<Int>) {
        var drives = ActuatorLevels.zero
        var total = 0.0
        var picks = SIMD4<Int>(repeating: -1)
        // The body pair.
        var best = Double.infinity
        var pick = (low: -1, high: -1)
        if ranges[.lowFrequency].isEmpty || ranges[.highFrequency].isEmpty {
            // (No array literal here: this runs every frame and must not allocate.)
            takeCheapest(in: ranges[.lowFrequency], for: .lowFrequency, waiting: waiting, drives: &drives, total: &total, picks: &picks)
            takeCheapest(in: ranges[.highFrequency], for: .highFrequency, waiting: waiting, drives: &drives, total: &total, picks: &picks)
        } else {
            for i in ranges[.lowFrequency] where candidates[i].waits == waiting {
                for j in ranges[.highFrequency] where candidates[j].waits == waiting {
                    let cost = pairCost(i, j)
                    if cost < best {
                        best = cost
                        pick = (i, j)
                    }
                }
            }
            if pick.low >= 0 {
                drives.lowFrequency = candidates[pick.low].drive
                drives.highFrequency = candidates[pick.high].drive
                total += best
                picks[0] = pick.low
                picks[1] = pick.high
            } else {
                total = .infinity
            }
        }
        takeCheapest(in: ranges[.leftTrigger], for: .leftTrigger, waiting: waiting, drives: &drives, total: &total, picks: &picks)
        takeCheapest(in: ranges[.rightTrigger], for: .rightTrigger, waiting: waiting, drives: &drives, total: &total, picks: &picks)
        return (drives, total, picks)
    }

    /// Puts the cheapest candidate of `range` (an actuator chosen alone) into the choice; nothing for
    /// an empty range.
    @inline(__always) private func takeCheapest(in range: Range<Int>, for actuator: Actuator, waiting: Bool,
                                                drives: inout ActuatorLevels, total: inout Double, picks: inout SIMD4<Int>) {
        guard !range.isEmpty else { return }
        let one = cheapest(in: range, waiting: waiting)
        drives[actuator] = one.drive
        total += one.cost
        picks[actuator.rawValue] = one.index
    }

    /// The cheapest candidate in `range` that waits (or not); infinite cost when there is none.
    @inline(__always) private func cheapest(in range: Range<Int>, waiting: Bool) -> (drive: Double, cost: Double, index: Int) {
        var result = (drive: 0.0, cost: Double.infinity, index: -1)
        for index in range where candidates[index].waits == waiting {
            let cost = candidates[index].cost
            if cost < result.cost { result = (candidates[index].drive, cost, index) }
        }
        return result
    }

    /// Both body motors' tracking errors and, per onset, the smaller of their shortfalls and the
    /// stronger motor's weakness, the higher target against the higher peak (either motor's rise makes
    /// a tap felt, the stronger one's peak is its strength; an onset only one motor's intent has counts
    /// that motor's).
    @inline(__always) private func pairCost(_ i: Int, _ j: Int) -> Double {
        let onsetsA = candidates[i].onsets
        let onsetsB = candidates[j].onsets
        var salience = 0.0
        var bits = onsetsA | onsetsB
        while bits != 0 {
            let k = bits.trailingZeroBitCount
            let bit: UInt32 = 1 << UInt32(k)
            bits &= bits - 1
            let shortfall: Double
            let weakness: Double
            if onsetsA & bit == 0 {
                shortfall = candidates[j].shortfall[k]
                weakness = max(candidates[j].tapTarget[k] - candidates[j].tapPeak[k], 0)
            } else if onsetsB & bit == 0 {
                shortfall = candidates[i].shortfall[k]
                weakness = max(candidates[i].tapTarget[k] - candidates[i].tapPeak[k], 0)
            } else {
                shortfall = min(candidates[i].shortfall[k], candidates[j].shortfall[k])
                // The tap's felt strength is the stronger motor's: the higher target against the higher peak.
                weakness = max(max(candidates[i].tapTarget[k], candidates[j].tapTarget[k])
                               - max(candidates[i].tapPeak[k], candidates[j].tapPeak[k]), 0)
            }
            salience += shortfall * shortfall + weakness * weakness
        }
        let unready = min(candidates[i].unready, candidates[j].unready)
        // Content is felt when either motor feels it; a motor whose intent has no content cannot speak
        // for the other's.
        let unfelt = candidates[i].hasContent && candidates[j].hasContent ? min(candidates[i].unfelt, candidates[j].unfelt)
            : candidates[i].unfelt + candidates[j].unfelt
        var tracking = candidates[i].tracking + candidates[j].tracking
        if candidates[i].pulses != candidates[j].pulses {
            // A motor that only pulses taps leaves its intent to the other: it is tracked on the
            // higher of the two levels.
            let (pulse, carrier) = candidates[i].pulses ? (i, j) : (j, i)
            let felt = pointwiseMax(candidates[pulse].levels, candidates[carrier].levels)
            let error = felt - candidates[pulse].intents
            tracking = candidates[carrier].tracking + (error * error).sum() * DrivePlanner.step
        }
        return tracking
            + DrivePlanner.salienceWeight * (salience + unready * unready + unfelt * unfelt)
    }

    /// The folded intent of `actuator` now and at the lookahead samples.
    @inline(__always) private func window(of actuator: Actuator) -> SIMD8<Double> {
        let count = DrivePlanner.lookahead + 1
        var window = SIMD8<Double>.zero
        for k in 0..<count { window[k] = intent[actuator.rawValue * count + k] }
        return window
    }

    private mutating func store(_ levels: ActuatorLevels, at k: Int) {
        let count = DrivePlanner.lookahead + 1
        intent[k] = levels.lowFrequency
        intent[count + k] = levels.highFrequency
        intent[2 * count + k] = levels.leftTrigger
        intent[3 * count + k] = levels.rightTrigger
    }
}
