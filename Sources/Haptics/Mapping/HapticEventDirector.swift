/// The running half of the mapping layer: takes the events the game posted, decides with the
/// current `LoadedMapping` what each one feels like, and returns what to start as plain values
/// (`HapticStartRequest`), once per frame. It holds no reference to the front door.
///
/// Per frame, two steps in one direction:
/// 1. `update(at:playerCount:)`: swap in a new mapping if one is waiting (between frames, never
///    during), take every posted event, find each one's rule (`CompiledMapping`), compute its
///    response per player, drop it when the rule's cooldown has not passed, keep only the strongest
///    per rule and player when the rule coalesces; return the survivors, textures, feedback presets
///    and trigger effects as requests.
/// 2. `start(_:on:at:)`, called by the front door with the requests, its `FeedbackDevices` and the
///    frame's time: one voice (plus trigger voices) per rule response (`RuleVoices`), texture voices
///    (`TextureVoices`: one looping voice per texture id and player, updated through its dynamic
///    controls), feedback presets (`FeedbackPresetVoices`, with the one feedback rate limit). Voices
///    are made on the devices' engines and started here; the voices started are returned, so the
///    front door does its own bookkeeping (pause) after `start` returns. Nothing calls back out.
///
/// A director made with a target (an engine, for games and tools without `GameHaptics`) does both
/// in `update(at:)` and tells the target of each voice started.
///
/// Threads: `post` from any thread. Everything else on the game's update thread.
/// Cost: O(events × players) per frame, whatever the number of rules (each event finds its rule in
/// at most 8 lookups, `RuleIndex`); no allocation in steady state (voices are made the first time a
/// rule plays for a player, and again after a reload).
public final class HapticEventDirector {
    /// Where `update(at:)` starts voices, when the director was made with one; nil for a director
    /// whose front door calls `update(at:playerCount:)` and `start(_:on:at:)` itself.
    public private(set) weak var target: (any HapticFeedbackTarget)?
    /// Presets that feedback events without a rule play.
    public var presets: PresetLibrary {
        get { feedbackVoices.presets }
        set { feedbackVoices.presets = newValue }
    }
    /// The mapping in use (nil: only feedback events play, through their presets).
    public private(set) var mapping: LoadedMapping?
    /// Called on the update thread when a mapping is swapped in (`.success`) or a reload failed and
    /// the previous mapping, if any, stays (`.failure`, with every problem and its location).
    /// `statistics.reloads` and `failedReloads` count the same results.
    public var reloadHandler: ((Result<LoadedMapping, ConfigErrors>) -> Void)?
    /// Called on the update thread for every voice the mapping starts (not for trigger voices), for
    /// logs and HUDs. Keep it cheap: it runs inside `update`.
    public var momentHandler: ((Moment) -> Void)?
    /// The problems of the last reload that failed, or empty after a good one.
    public private(set) var lastErrors: [ConfigDiagnostic] = []
    /// Counts since creation, for HUDs and tests.
    public private(set) var statistics = Statistics()

    /// What the director did.
    public struct Statistics: Sendable, Equatable {
        /// Events taken from the queue.
        public var events = 0
        /// Events no rule took (and not feedback).
        public var unmatched = 0
        /// Responses a rule took but silenced: its intensity curve gave 0 for the event's value (a
        /// custom event posted with value 0, an impulse below a log curve's low end), so nothing
        /// played. Counted per player, like `cooledDown`.
        public var silenced = 0
        /// Responses dropped by a rule's cooldown.
        public var cooledDown = 0
        /// Responses merged into a stronger one of the same frame.
        public var coalesced = 0
        /// Feedback presets dropped by their rate limit (`Selection`: 0.05 s), as `play` drops them.
        public var throttled = 0
        /// Voices started (trigger voices included).
        public var started = 0
        /// Responses too far away to be felt: the rule's attenuation took them to 0 at the
        /// listener's distance.
        public var outOfRange = 0
        /// Adaptive trigger effects set by rules (one per event and player).
        public var triggerEffects = 0
        /// Events posted after the queue already held `GameEventQueue.capacity` for the coming
        /// frame: refused by `post` (which returned false), never stored. Updated each frame.
        public var dropped = 0
        /// Mappings swapped in from another thread (`offer`: a hot reload), counted when swapped in.
        public var reloads = 0
        /// Reloads refused (`offer` with errors): the mapping in use, if any, stayed.
        public var failedReloads = 0
    }

