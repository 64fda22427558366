/// The playback engine, after Core Haptics' `CHHapticEngine`: owns the outputs, the pattern players and the
/// mixer, and produces one frame of actuator levels per output each time the game calls `update(at:)`.
///
/// Timing: the engine has no clock of its own. `currentTime` is the game's frame clock, set by
/// `update(at:)` (seconds, any origin), through a `HapticClock`: equal to the game's times while they
/// run forward in steps of at most an hour; a time earlier than the last one is a new origin (the clock
/// holds for that update, then runs on with the game's steps) and a jump forward moves it an hour, so
/// no wrong time can freeze it (issue 31, round two). Players are evaluated at
/// `currentTime - presentationLatency`, so a long frame skips ahead.
/// The motor stage plans on a grid counted from a recent frame (`planningOrigin`), never on absolute
/// seconds, so its lookahead is exact at any origin (1e15 s, negative times): docs/engine.md.
///
/// Threads: not thread-safe. Create it, call every method, and receive every handler and output
/// call on one thread, normally the game's update thread.
///
/// Cost: `update(at:)` is O(players × log n) to keep every player's time, plus at most
/// `maximumAudibleVoices` × (1 + `LookaheadGrid.points`) evaluations of a pattern, each at most
/// O(log n + `VoiceEvaluator.maximumExaminedEvents`): the voice cap bounds the evaluation (players it
/// does not let be heard are not evaluated), and a pattern's size or overlap bounds nothing but log n
/// (issue 31). Over the cap, the ranking adds O(players + cap × log players). In steady state it
/// allocates nothing (storage is reserved up front; handlers are stored closures, never created per
/// frame). Measured: docs/performance.md.
public final class HapticEngine {
    /// The outputs, in the order given at creation; players address them by index.
    public let outputs: [any HapticOutput]
    /// Mixer settings: category gains, master gain, off switch, voice cap.
    public var mixer = HapticMixer()
    /// The time of the last `update(at:)`, in seconds (0 before the first; the first update sets it
    /// whatever its sign, so a clock that starts below 0 runs from there): the game's time, unless the
    /// game's clock jumped back or more than `HapticClock.maximumStep` forward (`clock`).
    public var currentTime: Double { clock.time }
    /// The engine's clock, from the game's times (`HapticClock`).
    @_spi(HapticsTools) public private(set) var clock = HapticClock()
    /// Delay applied to every player so haptics line up with a picture shown later, in seconds
    /// (>= 0; default 0). A player started for game time T is heard from the first update >= T + latency.
    public var presentationLatency: Double = 0 {
        didSet { presentationLatency = presentationLatency.isFinite ? max(presentationLatency, 0) : 0 }
    }
    /// Whether the engine is running (`start()` called and not stopped since).
    public private(set) var isRunning = false
    /// When true every output receives zeros; players keep running. Default false.
    public var isMutedForHaptics = false
    /// When true every audio voice of this engine's players plays at volume 0 (they keep running);
    /// no effect on haptics. Default false. See `audioOutput` (docs/audio.md).
    public var isMutedForAudio = false
    /// When true the engine stops itself with `.idleTimeout` after `idleTimeout` seconds without a
    /// playing player, and a player's `start` restarts it. Default false.
    public var isAutoShutdownEnabled = false
    /// Seconds without players before an auto shutdown, > 0. Default 30.
    public var idleTimeout: Double = 30
    /// Called when the engine stops by itself or is stopped by `handleExternalStop`, on the update thread.
    public var stoppedHandler: ((StoppedReason) -> Void)?
    /// Called after `reset()` has stopped every player and silenced every output.
    public var resetHandler: (() -> Void)?

