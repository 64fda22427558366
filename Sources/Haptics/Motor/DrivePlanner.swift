/// The planned drive of one actuator: what to send on this write so that what the hand feels follows
/// the intent (docs/engine.md, "The planned drive").
///
/// The planner keeps a prediction of the felt level (`felt`, 0...1 of the actuator's full strength)
/// by running its `MotorResponse` on the drive it sent, and two more on the slowest, stiffest and on
/// the quickest, most sensitive motor of the response's ranges (`MotorResponse.slowest`, `.fastest`).
/// Each frame it gets the intent (the mixed perceived level) now and at `lookahead` steps of `step`
/// seconds ahead, sampled from the voices already playing (the evaluator is clock-free), with the steps
/// where a pattern's transient starts, and predicts what a few plans would give over that horizon
/// (`candidates`). A plan aims at the intent at the end of each step (so the felt level lines up with
/// it), and within a short tap at the share of its rise full drive reaches in the tap's length
/// (`burstScale(duration:)`, so short taps keep the order of their strengths):
///
/// - **follow**: at every step, the dead-beat drive to the aim by the end of the step, or of the write's
///   hold on a pad whose writes are further apart: full drive while a rising target is out of reach
///   (overdrive), the level that holds it once reached (full intent holds at the saturation), coasting
///   (drive 0) while even coasting would not fall fast enough. Three floors: a tap's burst at least
///   stands out on the slowest motor (`standOutDrive(from:)`); a level above 0 is felt at `liftShare` of
///   it on the stiffest motor (the dead-zone lift, only where the plan asks for a level, never on a
///   fade); content keeps the quickest motor at `fadeShare` of it (the fade floor).
/// - **follow, coasting one or two steps before every tap**: a tap that would not stand out on what is
///   already felt.
/// - **follow, taking every other tap**, at the intent's level or at a lowered carrier (half the
///   intent): in a dense train the two body motors take turns.
/// - **pulses**: only the taps, each the smallest burst that stands out, the other body motor carrying
///   the intent.
/// - **coast now** for one step (a fall), or until the intent ends, or follow first and cut at a later
///   step before the end: the motor has stopped when the pattern has.
/// - **wait** (on pads whose writes are further apart than a step): keep the drive now, so that a write
///   is free when a tap comes.
///
/// A candidate carries its tracking error (the squared difference between predicted felt level and
/// intent, integrated over the horizon in closed form per step, `silenceWeight` times heavier where the
/// intent is silent, plus the coast after an end within the horizon, plus `rangeWeight` of the same on
/// the quickest and the slowest motor) and, for every tap in the horizon (`isTap`), two shortfalls
/// judged on the slowest motor: how far its felt rise within two steps stays below `riseFactor`
/// (1 + `margin`) times the felt level before the tap's frame (it stands out), and the tap's target and
/// peak (a strong tap feels stronger than a light one); plus `unready` (a motor left too high for the
/// next tap of a dense train) and `unfelt` (content silent on the quickest motor). The output's
/// `MotorDriver` picks one candidate per actuator, the two body motors together (either motor's rise
/// makes a tap felt, the stronger one's peak is its strength), and follows that plan for a few frames
/// while the intent goes as it foresaw, then plans again (receding horizon).
///
/// Value type; one per actuator of an output, owned by its `MotorDriver`; its fixed part (`Model`) is
/// shared. Per planning frame: at most `maximumCandidates` plans of `lookahead` + 1 steps, a few dozen
/// arithmetic operations each (one plan, or none, when the intent and the motor are steady or silent,
/// or following leaves no tap short), no allocation, no clock.
struct DrivePlanner: Sendable {
    /// Intent from which a moment is content a player should feel (0...1).
    static let contentLevel = 0.15
    /// Weight of the tracking error on the quickest and on the slowest motor of the range, next to the
    /// figures' own (1).
    static let rangeWeight = 0.5
    /// The share of the intent the quickest motor of the range keeps feeling on a fade.
    static let fadeShare = 0.8
    /// The share of a level the stiffest motor of the range still feels (the dead-zone lift).
    static let liftShare = 2.0 / 3.0
    /// A bound on the candidates one frame of one planner appends (the motor stage reserves room for
    /// this many per actuator once): follow; for taps, a coast before them and either a longer coast
    /// (one tap) or two every-other plans, two carriers and pulses (a train); a one-step coast, or a
    /// coast until the end and a cut at each later step before it (`lookahead − 1`); and waiting. At
    /// most 14 with `lookahead` 6.
    static let maximumCandidates = 11 + lookahead
    /// Spacing of the intent's lookahead samples and of the plans' steps, in seconds.
    static let step = 1.0 / stepsPerSecond
    /// Planning steps per second. The lookahead's grid point n lies at engine time `n / stepsPerSecond`
    /// (a division, so that it is the very same `Double` as a game's frame time k / 60, or 2k / 120).
    static let stepsPerSecond = 60.0
    /// Number of lookahead samples after now (the horizon is `lookahead × step`, 100 ms). At most 6:
    /// a plan's per-step values live in `SIMD8` lanes 0...lookahead, and lane 7 is `carried`.
    static let lookahead = 6
    /// Felt level below which nothing counts as felt (fraction of full strength).
    static let feltThreshold = 0.1
    /// A rise on top of a felt vibration is noticed at about 1.2 times its level (a Weber fraction of 0.2).
    static let riseFactor = 1.2
    /// Safety margin on a tap's rise, on top of the slowest motor of the range (for motors slower or
    /// stiffer still, and for other motor models: a rise judged with 15 % left more taps of dense trains
    /// short on slow motors in the felt comparison).
    static let margin = 0.25
    /// A tap's felt peak should reach at least this fraction of its strength, so that a strong tap
    /// feels stronger than a light one (a burst sized to the tap's strength) even where cutting it short
    /// would leave less behind.
    static let strengthFraction = 0.8
    /// Taps shorter than this many steps are short: their bursts keep their strengths in order
    /// (`burstScale(duration:)`).
    static let tapWindow = 4
    /// Cost of a tap that would not stand out, per squared shortfall of its felt rise (seconds: the
    /// tracking error of that size held this long costs as much).
    static let salienceWeight = 10.0
    /// The salience cost below which following is left alone (no coasting plans are tried): a tap
    /// short of standing out by less than about 0.03 is not worth a plan.
    static let worthPlanning = 0.01
    /// Weight of the tracking error where the intent is silent (felt after an end, or in a gap):
    /// lingering is worse than being a little weak, so plans cut earlier before an end.
    static let silenceWeight = 2.0