    /// A voice `start(_:on:at:)` started, with the intensity it started at (0...1).
    public struct StartedVoice {
        public let voice: HapticAdvancedPatternPlayer
        public let intensity: Double
    }

    /// One mapped moment, for a HUD's "last haptic events" list.
    public struct Moment: Sendable {
        /// Game time of the frame it played in.
        public var time: Double
        /// The rule's name (or the feedback case's preset name).
        public var name: String
        public var player: Int
        public var intensity: Double
    }

    /// The queue `post` writes to. It is `Sendable`: hand it to physics or network threads so they
    /// can post without holding the director.
    public let queue: GameEventQueue
    private var incoming: [GameEvent] = []
    private var listeners: [WorldPosition?] = []
    /// The voice pools of rules (one per rule, role and player).
    private let ruleVoices = RuleVoices()
    /// The continuous textures playing.
    private let textures: TextureVoices
    /// Feedback presets: pools per player and case, and the one feedback rate limit (shared with
    /// the generators of `feedbackGenerator(forPlayer:)`).
    private let feedbackVoices: FeedbackPresetVoices
    /// Per rule and player: last starts and this frame's kept responses, sized when the mapping or
    /// the number of players changes, so the per-event path indexes instead of hashing.
    private var responses = FrameResponses(rules: 0, players: 0, events: 0)
    /// This frame's responses, taken from `responses` (reserved to hold them all).
    private var kept: [MappedHaptic] = []
    /// This frame's requests, returned by `update(at:playerCount:)` (reserved; grows only in a
    /// frame with more texture events than ever before).
    private var requests: [HapticStartRequest] = []
    /// The voices this frame's `start` started, returned by it (reserved with `requests`: up to
    /// three voices per request).
    private var started: [StartedVoice] = []
    /// Textures to restart under a mapping swapped in by `use`, with their players.
    private var restartingTextures: [(event: GameEvent, player: Int)] = []
    /// This frame's feedback presets to start (feedback no rule takes), one per player and case: the
    /// same case posted again for the same player in one frame merges into the strongest (counted in
    /// `statistics.coalesced`), so a flood of feedback events starts a bounded number of voices.
    private var pendingFeedback: [HapticFeedback] = []
    private var pendingFeedbackPlayers: [Int] = []
    private var moments: [Moment] = []
    private var momentNext = 0
    private var time = 0.0

    /// The most textures playing at once (per player counted separately). Default 64.
    public let textureCapacity: Int
    /// How many recent moments `recentMoments` keeps. Default 8.
    public let momentCapacity = 8

    /// A director playing on `target` with `mapping` (nil: none yet): `update(at:)` maps and starts.
    /// `queueCapacity` bounds the events held between two frames.
    public convenience init(target: any HapticFeedbackTarget, mapping: LoadedMapping? = nil, presets: PresetLibrary = .builtIn(),
                            queueCapacity: Int = 16_384, textureCapacity: Int = 64) {
        self.init(mapping: mapping, presets: presets, queueCapacity: queueCapacity, textureCapacity: textureCapacity)
        self.target = target
    }

    /// A director without a target: the front door calls `update(at:playerCount:)` and starts what
    /// it returns with `start(_:on:at:)`.
    public init(mapping: LoadedMapping? = nil, presets: PresetLibrary = .builtIn(),
                queueCapacity: Int = 16_384, textureCapacity: Int = 64) {
        self.mapping = mapping
        feedbackVoices = FeedbackPresetVoices(presets: presets)
        self.textureCapacity = max(textureCapacity, 1)
        textures = TextureVoices(capacity: textureCapacity)
        queue = GameEventQueue(capacity: queueCapacity)
        incoming.reserveCapacity(queue.capacity)
        requests.reserveCapacity(min(queue.capacity, 1_024))
        started.reserveCapacity(3 * requests.capacity)
        moments.reserveCapacity(momentCapacity)
    }

    // MARK: Posting (any thread)

    /// Posts `event` for the next frame. Any thread; O(1); no allocation. Returns false when the
    /// frame's queue is full and the event was dropped.
    @discardableResult
    public func post(_ event: GameEvent) -> Bool { queue.post(event) }

    /// Events dropped because a frame's queue was full.
    public var droppedEvents: Int { queue.droppedCount }