    var patternPlayers: [HapticPatternPlayer] = []
    /// The players that finished in this update, while their completion handlers run (reserved).
    private var retired: [HapticPatternPlayer] = []
    /// How many times the engine halted (stop, reset, invalidate, an external stop): a completion
    /// handler that stops the engine ends the round of handlers.
    private var haltCount = 0
    private var drivers: [MotorDriver]
    /// This frame's voices with sound, the voice cap and the sum per output.
    private var voiceMix: VoiceMix
    /// The voices that may have sound, best first, when more than the voice cap may.
    private var ranking = VoiceRanking()
    /// How many times the last update evaluated a pattern: at the frame and at lookahead points, for the
    /// voices the cap lets be heard (at most `maximumAudibleVoices` × (1 + `LookaheadGrid.points`)).
    @_spi(HapticsTools) public private(set) var evaluationsInLastUpdate = 0
    /// Evaluates every voice that may have sound, whatever the cap (what the engine did before issue 31):
    /// the reference the tests hold the bounded evaluation to. Internal; false.
    var evaluatesEveryVoice = false
    private var sequenceCounter = 0
    private var idleSince: Double? = nil
    private var finishedHandler: (() -> FinishedAction)? = nil
    private var isDestroyed = false
    private var hasStarted = false
    /// Where the motor stage's lookahead grid starts, in game seconds: grid point n lies at
    /// `planningOrigin + n / LookaheadGrid.stepsPerSecond`. 0 until an evaluation time lies
    /// `planningSpan` or more away from it, then that evaluation time (`rebasePlanning`).
    private(set) var planningOrigin: Double = 0
    /// How far from `planningOrigin` an evaluation time may lie before the grid moves to it, in
    /// seconds (2^16, about 18 hours): relative times stay below it, exact to about 1e-11 s.
    @_spi(HapticsTools) public static let planningSpan: Double = 65_536
    /// The audio half: the players' audio events and the haptic-audio channel (Audio/, docs/audio.md).
    let audio = AudioScheduler()

    /// The time players are evaluated at: `currentTime - presentationLatency`.
    public var evaluationTime: Double { currentTime - presentationLatency }

    /// Creates a stopped engine for `outputs`. `voiceCapacity` players may be active at once without
    /// the engine allocating (more are allowed; the storage then grows once).
    public init(outputs: [any HapticOutput], voiceCapacity: Int = 64) {
        self.outputs = outputs
        drivers = outputs.map { MotorDriver(profile: $0.profile) }
        voiceMix = VoiceMix(outputs: outputs.count)
        patternPlayers.reserveCapacity(max(voiceCapacity, 1))
        retired.reserveCapacity(max(voiceCapacity, 1))
        voiceMix.reserve(voices: patternPlayers.capacity, cap: mixer.maximumAudibleVoices)
    }

    /// The capabilities of output `index`, or nil when there is no such output.
    @_spi(HapticsTools) public func capabilities(ofOutput index: Int) -> HapticCapabilities? {
        outputs.indices.contains(index) ? outputs[index].capabilities : nil
    }

    /// Starts the engine. Throws `.engineDestroyed` after `invalidate()`.
    public func start() throws(HapticEngineError) {
        guard !isDestroyed else { throw .engineDestroyed }
        isRunning = true
        hasStarted = true
        idleSince = nil
    }

    /// Stops the engine: every player ends without calling completion handlers and every output
    /// receives one frame of zeros at once. `stoppedHandler` is not called (as in Core Haptics).
    public func stop() {
        halt()
    }

    /// Stops for an external reason the game or an adapter knows about (suspension, focus loss,
    /// a device error) and calls `stoppedHandler` with it.
    public func handleExternalStop(_ reason: StoppedReason) {
        halt()
        stoppedHandler?(reason)
    }

    /// Stops every player and silences every output, keeps the engine's running state, then calls
    /// `resetHandler` (where the game recreates its players).
    public func reset() {
        let wasRunning = isRunning
        halt()
        isRunning = wasRunning
        resetHandler?()
    }

    /// Stops for good (`.engineDestroyed`); later `start()` and player commands throw.
    public func invalidate() {
        halt()
        isDestroyed = true
        stoppedHandler?(.engineDestroyed)
    }