    /// A first-order response over one step (time constant τ): the decay `e^(−step/τ)`, the gain
    /// the dead-beat needs, and the coefficients of the step's squared error (see `stepError`).
    struct Decay: Sendable {
        var seconds: Double
        var factor: Double
        /// 1 / (1 − factor): steady level = (target − level · factor) · gain reaches target in a step.
        var gain: Double
        /// 2τ(1 − factor) and τ/2 · (1 − factor²).
        var cross: Double
        var square: Double

        init(seconds: Double) {
            self.seconds = seconds
            factor = seconds > 0 ? CMath.exp(-DrivePlanner.step / seconds) : 0
            gain = 1 / (1 - factor)
            cross = 2 * seconds * (1 - factor)
            square = seconds / 2 * (1 - factor * factor)
        }
    }

    /// One plan's prediction over the horizon.
    struct Candidate: Sendable {
        /// The drive the plan sends now, 0...1.
        var drive: Double
        /// ∫ (felt − intent)² over the horizon, in level² × seconds.
        var tracking: Double
        /// Per step k (0...lookahead): how far the felt rise after an onset at k stays below what
        /// stands out (0 where there is no onset, or where it stands out).
        var shortfall: SIMD8<Double>
        /// Per step k: how far the felt peak after an onset at k stays below `strengthFraction` of the
        /// tap's strength (0 where there is no onset, or where it is strong enough).
        var weakness: SIMD8<Double> {
            let gap = tapTarget - tapPeak
            return gap.replacing(with: 0, where: gap .< 0)
        }
        /// Per step k with an onset: the felt peak its tap should reach (its base plus
        /// `strengthFraction` of its rise), and the peak the plan reaches (0 where there is no onset).
        var tapTarget: SIMD8<Double> = .zero
        var tapPeak: SIMD8<Double> = .zero
        /// How far above the level a tap can still stand out from the motor ends the horizon, weighted
        /// by how many taps the horizon holds (more are likely to follow): a motor left high cannot make
        /// the next tap of a dense train stand out, so at least one motor should end ready.
        var unready: Double = 0
        /// How far the fastest motor of the range falls below the felt threshold while the intent is
        /// content (at least `contentLevel`), summed over the steps.
        var unfelt: Double = 0
        /// Whether this actuator's intent is content (at least `contentLevel`) somewhere in the horizon.
        var hasContent = false
        /// Steps with an onset (bit k), the same for every candidate of a frame.
        var onsets: UInt32
        /// Whether the plan keeps the drive now (no write).
        var waits: Bool
        /// Whether the plan only pulses the taps (coasting between them), leaving the intent to the
        /// other body motor: its intent is then tracked on the higher of the two motors' levels.
        var pulses = false
        /// The predicted felt level at the end of each step (0...lookahead), and the intent it is
        /// compared with there.
        var levels: SIMD8<Double> = .zero
        var intents: SIMD8<Double> = .zero
        /// The drive in effect during each step (0...lookahead): the plan, which the motor stage may
        /// keep following for a few frames while the intent goes as foreseen.
        var drives: SIMD8<Double> = .zero