    // MARK: Game thread

    /// Where `player` hears from, for distance attenuation and direction (nil: no attenuation).
    public func setListener(_ position: WorldPosition?, forPlayer player: Int) {
        guard player >= 0 else { return }
        while listeners.count <= player { listeners.append(nil) }
        listeners[player] = position
    }

    /// Replaces the mapping now (game thread; between frames). Playing textures restart under the
    /// new rules with their last value.
    public func use(_ mapping: LoadedMapping?) {
        restartingTextures = textures.playing.map { last in
            var event = last.event
            if case .texture(var texture) = event.kind {
                texture.action = .start
                event.kind = .texture(texture)
            }
            return (event, last.player)
        }
        textures.stopAll()
        self.mapping = mapping
        ruleVoices.removeAll()
        responses = FrameResponses(rules: 0, players: 0, events: 0)   // remade for the new rules at the next update
        lastErrors = []
    }

    /// Hands a mapping (or the errors of a failed load) over from another thread; it is swapped in
    /// at the start of the next `update`. Thread-safe.
    public func offer(_ result: Result<LoadedMapping, ConfigErrors>) {
        pendingLock.put(result)
    }

    /// Processes the frame at game time `time` on the director's target: `update(at:playerCount:)`
    /// with the player count of the target's devices, then `start(_:on:at:)` on them at the
    /// target's `feedbackTime` (for rate limits), then `feedbackVoiceStarted` per voice started. Call
    /// it first in a frame (before the engine update). Does nothing for a director without a target.
    /// Game thread.
    public func update(at time: Double) {
        guard let target else {
            // Nowhere to play: take the new mapping and drop the posted events.
            self.time = time
            takeOfferedMapping()
            queue.takeAll(into: &incoming)
            incoming.removeAll(keepingCapacity: true)
            return
        }
        let devices = target.feedbackDevices
        let started = start(update(at: time, playerCount: devices.playerCount), on: devices, at: target.feedbackTime)
        for index in started.indices { target.feedbackVoiceStarted(started[index].voice, intensity: started[index].intensity) }
    }

    /// Maps the frame at game time `time` (seconds, the time the game passes to its engine update)
    /// for `playerCount` players (events for no particular player go to each of them) and returns
    /// what to start, in the order to start it: textures, trigger effects, feedback presets, rule
    /// responses. Game thread. O(events × players), at most 8 rule lookups per event; no allocation in steady
    /// state. The returned array is the director's buffer: start it before the next call.
    public func update(at time: Double, playerCount: Int) -> [HapticStartRequest] {
        let playerCount = max(playerCount, 0)
        self.time = time
        takeOfferedMapping()
        queue.takeAll(into: &incoming)
        requests.removeAll(keepingCapacity: true)
        prepareResponses(playerCount: playerCount)
        statistics.events += incoming.count
        statistics.dropped = queue.droppedCount
        for (event, player) in restartingTextures { requests.append(.texture(event, player: player, listener: listener(player))) }
        restartingTextures.removeAll()
        if let mapping {
            Self.map(incoming, through: mapping.compiled, into: &responses, listeners: listeners,
                     playerCount: playerCount, time: time, statistics: &statistics)
            for index in responses.deferred { handle(incoming[index], playerCount: playerCount) }
            responses.takeKept(into: &kept)
        } else {
            for index in incoming.indices { handle(incoming[index], playerCount: playerCount) }
        }
        if let mapping, mapping.hasTriggerEffects { requestTriggerEffects(mapping, playerCount: playerCount) }
        incoming.removeAll(keepingCapacity: true)
        for index in pendingFeedback.indices {
            requests.append(.feedback(pendingFeedback[index], player: pendingFeedbackPlayers[index]))
        }
        pendingFeedback.removeAll(keepingCapacity: true)
        pendingFeedbackPlayers.removeAll(keepingCapacity: true)
        for index in kept.indices { requestStart(of: kept[index]) }
        kept.removeAll(keepingCapacity: true)
        return requests
    }

