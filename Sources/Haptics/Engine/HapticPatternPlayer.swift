/// Plays one pattern on one output of a `HapticEngine`, after Core Haptics' `CHHapticPatternPlayer`.
///
/// Made by `HapticEngine.makePlayer(with:...)`. Commands take a time in the game's clock (the clock
/// passed to `HapticEngine.update(at:)`); 0 (Apple's `CHHapticTimeImmediate`) and any time at or before
/// the last update's mean "at the next update", whatever the clock's origin (`HapticClock.commandTime`). A command runs on the first update whose time is >= its time, with
/// its effect computed as of its time, so a late frame skips ahead instead of stretching effects.
///
/// Not thread-safe: use a player only on the thread that calls `update(at:)`.
/// Each player is one voice: the mixer's priority, category and voice cap apply to it as a whole.
public class HapticPatternPlayer {
    enum Phase { case idle, playing, paused, releasing, finished }

    weak var engine: HapticEngine?
    /// The pattern's precomputed evaluator.
    @_spi(HapticsTools) public let evaluator: VoiceEvaluator
    /// Index of the engine output this player drives.
    public let outputIndex: Int
    /// Where on the controller the signal goes.
    public let locality: HapticLocality
    /// The mixer category (for its gain).
    public var category: HapticCategory {
        get { categoryValue }
        set { categoryValue = newValue }
    }
    /// Priority for the voice cap; higher is kept first. Any integer; default 0.
    public var priority: Int {
        get { priorityValue }
        set { priorityValue = newValue }
    }
    var phase: Phase = .idle {
        didSet {
            if phase == .finished && oldValue != .finished { didFinish = true }
            if phase != oldValue { invalidateLookahead() }
        }
    }
    /// Set when the player reaches `.finished`; the engine calls the completion handler and clears it.
    var didFinish = false
    /// Whether the engine holds it in `patternPlayers` (kept by the engine, so registering is O(1)).
    var isRegistered = false
    /// Bits the owners of the voice set for their own O(1) membership tests (issue 31, round two): the front
    /// door's lists of live, paused and focus-held voices (1, 2, 4: `VoiceList`), a texture that holds it
    /// (0x80: `TextureVoices.playingMark`). The engine never reads them.
    package var ownerMarks: UInt8 = 0
    var sequence = 0
    var anchorTime = 0.0
    var anchorPosition = 0.0
    var pausedPosition = 0.0
    /// The game time the last pause took effect (seconds; 0 before any).
    var pausedAtTime = 0.0
    var rateValue = 1.0
    var loopEnabledValue = false
    var loopEndValue = 0.0
    var isMutedValue = false
    // Settings behind public properties are stored as internal `...Value`s: then every access to
    // the storage is a plain read or write inside the module, and the optimizer drops the dynamic
    // exclusivity checks on the per-frame path (docs/performance.md, "Engine update").
    var categoryValue: HapticCategory
    var priorityValue: Int
    var completion: ((Error?) -> Void)? = nil

    var gameControls = HapticControls.neutral
    var curveStarts = [Double](repeating: 0, count: 5)
    var curveSlots = [ParameterCurve?](repeating: nil, count: 5)
    /// Whether any of `curveSlots` holds a curve (a frame without game curves skips them).
    var hasGameCurves = false
    /// Commands waiting for their time, in time order (the order given among equal times), at most
    /// `maximumPendingCommands`. Changed only through `enqueue`, `runDueCommands` and
    /// `removeAllCommands()`, which keep `nextCommandTime`.
    private(set) var pending: [PatternPlayerCommand] = []
    /// The earliest time in `pending`, +infinity when it is empty (a frame with nothing due skips it).
    private var nextCommandTime = Double.infinity

    /// The most commands one player holds waiting for their time (issue 31, round two, F5: 64,000
    /// parameter changes piled on one player between two updates cost 2.8 s at the next one, and memory
    /// without bound). A command that would make more is refused (`HapticEngineError.tooManyCommands`).
    /// A command repeating the last one due at the same time does not count: a parameter sent again
    /// replaces its value (a run of parameters keeps one per control), a seek replaces the seek, and a
    /// start, stop, pause or resume right after the same command does nothing more.
    public static let maximumPendingCommands = 1_024