        /// Tracking error plus the weighted squared shortfalls.
        var cost: Double {
            tracking + DrivePlanner.salienceWeight * ((shortfall * shortfall).sum() + (weakness * weakness).sum() + unready * unready + unfelt * unfelt)
        }
    }

    /// What a planner knows of its motor and never changes: the response, the slowest and the fastest
    /// motor of its ranges, their one-step decays. A class, so that the planner (a value the motor
    /// stage keeps per actuator and updates every frame) stays small and is never copied whole.
    final class Model: Sendable {
        let response: MotorResponse
        let up: Decay
        let down: Decay
        /// The slowest, stiffest motor of the response's ranges, on which taps must still stand out.
        let slowest: MotorResponse
        let slowUp: Decay
        let slowDown: Decay
        /// The quickest, most sensitive motor of the ranges, on which content must not fall silent.
        let fastest: MotorResponse
        let fastUp: Decay
        let fastDown: Decay
        /// The highest felt level (on the slowest motor) from which two steps at full drive still make
        /// a tap stand out.
        let readyLevel: Double

        init(response: MotorResponse) {
            self.response = response
            up = Decay(seconds: response.spinUpSeconds)
            down = Decay(seconds: response.spinDownSeconds)
            slowest = response.slowest
            slowUp = Decay(seconds: slowest.spinUpSeconds)
            slowDown = Decay(seconds: slowest.spinDownSeconds)
            fastest = response.fastest
            fastUp = Decay(seconds: fastest.spinUpSeconds)
            fastDown = Decay(seconds: fastest.spinDownSeconds)
            let twoSteps = slowUp.factor * slowUp.factor
            readyLevel = (1 - twoSteps) / (DrivePlanner.riseFactor * (1 + DrivePlanner.margin) - twoSteps)
        }
    }

    let model: Model
    var response: MotorResponse { model.response }
    private var up: Decay { model.up }
    private var down: Decay { model.down }
    private var slowest: MotorResponse { model.slowest }
    private var slowUp: Decay { model.slowUp }
    private var slowDown: Decay { model.slowDown }
    private var fastest: MotorResponse { model.fastest }
    private var fastUp: Decay { model.fastUp }
    private var fastDown: Decay { model.fastDown }
    private var readyLevel: Double { model.readyLevel }
    /// The predicted felt level now on the fastest motor.
    private var fastFelt = 0.0
    /// The predicted felt level now, 0...1 of full strength.
    private(set) var felt = 0.0
    /// The predicted felt level at the previous frame: an onset seen now began after it, so its
    /// rise is judged against the higher of the two.
    private var earlierFelt = 0.0
    /// The same two on the slowest motor of the ranges (what tap salience is judged on).
    private var slowFelt = 0.0
    private var earlierSlowFelt = 0.0
    /// The drive last sent, 0...1.
    private(set) var drive = 0.0
    /// The intent at the previous frame (to see an onset now).
    private var previousIntent = 0.0
    /// The felt level when the previous frame's onset began (−1: the previous frame had none), and how
    /// much its intent rose. Its rise is still being judged this frame, so every plan counts its shortfall (slot
    /// `carried`).
    private var previousOnsetBase = -1.0
    private var previousOnsetLevel = 0.0
    /// The short tap whose burst is being played (from an earlier frame): the intent before it, the
    /// scale of its rise (`burstScale(duration:)`), and how many more steps it lasts.
    private var burstBefore = 0.0
    private var burstScale = 1.0
    private var burstStepsLeft = 0
    /// The shortfall slot (and onset bit) of the previous frame's onset.
    static let carried = 7   // lanes 0...lookahead are the steps (lookahead <= 6 fits SIMD8)

