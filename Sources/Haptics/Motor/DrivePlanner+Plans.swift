extension DrivePlanner {
    /// The last sample of a window: the horizon in steps (`LookaheadGrid.points`).
    static var points: Int { LookaheadGrid.points }

    // MARK: - The candidate plans (docs/engine.md, "Plans")

    /// Appends this frame's candidates to `list` (at least one; one with `waits` when `considerWait`
    /// and nothing rises now).
    ///
    /// `window[k]` is the intent `k` steps ahead, k = 0...points (k = 0 is now); `limited` has bit `k`
    /// where the mixer's overlap limiter held it below full (`IntentWindow.limited`). `stride`:
    /// frames happen every `stride` steps; `writeSpacing`: after a write the next is `writeSpacing` steps
    /// later at the earliest (a multiple of `stride`). `onsetNow`: the intent rises now (then nothing
    /// waits or coasts).
    func candidates(_ window: SIMD8<Double>, taps: UInt32, limited: UInt32 = 0, onsetNow: Bool, stride: Int, writeSpacing: Int,
                    considerWait: Bool, into list: inout ContiguousArray<Candidate>) {
        let now = window[0]
        if response.isInstant {
            var candidate = Candidate(drive: response.drive(forSteadyLevel: now), tracking: 0, shortfall: .zero,
                                      onsets: 0, waits: false)
            for k in 0...Self.points { candidate.drives[k] = response.drive(forSteadyLevel: window[k]) }
            list.append(candidate)
            return
        }
        // Steady or silent over the whole horizon, with the motor already there: nothing to plan.
        let hold = response.drive(forSteadyLevel: now)
        var isSteady = abs(prediction.felt - now) <= 0.005 && abs(drive - hold) <= 1e-9
        var firstOnset = Self.points + 1
        var lastSound = now > 0 ? 0 : -1
        var previous = now
        var onsets: UInt32 = onsetNow ? 1 : 0
        // The previous frame's tap is still judged by the end of this step, unless its intent is gone
        // (its voice was paused or stopped: then nothing is left to make stand out).
        let carriesTap = previousOnsetBase >= 0 && now > 0
        if carriesTap { onsets |= 1 << UInt32(Self.carried) }
        // Whether coasting now could help: the intent falls well below the felt level soon.
        var falls = now < prediction.felt * 0.8
        for k in 1...Self.points {
            let p = window[k]
            if abs(p - now) > 0.002 { isSteady = false }
            if k <= 3 && p < prediction.felt * 0.8 { falls = true }
            if p > 0 { lastSound = k }
            if isTap(flagged: taps & (1 << UInt32(k)) != 0, before: previous, window: window, at: k) {
                onsets |= 1 << UInt32(k)
                if firstOnset > Self.points { firstOnset = k }
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
        var plan = Rollout(intent: window, onsets: onsets, limited: limited, stride: stride, writeSpacing: writeSpacing)
        if writeSpacing == 1 {
            // The isolated short taps get mapped bursts in every plan that makes them stand out.
            var bits = onsets & ((1 << UInt32(Self.points)) - 1)
            while bits != 0 {
                let k = bits.trailingZeroBitCount
                bits &= bits - 1
                let before = k > 0 ? window[k - 1] : previousIntent
                guard let steps = isolatedBurst(window, at: k, before: before, onsets: onsets) else { continue }
                plan.bursts[k] = Int32(steps)
                plan.shares[k] = Self.tapShare(peak: max(window[k], window[k + 1]), before: before)
                plan.peaks[k] = max(window[k], window[k + 1])
            }
        }
        let follow = rollout(plan, coastSteps: 0)
        list.append(follow)
        // Plans for taps that would not stand out: only when following leaves one short.
        if firstOnset <= Self.points && follow.cost(salienceWeight: tuning.salienceWeight) - follow.tracking > tuning.worthPlanning {
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
            if isDenseTrain(onsets) {
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
            let untilEnd = lastSound + 1 <= Self.points ? lastSound + 1 : 0
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

    /// Whether the taps `onsets` (bit k: k steps ahead; the previous frame's, bit `carried`, one step
    /// before now) form a dense train: two of them fewer than `DriveTuning.denseTrainSteps` steps apart
    /// (with 0, any two).
    func isDenseTrain(_ onsets: UInt32) -> Bool {
        guard onsets.nonzeroBitCount > 1 else { return false }
        let within = tuning.denseTrainSteps
        guard within > 0 else { return true }
        var previous = onsets & (1 << UInt32(Self.carried)) != 0 ? -1 : Int.min / 2
        var bits = onsets & ((1 << UInt32(Self.points + 1)) - 1)
        while bits != 0 {
            let k = bits.trailingZeroBitCount
            bits &= bits - 1
            if Double(k - previous) < within { return true }
            previous = k
        }
        return false
    }

    /// The steps a plan coasting `before` steps before every onset (or every other one) coasts.
    func coastMask(onsets: UInt32, before steps: Int, everyOther parity: Int) -> UInt32 {
        let own = Self.ownOnsets(onsets, everyOther: parity)
        var mask: UInt32 = 0
        for k in 0..<Self.points where own & (1 << UInt32(k)) == 0 {
            let ahead = (own >> UInt32(k + 1)) & ((1 << UInt32(steps)) - 1)
            if ahead != 0 { mask |= 1 << UInt32(k) }
        }
        return mask
    }

    /// The onsets a plan makes stand out: all, or every other one (by parity of their order).
    static func ownOnsets(_ onsets: UInt32, everyOther parity: Int) -> UInt32 {
        guard parity >= 0 else { return onsets }
        var own: UInt32 = 0
        var order = 0
        for k in 0...points where onsets & (1 << UInt32(k)) != 0 {
            if order % 2 == parity { own |= 1 << UInt32(k) }
            order += 1
        }
        return own
    }
}
