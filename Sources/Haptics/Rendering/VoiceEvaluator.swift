/// Evaluates one pattern's haptic signal at any pattern time: pure, clock-free, allocation-free.
///
/// Built once per pattern (O(n log n) in the pattern's elements, allocates; `HapticPattern.evaluator`
/// shares it between every player of the pattern); then `sample(at:controls:)` answers "what does this
/// pattern ask of the motors at time t" for any t, in any order. It knows nothing about frames, players
/// or devices: the player passes the pattern time and the game's control values. Value type,
/// `Sendable`, safe to share between threads.
///
/// Cost (issue 31): a sample looks at the events that may sound at t, found through `SoundingIndex`, and
/// sums at most `maximumSummedEvents` (256) of them with sound, looking at most at `maximumExaminedEvents`
/// (1,024) per pass, at most three passes: so one sample costs at most O(log n + 3,072) whatever the pattern. An AHAP file in which more
/// than `AHAPLimits.maximumSoundingEvents` (256) events sound at once as written is refused when read, so
/// the cap only applies when time controls lengthen envelopes past that; then the events that started
/// last are summed. `strongestTransient` is O(log n) (`TransientIndex`).
///
/// Semantics (docs/engine.md):
/// - Transient: a rectangular pulse of `EnvelopeTiming.transientSeconds` (50 ms) at full level;
///   `AttackTime` turns its start into a linear ramp (the hold lasts at least the attack) and
///   `DecayTime` adds a linear fall after the hold.
/// - Continuous, `Sustained` 1: linear attack over `AttackTime`, hold until the event's end, then
///   linear release over `ReleaseTime` from the level reached. `Sustained` 0: linear attack, then
///   a linear decay that reaches 0 at the event's end (no release).
/// - Envelope times map to seconds through `EnvelopeTiming.seconds(normalized:)`.
/// - Controls: the pattern's `Parameter` elements step at their time, its curves interpolate
///   linearly and hold their end values; for each control the most recently started element wins
///   (a curve wins a tie with a step). Pattern controls compose with the game's controls, then with
///   the event: intensity multiplies, sharpness and times add; each result is clamped to the event
///   parameter's range. Controls are read at the evaluated time, for every event sounding then.
/// - Overlapping events: intensities add and saturate at 1; sharpness is the intensity-weighted
///   mean of the sounding events' sharpness.
/// - Audio events are ignored.
@_spi(HapticsTools) public struct VoiceEvaluator: Sendable {
    struct EventRecord: Sendable {
        var isTransient: Bool
        var isSustained: Bool
        var start: Double
        var duration: Double
        var intensity: Double
        var sharpness: Double
        var attack: Double
        var decay: Double
        var release: Double
        /// `EnvelopeTiming.seconds` of `attack`, `decay` and `release`, precomputed: what the envelope
        /// uses while the matching time control is 0 (the common case), so a frame computes no exponential.
        var attackSeconds: Double
        var decaySeconds: Double
        var releaseSeconds: Double
    }


    /// Haptic events sorted by start.
    let events: ContiguousArray<EventRecord>
    /// `prefixBoundEnd[i]`: an upper bound of the audible end of events 0...i (non-decreasing).
    let prefixBoundEnd: ContiguousArray<Double>
    /// The pattern's own haptic controls (indexed as `HapticControls.haptic`) over time.
    let controlTimeline: ControlTimeline
    /// Which events may sound at a time, when more than `directScanLimit` are candidates.
    let soundingIndex: SoundingIndex
    /// The transients by start, and the strongest of a run of them.
    let transients: TransientIndex

    /// Candidates scanned one by one, as they come (the running maximum of ends); more go through
    /// `soundingIndex` (and a window of more transients through `transients`).
    static let directScanLimit = 64
    /// The most events with sound one sample sums (the ones that started last).
    @_spi(HapticsTools) public static let maximumSummedEvents = 256
    /// The most events one sample looks at.
    @_spi(HapticsTools) public static let maximumExaminedEvents = 1_024