    init(response: MotorResponse) {
        model = Model(response: response)
    }

    /// Moves the prediction on by `seconds` of the drive last sent (a frame of exactly one step, the
    /// usual case, uses the precomputed decays).
    mutating func advance(by seconds: Double) {
        earlierFelt = felt
        earlierSlowFelt = slowFelt
        if abs(seconds - Self.step) < 1e-9 {
            felt = Self.settle(felt, toward: response.steadyLevel(drive: drive), up: up, down: down)
            slowFelt = Self.settle(slowFelt, toward: slowest.steadyLevel(drive: drive), up: slowUp, down: slowDown)
            fastFelt = Self.settle(fastFelt, toward: fastest.steadyLevel(drive: drive), up: fastUp, down: fastDown)
        } else {
            fastFelt = fastest.level(after: seconds, holding: drive, from: fastFelt)
            felt = response.level(after: seconds, holding: drive, from: felt)
            slowFelt = slowest.level(after: seconds, holding: drive, from: slowFelt)
        }
    }

    /// One step of a first-order response from `level` towards `steady`.
    private static func settle(_ level: Double, toward steady: Double, up: Decay, down: Decay) -> Double {
        steady + (level - steady) * (steady > level ? up.factor : down.factor)
    }

    /// Records what was sent (the drive, rounded as the device takes it), the intent now, and whether
    /// it rose now.
    mutating func commit(drive sent: Double, intent now: Double, window: SIMD8<Double>, onset: Bool) {
        drive = sent
        if onset {
            let duration = Self.tapDuration(window, from: 0)
            burstScale = burstScale(duration: duration)
            burstBefore = previousIntent
            burstStepsLeft = burstScale < 1 ? duration - 1 : 0
        } else if burstStepsLeft > 0 {
            burstStepsLeft -= 1
        }
        previousOnsetBase = onset ? max(slowFelt, earlierSlowFelt) : -1
        previousOnsetLevel = max(now - previousIntent, 0)
        previousIntent = now
        if response.isInstant {
            felt = response.steadyLevel(drive: sent)
            slowFelt = slowest.steadyLevel(drive: sent)
            fastFelt = fastest.steadyLevel(drive: sent)
        }
    }

    /// Drive 0 at once (the engine stopped or went silent): the prediction coasts from where it is.
    mutating func release() {
        drive = 0
        burstStepsLeft = 0
        previousIntent = 0
        previousOnsetBase = -1
    }

    /// Whether a tap starts now, given the intent `window` (now and ahead) and whether a transient
    /// of a pattern starts now (`isTap(flagged:before:window:at:)`).
    func isOnset(_ window: SIMD8<Double>, freshTap: Bool) -> Bool {
        Self.isTap(flagged: freshTap, before: previousIntent, window: window, at: 0)
    }

    /// Whether step `k` of `window` starts a tap the motor should make stand out: a pattern's
    /// transient (`flagged`) that raises the intent to at least the felt threshold and the Weber step
    /// above `before` (the intent just before it) within three steps, or any start from silence. An
    /// intensity step of a continuous effect is not a tap (it is tracked like any other change), nor
    /// is a transient that lands where the intent is already as high (nothing can stand out there).
    static func isTap(flagged: Bool, before: Double, window: SIMD8<Double>, at k: Int) -> Bool {
        let now = window[k]
        if before < feltThreshold * 0.5 && now >= feltThreshold { return true }
        guard flagged else { return false }
        let peak = max(now, window[min(k + 1, lookahead)], window[min(k + 2, lookahead)])
        return peak >= max(feltThreshold, riseFactor * before)
    }