    /// Calls `handler` once, on the update thread, at the first update after which no player is
    /// playing or has a command waiting (at once on the next update if there is none); its answer
    /// decides whether the engine stops. Replaces a previous handler.
    public func notifyWhenPlayersFinished(_ handler: @escaping () -> FinishedAction) {
        finishedHandler = handler
    }

    /// Makes a basic player for `pattern` on output `output`. Allocates (the evaluator); call at load time.
    public func makePlayer(with pattern: HapticPattern, output: Int = 0, locality: HapticLocality = .body,
                           category: HapticCategory = .custom, priority: Int = 0) throws(HapticEngineError) -> HapticPatternPlayer {
        try makeVoice(HapticPatternPlayer.self, pattern: pattern, output: output, locality: locality,
                      category: category, priority: priority)
    }

    /// Makes an advanced player (loop, rate, seek, pause/resume, mute, completion handler).
    public func makeAdvancedPlayer(with pattern: HapticPattern, output: Int = 0, locality: HapticLocality = .body,
                                   category: HapticCategory = .custom, priority: Int = 0) throws(HapticEngineError) -> HapticAdvancedPatternPlayer {
        try makeVoice(HapticAdvancedPatternPlayer.self, pattern: pattern, output: output, locality: locality,
                      category: category, priority: priority)
    }

    /// The one way a player is made: checks the engine and the output, builds the player with the
    /// output's motor profile and registers its audio events.
    private func makeVoice<Voice: HapticPatternPlayer>(_ type: Voice.Type, pattern: HapticPattern, output: Int,
                                                       locality: HapticLocality, category: HapticCategory,
                                                       priority: Int) throws(HapticEngineError) -> Voice {
        guard !isDestroyed else { throw .engineDestroyed }
        guard outputs.indices.contains(output) else { throw .invalidOutput(output) }
        let player = Voice(engine: self, pattern: pattern, outputIndex: output, profile: drivers[output].profile,
                           locality: locality, category: category, priority: priority)
        audio.register(player, pattern: pattern)
        return player
    }

    /// Advances every player to game time `frameTime` (seconds) and sends one frame to each output.
    /// Call once per frame while running (calls while stopped do nothing). See the type's cost note.
    public func update(at frameTime: Double) {
        guard isRunning, frameTime.isFinite else { return }
        clock.advance(to: frameTime)
        for output in outputs where !output.isConnected {
            handleExternalStop(.gameControllerDisconnected)
            return
        }
        let time = evaluationTime
        if !(abs(time - planningOrigin) < Self.planningSpan) { rebasePlanning(at: time) }
        audio.willRender(at: time)
        voiceMix.reserve(voices: patternPlayers.capacity, cap: mixer.maximumAudibleVoices)
        ranking.reserve(patternPlayers.capacity)
        let (mayRetire, evaluations) = Self.render(patternPlayers, at: time, origin: planningOrigin,
                                                   cap: evaluatesEveryVoice ? Int.max : mixer.maximumAudibleVoices,
                                                   ranking: &ranking, into: &voiceMix)
        voiceMix.mix(with: mixer)
        let isSilenced = isMutedForHaptics || !mixer.isEnabled
        evaluationsInLastUpdate = evaluations
        if !isSilenced {
            evaluationsInLastUpdate += Self.lookAhead(patternPlayers, at: time - planningOrigin, origin: planningOrigin, into: &voiceMix)
        }
        for index in outputs.indices {
            let levels: ActuatorLevels
            if isSilenced {
                drivers[index].reset()
                levels = .zero
            } else {
                levels = drivers[index].drive(voiceMix.window(ofOutput: index), at: currentTime)
            }
            outputs[index].receive(HapticFrame(time: currentTime, levels: levels))
        }
        let audible = isSilenced ? ActuatorLevels.zero : (voiceMix.perceived.first ?? .zero)
        audio.didRender(at: time, frameTime: currentTime, latency: presentationLatency, levels: audible,
                        isMuted: isMutedForAudio)
        if mayRetire { retireFinishedPlayers() }
        notifyIfPlayersFinished()
        checkIdle()
    }