    /// Starts this frame's `requests` (from `update(at:playerCount:)`) on `devices`: rule voices,
    /// textures, feedback presets and trigger effects (on the devices' adaptive triggers). `time`
    /// is the game time in seconds the feedback rate limit counts from (the frame's time). Counts
    /// `statistics.started`, `throttled` and `triggerEffects`, and records moments. Returns every
    /// voice started, in order: the director's buffer, valid until the next call. Game thread; no
    /// allocation once every voice pool exists.
    @discardableResult
    public func start(_ requests: [HapticStartRequest], on devices: FeedbackDevices, at time: Double) -> [StartedVoice] {
        started.removeAll(keepingCapacity: true)
        for request in requests {
            switch request {
            case .rule(let response):
                startRule(response, on: devices, at: time)
            case .texture(let event, let player, let listener):
                guard case .texture(let texture) = event.kind else { continue }
                switch textures.handle(event, texture: texture, player: player, mapping: mapping,
                                       canStart: player < responses.players, voices: ruleVoices, devices: devices,
                                       time: time, listener: listener) {
                case .started(let rule, let intensity, let voice):
                    noteStarted(voice, intensity: intensity)
                    record(mapping?.config.rules[rule].name ?? "", player: player, intensity: intensity)
                case .unmatched:
                    statistics.unmatched += 1
                case .handled:
                    break
                }
            case .feedback(let feedback, let player):
                switch feedbackVoices.play(feedback, player: player, on: devices, at: time) {
                case .success(let voice):
                    noteStarted(voice, intensity: feedback.intensity)
                    record(feedback.presetName, player: player, intensity: feedback.intensity)
                case .failure(.throttled):
                    statistics.throttled += 1
                case .failure(.cannotPlay):
                    break
                }
            case .triggerEffect(let effect, let rule, let player):
                guard let triggers = devices.adaptiveTriggers(forPlayer: player),
                      let setting = mapping?.config.rules[rule].triggerEffect else { continue }
                setting.apply(effect, to: triggers)
                statistics.triggerEffects += 1
            }
        }
        return started
    }

    /// Counts `voice` as started and adds it to this frame's `started` (reserved: no allocation).
    private func noteStarted(_ voice: HapticAdvancedPatternPlayer, intensity: Double) {
        statistics.started += 1
        started.append(StartedVoice(voice: voice, intensity: FeedbackVoiceStart.clamped(intensity)))
    }

    /// Maps this frame's `events` through `mapping`: each one-shot response that survives its rule's
    /// cooldown is kept in `responses` (the strongest per rule and player); textures and feedback
    /// without a rule are left deferred there. At most 8 rule lookups + O(players) per event,
    /// no allocation.
    private static func map(_ events: [GameEvent], through mapping: CompiledMapping, into responses: inout FrameResponses,
                            listeners: [WorldPosition?], playerCount: Int, time: Double, statistics: inout Statistics) {
        for index in events.indices {
            let event = events[index]
            let kind = event.kindName
            guard kind != .texture, let rule = mapping.ruleIndex(for: event) else {
                if kind == .texture || kind == .feedback {
                    responses.deferEvent(index)
                } else {
                    statistics.unmatched += 1
                }
                continue
            }
            let cooldown = mapping.rules[rule].cooldown
            let players = Self.players(of: event, playerCount: playerCount).clamped(to: 0..<responses.players)
            guard !players.isEmpty else { continue }
            // Players still cooling down for this rule are skipped; when all are, the event's
            // intensity is never computed (the usual case in the frames right after a start).
            var open = 0
            for player in players where !responses.isCoolingDown(rule: rule, player: player, cooldown: cooldown, at: time) {
                open += 1
            }
            statistics.cooledDown += players.count - open
            guard open > 0 else { continue }
            // The intensity decides which responses are kept; the sharpness is only computed for a
            // response that gets as far as being kept.
            let feel = mapping.feel(of: event)
            let intensity = mapping.intensity(of: event, rule: rule, feel: feel)
            guard intensity > 0 else {
                statistics.silenced += open
                continue
            }
            let limit = mapping.rules[rule].coalesce ? 1 : FrameResponses.burstLimit
            var sharpness: Double?
            for player in players where !responses.isCoolingDown(rule: rule, player: player, cooldown: cooldown, at: time) {
                if responses.isBelowFloor(intensity, rule: rule, player: player) {
                    statistics.coalesced += 1
                    continue
                }
                let listener = player < listeners.count ? listeners[player] : nil
                let offset = sharpness ?? mapping.sharpness(of: event, rule: rule, feel: feel)
                sharpness = offset
                guard let response = mapping.response(to: event, rule: rule, intensity: intensity, sharpness: offset,
                                                      player: player, listener: listener) else {
                    statistics.outOfRange += 1
                    continue
                }
                if !responses.keep(response, limit: limit) { statistics.coalesced += 1 }
            }
        }
    }

