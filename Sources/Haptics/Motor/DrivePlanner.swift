/// The planned drive of one actuator: what to send on this write so that what the hand feels follows
/// the intent (docs/engine.md, "The planned drive").
///
/// The planner keeps a prediction of the felt level (`MotorPrediction`: its `MotorResponse` run on the
/// drive it sent, and the same on the slowest, stiffest and on the quickest, most sensitive motor of the
/// response's ranges). Each frame it gets its actuator's lane of the `IntentWindow` (the intent now
/// and at `LookaheadGrid.points` steps ahead, sampled from the voices already playing, with the steps
/// where a pattern's transient starts) and predicts what a few plans would give over that horizon
/// (`candidates`, DrivePlanner+Plans.swift); each plan is rolled out and costed in
/// DrivePlanner+Rollout.swift (`Candidate`); the constants it weighs them with are one value,
/// `DriveTuning`, in its shared `Model`. The output's `MotorDriver` picks one candidate per actuator, the
/// two body motors together (MotorDriver+BodyPair.swift), and follows that plan for a few frames while
/// the intent goes as it foresaw, then plans again (receding horizon).
///
/// Value type; one per actuator of an output, owned by its `MotorDriver`; its fixed part (`Model`) is
/// shared. Per planning frame: at most `maximumCandidates` plans of `LookaheadGrid.points` + 1 steps, a
/// few dozen arithmetic operations each (one plan, or none, when the intent and the motor are steady
/// or silent, or following leaves no tap short), no allocation, no clock.
struct DrivePlanner: Sendable {
    /// A bound on the candidates one frame of one planner appends (the motor stage reserves room for
    /// this many per actuator once): follow; for taps, a coast before them and either a longer coast
    /// (one tap) or two every-other plans, two carriers and pulses (a train); a one-step coast, or a
    /// coast until the end and a cut at each later step before it (`points − 1`); and waiting. At
    /// most 14 with 6 points.
    static let maximumCandidates = 11 + LookaheadGrid.points
    /// The shortfall slot (and onset bit) of the previous frame's onset: lanes 0...points are the
    /// steps (`LookaheadGrid.points` <= 6 fits SIMD8).
    static let carried = 7

    let model: Model
    var response: MotorResponse { model.response }
    var tuning: DriveTuning { model.tuning }
    /// What the motor is predicted to feel now.
    var prediction = MotorPrediction()
    /// The predicted felt level now, 0...1 of full strength.
    var felt: Double { prediction.felt }
    /// The drive last sent, 0...1.
    private(set) var drive = 0.0
    /// The intent at the previous frame (to see an onset now).
    private(set) var previousIntent = 0.0
    /// The felt level when the previous frame's onset began (−1: the previous frame had none), and how
    /// much its intent rose. Its rise is still being judged this frame, so every plan counts its
    /// shortfall (slot `carried`).
    private(set) var previousOnsetBase = -1.0
    private(set) var previousOnsetLevel = 0.0
    /// The short tap whose burst is being played (from an earlier frame): the intent before it, the
    /// scale of its rise (`burstScale(duration:)`), and how many more steps it lasts.
    private(set) var burstBefore = 0.0
    private(set) var burstScale = 1.0
    private(set) var burstStepsLeft = 0
    /// The isolated short tap whose mapped burst is being played (`burstPlan`): the felt level it
    /// reaches at its end, and how many more steps it lasts.
    private(set) var mappedBurstTarget = 0.0
    private(set) var mappedBurstStepsLeft = 0
    /// The steps of it still at full drive (its kick, `burstPlan`).
    private(set) var mappedKickStepsLeft = 0
    /// The steady level its body holds after the kick (< 0: it aims at `mappedBurstTarget` instead).
    private(set) var mappedBurstBody = -1.0
    /// Its highest drive beyond the quickest motor's saturation (`MappedBurst.cap`).
    private(set) var mappedBurstCap = 1.0
    /// Frames since a tap last rose, or a pattern's transient started, on this actuator (up to `isolationSteps`).
    private(set) var stepsSinceTap = DrivePlanner.isolationSteps

    init(response: MotorResponse, tuning: DriveTuning = .shipped) {
        model = Model(response: response, tuning: tuning)
    }

    /// Moves the prediction on by `seconds` of the drive last sent.
    mutating func advance(by seconds: Double) {
        prediction.advance(by: seconds, holding: drive, model: model)
    }