    /// The pattern's length in seconds (`HapticPattern.duration`), without release tails.
    public let duration: Double
    /// Whether the pattern has at least one haptic event.
    public let hasHapticContent: Bool

    /// Precomputes everything `sample(at:controls:)` needs. Allocates; call at load time.
    public init(pattern: HapticPattern) {
        var records = ContiguousArray<EventRecord>()
        for event in pattern.events where event.type.isHaptic {
            func clamped(_ id: HapticEvent.ParameterID) -> Double { id.range.clamp(event.value(of: id)) }
            let duration = event.duration ?? 0
            let attack = clamped(.attackTime)
            let decay = clamped(.decayTime)
            let release = clamped(.releaseTime)
            records.append(EventRecord(
                isTransient: event.type == .hapticTransient,
                isSustained: event.isSustained,
                start: event.time,
                duration: duration.isFinite ? max(duration, 0) : 0,
                intensity: clamped(.hapticIntensity),
                sharpness: clamped(.hapticSharpness),
                attack: attack,
                decay: decay,
                release: release,
                attackSeconds: EnvelopeTiming.seconds(normalized: attack),
                decaySeconds: EnvelopeTiming.seconds(normalized: decay),
                releaseSeconds: EnvelopeTiming.seconds(normalized: release)))
        }
        var bounds = ContiguousArray<Double>()
        bounds.reserveCapacity(records.count)
        var running = -Double.infinity
        let longest = EnvelopeTiming.maximumSeconds
        for record in records {
            let end = record.isTransient
                ? record.start + max(EnvelopeTiming.transientSeconds, longest) + longest
                : record.start + record.duration + longest
            running = max(running, end)
            bounds.append(running)
        }
        events = records
        prefixBoundEnd = bounds

        controlTimeline = ControlTimeline(pattern, count: HapticControls.haptic.count, index: HapticControls.index(of:))
        soundingIndex = SoundingIndex(records)
        transients = TransientIndex(records, controls: controlTimeline, treeAbove: Self.directScanLimit)
        duration = pattern.duration
        hasHapticContent = !records.isEmpty
    }

    /// How long `event` sounds as written, in seconds (its envelope with its own parameters, no control:
    /// a transient's hold and decay, a continuous event's duration and, when sustained, its release); nil
    /// for an audio event. What `AHAPLimits.maximumSoundingEvents` counts.
    static func writtenLength(of event: HapticEvent) -> Double? {
        guard event.type.isHaptic else { return nil }
        func seconds(_ id: HapticEvent.ParameterID) -> Double { EnvelopeTiming.seconds(normalized: id.range.clamp(event.value(of: id))) }
        if event.type == .hapticTransient {
            return max(seconds(.attackTime), EnvelopeTiming.transientSeconds) + seconds(.decayTime)
        }
        let duration = event.duration ?? 0
        let length = duration.isFinite ? max(duration, 0) : 0
        return event.isSustained ? length + seconds(.releaseTime) : length
    }

    /// The pattern's own control values at pattern time `t` (seconds), before the game's controls.
    /// O(log n) per control; no allocation.
    public func patternControls(at t: Double) -> HapticControls { controlTimeline.controls(at: t) }