    // MARK: - Internals

    /// Renders every player at evaluation time `time` (the lookahead grid counted from `origin`) and
    /// collects the ones with sound into `mix`, in player order. The voice cap bounds the evaluation
    /// (issue 31): every player runs its commands, and when more than `cap` players may have sound they
    /// are evaluated best first (the cap's order) until `cap` of them have sound; the rest could not be
    /// heard whatever they hold, so they only keep time (`skip`). The mix is the one every player's
    /// evaluation gives. Returns whether some player may be done (finished or idle), so the update
    /// retires players only then, and how many evaluations it made. O(players) + O(players + cap × log
    /// players) when over the cap + at most cap evaluations. (One access to `mix` for the whole loop.)
    private static func render(_ patternPlayers: [HapticPatternPlayer], at time: Double, origin: Double, cap: Int,
                               ranking: inout VoiceRanking, into mix: inout VoiceMix) -> (mayRetire: Bool, evaluations: Int) {
        mix.removeAllVoices()
        var candidates = 0
        for player in patternPlayers {
            player.beginFrame(at: time)
            if player.mayHaveSound { candidates += 1 }
        }
        var evaluations = 0
        if candidates <= cap {
            for player in patternPlayers {
                if player.mayHaveSound {
                    if player.evaluate(at: time, origin: origin) { evaluations += 1 }
                } else {
                    player.skip(at: time)
                }
            }
        } else {
            ranking.removeAll()
            for (index, player) in patternPlayers.enumerated() {
                if player.mayHaveSound {
                    ranking.append(VoiceRanking.Rank(priority: player.priority, sequence: player.sequence, player: index))
                } else {
                    player.skip(at: time)
                }
            }
            ranking.order()
            var heard = 0
            while heard < cap, let index = ranking.next() {
                let player = patternPlayers[index]
                if player.evaluate(at: time, origin: origin) { evaluations += 1 }
                if !player.contribution.isSilent { heard += 1 }
            }
            // The rest only keep time; each player's `skip` touches only that player, so in any order.
            ranking.takeRest { patternPlayers[$0].skip(at: time) }
        }
        var mayRetire = false
        for (index, player) in patternPlayers.enumerated() {
            if player.phase == .finished || player.phase == .idle || player.didFinish { mayRetire = true }
            let levels = player.contribution
            guard !levels.isSilent else { continue }
            mix.append(VoiceMix.Voice(levels: levels, onsets: player.onsets, isTap: player.isPlayingTap, output: player.outputIndex,
                                      category: player.category, priority: player.priority, sequence: player.sequence,
                                      player: index))
        }
        return (mayRetire, evaluations)
    }

    /// Mixes every voice heard this frame at the motor stage's lookahead: `LookaheadGrid.points`
    /// points of the grid `origin + n / LookaheadGrid.stepsPerSecond` after now, `offset` seconds after
    /// `origin` (|offset| < `planningSpan`: the grid is counted in time relative to the origin, exact at
    /// any origin). Each voice keeps its samples from frame to frame, so a frame usually evaluates one
    /// new point per voice; per output like the frame itself. Voices that yield under the voice cap,
    /// and players that start later, are not foreseen.
    private static func lookAhead(_ patternPlayers: [HapticPatternPlayer], at offset: Double, origin: Double,
                                  into mix: inout VoiceMix) -> Int {
        mix.clearAhead()
        // The first grid point strictly after now (a frame on the grid counts as on it).
        let first = LookaheadGrid.firstPoint(after: offset)
        var evaluations = 0
        for position in mix.admitted.indices {
            let player = patternPlayers[mix.voices[mix.admitted[position]].player]
            evaluations += player.addLookahead(from: first, origin: origin, gain: mix.admittedGains[position], into: &mix)
        }
        return evaluations
    }