    /// Records what was sent (the drive, rounded as the device takes it), the intent now, and whether
    /// it rose now.
    mutating func commit(drive sent: Double, intent now: Double, window: SIMD8<Double>, onset: Bool, taps: UInt32, mapsBursts: Bool) {
        // (A pattern's transient now counts for the isolation of the next taps even where it does not rise:
        // what it left may still be felt, as in a train of ticks.)
        drive = sent
        if onset, sent > 0, mapsBursts, let steps = isolatedBurst(window, at: 0, before: previousIntent, onsets: onsetMask(window, taps: taps)) {
            // The burst this frame's plans gave the tap (the same mapping from the same levels); it goes
            // on over the next frames unless this motor left the tap to the other one.
            let burst = burstPlan(from: prediction.felt, slowLevel: prediction.slow, slowBase: prediction.slow, steps: steps,
                                  share: Self.tapShare(peak: max(window[0], window[1]), before: previousIntent),
                                  peak: max(window[0], window[1]))
            mappedBurstBody = burst.body
            mappedBurstCap = burst.cap
            mappedBurstTarget = burst.target
            mappedBurstStepsLeft = max(burst.length - 1, 0)
            mappedKickStepsLeft = max(burst.kick - 1, 0)
        } else if onset {
            mappedBurstStepsLeft = 0
            mappedKickStepsLeft = 0
        } else if mappedBurstStepsLeft > 0 {
            mappedBurstStepsLeft -= 1
            mappedKickStepsLeft = max(mappedKickStepsLeft - 1, 0)
        }
        stepsSinceTap = onset || taps & 1 != 0 ? 0 : min(stepsSinceTap + 1, Self.isolationSteps)
        if onset {
            let duration = Self.tapDuration(window, from: 0)
            burstScale = burstScale(duration: duration)
            burstBefore = previousIntent
            burstStepsLeft = burstScale < 1 ? duration - 1 : 0
        } else if burstStepsLeft > 0 {
            burstStepsLeft -= 1
        }
        previousOnsetBase = onset ? max(prediction.slow, prediction.earlierSlow) : -1
        previousOnsetLevel = max(now - previousIntent, 0)
        previousIntent = now
        if response.isInstant { prediction.jump(to: sent, model: model) }
    }

    /// Drive 0 at once (the engine stopped or went silent): the prediction coasts from where it is.
    mutating func release() {
        drive = 0
        burstStepsLeft = 0
        mappedBurstStepsLeft = 0
        mappedKickStepsLeft = 0
        previousIntent = 0
        previousOnsetBase = -1
    }

    /// The taps of `window` the plans see (bit k), given the pattern transients `taps` (bit k).
    func onsetMask(_ window: SIMD8<Double>, taps: UInt32) -> UInt32 {
        var mask: UInt32 = 1
        var previous = window[0]
        for k in 1...Self.points {
            if isTap(flagged: taps & (1 << UInt32(k)) != 0, before: previous, window: window, at: k) { mask |= 1 << UInt32(k) }
            previous = window[k]
        }
        return mask
    }

    /// Whether a tap starts now, given the intent `window` (now and ahead) and whether a transient
    /// of a pattern starts now (`isTap(flagged:before:window:at:)`).
    func isOnset(_ window: SIMD8<Double>, freshTap: Bool) -> Bool {
        isTap(flagged: freshTap, before: previousIntent, window: window, at: 0)
    }

    /// Whether step `k` of `window` starts a tap the motor should make stand out: a pattern's
    /// transient (`flagged`) that raises the intent to at least the felt threshold and the Weber step
    /// above `before` (the intent just before it) within three steps, or any start from silence. An
    /// intensity step of a continuous effect is not a tap (it is tracked like any other change), nor
    /// is a transient that lands where the intent is already as high (nothing can stand out there).
    func isTap(flagged: Bool, before: Double, window: SIMD8<Double>, at k: Int) -> Bool {
        let now = window[k]
        if before < tuning.feltThreshold * 0.5 && now >= tuning.feltThreshold { return true }
        guard flagged else { return false }
        let last = LookaheadGrid.points
        let peak = max(now, window[min(k + 1, last)], window[min(k + 2, last)])
        return peak >= max(tuning.feltThreshold, tuning.riseFactor * before)
    }
}