    var windowStart = 0.0
    var windowIncludesStart = true
    var pulse = TransientPulse()
    var tail = ReleaseTail(start: 0, seconds: 0, initial: .silent)
    var tailStartTime = 0.0

    // Written by `render`, read by the engine's mixer in the same update.
    var contribution = ActuatorLevels.zero
    /// The actuators where a transient starts on this frame (the motor stage plans a burst there).
    var onsets: ActuatorSet = []
    /// The evaluation time of the last `render`, in seconds.
    var renderTime = 0.0
    /// Until when (evaluation time) the voice plays a tap: `HapticMixer.tapSeconds` after the last
    /// transient it sounded (`isPlayingTap`; the mixer's overlap limiter leaves taps out).
    private var tapUntil = -Double.infinity
    /// Whether the voice plays a tap this frame (a transient of it sounded within `HapticMixer.tapSeconds`).
    var isPlayingTap: Bool { renderTime < tapUntil }
    /// The voice's levels at the motor stage's lookahead grid, kept from frame to frame.
    private var lookahead = VoiceLookahead()

    required init(engine: HapticEngine, pattern: HapticPattern, outputIndex: Int, profile: MotorProfile,
         locality: HapticLocality, category: HapticCategory, priority: Int) {
        self.engine = engine
        self.evaluator = pattern.evaluator   // prepared once per pattern, shared by every player of it
        self.outputIndex = outputIndex
        self.locality = locality
        self.categoryValue = category
        self.priorityValue = priority
        pending.reserveCapacity(16)
    }

    /// Whether the player is started and not yet finished (playing, paused or fading out).
    public var isPlaying: Bool { phase == .playing || phase == .paused || phase == .releasing }

    /// Whether its engine keeps it, spending a little on it every frame: it plays, or has commands
    /// waiting (a start made this frame). What `GameHaptics.Playback.maximumPlayingPatterns` counts. O(1).
    @_spi(HapticsTools) public var isKeptByEngine: Bool { isPlaying || !pending.isEmpty }

    /// The playback position in pattern seconds as of the engine's last update (wrapped into the
    /// loop when looping). 0 before the first start.
    public var currentPosition: Double {
        switch phase {
        case .playing: return wrapped(anchorPosition + ((engine?.evaluationTime ?? anchorTime) - anchorTime) * rateValue)
        case .paused: return wrapped(pausedPosition)
        case .releasing: return tail.start
        case .idle, .finished: return 0
        }
    }

    /// Starts the pattern from its beginning at game time `time` (seconds; <= now: next update).
    /// Starting a playing player restarts it. Throws when the engine is stopped (unless auto shutdown
    /// restarts it) or gone.
    public func start(atTime time: Double) throws(HapticEngineError) {
        try enqueue(.start, at: time)
    }

    /// Stops at game time `time`: sustained continuous events fade out over their release time,
    /// everything else is cut; the completion handler runs when the fade ends.
    public func stop(atTime time: Double) throws(HapticEngineError) {
        try enqueue(.stop, at: time)
    }

    /// Sends dynamic parameters (game controls) at game time `time` + each parameter's `time`.
    /// A sent value replaces the previous value or curve of the same control; it composes with
    /// the pattern's own controls (docs/engine.md). Audio controls (volume, pan, pitch, brightness,
    /// audio envelope times) leave the haptic signal alone; the engine's audio scheduling reads them
    /// for the player's sound (docs/audio.md).
    public func sendParameters(_ parameters: [DynamicParameter], atTime time: Double) throws(HapticEngineError) {
        for parameter in parameters {
            try enqueue(.parameter(parameter.id, parameter.value), at: time + parameter.time)
        }
    }

    /// Sends one dynamic parameter, effective at game time `time` (0: now): `sendParameters` with one
    /// parameter, without an array (what the C API's `SDLH_SetPatternPlayerParameter` calls on the per-frame
    /// path). No allocation.
    public func sendParameter(_ id: DynamicParameter.ID, value: Double, atTime time: Double) throws(HapticEngineError) {
        try enqueue(.parameter(id, value), at: time)
    }

    /// Schedules a curve of a game control starting at game time `time` + `curve.time`; point times
    /// are relative to that start. Replaces the control's previous value or curve when it starts.
    public func scheduleParameterCurve(_ curve: ParameterCurve, atTime time: Double) throws(HapticEngineError) {
        try enqueue(.curve(curve), at: time + curve.time)
    }