    /// Sizes the per-rule, per-player tables for the current mapping and `playerCount` players.
    /// Allocates only when either changed (a reload, a different number of players).
    private func prepareResponses(playerCount: Int) {
        let players = max(playerCount, 1)
        let rules = mapping?.config.rules.count ?? 0
        guard players != responses.players || rules != responses.rules else { return }
        responses = FrameResponses(rules: rules, players: players, events: queue.capacity)
        kept.reserveCapacity(responses.keptCapacity)
        ruleVoices.removeAll()
        feedbackVoices.removeAll()
        // At most one pending preset per player and feedback case: no growth inside a frame.
        let feedbackPairs = players * HapticFeedback.allPresetCases.count
        pendingFeedback.reserveCapacity(feedbackPairs)
        pendingFeedbackPlayers.reserveCapacity(feedbackPairs)
        requests.reserveCapacity(responses.keptCapacity + feedbackPairs + min(queue.capacity, 1_024))
        started.reserveCapacity(3 * requests.capacity)
    }

    /// Stops every texture and forgets cooldowns (for example when a level ends).
    public func stopAll() {
        textures.stopAll()
        responses.forgetStarts()
    }

    /// The most recent mapped moments, oldest first (at most `momentCapacity`). Allocates the
    /// returned array: for HUDs, not for hot loops.
    public var recentMoments: [Moment] {
        guard moments.count == momentCapacity else { return moments }
        return Array(moments[momentNext...] + moments[..<momentNext])
    }

    /// How many textures are playing.
    public var activeTextureCount: Int { textures.count }

    // MARK: Mapping one event

    /// The events `map` leaves deferred: textures (handed to `textures`), and feedback no rule takes
    /// (played through its preset); without a mapping, every event comes here.
    private func handle(_ event: GameEvent, playerCount: Int) {
        switch event.kind {
        case .texture:
            for player in Self.players(of: event, playerCount: playerCount) {
                requests.append(.texture(event, player: player, listener: listener(player)))
            }
        case .feedback(let feedback):
            for player in Self.players(of: event, playerCount: playerCount) { queueFeedbackPreset(feedback, player: player) }
        default:
            statistics.unmatched += 1
        }
    }

    /// The players `event` is for: its own player, or every one of `playerCount` when it names none;
    /// empty for a negative player number or `Int.max`.
    private static func players(of event: GameEvent, playerCount: Int) -> Range<Int> {
        guard let player = event.player else { return 0..<max(playerCount, 0) }
        guard player >= 0, player < Int.max else { return 0..<0 }
        return player..<(player + 1)
    }

    /// Requests the trigger effects of this frame's events whose rule has one, in posting order
    /// (the last event of a frame wins), for the event's player or every player. Cooldown and
    /// coalescing do not apply: an effect is a state, not a voice. At most 8 rule lookups per event, no allocation.
    private func requestTriggerEffects(_ mapping: LoadedMapping, playerCount: Int) {
        for index in incoming.indices {
            let event = incoming[index]
            // Most events (footsteps, collisions) are of kinds no trigger-effect rule takes: no second lookup.
            guard mapping.mayHaveTriggerEffect(event.kindName),
                  let ruleIndex = mapping.ruleIndex(for: event),
                  let effect = mapping.triggerEffect(for: event, rule: ruleIndex) else { continue }
            for player in Self.players(of: event, playerCount: playerCount) {
                requests.append(.triggerEffect(effect, rule: ruleIndex, player: player))
            }
        }
    }

    /// Requests rule `response.ruleIndex`'s voices for the response unless its cooldown has not
    /// passed (a rule that keeps several responses a frame starts the first of them), and counts
    /// the start for the cooldown.
    private func requestStart(of response: MappedHaptic) {
        guard let mapping, response.player < responses.players else { return }
        let rule = mapping.config.rules[response.ruleIndex]
        if rule.pattern.isEmpty && rule.triggerEffect != nil { return }   // a trigger-effect-only rule
        if responses.isCoolingDown(rule: response.ruleIndex, player: response.player, cooldown: rule.cooldown, at: time) {
            statistics.cooledDown += 1
            return
        }
        responses.recordStart(rule: response.ruleIndex, player: response.player, at: time)
        requests.append(.rule(response))
    }