    /// The signal at pattern time `t` (seconds) with the game's `controls`.
    ///
    /// Any t is allowed (negative: before the pattern, silent and active). Cost: O(log n) plus the
    /// events that may still sound at t; no allocation. Thread-safe (reads immutable storage).
    public func sample(at t: Double, controls game: HapticControls = .neutral) -> VoiceSample {
        var isActive = t < duration
        guard t.isFinite, !events.isEmpty else {
            return VoiceSample(signal: .silent, isActive: isActive && t.isFinite)
        }
        let controls = patternControls(at: t).composed(with: game)
        var sumIntensity = 0.0
        var sumWeightedSharpness = 0.0
        let range = candidateRange(at: t)
        if range.count <= Self.directScanLimit {
            for index in range {
                let event = events[index]
                let (level, end) = VoiceEvaluator.envelope(event, local: t - event.start, controls: controls)
                if t - event.start < end { isActive = true }
                guard level > 0 else { continue }
                let intensity = VoiceEvaluator.clamp01(event.intensity * controls.intensity) * level
                sumIntensity += intensity
                sumWeightedSharpness += intensity * VoiceEvaluator.clamp01(event.sharpness + controls.sharpness)
            }
        } else {
            // The same sum over the events the index finds, in the same order, bounded.
            let capped = !forEachSounding(at: t, upper: range.upperBound, controls: controls, reset: {
                sumIntensity = 0
                sumWeightedSharpness = 0
            }) { index, level, end in
                let event = events[index]
                if t - event.start < end { isActive = true }
                guard level > 0 else { return }
                let intensity = VoiceEvaluator.clamp01(event.intensity * controls.intensity) * level
                sumIntensity += intensity
                sumWeightedSharpness += intensity * VoiceEvaluator.clamp01(event.sharpness + controls.sharpness)
            }
            if capped { isActive = true }
        }
        guard sumIntensity > 0 else { return VoiceSample(signal: .silent, isActive: isActive) }
        let signal = HapticSignal(intensity: min(sumIntensity, 1),
                                  sharpness: VoiceEvaluator.clamp01(sumWeightedSharpness / sumIntensity))
        return VoiceSample(signal: signal, isActive: isActive)
    }

    /// The strongest transient whose start lies in the window `from...through` (pattern seconds;
    /// `from` itself counts only when `includingFrom`), as its peak signal with the controls at its
    /// start; nil when none. Players use it so that no transient is lost inside a long frame.
    /// O(log n + transients in the window); no allocation.
    public func strongestTransient(from: Double, through: Double, includingFrom: Bool,
                                   controls game: HapticControls = .neutral) -> HapticSignal? {
        guard from <= through else { return nil }
        let low = transients.firstTransient(after: from, including: includingFrom)
        let high = transients.firstTransient(after: through, including: false)
        guard low < high else { return nil }
        if high - low > Self.directScanLimit && transients.hasTree {
            guard let k = transients.strongest(in: low..<high) else { return nil }
            return transientPeak(Int(transients.events[k]), controls: game)
        }
        var best: HapticSignal? = nil
        for k in low..<high {
            guard let peak = transientPeak(Int(transients.events[k]), controls: game),
                  peak.intensity > (best?.intensity ?? 0) else { continue }
            best = peak
        }
        return best
    }

    /// Transient `index`'s peak with the controls at its start, nil when it is silent.
    @inline(__always)
    private func transientPeak(_ index: Int, controls game: HapticControls) -> HapticSignal? {
        let event = events[index]
        let controls = patternControls(at: event.start).composed(with: game)
        let intensity = VoiceEvaluator.clamp01(event.intensity * controls.intensity)
        guard intensity > 0 else { return nil }
        return HapticSignal(intensity: intensity, sharpness: VoiceEvaluator.clamp01(event.sharpness + controls.sharpness))
    }

    /// Whether the pattern still sounds at pattern time `t` with the game's `controls` (`sample`'s
    /// `isActive`), without summing: stops at the first event still sounding. O(log n + examined
    /// events), at most `maximumExaminedEvents` (past them: true). For a voice that is not heard.
    public func isActive(at t: Double, controls game: HapticControls = .neutral) -> Bool {
        guard t.isFinite else { return false }
        if t < duration { return true }
        guard !events.isEmpty else { return false }
        let controls = patternControls(at: t).composed(with: game)
        let range = candidateRange(at: t)
        if range.count <= Self.directScanLimit {
            for index in range.reversed() {
                let event = events[index]
                if t - event.start < VoiceEvaluator.envelope(event, local: t - event.start, controls: controls).end { return true }
            }
            return false
        }
        var examined = 0
        var found = false
        _ = soundingIndex.forEachBlockDescending(after: t, below: range.upperBound, controls: controls) { block in
            for index in block.reversed() {
                let event = events[index]
                examined += 1
                if t - event.start < VoiceEvaluator.envelope(event, local: t - event.start, controls: controls).end || examined >= Self.maximumExaminedEvents {
                    found = true
                    return false
                }
            }
            return true
        }
        return found
    }

