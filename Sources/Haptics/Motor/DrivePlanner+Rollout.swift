extension DrivePlanner {
    // MARK: - Rolling a plan out and costing it (docs/engine.md, "What the plans aim at", "Costs")

    private var up: Decay { model.up }
    private var down: Decay { model.down }
    private var slowest: MotorResponse { model.slowest }
    private var slowUp: Decay { model.slowUp }
    private var slowDown: Decay { model.slowDown }
    private var fastest: MotorResponse { model.fastest }
    private var fastUp: Decay { model.fastUp }
    private var fastDown: Decay { model.fastDown }

    /// How many steps a tap rising at step `k` of `window` lasts: the steps from `k` on whose intent
    /// stays at least half the tap's level (`points + 1 - k` when it lasts past the horizon).
    static func tapDuration(_ window: SIMD8<Double>, from k: Int) -> Int {
        let level = window[k]
        var steps = 0
        var j = k
        while j <= points && window[j] >= level * 0.5 && window[j] > 0 {
            steps += 1
            j += 1
        }
        return j > points ? points + 1 - k : max(steps, 1)
    }

    /// The scale of a tap's rise that keeps felt peaks in the order of the taps' strengths: a tap
    /// shorter than `tapWindow` steps reaches at most `1 − e^(−duration / spin-up)` of its level
    /// whatever the drive, so every short tap of that length aims at that share of its own rise (a
    /// strong tap at full drive throughout, a light one less), instead of each overdriving to the
    /// same ceiling. 1 for a longer tap.
    func burstScale(duration: Int) -> Double {
        guard Double(duration) < tuning.tapWindow, up.factor > 0 else { return 1 }
        var decay = 1.0
        for _ in 0..<duration { decay *= up.factor }
        return 1 - decay
    }

    /// The steps after a tap within which its rise is judged: a transient's 50 ms.
    static let judgedSteps = 3

    /// How many steps a tap rising at step `k` of `window` lasts above the intent before it: the steps
    /// from `k` on whose intent stays at least half its rise above `before` (`points + 1 - k` when it
    /// lasts past the horizon).
    static func riseDuration(_ window: SIMD8<Double>, from k: Int, before: Double) -> Int {
        let half = before + (window[k] - before) * 0.5
        var steps = 0
        var j = k
        while j <= points && window[j] >= half && window[j] > before {
            steps += 1
            j += 1
        }
        return j > points ? points + 1 - k : max(steps, 1)
    }

    /// A tap's share of the room above the intent before it: how strong it is, 0...1 (from silence,
    /// its level).
    static func tapShare(peak: Double, before: Double) -> Double {
        guard before < 1 else { return 1 }
        return min(max((peak - before) / (1 - before), 0), 1)
    }

    /// An isolated short tap's burst: full drive for `kick` steps, then until `length` steps either one
    /// constant drive that reaches `target` (the figures' felt level) by its end (`body` < 0), or the
    /// drive whose steady level is `body`.
    struct MappedBurst {
        var target: Double
        var kick = 0
        var length: Int
        var body = -1.0
        /// The highest drive beyond the quickest motor's saturation (`DriveTuning.burstQuickCap`; 1: none).
        var cap = 1.0
    }

    /// The burst of an isolated short tap of `steps` steps (its intent peaking at `peak`, `share` of the
    /// room above the intent before it: `tapShare`) that starts from the felt level `level` on the
    /// profile's figures (`slowLevel` on the slowest motor of the range, whose level before the tap is
    /// `slowBase`).
    ///
    /// Mapped: its strength mapped over what the motor offers in its length, by `share`, from the
    /// smallest burst that the slowest motor of the range feels from rest (with the margin) to full
    /// drive, and at least a burst that stands out on the slowest motor from where it is; one constant
    /// drive for its length (`burstNeed`), so on any motor whose felt level grows with its drive, taps
    /// keep the order and spacing of their intents.
    ///
    /// Squeezed (`burstBodySteps` > 0, and only full drive over the tap's length stands out on the
    /// slowest motor: a tap on content near full): one constant drive would be full for every tap. There
    /// the burst is a kick at full drive through the judged steps, the same for every tap at that level
    /// and as much rise within them as any drive gives, so no tap stands out less than a full burst;
    /// then a body up to `burstBodySteps` steps (at least one step) at the
    /// drive whose steady level is the tap's own intended level. From the same level and kick, a
    /// stronger tap's body is a higher drive, so its felt peak within the felt window is at least as
    /// high on any motor whose felt level grows with its drive: a slower motor, still below the tap's
    /// level after the kick, keeps rising towards it; a quicker one, already above, falls back.
    ///
    /// Judged on the quickest, most sensitive motor of the range too (`burstQuickCap`): on content, a
    /// drive beyond that motor's saturation feels the same there for every tap, so a tap whose intent
    /// stays below full goes no higher than the drive at which that motor feels the tap's level (`cap`),
    /// or what stands out on the slowest motor when that is more; a tap at full intent keeps full drive.
    ///
    /// Only on pads written every step (on a slower link one write holds for a whole tap).
    func burstPlan(from level: Double, slowLevel: Double, slowBase: Double, steps: Int, share: Double, peak: Double) -> MappedBurst {
        let r = max(steps, 1)
        var upDecay = 1.0, downDecay = 1.0, slowDecay = 1.0
        for _ in 0..<r { upDecay *= up.factor; downDecay *= down.factor }
        for _ in 0..<min(r, Self.judgedSteps) { slowDecay *= slowUp.factor }
        /// The smallest constant drive that brings the slowest motor from `slowLevel` to `wanted`
        /// within the judged steps.
        func least(_ wanted: Double) -> Double {
            let steady = slowDecay < 1 ? (wanted - slowLevel * slowDecay) / (1 - slowDecay) : wanted
            return steady >= 1 ? 1 : slowest.drive(forSteadyLevel: max(steady, 0))
        }
        /// The figures' felt level after holding `drive` for the burst.
        func reach(_ drive: Double) -> Double {
            let steady = response.steadyLevel(drive: drive)
            return steady + (level - steady) * (steady >= level ? upDecay : downDecay)
        }
        let high = reach(1)
        let low = min(reach(least(tuning.feltThreshold * (1 + tuning.margin))), high)
        let wanted = max(tuning.feltThreshold, tuning.riseFactor * slowBase) * (1 + tuning.margin)
        let standsOut = min(reach(least(wanted)), high)
        let share = min(max(share, 0), 1)
        let bodySteps = Int(tuning.burstBodySteps)
        if bodySteps > 0 && standsOut >= high {
            let kick = min(r, Self.judgedSteps)
            let body = min(max(peak, 0), 1)
            return MappedBurst(target: body, kick: kick, length: max(r, bodySteps, kick + 1), body: body)
        }
        // On content, below full intent: no more than the drive at which the quickest, most sensitive
        // motor of the range feels the tap's level (where the burst's drive would saturate it), and no
        // less than what stands out on the slowest.
        let cap = tuning.burstQuickCap > 0 && peak < 1 && level >= tuning.contentLevel
            ? max(fastest.drive(forSteadyLevel: max(peak, 0)), least(wanted)) : 1
        return MappedBurst(target: min(max(low + (high - low) * share, standsOut), high), length: r, cap: cap)
    }

    /// The steady level a burst asks for to reach `peak` from `level` by the end of `steps` steps at
    /// one constant drive (above 1: out of reach, full drive).
    func burstNeed(from level: Double, to peak: Double, steps: Int) -> Double {
        let decay = peak > level ? up : down
        guard decay.factor > 0 else { return peak }
        var factor = 1.0
        for _ in 0..<max(steps, 1) { factor *= decay.factor }
        return (peak - level * factor) / (1 - factor)
    }

    /// Steps a tap must be apart from the taps before and after it to get a mapped burst.
    static let isolationSteps = 5

    /// Whether the tap rising at sample `k` of `window` (its intent before it `before`, the taps of
    /// the horizon `onsets`) gets a mapped burst: it is short, no other tap starts within its burst,
    /// and no tap (nor a pattern's transient) started in the `isolationSteps` before it (`stepsSinceTap`
    /// before now). In a dense train
    /// a tap rises from what the ones before it left, so the taps are planned together instead (kicks,
    /// coasts between them, the two motors in turn; a mapped burst there would have to rise above what
    /// the last one left, and the taps of a train would ratchet up). Returns its length in steps (its rise,
    /// spanning up to `burstSpanSteps` while its intent still sounds), or nil.
    func isolatedBurst(_ window: SIMD8<Double>, at k: Int, before: Double, onsets: UInt32) -> Int? {
        // (At most `tapWindow` samples: a transient's 50 ms spans 4 when it starts on a step.)
        let rise = Self.riseDuration(window, from: k, before: before)
        guard Double(rise) <= tuning.tapWindow else { return nil }
        var duration = rise
        if tuning.burstSpanSteps > 0 {
            // The burst spans the felt window while the intent still sounds (`DriveTuning.burstSpanSteps`).
            var j = k + rise
            let span = k + Int(tuning.burstSpanSteps)
            while j < span && j <= Self.points && window[j] >= tuning.feltThreshold { j += 1 }
            duration = max(rise, j - k)
        }
        let last = min(k + duration, Self.points)
        let within: UInt32 = ((1 << UInt32(last + 1)) - 1) & ~((1 << UInt32(k + 1)) - 1)
        guard onsets & within == 0 else { return nil }
        let first = max(k - Self.isolationSteps, 0)
        let before: UInt32 = ((1 << UInt32(k)) - 1) & ~((1 << UInt32(first)) - 1)
        guard stepsSinceTap + k >= Self.isolationSteps && onsets & before == 0 else { return nil }
        return duration
    }

    /// The drive that makes a tap stand out on the slowest motor of the range within one step from
    /// its felt level `base` there (with the margin): 1 when nothing less does.
    private func standOutDrive(from base: Double) -> Double {
        let wanted = max(tuning.feltThreshold, tuning.riseFactor * base) * (1 + tuning.margin)
        let f = slowUp.factor
        guard f < 1 else { return 1 }
        let steady = (wanted - base * f) / (1 - f)
        return steady >= 1 ? 1 : slowest.drive(forSteadyLevel: steady)
    }

    /// The steady level the dead-beat asks for (not clamped: above 1 means out of reach, overdrive),
    /// to reach `target` by the end of `steps` steps (a write on a slow link holds that long).
    private func followNeed(from level: Double, to target: Double, steps: Int = 1) -> Double {
        // Within half a percent the motor is there: hold (full intent holds at the saturation, not above).
        if abs(target - level) < 0.005 { return target }
        guard steps > 1 else {
            if target > level { return (target - level * up.factor) * up.gain }
            if target < level { return (target - level * down.factor) * down.gain }
            return target
        }
        let decay = target > level ? up : down
        guard target != level, decay.factor > 0 else { return target }
        var factor = decay.factor
        for _ in 1..<steps { factor *= decay.factor }
        return (target - level * factor) / (1 - factor)
    }

    /// The drive for a needed steady level: full drive when it is out of reach, 0 at or below 0.
    private func drive(forNeed need: Double) -> Double {
        guard need <= 1 else { return 1 }
        // The dead-zone lift: a level worth feeling is felt, at `liftShare` of it, on the stiffest
        // motor of the range too.
        return max(response.drive(forSteadyLevel: need), slowest.drive(forSteadyLevel: need * tuning.liftShare))
    }

    /// What every plan of one frame shares: the intent, its onsets (bit k: an onset k steps ahead) and
    /// the write grid.
    struct Rollout {
        /// The intent now (0) and `k` steps ahead (k); lanes past `points` unused.
        var intent: SIMD8<Double>
        var onsets: UInt32
        /// Steps (bit k) whose intent the mixer's overlap limiter held below full: followed at a drive
        /// the quickest motor of the range feels at the intent, so that a tap posted on it still rises.
        var limited: UInt32 = 0
        var stride: Int
        var writeSpacing: Int
        /// Per step k with an isolated short tap (`isolatedBurst`, the same for every plan of a frame): its
        /// length in steps (0: none), and its share of the room above the intent before it (`tapShare`).
        var bursts = SIMD8<Int32>.zero
        var shares = SIMD8<Double>.zero
        /// ... and its intent's peak (its level, content underneath included).
        var peaks = SIMD8<Double>.zero
    }

    /// One plan predicted over the horizon: coast for `coastSteps` steps (or keep the drive for the
    /// first step when `waitFirst`), then follow, coasting `coastBeforeOnsets` steps before every
    /// onset it makes stand out; writes only on frames and `writeSpacing` apart. The plan runs on
    /// steady levels (what a drive feels like once reached); only the drive for now is converted.
    func rollout(_ plan: Rollout, coastSteps: Int, waitFirst: Bool = false,
                         coastBeforeOnsets: Int = 0, everyOther parity: Int = -1, headroom: Double = 1,
                         pulses: Bool = false, coastFrom: Int = Int.max) -> Candidate {
        var level = prediction.felt
        var steady = response.steadyLevel(drive: drive)
        // The same drive on the slowest motor of the ranges: what a tap's salience is judged on.
        var slowLevel = prediction.slow
        var slowPrevious = prediction.earlierSlow
        var slowSteady = slowest.steadyLevel(drive: drive)
        // ... and on the fastest: content must not fall silent there (a cut before an end too early).
        var fastLevel = prediction.fast
        var fastSteady = fastest.steadyLevel(drive: drive)
        var unfelt = 0.0
        var hasContent = false
        var nextWrite = waitFirst ? plan.stride : 0
        var tracking = 0.0
        var firstDrive = drive
        var plannedDrive = drive
        var shortfall = SIMD8<Double>.zero
        var tapTargets = SIMD8<Double>.zero
        var tapPeaks = SIMD8<Double>.zero
        var levels = SIMD8<Double>.zero
        var drives = SIMD8<Double>.zero
        // The onset of the previous step, if any: the felt level at its start (its base).
        var openOnsetBase = -1.0
        var openOnsetPeak = 0.0
        var openOnsetStrength = 0.0
        var openOnsetBefore = 0.0
        // ... its step, and the step by whose end its rise is judged: the next one (a tap ahead began in
        // the step before its sample: up to 3 steps, a transient's 50 ms, after its start), or on a pad
        // written less often than every step, for a tap rising now, the end of the judged steps
        // (`DriveTuning.spacedJudgedRise`).
        var openOnsetIndex = 0
        var openOnsetJudgedAt = 0
        let judgedAfter = plan.writeSpacing > 1 && tuning.spacedJudgedRise > 0 ? Self.judgedSteps - 1 : 1
        var intentBefore = previousIntent
        // Ranged tap targets (`tapTarget`), and a tap that rose (or a pattern's transient that started:
        // `stepsSinceTap`) since the last write could go out (pads written less often): the same for every
        // step of the plan.
        let rangedTargets = rangesTapTargets(writeSpacing: plan.writeSpacing)
        let tapNotYetWritten = plan.writeSpacing > 1 && tuning.spacedTapHeadroom > 0 && stepsSinceTap < plan.writeSpacing - 1
        let preCoastMask: UInt32 = coastBeforeOnsets > 0 ? (1 << UInt32(coastBeforeOnsets)) - 1 : 0
        // The onsets this plan makes stand out (and coasts before): all, or every other one.
        let ownOnsets = Self.ownOnsets(plan.onsets, everyOther: parity)
        var heldTarget = 0.0
        var heldUntil = -1
        // An isolated short tap's burst (`burstPlan`): a kick at full drive until step `kickUntil`, then
        // its body (`burstBody`) or one drive until step `burstUntil`, reaching `burstTarget` (the
        // figures' felt level) there, at most `burstCap` beyond the quickest motor's saturation; from an
        // earlier frame, or a tap here.
        var burstUntil = mappedBurstStepsLeft
        var burstTarget = mappedBurstTarget
        var kickUntil = mappedKickStepsLeft
        var burstBody = mappedBurstBody
        var burstCap = mappedBurstCap
        // What each sample's intent means for the felt level: itself, or within a short tap's burst,
        // the share of its rise that keeps taps in order.
        var aim = plan.intent
        if burstStepsLeft > 0 {
            for j in 0...min(burstStepsLeft, Self.points) {
                aim[j] = burstBefore + burstScale * max(plan.intent[j] - burstBefore, 0)
            }
        }
        var tapBits = plan.onsets & ((1 << UInt32(Self.points + 1)) - 1)
        while tapBits != 0 {
            let j = tapBits.trailingZeroBitCount
            tapBits &= tapBits - 1
            let duration = Self.tapDuration(plan.intent, from: j)
            let scale = burstScale(duration: duration)
            guard scale < 1 else { continue }
            let before = j > 0 ? plan.intent[j - 1] : previousIntent
            for i in j..<min(j + duration, Self.points + 1) {
                aim[i] = before + scale * max(plan.intent[i] - before, 0)
            }
        }
        for k in 0...Self.points {
            let intent = plan.intent[k]
            // The dead-beat aims at the intent at the end of the step: the felt level then lines up
            // with the intent instead of a step behind it (the voices' future is known).
            let ahead = aim[min(k + 1, Self.points)]
            let bit: UInt32 = 1 << UInt32(k)
            // A tap this plan makes stand out is chased to its strength through the two steps its rise
            // is judged on, even when the intent drops sooner (a dense train sampled between taps).
            let isOwnOnset = ownOnsets & bit != 0
            if isOwnOnset && headroom >= 1 && !pulses && plan.bursts[k] > 0 {
                // (A tap now rises from the level now; one ahead somewhere in the step before its sample.)
                let burst = burstPlan(from: level, slowLevel: slowLevel, slowBase: k == 0 ? slowLevel : max(slowLevel, slowPrevious),
                                      steps: Int(plan.bursts[k]), share: plan.shares[k], peak: plan.peaks[k])
                burstBody = burst.body
                burstCap = burst.cap
                burstUntil = k + burst.length
                burstTarget = burst.target
                kickUntil = k + burst.kick
            }
            if isOwnOnset {
                // At a lowered carrier (headroom < 1) a tap is a bump well above where the motor is;
                // otherwise it is chased to its own strength.
                heldTarget = headroom < 1 ? max(intent * headroom, level * 1.6) : aim[k]
                heldUntil = k + 1
            }
            if k >= nextWrite && (plan.stride == 1 || k % plan.stride == 0) {
                let coastsBefore = !isOwnOnset && k > heldUntil && (ownOnsets >> UInt32(k + 1)) & preCoastMask != 0
                // A tap's burst starts with a write at full drive: the smallest burst every motor in the
                // range feels (a light tap on a slow, stiff motor too); the dead-beat then sizes the rest.
                let coasts = k < coastSteps || k >= coastFrom
                let need = coasts || coastsBefore ? 0
                    : followNeed(from: level, to: k <= heldUntil && ahead > 0 ? max(ahead * headroom, heldTarget) : ahead * headroom,
                                 steps: plan.writeSpacing)
                var sent = drive(forNeed: need)
                let inBurst = k < burstUntil && !coastsBefore
                if inBurst {
                    // An isolated short tap's burst: the one drive that reaches its mapped peak by its end
                    // (a cut before an end does not shorten it: its length is part of its strength).
                    let need = k < kickUntil ? 1 : burstBody >= 0 ? burstBody : burstNeed(from: level, to: burstTarget, steps: burstUntil - k)
                    sent = need >= 1 ? 1 : response.drive(forSteadyLevel: need)
                    // (Beyond the quickest motor's saturation, a tap below full goes no higher than its cap.)
                    if sent > fastest.drive(forSteadyLevel: 1) { sent = min(sent, burstCap) }
                } else if isOwnOnset && headroom >= 1 && plan.writeSpacing == 1 {
                    // A tap's burst is sized to its strength (the dead-beat to its aim) and is at least
                    // what makes it stand out on the slowest motor of the range.
                    sent = max(sent, standOutDrive(from: slowLevel))
                }
                let limitedNowAndNext: UInt32 = (1 << UInt32(k)) | (1 << UInt32(min(k + 1, Self.points)))
                // (Nor, on a pad written less often, is the first write after a tap that rose since the
                // last write could go out: it is still rising, `DriveTuning.spacedTapHeadroom`.)
                if plan.limited & limitedNowAndNext == limitedNowAndNext && !inBurst && !isOwnOnset && !(k == 0 && tapNotYetWritten) {
                    // Headroom: content the mixer held below full is felt at its level on the quickest
                    // motor of the range, no higher, so a tap posted on it rises on every motor.
                    sent = min(sent, fastest.drive(forSteadyLevel: ahead * headroom))
                }
                if pulses {
                    // Only the taps, each the smallest burst that stands out on the slowest motor.
                    sent = isOwnOnset ? standOutDrive(from: slowLevel) : 0
                } else if !(coasts || coastsBefore || inBurst) && ahead >= tuning.contentLevel {
                    // A fade keeps the quickest motor of the range from falling silent under content: a
                    // drive it feels at `fadeShare` of the intent (a stiffer motor feels less or nothing).
                    sent = max(sent, fastest.drive(forSteadyLevel: ahead * headroom * tuning.fadeShare))
                }
                let changes = sent != plannedDrive
                if changes {
                    plannedDrive = sent
                    steady = response.steadyLevel(drive: sent)
                    nextWrite = k + plan.writeSpacing
                    slowSteady = slowest.steadyLevel(drive: sent)
                    fastSteady = fastest.steadyLevel(drive: sent)
                    if k == 0 { firstDrive = sent }
                }
            }
            let slowStart = slowLevel
            tracking += stepError(from: &level, steady: steady, intent: intent)
            // (Lane writes as blends: a SIMD8 written by index in a loop is spilled and reloaded whole on
            // every write, a store-forwarding stall; `intents` is the intent itself, set after the loop.)
            let lane = Self.lane(k)
            levels.replace(with: level, where: lane)
            drives.replace(with: plannedDrive, where: lane)
            slowLevel = MotorPrediction.settle(slowLevel, toward: slowSteady, up: slowUp, down: slowDown)
            fastLevel = MotorPrediction.settle(fastLevel, toward: fastSteady, up: fastUp, down: fastDown)
            if intent >= tuning.contentLevel {
                hasContent = true
                if fastLevel < tuning.feltThreshold { unfelt += tuning.feltThreshold - fastLevel }
            }
            // The ends of the range track too (at the end of each step): a plan that suits the figures
            // but overshoots on a quick motor or lags on a slow one pays for it.
            let fastError = fastLevel - intent, slowError = slowLevel - intent
            tracking += tuning.rangeWeight * (fastError * fastError + slowError * slowError) * LookaheadGrid.step * (intent > 0 ? 1 : tuning.silenceWeight)
            if k == 0 && plan.onsets & (1 << UInt32(Self.carried)) != 0 {
                // The previous frame's onset: its rise is judged by the end of this step.
                let peak = max(slowStart, slowLevel)
                shortfall[Self.carried] = standOutShortfall(base: previousOnsetBase, peak: peak)
                tapTargets[Self.carried] = tapTarget(base: previousOnsetBase, rise: previousOnsetLevel,
                                                     before: previousIntent - previousOnsetLevel,
                                                     ranged: rangedTargets && mappedBurstStepsLeft == 0)
                tapPeaks[Self.carried] = peak
            }
            // An onset is judged on the felt level at its start and the peak by the end of the next step
            // (on a pad written less often, with `spacedJudgedRise`, by the end of the judged steps).
            if openOnsetBase >= 0 {
                openOnsetPeak = max(openOnsetPeak, slowLevel)
                // (Judged now: at its step's end, or when the next tap rises, or at the horizon's end.)
                if k >= openOnsetJudgedAt || plan.onsets & bit != 0 || k == Self.points {
                    let j = openOnsetIndex
                    shortfall[j] = standOutShortfall(base: openOnsetBase, peak: openOnsetPeak)
                    tapTargets[j] = tapTarget(base: openOnsetBase, rise: openOnsetStrength, before: openOnsetBefore,
                                              ranged: rangedTargets && plan.bursts[j] == 0)
                    tapPeaks[j] = openOnsetPeak
                    openOnsetBase = -1
                }
            }
            if plan.onsets & bit != 0 && k < Self.points {
                // The tap began somewhere in the step before this sample: its base is the higher of the
                // felt levels at the two steps' starts (falling while coasting, so the earlier).
                openOnsetBase = max(slowStart, slowPrevious)
                openOnsetPeak = slowLevel
                openOnsetIndex = k
                openOnsetJudgedAt = k + (k == 0 ? judgedAfter : 1)
                openOnsetStrength = max(aim[k] - intentBefore, 0)
                openOnsetBefore = intentBefore
            }
            slowPrevious = slowStart
            intentBefore = intent
        }
        if plan.intent[Self.points] == 0 {
            // The intent has ended within the horizon: what the motor still feels then coasts away
            // after it, ∫ (a·e^(−t/τ))² dt = a²·τ/2, as lingering (at the silence weight).
            tracking += level * level * down.seconds / 2 * tuning.silenceWeight
        }
        // The intent at every step 0...points (the lanes past the horizon 0).
        let intents = plan.intent.replacing(with: 0, where: SIMD8<Int64>(0, 1, 2, 3, 4, 5, 6, 7) .> SIMD8<Int64>(repeating: Int64(Self.points)))
        let density = Double((plan.onsets & ((1 << UInt32(Self.points + 1)) - 1)).nonzeroBitCount) / Double(Self.points + 1)
        let unready = max(slowLevel - model.readyLevel, 0) * density
        return Candidate(drive: firstDrive, tracking: tracking, shortfall: shortfall, tapTarget: tapTargets, tapPeak: tapPeaks,
                         unready: unready, unfelt: unfelt, hasContent: hasContent, onsets: plan.onsets,
                         waits: waitFirst, pulses: pulses, levels: levels, intents: intents, drives: drives)
    }

    /// The mask of lane `k` (0...7) of a `SIMD8`: writing one lane as a blend
    /// (`replace(with:where:)`) keeps the vector in registers.
    @inline(__always) static func lane(_ k: Int) -> SIMDMask<SIMD8<Int64>> {
        SIMD8<Int64>(0, 1, 2, 3, 4, 5, 6, 7) .== SIMD8<Int64>(repeating: Int64(k))
    }

    /// The felt peak a tap should reach by the end of its judged steps, on the slowest motor of the range
    /// (its `weakness` is how far the plan stays below it): from `base` (the felt level when it began),
    /// the tap rising `rise` above the intent `before` it.
    ///
    /// `ranged` (`DriveTuning.rangedTapTargets`, on pads written every step, for taps without a mapped burst,
    /// which have their own mapping): the tap's share of the room above the intent before it (`tapShare`) of what
    /// full drive reaches from `base` on the profile's figures in the 2 steps after its sample, so only a
    /// full-strength tap asks for full drive and lighter ones for less, in the order and spacing of their
    /// strengths. Otherwise `strengthFraction` of its rise above `base`: on the slowest motor that is out of
    /// reach in 2 steps for most taps, so every tap of a train asked for full drive and felt the same.
    @inline(__always) func tapTarget(base: Double, rise: Double, before: Double, ranged: Bool) -> Double {
        guard ranged else { return base + tuning.strengthFraction * rise }
        let reach = model.fullLevel + (base - model.fullLevel) * model.twoStepsUp
        return base + Self.tapShare(peak: before + rise, before: before) * max(reach - base, 0)
    }

    /// Whether a plan on a pad written every `writeSpacing` steps ranges its taps' targets (`tapTarget`;
    /// a tap with a mapped burst never does).
    func rangesTapTargets(writeSpacing: Int) -> Bool {
        tuning.rangedTapTargets > 0 && writeSpacing == 1
    }

    /// How far a felt rise from `base` to `peak` stays below what stands out (0 when it stands out).
    private func standOutShortfall(base: Double, peak: Double) -> Double {
        max(max(tuning.feltThreshold, tuning.riseFactor * base) * (1 + tuning.margin) - peak, 0)
    }

    /// ∫ (felt − intent)² over one step while the felt level moves from `level` towards `steady`
    /// (closed form of the first-order response); moves `level` to the step's end.
    private func stepError(from level: inout Double, steady: Double, intent: Double) -> Double {
        let decay = steady > level ? up : down
        let offset = steady - intent
        let error: Double
        if decay.seconds > 0 {
            let gap = level - steady
            error = offset * offset * LookaheadGrid.step + offset * gap * decay.cross + gap * gap * decay.square
            level = steady + gap * decay.factor
        } else {
            error = offset * offset * LookaheadGrid.step
            level = steady
        }
        return intent > 0 ? error : error * tuning.silenceWeight
    }
}
