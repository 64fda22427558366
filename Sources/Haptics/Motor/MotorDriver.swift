/// The last stage before a device: turns the mixed intent of one output (an `IntentWindow`: now and
/// over the lookahead grid, with its taps) into the drive it sends, and predicts what the hand feels.
///
/// Per frame: first the **trigger fold** (on a profile without trigger motors the left trigger's
/// level folds into the low-frequency motor and the right trigger's into the high-frequency motor,
/// `MotorMapping.foldTriggers`), for the intent now and every lookahead sample. Then, when the profile's
/// `minimumUpdateInterval` allows a write, each actuator's `DrivePlanner` predicts a few candidate
/// plans, and the driver picks one per actuator (MotorDriver+BodyPair.swift): the two body motors
/// together, because a tap counts as felt when either of them shows it (each onset costs the smaller
/// of the two motors' shortfalls, so one motor may coast for a tap while the other follows the
/// intent); trigger motors each alone.
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
    /// This frame's intent after the trigger fold: per actuator now and ahead, with the taps.
    private var intent = IntentWindow.zero
    /// This frame's candidates of every actuator (scratch storage, reserved once).
    var candidates: ContiguousArray<DrivePlanner.Candidate> = []
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
    struct CandidateRanges {
        var starts = SIMD4<Int>.zero
        var ends = SIMD4<Int>.zero
        subscript(actuator: Actuator) -> Range<Int> { starts[actuator.rawValue]..<ends[actuator.rawValue] }
    }
    private var plan = Plan()
    /// Whether every actuator of the profile follows its drive at once (the `virtual` profile).
    private let isInstant: Bool
    /// Whether the last frame that could write may write again on the next step (isolated taps then get
    /// mapped bursts; on slower links a write holds for a whole tap anyway).
    private var writesEveryStep = true
    /// The weight of a tap's shortfalls against the tracking error (the profile's tuning).
    let salienceWeight: Double

    init(profile: MotorProfile) {
        self.profile = profile
        low = DrivePlanner(response: profile.lowFrequency, tuning: profile.driveTuning)
        high = DrivePlanner(response: profile.highFrequency, tuning: profile.driveTuning)
        left = DrivePlanner(response: profile.triggers, tuning: profile.driveTuning)
        right = DrivePlanner(response: profile.triggers, tuning: profile.driveTuning)
        salienceWeight = profile.driveTuning.salienceWeight
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

    /// The drive levels for frame time `time` (seconds), given the output's mixed intent now and at
    /// the lookahead grid's points after now, with its taps (`mixed`, 0...1 per actuator).
    mutating func drive(_ mixed: IntentWindow, at time: Double) -> ActuatorLevels {
        let elapsed = lastUpdateTime.map { min(max(time - $0, 0), 1) } ?? 0
        lastUpdateTime = time
        low.advance(by: elapsed)
        high.advance(by: elapsed)
        if profile.actuators.contains(.leftTrigger) { left.advance(by: elapsed) }
        if profile.actuators.contains(.rightTrigger) { right.advance(by: elapsed) }

        intent = mixed.folded(into: profile.actuators)
        let taps = intent.taps
        let freshTaps = intent.tapsNow

        // A microsecond of tolerance: frames 1/60 s apart on a 1/60 s pad must not be held back by rounding;
        // at game times so large that the clock itself is coarser (1e12 s: 1.2e-4 s apart), two of its units.
        if time - lastChangeTime >= profile.minimumUpdateInterval - max(1e-6, 2 * time.ulp) {
            let step = LookaheadGrid.step
            let frame = elapsed > 0 ? elapsed : step
            let stride = min(max(Int((frame / step).rounded()), 1), LookaheadGrid.points)
            var spacing = max(Int((writeSpacing / step - 1e-6).rounded(.up)), 1)
            spacing = ((spacing + stride - 1) / stride) * stride
            writesEveryStep = spacing == 1
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
        commitAll(freshTaps: freshTaps)
        return levels
    }

    /// Plans this frame: every actuator's candidates, the cheapest choice (writing, or on a pad whose
    /// writes are further apart than a frame, waiting), kept as `plan`. Returns the drives to send now.
    private mutating func planned(taps: SIMD4<UInt32>, freshTaps: ActuatorSet, stride: Int, spacing: Int) -> ActuatorLevels {
        let considerWait = spacing > stride
        var ranges = CandidateRanges()
        var anyOnset = false
        // The list is moved out of `candidates` (its storage moves, nothing is copied) so that each
        // planner can be asked in place while the list grows.
        var list: ContiguousArray<DrivePlanner.Candidate> = []
        swap(&list, &candidates)
        list.removeAll(keepingCapacity: true)
        for actuator in Actuator.allCases where profile.actuators.contains(actuator) {
            let lane = actuator.rawValue
            let window = window(of: actuator), freshTap = freshTaps.contains(actuator)
            let actuatorTaps = taps[lane], limited = intent.limited[lane]
            ranges.starts[lane] = list.count
            let onset = withPlanner(of: actuator) { planner in
                let onset = planner.isOnset(window, freshTap: freshTap)
                planner.candidates(window, taps: actuatorTaps, limited: limited, onsetNow: onset, stride: stride,
                                   writeSpacing: spacing, considerWait: considerWait, into: &list)
                return onset
            }
            ranges.ends[lane] = list.count
            anyOnset = anyOnset || onset
        }
        swap(&list, &candidates)
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
    private mutating func commitAll(freshTaps: ActuatorSet) {
        for actuator in Actuator.allCases where profile.actuators.contains(actuator) {
            let window = window(of: actuator)
            let sent = levels[actuator], intentNow = window[0], isTap = freshTaps.contains(actuator)
            let taps = intent.taps[actuator.rawValue], mapsBursts = writesEveryStep
            updatePlanner(of: actuator) { planner in
                planner.commit(drive: sent, intent: intentNow, window: window, onset: planner.isOnset(window, freshTap: isTap),
                               taps: taps, mapsBursts: mapsBursts)
            }
        }
    }

    /// Runs `body` on the planner of `actuator`, read in place: a copy per actuator and frame would
    /// copy its state and retain its shared model.
    @inline(__always) private func withPlanner<Result>(of actuator: Actuator, _ body: (borrowing DrivePlanner) -> Result) -> Result {
        switch actuator {
        case .lowFrequency: return body(low)
        case .highFrequency: return body(high)
        case .leftTrigger: return body(left)
        case .rightTrigger: return body(right)
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
        let allSteps: UInt32 = (1 << UInt32(LookaheadGrid.points + 1)) - 1
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
        while k + shift <= LookaheadGrid.points {
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

    /// The folded intent of `actuator` now and at the lookahead samples.
    @inline(__always) private func window(of actuator: Actuator) -> SIMD8<Double> { intent[actuator] }
}