    /// How many events `sample(at:controls:)` sums from for pattern time `t` (the direct scan's candidates, or
    /// the events the index's walk passes on). For tests of the bound. Allocation-free.
    func examinedEvents(at t: Double, controls game: HapticControls = .neutral) -> Int {
        guard t.isFinite, !events.isEmpty else { return 0 }
        let controls = patternControls(at: t).composed(with: game)
        let range = candidateRange(at: t)
        if range.count <= Self.directScanLimit { return range.count }
        var examined = 0
        _ = forEachSounding(at: t, upper: range.upperBound, controls: controls, reset: { examined = 0 }) { _, _, _ in examined += 1 }
        return examined
    }

    /// Calls `body(index, level, end)` for every event before `upper` that may sound at t (its block's bound
    /// under `controls` lies after t), in index order, with its envelope level and end there: one pass. When
    /// more than `maximumSummedEvents` of them have sound, or more than `maximumExaminedEvents` would be
    /// looked at, it calls `reset`, finds from the latest start back where the limits cut, passes only
    /// the events from there on (the ones that started last) and returns false: at most three passes of
    /// `maximumExaminedEvents` each. Allocation-free.
    @inline(__always)
    private func forEachSounding(at t: Double, upper: Int, controls: HapticControls, reset: () -> Void,
                                 _ body: (Int, Double, Double) -> Void) -> Bool {
        // Usually within both limits: one pass in order.
        var examined = 0
        var sounding = 0
        let whole = soundingIndex.forEachBlock(after: t, from: 0, below: upper, controls: controls) { block in
            for index in block {
                let event = events[index]
                let (level, end) = VoiceEvaluator.envelope(event, local: t - event.start, controls: controls)
                examined += 1
                if level > 0 { sounding += 1 }
                if sounding > Self.maximumSummedEvents || examined > Self.maximumExaminedEvents { return false }
                body(index, level, end)
            }
            return true
        }
        if whole { return true }
        // Past a limit: start again with the events that started last. Count from the latest start back:
        // where the limits cut.
        reset()
        examined = 0
        sounding = 0
        var cutoff = 0
        let within = soundingIndex.forEachBlockDescending(after: t, below: upper, controls: controls) { block in
            for index in block.reversed() {
                let event = events[index]
                let level = VoiceEvaluator.envelope(event, local: t - event.start, controls: controls).level
                examined += 1
                if level > 0 { sounding += 1 }
                if sounding >= Self.maximumSummedEvents || examined >= Self.maximumExaminedEvents {
                    cutoff = index
                    return false
                }
            }
            return true
        }
        _ = soundingIndex.forEachBlock(after: t, from: cutoff, below: upper, controls: controls) { block in
            for index in block {
                let event = events[index]
                let (level, end) = VoiceEvaluator.envelope(event, local: t - event.start, controls: controls)
                body(index, level, end)
            }
            return true
        }
        return within
    }