    /// Appends this frame's candidates to `list` (at least one; one with `waits` when `considerWait`
    /// and nothing rises now).
    ///
    /// `intent[base + k]` is the intent `k` steps ahead, k = 0...lookahead (k = 0 is now). `stride`:
    /// frames happen every `stride` steps; `writeSpacing`: after a write the next is `writeSpacing` steps
    /// later at the earliest (a multiple of `stride`). `onsetNow`: the intent rises now (then nothing
    /// waits or coasts).
    func candidates(_ intent: ContiguousArray<Double>, base: Int, taps: UInt32, onsetNow: Bool, stride: Int, writeSpacing: Int,
                    considerWait: Bool, into list: inout ContiguousArray<Candidate>) {
        var window = SIMD8<Double>.zero
        for k in 0...Self.lookahead { window[k] = intent[base + k] }
        let now = window[0]
        if response.isInstant {
            var candidate = Candidate(drive: response.drive(forSteadyLevel: now), tracking: 0, shortfall: .zero,
                                      onsets: 0, waits: false)
            for k in 0...Self.lookahead { candidate.drives[k] = response.drive(forSteadyLevel: window[k]) }
            list.append(candidate)
            return
        }
        // Steady or silent over the whole horizon, with the motor already there: nothing to plan.
        let hold = response.drive(forSteadyLevel: now)
        var isSteady = abs(felt - now) <= 0.005 && abs(drive - hold) <= 1e-9
        var firstOnset = Self.lookahead + 1
        var lastSound = now > 0 ? 0 : -1
        var previous = now
        var onsets: UInt32 = onsetNow ? 1 : 0
        // The previous frame's tap is still judged by the end of this step, unless its intent is gone
        // (its voice was paused or stopped: then nothing is left to make stand out).
        let carriesTap = previousOnsetBase >= 0 && now > 0
        if carriesTap { onsets |= 1 << UInt32(Self.carried) }
        // Whether coasting now could help: the intent falls well below the felt level soon.
        var falls = now < felt * 0.8
        for k in 1...Self.lookahead {
            let p = window[k]
            if abs(p - now) > 0.002 { isSteady = false }
            if k <= 3 && p < felt * 0.8 { falls = true }
            if p > 0 { lastSound = k }
            if Self.isTap(flagged: taps & (1 << UInt32(k)) != 0, before: previous, window: window, at: k) {
                onsets |= 1 << UInt32(k)
                if firstOnset > Self.lookahead { firstOnset = k }
            }
            previous = p
        }
        if isSteady && !carriesTap {
            var candidate = Candidate(drive: drive, tracking: 0, shortfall: .zero, onsets: 0, waits: false)
            candidate.drives = SIMD8(repeating: drive)
            list.append(candidate)
            if considerWait {
                candidate.waits = true
                list.append(candidate)
            }
            return
        }
        let plan = Rollout(intent: window, onsets: onsets, stride: stride, writeSpacing: writeSpacing)
        let follow = rollout(plan, coastSteps: 0)
        list.append(follow)
        // Plans for taps that would not stand out: only when following leaves one short.
        if firstOnset <= Self.lookahead && follow.cost - follow.tracking > Self.worthPlanning {
            var tried: UInt32 = 0
            var solved = false   // a plan already makes every tap stand out: longer coasts only cost more
            func tryCoasting(before steps: Int, everyOther parity: Int = -1) {
                let mask = coastMask(onsets: onsets, before: steps, everyOther: parity)
                guard !solved, mask != 0, mask != tried else { return }
                tried = mask
                let candidate = rollout(plan, coastSteps: 0, coastBeforeOnsets: steps, everyOther: parity)
                solved = parity < 0 && candidate.shortfall.max() == 0 && candidate.weakness.max() == 0
                list.append(candidate)
            }
            tryCoasting(before: 1)
            if onsets.nonzeroBitCount == 1 { tryCoasting(before: 2) }
            if onsets.nonzeroBitCount > 1 {
                // A dense train: this motor takes every other tap (the other body motor the rest).
                tryCoasting(before: 2, everyOther: 0)
                tryCoasting(before: 2, everyOther: 1)
                // A dense train on a level the taps can rise from: follow a lower share of the intent
                // between taps, so each tap keeps room to stand out.
                list.append(rollout(plan, coastSteps: 0, coastBeforeOnsets: 1, everyOther: 0, headroom: 0.5))
                list.append(rollout(plan, coastSteps: 0, coastBeforeOnsets: 1, everyOther: 1, headroom: 0.5))
                // A dense train on slow motors: this motor only pulses the taps from a low level, where a
                // small burst stands out, and the other body motor carries the intent.
                list.append(rollout(plan, coastSteps: 0, pulses: true))
            }
        }
        if !onsetNow {
            // Coasting now: for one frame (a fall), or until the intent ends (so the motor has stopped
            // when the pattern has). Before an end, coasting a frame only to drive again would leave a
            // dip just before it: there, coasting is until the end.
            let untilEnd = lastSound + 1 <= Self.lookahead ? lastSound + 1 : 0
            let oneFrame = untilEnd > 0 ? untilEnd <= stride : falls
            if follow.drive > 0 && oneFrame { list.append(rollout(plan, coastSteps: stride)) }
            if untilEnd > stride {
                // Or follow first and cut later: each write step before the end is a candidate cut.
                list.append(rollout(plan, coastSteps: untilEnd))
                var cut = stride
                while cut < untilEnd {
                    list.append(rollout(plan, coastSteps: 0, coastFrom: cut))
                    cut += stride
                }
            }
            if considerWait { list.append(rollout(plan, coastSteps: 0, waitFirst: true)) }
        }
    }