    /// Moves the lookahead grid's origin to evaluation time `time` (finite): every kept lookahead
    /// sample is forgotten, since grid point n now means another time. At most once per
    /// `planningSpan` of game time, or when the game's clock jumps that far.
    private func rebasePlanning(at time: Double) {
        guard time.isFinite else { return }
        planningOrigin = time
        for player in patternPlayers { player.invalidateLookahead() }
    }

    /// The felt level the motor stage predicts for each actuator of output `index` after the last
    /// update (0...1 of each motor's full strength: its own model of the pad's motors, from the
    /// output's profile), or nil when there is no such output. O(1).
    public func predictedFeltLevels(ofOutput index: Int) -> ActuatorLevels? {
        drivers.indices.contains(index) ? drivers[index].predictedFelt : nil
    }

    func nextSequence() -> Int {
        sequenceCounter += 1
        return sequenceCounter
    }

    /// Registers a player that gets a command, restarting an idle-stopped engine for a start.
    func prepareToPlay(_ player: HapticPatternPlayer, isStart: Bool) throws(HapticEngineError) {
        guard !isDestroyed else { throw .engineDestroyed }
        if !isRunning {
            guard isStart, isAutoShutdownEnabled, hasStarted else { throw .engineNotRunning }
            isRunning = true
        }
        if !player.isRegistered {   // O(1): a frame of many starts costs O(starts), not O(starts × players)
            if player.phase == .finished { player.phase = .idle }
            player.isRegistered = true
            patternPlayers.append(player)
        }
        idleSince = nil
    }

    /// Drops the players that are done, in one pass (O(players), the order of the rest kept; issue 31,
    /// round two, F5: a removal per player made it O(players²) when many finished at once), then calls the
    /// completion handlers of those that finished, last registered first. A handler may start players
    /// (registered again at once) or stop the engine (the handlers not yet called are then not called).
    private func retireFinishedPlayers() {
        retired.removeAll(keepingCapacity: true)
        var kept = 0
        for index in patternPlayers.indices {
            let player = patternPlayers[index]
            if player.didFinish { retired.append(player) }
            // A player with commands still waiting (a later start or stop) stays registered.
            if (player.phase == .finished || player.phase == .idle) && player.pending.isEmpty {
                player.isRegistered = false
            } else {
                patternPlayers[kept] = player
                kept += 1
            }
        }
        patternPlayers.removeSubrange(kept...)
        let halts = haltCount
        while let player = retired.popLast() {
            guard haltCount == halts else { break }   // a handler stopped the engine
            guard player.didFinish else { continue }
            player.didFinish = false
            player.completion?(nil)
        }
        retired.removeAll(keepingCapacity: true)
    }

    private func notifyIfPlayersFinished() {
        if patternPlayers.isEmpty, let handler = finishedHandler {
            finishedHandler = nil
            if handler() == .stopEngine { halt() }
        }
    }

    private func checkIdle() {
        guard isRunning else { return }
        if !patternPlayers.isEmpty {
            idleSince = nil
            return
        }
        let since = idleSince ?? currentTime
        idleSince = since
        if isAutoShutdownEnabled && currentTime - since >= idleTimeout {
            halt()
            stoppedHandler?(.idleTimeout)
        }
    }

    private func halt() {
        haltCount &+= 1
        for player in patternPlayers {
            player.removeAllCommands()
            player.phase = .finished
            player.didFinish = false
            player.contribution = .zero
            player.isRegistered = false
        }
        patternPlayers.removeAll(keepingCapacity: true)
        audio.silence()
        let wasRunning = isRunning
        isRunning = false
        idleSince = nil
        for index in outputs.indices {
            drivers[index].reset()
            if wasRunning || hasStarted { outputs[index].receive(HapticFrame(time: currentTime, levels: .zero)) }
        }
    }
}