    /// The fade to play when the player stops at pattern time `t`: the signal of the sustained
    /// continuous events sounding at `t` (summed as in `sample(at:controls:)`), faded over the
    /// longest of their releases. Transients and non-sustained events end at the stop (Apple: a
    /// stop ends the pattern; only continuous events fade over their release), so they are not part
    /// of it. O(log n + sounding events).
    public func releaseTail(at t: Double, controls game: HapticControls = .neutral) -> ReleaseTail {
        var seconds = 0.0
        var sumIntensity = 0.0
        var sumWeightedSharpness = 0.0
        if t.isFinite && !events.isEmpty {
            let controls = patternControls(at: t).composed(with: game)
            func add(_ index: Int, level: Double) {
                let event = events[index]
                guard !event.isTransient, event.isSustained else { return }
                let local = t - event.start
                let release = controls.releaseTime == 0 ? event.releaseSeconds
                    : EnvelopeTiming.seconds(normalized: event.release + controls.releaseTime)
                if local >= 0 && local < event.duration {
                    seconds = max(seconds, release)
                } else if local >= event.duration && local < event.duration + release {
                    seconds = max(seconds, event.duration + release - local)
                }
                guard level > 0 else { return }
                let intensity = VoiceEvaluator.clamp01(event.intensity * controls.intensity) * level
                sumIntensity += intensity
                sumWeightedSharpness += intensity * VoiceEvaluator.clamp01(event.sharpness + controls.sharpness)
            }
            let range = candidateRange(at: t)
            if range.count <= Self.directScanLimit {
                for index in range {
                    let event = events[index]
                    guard !event.isTransient, event.isSustained else { continue }
                    add(index, level: VoiceEvaluator.envelope(event, local: t - event.start, controls: controls).level)
                }
            } else {
                _ = forEachSounding(at: t, upper: range.upperBound, controls: controls, reset: {
                    seconds = 0
                    sumIntensity = 0
                    sumWeightedSharpness = 0
                }) { index, level, _ in add(index, level: level) }
            }
        }
        let initial = sumIntensity > 0
            ? HapticSignal(intensity: min(sumIntensity, 1),
                           sharpness: VoiceEvaluator.clamp01(sumWeightedSharpness / sumIntensity))
            : HapticSignal.silent
        return ReleaseTail(start: t, seconds: seconds, initial: initial)
    }

    /// Indices of events that started at or before t and may still sound at t.
    private func candidateRange(at t: Double) -> Range<Int> {
        // First index whose prefix bound end is > t: every event before it is over.
        var low = 0
        var high = prefixBoundEnd.count
        while low < high {
            let mid = (low + high) / 2
            if prefixBoundEnd[mid] <= t { low = mid + 1 } else { high = mid }
        }
        let first = low
        // First index whose start is > t.
        low = first
        high = events.count
        while low < high {
            let mid = (low + high) / 2
            if events[mid].start <= t { low = mid + 1 } else { high = mid }
        }
        return first..<max(first, low)
    }

    /// Envelope level 0...1 at `local` seconds into the event, and the local time it ends.
    static func envelope(_ event: EventRecord, local u: Double, controls: HapticControls) -> (level: Double, end: Double) {
        let attack = controls.attackTime == 0 ? event.attackSeconds
            : EnvelopeTiming.seconds(normalized: event.attack + controls.attackTime)
        if event.isTransient {
            let decay = controls.decayTime == 0 ? event.decaySeconds
                : EnvelopeTiming.seconds(normalized: event.decay + controls.decayTime)
            let hold = max(attack, EnvelopeTiming.transientSeconds)
            let end = hold + decay
            if u < 0 || u >= end { return (0, end) }
            if u < attack { return (u / attack, end) }
            if u < hold { return (1, end) }
            return (1 - (u - hold) / decay, end)
        }
        let length = event.duration
        if event.isSustained {
            let release = controls.releaseTime == 0 ? event.releaseSeconds
                : EnvelopeTiming.seconds(normalized: event.release + controls.releaseTime)
            let end = length + release
            if u < 0 || u >= end { return (0, end) }
            if u < length { return (attack > 0 ? min(1, u / attack) : 1, end) }
            let reached = attack > 0 ? min(1, length / attack) : 1
            return (reached * (1 - (u - length) / release), end)
        }
        if u < 0 || u >= length { return (0, length) }
        if u < attack { return (u / attack, length) }
        return ((length - u) / (length - attack), length)
    }

    @inline(__always)
    static func clamp01(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
}