    /// The steps a plan coasting `before` steps before every onset (or every other one) coasts.
    private func coastMask(onsets: UInt32, before steps: Int, everyOther parity: Int) -> UInt32 {
        let own = Self.ownOnsets(onsets, everyOther: parity)
        var mask: UInt32 = 0
        for k in 0..<Self.lookahead where own & (1 << UInt32(k)) == 0 {
            let ahead = (own >> UInt32(k + 1)) & ((1 << UInt32(steps)) - 1)
            if ahead != 0 { mask |= 1 << UInt32(k) }
        }
        return mask
    }

    /// The onsets a plan makes stand out: all, or every other one (by parity of their order).
    private static func ownOnsets(_ onsets: UInt32, everyOther parity: Int) -> UInt32 {
        guard parity >= 0 else { return onsets }
        var own: UInt32 = 0
        var order = 0
        for k in 0...lookahead where onsets & (1 << UInt32(k)) != 0 {
            if order % 2 == parity { own |= 1 << UInt32(k) }
            order += 1
        }
        return own
    }

    /// How many steps a tap rising at step `k` of `window` lasts: the steps from `k` on whose intent
    /// stays at least half the tap's level (`lookahead + 1 - k` when it lasts past the horizon).
    static func tapDuration(_ window: SIMD8<Double>, from k: Int) -> Int {
        let level = window[k]
        var steps = 0
        var j = k
        while j <= lookahead && window[j] >= level * 0.5 && window[j] > 0 {
            steps += 1
            j += 1
        }
        return j > lookahead ? lookahead + 1 - k : max(steps, 1)
    }

    /// The scale of a tap's rise that keeps felt peaks in the order of the taps' strengths: a tap
    /// shorter than `tapWindow` steps reaches at most `1 − e^(−duration / spin-up)` of its level
    /// whatever the drive, so every short tap of that length aims at that share of its own rise (a
    /// strong tap at full drive throughout, a light one less), instead of each overdriving to the
    /// same ceiling. 1 for a longer tap.
    func burstScale(duration: Int) -> Double {
        guard duration < Self.tapWindow, up.factor > 0 else { return 1 }
        var decay = 1.0
        for _ in 0..<duration { decay *= up.factor }
        return 1 - decay
    }

    /// The drive that makes a tap stand out on the slowest motor of the range within one step from
    /// its felt level `base` there (with the margin): 1 when nothing less does.
    private func standOutDrive(from base: Double) -> Double {
        let wanted = max(Self.feltThreshold, Self.riseFactor * base) * (1 + Self.margin)
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
        return max(response.drive(forSteadyLevel: need), slowest.drive(forSteadyLevel: need * Self.liftShare))
    }