    /// Starts the body voice of a rule response, and its trigger voices.
    private func startRule(_ response: MappedHaptic, on devices: FeedbackDevices, at time: Double) {
        guard let mapping, mapping.config.rules.indices.contains(response.ruleIndex) else { return }
        let rule = mapping.config.rules[response.ruleIndex]
        let body = ruleVoices.pool(rule: response.ruleIndex, of: mapping, role: .body, player: response.player)
        guard let voice = body.startVoice(devices: devices, player: response.player, intensity: response.intensity,
                                          sharpness: rule.sharpness == nil ? nil : response.sharpness, at: time) else { return }
        noteStarted(voice, intensity: response.intensity)
        record(rule.name, player: response.player, intensity: response.intensity)
        if response.leftTrigger > 0 {
            let left = ruleVoices.pool(rule: response.ruleIndex, of: mapping, role: .leftTrigger, player: response.player)
            if let voice = left.startVoice(devices: devices, player: response.player, intensity: response.leftTrigger, at: time) {
                noteStarted(voice, intensity: response.leftTrigger)
            }
        }
        if response.rightTrigger > 0 {
            let right = ruleVoices.pool(rule: response.ruleIndex, of: mapping, role: .rightTrigger, player: response.player)
            if let voice = right.startVoice(devices: devices, player: response.player, intensity: response.rightTrigger, at: time) {
                noteStarted(voice, intensity: response.rightTrigger)
            }
        }
    }

    /// Adds `feedback` for `player` to this frame's presets, or merges it into the same case already
    /// there (the stronger intensity wins). O(distinct player-and-case pairs this frame).
    private func queueFeedbackPreset(_ feedback: HapticFeedback, player: Int) {
        for index in pendingFeedback.indices
        where pendingFeedbackPlayers[index] == player && pendingFeedback[index].presetIndex == feedback.presetIndex {
            if feedback.intensity > pendingFeedback[index].intensity { pendingFeedback[index] = feedback }
            statistics.coalesced += 1
            return
        }
        pendingFeedback.append(feedback)
        pendingFeedbackPlayers.append(player)
    }

    /// A generator for `player` that starts its presets through this director's feedback pools, so
    /// it shares their rate limit with feedback events (`GameHaptics.play` uses one). Game thread.
    public func feedbackGenerator(forPlayer player: Int, on target: any HapticFeedbackTarget) -> FeedbackGenerator {
        FeedbackGenerator(target: target, player: player, voices: feedbackVoices)
    }

    // MARK: Helpers

    private func listener(_ player: Int) -> WorldPosition? {
        listeners.indices.contains(player) ? listeners[player] : nil
    }

    private func record(_ name: String, player: Int, intensity: Double) {
        let moment = Moment(time: time, name: name, player: player, intensity: intensity)
        momentHandler?(moment)
        if moments.count < momentCapacity {
            moments.append(moment)
        } else {
            moments[momentNext] = moment
            momentNext = (momentNext + 1) % momentCapacity
        }
    }

    private let pendingLock = PendingMapping()

    private func takeOfferedMapping() {
        guard let result = pendingLock.take() else { return }
        switch result {
        case .success(let loaded):
            use(loaded)
            statistics.reloads += 1
        case .failure(let errors):
            lastErrors = errors.diagnostics
            statistics.failedReloads += 1
        }
        reloadHandler?(result)
    }
}

/// One mapping (or failure) handed from a loader thread to the game thread. A pthread mutex
/// (`NSLock`), which ThreadSanitizer understands (see `GameEventQueue`).
private final class PendingMapping: @unchecked Sendable {
    private let lock = PthreadLock()
    private var value: Result<LoadedMapping, ConfigErrors>?   // guarded by `lock`

    func put(_ result: Result<LoadedMapping, ConfigErrors>) {
        lock.lock()
        value = result
        lock.unlock()
    }

    /// The waiting result, emptying the hand-over. O(1), holds the lock only for the exchange.
    func take() -> Result<LoadedMapping, ConfigErrors>? {
        lock.lock()
        defer { lock.unlock() }
        let taken = value
        value = nil
        return taken
    }
}