    /// Stops at once without a fade, drops pending commands, and does not call the completion handler.
    public func cancel() {
        removeAllCommands()
        phase = .finished
        didFinish = false
        contribution = .zero
        onsets = []
        pulse = TransientPulse()
        invalidateLookahead()
    }

    // MARK: - Internals shared with the advanced player and the engine

    func enqueue(_ kind: PatternPlayerCommand.Kind, at time: Double) throws(HapticEngineError) {
        guard time.isFinite else { throw .invalidTime }
        guard let engine else { throw .engineDestroyed }
        // 0 is "now" as in Core Haptics, also for a game clock that runs below 0; a later time is
        // taken onto the engine's clock (the same unless the game's clock jumped).
        let due = engine.clock.commandTime(forGameTime: time)
        let place = insertionIndex(for: due)
        let merges = merge(kind, at: due, before: place)
        guard merges || pending.count < Self.maximumPendingCommands else { throw .tooManyCommands }
        try engine.prepareToPlay(self, isStart: { if case .start = kind { return true } else { return false } }())
        guard !merges else { return }
        pending.insert(PatternPlayerCommand(kind: kind, time: due), at: place)
        nextCommandTime = min(nextCommandTime, due)
    }

    /// Where a command due at `due` goes: after every command due at or before it. O(log n); the usual
    /// "now" command lands at the end.
    private func insertionIndex(for due: Double) -> Int {
        guard let last = pending.last, last.time > due else { return pending.count }
        var low = 0, high = pending.count
        while low < high {
            let middle = (low + high) / 2
            if pending[middle].time <= due { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Folds `kind` into the command before `place` when that one is due at the same time and running
    /// both does what running the new one alone after it would: a parameter replaces the value of the
    /// same control in the run of parameters just before it (other controls commute with it); a seek
    /// replaces a seek; a start, stop, pause or resume after the same command does nothing more (the
    /// first left the state the second acts on: playing, releasing or finished, paused, playing).
    /// Returns whether it folded. O(controls).
    private func merge(_ kind: PatternPlayerCommand.Kind, at due: Double, before place: Int) -> Bool {
        guard place > 0, pending[place - 1].time == due else { return false }
        switch (pending[place - 1].kind, kind) {
        case (.seek, .seek):
            pending[place - 1].kind = kind
            return true
        case (.start, .start), (.stop, .stop), (.pause, .pause), (.resume, .resume):
            return true
        case (_, .parameter(let id, _)):
            var index = place - 1
            while index >= 0, pending[index].time == due, case .parameter(let other, _) = pending[index].kind {
                if other == id {
                    pending[index].kind = kind
                    return true
                }
                index -= 1
            }
            return false
        default:
            return false
        }
    }

    /// Drops every pending command.
    func removeAllCommands() {
        pending.removeAll(keepingCapacity: true)
        nextCommandTime = .infinity
    }

    var loopLength: Double {
        guard loopEnabledValue else { return 0 }
        let end = loopEndValue > 0 ? loopEndValue : evaluator.duration
        return end > 0 ? end : 0
    }

    func wrapped(_ position: Double) -> Double {
        let length = loopLength
        guard length > 0 else { return position }
        // Floor division rather than `truncatingRemainder` (C's fmod, far slower on the per-frame path).
        let value = position - (position / length).rounded(.down) * length
        return value < 0 ? 0 : (value >= length ? value - length : value)
    }

    func position(at time: Double) -> Double { anchorPosition + (time - anchorTime) * rateValue }

    /// Runs due commands and computes this frame's contribution (`beginFrame`, then `evaluate`). No allocation.
    func render(at time: Double, origin: Double = 0) {
        beginFrame(at: time)
        evaluate(at: time, origin: origin)
    }

    /// The first half of a frame, for every player: runs the commands due by evaluation time `time`
    /// (frame time minus presentation latency) and clears the contribution. No allocation.
    func beginFrame(at time: Double) {
        runDueCommands(upTo: time)
        renderTime = time
        contribution = .zero
        onsets = []
    }

    /// Whether this frame may give the voice sound after `beginFrame`: it plays or fades, or a transient
    /// passed before a pause or stop that ran this frame; and it is not muted. O(1).
    var mayHaveSound: Bool { !isMutedValue && (phase == .playing || phase == .releasing || pulse.isFresh) }

    /// The second half of a frame for a voice that may be heard: computes its contribution at evaluation
    /// time `time` (the lookahead grid counted from `origin`, `HapticEngine.planningOrigin`). Returns whether
    /// it evaluated the pattern (a playing voice whose levels were not kept from the lookahead): one
    /// evaluation, O(log n + events sounding), at most `VoiceEvaluator.maximumExaminedEvents`. No allocation.
    @discardableResult
    func evaluate(at time: Double, origin: Double = 0) -> Bool {
        var evaluated = false
        switch phase {
        case .idle, .finished, .paused:
            break
        case .releasing:
            let t = tail.start + (time - tailStartTime) * rateValue
            let signal = tail.signal(at: t)
            contribution = MotorMapping.perceivedLevels(for: signal, locality: locality)
            if tail.isFinished(at: t) { phase = .finished }
        case .playing:
            updateCurves(at: time)
            let position = position(at: time)
            // A frame on the lookahead grid was sampled when it was ahead (nothing has changed since, or
            // the kept samples would have been forgotten): the same levels, without evaluating again.
            let isActive: Bool
            if !isMutedValue, let kept = lookahead.kept(at: time - origin) {
                contribution = kept.levels
                isActive = kept.isActive
            } else {
                let sample = evaluator.sample(at: wrapped(position), controls: gameControls)
                contribution = MotorMapping.perceivedLevels(for: sample.signal, locality: locality)
                isActive = sample.isActive
                evaluated = true
            }
            detectTransients(through: position)
            if loopLength == 0 && !isActive && !pulse.isFresh { phase = .finished }
        }
        if pulse.isFresh {
            // A transient whose onset was passed since the last frame (or was due before a pause or
            // stop this update ran, `flushTransients`) sounds on this frame, as a floor under whatever
            // else sounds, and marks an onset for the motor stage.
            tapUntil = time + HapticMixer.tapSeconds / rateValue
            contribution = contribution.maximum(with: pulse.levels)
            markOnsets()
            pulse.isFresh = false
        }
        if isMutedValue { contribution = .zero; onsets = [] }
        return evaluated
    }

    /// The second half of a frame for a voice that cannot be heard this frame (muted, or ranked below
    /// the voice cap's places, which louder voices took): keeps time as `evaluate` would (its transients
    /// pass, it finishes when its pattern has ended) without evaluating its signal. Its contribution
    /// stays silent. O(log n), plus, once the pattern's length has passed, a look for an event still
    /// sounding (at most `VoiceEvaluator.maximumExaminedEvents`). No allocation.
    func skip(at time: Double) {
        switch phase {
        case .idle, .finished, .paused:
            break
        case .releasing:
            if tail.isFinished(at: tail.start + (time - tailStartTime) * rateValue) { phase = .finished }
        case .playing:
            updateCurves(at: time)
            let position = position(at: time)
            detectTransients(through: position)
            if loopLength == 0 && !pulse.isFresh && !evaluator.isActive(at: wrapped(position), controls: gameControls) {
                phase = .finished
            }
        }
        // Its transient passed: it plays a tap as if it had been heard (the mix does not depend on it).
        if pulse.isFresh { tapUntil = time + HapticMixer.tapSeconds / rateValue }
        pulse.isFresh = false
    }

    /// Adds the voice's levels at the motor stage's lookahead grid points `first ..< first +
    /// LookaheadGrid.points` (engine time `origin + n × LookaheadGrid.step`, after the last `render`) to
    /// `mix`, as if nothing changed meanwhile (no command runs; game curves go on): what the motor stage
    /// plans ahead with. Kept per grid point (`VoiceLookahead`); each new point costs one evaluation,
    /// O(log n + events sounding). No allocation.
    /// Returns how many points it evaluated (0...`LookaheadGrid.points`).
    @discardableResult
    func addLookahead(from first: Int, origin: Double = 0, gain: Double, into mix: inout VoiceMix) -> Int {
        let window = HapticMixer.tapSeconds / rateValue
        return lookahead.add(from: first, gain: gain, output: outputIndex, lastTap: tapUntil - window - origin, tapSeconds: window,
                             into: &mix) { lookaheadSample(at: $0, origin: origin) }
    }

    /// Forgets the kept lookahead: the voice's future changed (a command, a setting, its phase).
    func invalidateLookahead() {
        lookahead.invalidate()
    }

    /// The voice's levels at evaluation time `origin + offset` (>= the last render) if nothing changes,
    /// and the actuators where a transient starts in the grid step before it (`offset −
    /// LookaheadGrid.step`, `offset`]: what the motor stage plans taps with. Every time is taken
    /// relative to `origin` (`since(_:)`), so the grid is exact however large the game's clock is. Pure.
    private func lookaheadSample(at offset: Double, origin: Double) -> VoiceLookahead.Sample {
        guard !isMutedValue else { return VoiceLookahead.Sample() }
        /// Seconds from game time `moment` to `origin + at` (exact when both lie near `origin`).
        func since(_ moment: Double, at: Double = offset) -> Double { at - (moment - origin) }
        switch phase {
        case .idle, .finished, .paused:
            return VoiceLookahead.Sample()
        case .releasing:
            let t = tail.start + since(tailStartTime) * rateValue
            return VoiceLookahead.Sample(levels: MotorMapping.perceivedLevels(for: tail.signal(at: t), locality: locality))
        case .playing:
            let end = anchorPosition + since(anchorTime) * rateValue
            let sample = evaluator.sample(at: wrapped(end), controls: hasGameCurves ? controls(at: offset, origin: origin) : gameControls)
            var result = VoiceLookahead.Sample(levels: MotorMapping.perceivedLevels(for: sample.signal, locality: locality),
                                               isActive: sample.isActive)
            let start = max(anchorPosition + since(anchorTime, at: offset - LookaheadGrid.step) * rateValue, 0)
            if let tap = strongestTransient(from: start, includingFrom: start == 0, through: end) {
                result.onsets = Self.actuators(of: MotorMapping.perceivedLevels(for: tap, locality: locality))
            }
            return result
        }
    }

    /// The actuators with a level above 0.
    static func actuators(of levels: ActuatorLevels) -> ActuatorSet {
        var set: ActuatorSet = []
        if levels.lowFrequency > 0 { set.insert(.lowFrequency) }
        if levels.highFrequency > 0 { set.insert(.highFrequency) }
        if levels.leftTrigger > 0 { set.insert(.leftTrigger) }
        if levels.rightTrigger > 0 { set.insert(.rightTrigger) }
        return set
    }

    /// Marks an onset on every actuator the fresh transient drives.
    private func markOnsets() {
        onsets.formUnion(Self.actuators(of: pulse.levels))
    }

    /// Runs the commands due by `time`, earliest first (the order given among equal times): a prefix of
    /// `pending`, which is kept in time order. O(commands), one move of the rest (issue 31, round two, F5:
    /// a scan for the earliest and a removal per command made it O(commands²)). No allocation.
    private func runDueCommands(upTo time: Double) {
        guard nextCommandTime <= time else { return }
        var due = 0
        while due < pending.count, pending[due].time <= time {
            let command = pending[due]
            apply(command.kind, at: command.time == -.infinity ? time : command.time)
            due += 1
        }
        // Keep the storage: `removeSubrange` of the whole array frees it, and the next command allocated it
        // again (a malloc per voice start and update).
        if due == pending.count { pending.removeAll(keepingCapacity: true) } else { pending.removeSubrange(0..<due) }
        nextCommandTime = pending.first?.time ?? .infinity
    }

    private func apply(_ kind: PatternPlayerCommand.Kind, at t: Double) {
        invalidateLookahead()
        switch kind {
        case .start:
            phase = .playing
            anchorTime = t
            anchorPosition = 0
            windowStart = 0
            windowIncludesStart = true
            pulse = TransientPulse()
            sequence = engine?.nextSequence() ?? 0
        case .stop:
            if phase == .playing {
                updateCurves(at: t)
                let position = position(at: t)
                tail = evaluator.releaseTail(at: wrapped(position), controls: gameControls)
                tailStartTime = t
                flushTransients(through: position)
                phase = .releasing
            } else if phase == .paused {
                phase = .finished
            }
        case .pause:
            if phase == .playing {
                updateCurves(at: t)
                pausedPosition = position(at: t)
                pausedAtTime = t
                // A pause at the very moment the player started (a voice started while the game is
                // paused) lets no time pass: nothing was due before it, so the window, start included,
                // is left for the resume to play.
                if pausedPosition > windowStart || !windowIncludesStart {
                    flushTransients(through: pausedPosition)
                    windowStart = pausedPosition
                    windowIncludesStart = false
                }
                phase = .paused
            }
        case .resume:
            if phase == .paused {
                anchorTime = t
                anchorPosition = pausedPosition   // the transient window continues from the pause (or a seek)
                phase = .playing
            }
        case .seek(let offset):
            if phase == .playing {
                anchorTime = t
                anchorPosition = offset
                windowStart = offset
                windowIncludesStart = true
                pulse = TransientPulse()
            } else if phase == .paused {
                pausedPosition = offset
                windowStart = offset
                windowIncludesStart = true
            }
        case .parameter(let id, let value):
            if let index = HapticControls.index(of: id) {
                gameControls[id] = value
                curveSlots[index] = nil
                hasGameCurves = curveSlots.contains { $0 != nil }
            }
        case .curve(let curve):
            if let index = HapticControls.index(of: curve.id), !curve.controlPoints.isEmpty {
                curveSlots[index] = curve
                curveStarts[index] = t
                hasGameCurves = true
                updateCurves(at: t)
            }
        }
    }

    private func updateCurves(at time: Double) {
        guard hasGameCurves else { return }
        gameControls = controls(at: time)
    }

    /// The game's controls at game time `origin + time` with the scheduled curves evaluated there
    /// (pure; the curves' starts are taken relative to `origin`).
    private func controls(at time: Double, origin: Double = 0) -> HapticControls {
        var controls = gameControls
        for index in 0..<curveSlots.count {
            guard let curve = curveSlots[index] else { continue }
            let elapsed = max(time - (curveStarts[index] - origin), 0)
            controls[HapticControls.haptic[index]] = curve.value(at: curve.time + elapsed) ?? 0
        }
        return controls
    }

    /// Before a pause or stop: arms a one-frame pulse for the strongest transient whose onset playback
    /// passed after the last frame and at or before `position` (the command's position). Commands take
    /// effect at their time, so such a transient was due; no update has evaluated it yet, so it sounds
    /// on the update that runs the command, once, and the command then cuts it.
    private func flushTransients(through position: Double) {
        pulse = TransientPulse()
        detectTransients(through: position)
    }

    /// Arms the transient pulse for the strongest transient whose onset the position passed since the
    /// last frame (`windowStart` ... `position`, wrapped into the loop).
    private func detectTransients(through position: Double) {
        let from = windowStart
        let includeFrom = windowIncludesStart
        windowStart = position
        windowIncludesStart = false
        guard let signal = strongestTransient(from: from, includingFrom: includeFrom, through: position) else { return }
        pulse.levels = MotorMapping.perceivedLevels(for: signal, locality: locality)
        pulse.isFresh = true
    }

    /// The strongest transient whose onset lies between playback positions `from` (itself only when
    /// `includingFrom`) and `position` (unwrapped pattern seconds), wrapped into the loop, with the
    /// game's controls; nil when none. Pure; O(log n + transients in the window).
    private func strongestTransient(from: Double, includingFrom includeFrom: Bool, through position: Double) -> HapticSignal? {
        guard position >= from else { return nil }
        let length = loopLength
        if length <= 0 {
            return evaluator.strongestTransient(from: from, through: position, includingFrom: includeFrom, controls: gameControls)
        }
        let cycles = (position / length).rounded(.down) - (from / length).rounded(.down)
        let a = wrapped(from)
        let b = wrapped(position)
        let lastInLoop = length.nextDown
        if cycles == 0 {
            return evaluator.strongestTransient(from: a, through: b, includingFrom: includeFrom, controls: gameControls)
        } else if cycles == 1 {
            let first = evaluator.strongestTransient(from: a, through: lastInLoop, includingFrom: includeFrom, controls: gameControls)
            let second = evaluator.strongestTransient(from: 0, through: b, includingFrom: true, controls: gameControls)
            return (first?.intensity ?? 0) >= (second?.intensity ?? 0) ? first : second
        }
        return evaluator.strongestTransient(from: 0, through: lastInLoop, includingFrom: true, controls: gameControls)
    }
}