    /// What every plan of one frame shares: the intent, its onsets (bit k: an onset k steps ahead) and
    /// the write grid.
    private struct Rollout {
        /// The intent now (0) and `k` steps ahead (k); lanes past `lookahead` unused.
        var intent: SIMD8<Double>
        var onsets: UInt32
        var stride: Int
        var writeSpacing: Int
    }

    /// One plan predicted over the horizon: coast for `coastSteps` steps (or keep the drive for the
    /// first step when `waitFirst`), then follow, coasting `coastBeforeOnsets` steps before every
    /// onset it makes stand out; writes only on frames and `writeSpacing` apart. The plan runs on
    /// steady levels (what a drive feels like once reached); only the drive for now is converted.
    private func rollout(_ plan: Rollout, coastSteps: Int, waitFirst: Bool = false,
                         coastBeforeOnsets: Int = 0, everyOther parity: Int = -1, headroom: Double = 1,
                         pulses: Bool = false, coastFrom: Int = Int.max) -> Candidate {
        var level = felt
        var steady = response.steadyLevel(drive: drive)
        // The same drive on the slowest motor of the ranges: what a tap's salience is judged on.
        var slowLevel = slowFelt
        var slowPrevious = earlierSlowFelt
        var slowSteady = slowest.steadyLevel(drive: drive)
        // ... and on the fastest: content must not fall silent there (a cut before an end too early).
        var fastLevel = fastFelt
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
        var intents = SIMD8<Double>.zero
        var drives = SIMD8<Double>.zero
        // The onset of the previous step, if any: the felt level at its start (its base).
        var openOnsetBase = -1.0
        var openOnsetPeak = 0.0
        var openOnsetStrength = 0.0
        var intentBefore = previousIntent
        let preCoastMask: UInt32 = coastBeforeOnsets > 0 ? (1 << UInt32(coastBeforeOnsets)) - 1 : 0
        // The onsets this plan makes stand out (and coasts before): all, or every other one.
        let ownOnsets = Self.ownOnsets(plan.onsets, everyOther: parity)
        var heldTarget = 0.0
        var heldUntil = -1
        // What each sample's intent means for the felt level: itself, or within a short tap's burst,
        // the share of its rise that keeps taps in order.
        var aim = plan.intent
        if burstStepsLeft > 0 {
            for j in 0...min(burstStepsLeft, Self.lookahead) {
                aim[j] = burstBefore + burstScale * max(plan.intent[j] - burstBefore, 0)
            }
        }
        var tapBits = plan.onsets & ((1 << UInt32(Self.lookahead + 1)) - 1)
        while tapBits != 0 {
            let j = tapBits.trailingZeroBitCount
            tapBits &= tapBits - 1
            let duration = Self.tapDuration(plan.intent, from: j)
            let scale = burstScale(duration: duration)
            guard scale < 1 else { continue }
            let before = j > 0 ? plan.intent[j - 1] : previousIntent
            for i in j..<min(j + duration, Self.lookahead + 1) {
                aim[i] = before + scale * max(plan.intent[i] - before, 0)
            }
        }
        for k in 0...Self.lookahead {
            let intent = plan.intent[k]
            // The dead-beat aims at the intent at the end of the step: the felt level then lines up
            // with the intent instead of a step behind it (the voices' future is known).
            let ahead = aim[min(k + 1, Self.lookahead)]
            let bit: UInt32 = 1 << UInt32(k)
            // A tap this plan makes stand out is chased to its strength through the two steps its rise
            // is judged on, even when the intent drops sooner (a dense train sampled between taps).
            let isOwnOnset = ownOnsets & bit != 0
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
                if isOwnOnset && headroom >= 1 && plan.writeSpacing == 1 {
                    // A tap's burst is sized to its strength (the dead-beat to its aim) and is at least
                    // what makes it stand out on the slowest motor of the range.
                    sent = max(sent, standOutDrive(from: slowLevel))
                }
                if pulses {
                    // Only the taps, each the smallest burst that stands out on the slowest motor.
                    sent = isOwnOnset ? standOutDrive(from: slowLevel) : 0
                } else if !(coasts || coastsBefore) && ahead >= Self.contentLevel {
                    // A fade keeps the quickest motor of the range from falling silent under content: a
                    // drive it feels at `fadeShare` of the intent (a stiffer motor feels less or nothing).
                    sent = max(sent, fastest.drive(forSteadyLevel: ahead * headroom * Self.fadeShare))
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
            levels[k] = level
            intents[k] = intent
            drives[k] = plannedDrive
            slowLevel = Self.settle(slowLevel, toward: slowSteady, up: slowUp, down: slowDown)
            fastLevel = Self.settle(fastLevel, toward: fastSteady, up: fastUp, down: fastDown)
            if intent >= Self.contentLevel {
                hasContent = true
                if fastLevel < Self.feltThreshold { unfelt += Self.feltThreshold - fastLevel }
            }
            // The ends of the range track too (at the end of each step): a plan that suits the figures
            // but overshoots on a quick motor or lags on a slow one pays for it.
            let fastError = fastLevel - intent, slowError = slowLevel - intent
            tracking += Self.rangeWeight * (fastError * fastError + slowError * slowError) * Self.step * (intent > 0 ? 1 : Self.silenceWeight)
            if k == 0 && plan.onsets & (1 << UInt32(Self.carried)) != 0 {
                // The previous frame's onset: its rise is judged by the end of this step.
                let peak = max(slowStart, slowLevel)
                shortfall[Self.carried] = Self.shortfall(base: previousOnsetBase, peak: peak)
                tapTargets[Self.carried] = previousOnsetBase + Self.strengthFraction * previousOnsetLevel
                tapPeaks[Self.carried] = peak
            }
            // An onset is judged on the felt level at its start and the peak by the end of the next step.
            if openOnsetBase >= 0 {
                let peak = max(openOnsetPeak, slowLevel)
                shortfall[k - 1] = Self.shortfall(base: openOnsetBase, peak: peak)
                tapTargets[k - 1] = openOnsetBase + Self.strengthFraction * openOnsetStrength
                tapPeaks[k - 1] = peak
                openOnsetBase = -1
            }
            if plan.onsets & bit != 0 && k < Self.lookahead {
                // The tap began somewhere in the step before this sample: its base is the higher of the
                // felt levels at the two steps' starts (falling while coasting, so the earlier).
                openOnsetBase = max(slowStart, slowPrevious)
                openOnsetPeak = slowLevel
                openOnsetStrength = max(aim[k] - intentBefore, 0)
            }
            slowPrevious = slowStart
            intentBefore = intent
        }
        if plan.intent[Self.lookahead] == 0 {
            // The intent has ended within the horizon: what the motor still feels then coasts away
            // after it, ∫ (a·e^(−t/τ))² dt = a²·τ/2, as lingering (at the silence weight).
            tracking += level * level * down.seconds / 2 * Self.silenceWeight
        }
        let density = Double((plan.onsets & ((1 << UInt32(Self.lookahead + 1)) - 1)).nonzeroBitCount) / Double(Self.lookahead + 1)
        let unready = max(slowLevel - readyLevel, 0) * density
        return Candidate(drive: firstDrive, tracking: tracking, shortfall: shortfall, tapTarget: tapTargets, tapPeak: tapPeaks,
                         unready: unready, unfelt: unfelt, hasContent: hasContent, onsets: plan.onsets,
                         waits: waitFirst, pulses: pulses, levels: levels, intents: intents, drives: drives)
    }

    /// How far a felt rise from `base` to `peak` stays below what stands out (0 when it stands out).
    private static func shortfall(base: Double, peak: Double) -> Double {
        max(max(feltThreshold, riseFactor * base) * (1 + margin) - peak, 0)
    }

    /// ∫ (felt − intent)² over one step while the felt level moves from `level` towards `steady`
    /// (closed form of the first-order response); moves `level` to the step's end.
    private func stepError(from level: inout Double, steady: Double, intent: Double) -> Double {
        let decay = steady > level ? up : down
        let offset = steady - intent
        let error: Double
        if decay.seconds > 0 {
            let gap = level - steady
            error = offset * offset * Self.step + offset * gap * decay.cross + gap * gap * decay.square
            level = steady + gap * decay.factor
        } else {
            error = offset * offset * Self.step
            level = steady
        }
        return intent > 0 ? error : error * Self.silenceWeight
    }
}
