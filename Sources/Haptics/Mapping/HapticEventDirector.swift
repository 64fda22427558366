/// The running half of the mapping layer: takes the events the game posted, decides with the
/// current `LoadedMapping` what each one feels like, and starts voices on a target (an engine, or
/// `GameHaptics` in HapticsSDL) once per frame.
///
/// Per frame (`update(at:)`): swap in a new mapping if one is waiting (between frames, never
/// during), take every posted event, find each one's rule, compute its response per player, drop
/// it when the rule's cooldown has not passed, keep only the strongest per rule and player when the
/// rule coalesces, then start one voice (plus trigger voices) per survivor. Continuous textures keep
/// one looping voice per texture id and player, updated through its dynamic controls.
///
/// Threads: `post` from any thread. Everything else on the game's update thread.
/// Cost: O(events × rules) per frame; no allocation in steady state (voices are made the first
/// time a rule plays for a player, and again after a reload).
public final class HapticEventDirector {
    /// Where voices play.
    public private(set) weak var target: (any HapticFeedbackTarget)?
    /// Presets that feedback events without a rule play.
    public var presets: PresetLibrary
    /// The mapping in use (nil: only feedback events play, through their presets).
    public private(set) var mapping: LoadedMapping?
    /// Called on the update thread when a mapping is swapped in (`.success`) or a reload failed and
    /// the previous mapping stays (`.failure`, with every problem and its location).
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
        /// Responses dropped by a rule's cooldown.
        public var cooledDown = 0
        /// Responses merged into a stronger one of the same frame.
        public var coalesced = 0
        /// Voices started (trigger voices included).
        public var started = 0
        /// Responses too far away to be felt.
        public var outOfRange = 0
        /// Adaptive trigger effects set by rules (one per event and player).
        public var triggerEffects = 0
        /// Events posted after the queue already held `GameEventQueue.capacity` for the coming
        /// frame: refused by `post` (which returned false), never stored. Updated each frame.
        public var dropped = 0
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
    private var pools: [VoicePoolKey: FeedbackVoicePool] = [:]
    /// Per rule and player: last starts and this frame's bursts (`MappingSlots`), sized when the
    /// mapping or the number of players changes, so the per-event path indexes instead of hashing.
    private var slots = MappingSlots(rules: 0, players: 0, events: 0)
    private var slotPlayers: Int { slots.players }
    private var textures: [ActiveTexture] = []
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

    private struct ActiveTexture {
        var id: Int
        var player: Int
        var ruleIndex: Int
        var voice: HapticAdvancedPatternPlayer
        var event: GameEvent
    }

    /// A director playing on `target` with `mapping` (nil: none yet). `queueCapacity` bounds the
    /// events held between two frames.
    public init(target: any HapticFeedbackTarget, mapping: LoadedMapping? = nil, presets: PresetLibrary = .builtIn(),
                queueCapacity: Int = 16_384, textureCapacity: Int = 64) {
        self.target = target
        self.mapping = mapping
        self.presets = presets
        self.textureCapacity = max(textureCapacity, 1)
        queue = GameEventQueue(capacity: queueCapacity)
        incoming.reserveCapacity(queue.capacity)
        pools.reserveCapacity(256)
        textures.reserveCapacity(self.textureCapacity)
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
        let restarting = textures
        for texture in textures { try? texture.voice.stop(atTime: 0) }
        textures.removeAll(keepingCapacity: true)
        self.mapping = mapping
        pools.removeAll(keepingCapacity: true)
        slots = MappingSlots(rules: 0, players: 0, events: 0)   // remade for the new rules
        if let target { prepareSlots(playerCount: target.feedbackPlayerCount) }
        lastErrors = []
        for texture in restarting {
            var event = texture.event
            if case .texture(var t) = event.kind { t.action = .start; event.kind = .texture(t) }
            startTexture(event, forPlayer: texture.player)
        }
    }

    /// Hands a mapping (or the errors of a failed load) over from another thread; it is swapped in
    /// at the start of the next `update`. Thread-safe.
    public func offer(_ result: Result<LoadedMapping, ConfigErrors>) {
        pendingLock.put(result)
    }

    /// Processes the frame at game time `time` (seconds, the time the game passes to its engine
    /// update; call this first). Game thread.
    public func update(at time: Double) {
        self.time = time
        takeOfferedMapping()
        queue.takeAll(into: &incoming)
        guard let target else {
            incoming.removeAll(keepingCapacity: true)
            return
        }
        let playerCount = target.feedbackPlayerCount
        prepareSlots(playerCount: playerCount)
        statistics.events += incoming.count
        statistics.dropped = queue.droppedCount
        if let mapping {
            let slots = self.slots
            listeners.withUnsafeBufferPointer { listeners in
                var frame = MappingFrame(tables: mapping.tables, slots: slots, listeners: listeners,
                                         playerCount: playerCount, time: time, statistics: statistics)
                incoming.withUnsafeBufferPointer { events in
                    for index in events.indices { frame.map(events.baseAddress! + index, index: index) }
                }
                statistics = frame.statistics
            }
            for position in 0..<slots.deferredCount { handle(incoming[slots.deferred[position]], playerCount: playerCount) }
            slots.deferredCount = 0
        } else {
            for index in incoming.indices { handle(incoming[index], playerCount: playerCount) }
        }
        if let mapping, mapping.hasTriggerEffects { applyTriggerEffects(mapping, target: target, playerCount: playerCount) }
        incoming.removeAll(keepingCapacity: true)
        for index in pendingFeedback.indices { playFeedbackPreset(pendingFeedback[index], player: pendingFeedbackPlayers[index]) }
        pendingFeedback.removeAll(keepingCapacity: true)
        pendingFeedbackPlayers.removeAll(keepingCapacity: true)
        for position in 0..<slots.touchedCount {
            let burst = slots.bursts[slots.touched[position]]
            for slot in 0..<burst.count { play(burst[slot]) }
        }
        slots.clearTouched()
    }

    /// Sizes the per-rule, per-player tables for the current mapping and `playerCount` players.
    /// Allocates only when either changed (a reload, a different number of players).
    private func prepareSlots(playerCount: Int) {
        let players = max(playerCount, 1)
        let rules = mapping?.config.rules.count ?? 0
        guard players != slots.players || rules != slots.rules else { return }
        slots = MappingSlots(rules: rules, players: players, events: queue.capacity)
        pools.removeAll(keepingCapacity: true)
        // At most one pending preset per player and feedback case: no growth inside a frame.
        let feedbackPairs = players * HapticFeedback.allPresetCases.count
        pendingFeedback.reserveCapacity(feedbackPairs)
        pendingFeedbackPlayers.reserveCapacity(feedbackPairs)
    }

    /// Stops every texture and forgets cooldowns (for example when a level ends).
    public func stopAll() {
        for texture in textures { try? texture.voice.stop(atTime: 0) }
        textures.removeAll(keepingCapacity: true)
        slots.lastStarts.update(repeating: -.infinity)
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

    /// The events `MappingFrame` leaves to the director: textures, and feedback no rule takes
    /// (played through its preset); without a mapping, every event comes here.
    private func handle(_ event: GameEvent, playerCount: Int) {
        switch event.kind {
        case .texture(let texture):
            handleTexture(texture, event: event, playerCount: playerCount)
        case .feedback(let feedback):
            let players = event.player.map { $0..<($0 + 1) } ?? 0..<playerCount
            for player in players where player >= 0 { queueFeedbackPreset(feedback, player: player) }
        default:
            statistics.unmatched += 1
        }
    }

    /// Sets the trigger effects of this frame's events whose rule has one, in posting order (the
    /// last event of a frame wins), for the event's player or every player. Cooldown and
    /// coalescing do not apply: an effect is a state, not a voice. O(events × rules), no allocation.
    private func applyTriggerEffects(_ mapping: LoadedMapping, target: any HapticFeedbackTarget, playerCount: Int) {
        for index in incoming.indices {
            let event = incoming[index]
            guard let ruleIndex = mapping.ruleIndex(for: event),
                  let rule = mapping.config.rules[ruleIndex].triggerEffect,
                  let effect = mapping.triggerEffect(for: event, rule: ruleIndex) else { continue }
            let players = event.player.map { $0..<($0 + 1) } ?? 0..<playerCount
            for player in players where player >= 0 {
                guard let triggers = target.adaptiveTriggers(forPlayer: player) else { continue }
                rule.apply(effect, to: triggers)
                statistics.triggerEffects += 1
            }
        }
    }

    private func play(_ response: MappedHaptic) {
        guard let mapping, let target, response.player < slotPlayers else { return }
        let rule = mapping.config.rules[response.ruleIndex]
        if rule.pattern.isEmpty && rule.triggerEffect != nil { return }   // a trigger-effect-only rule
        let key = response.ruleIndex &* slotPlayers &+ response.player
        if rule.cooldown > 0 && time - slots.lastStarts[key] < rule.cooldown {
            statistics.cooledDown += 1
            return
        }
        let pattern = mapping.patterns[response.ruleIndex]
        let body = pool(key: VoicePoolKey(source: .rule(response.ruleIndex, .body), player: response.player),
                        rule: rule, pattern: pattern, locality: .body, loops: false)
        guard body.startVoice(target: target, player: response.player, intensity: response.intensity,
                              sharpness: rule.sharpness == nil ? nil : response.sharpness) != nil else { return }
        statistics.started += 1
        slots.lastStarts[key] = time
        record(rule.name, player: response.player, intensity: response.intensity)
        if response.leftTrigger > 0 {
            let left = pool(key: VoicePoolKey(source: .rule(response.ruleIndex, .leftTrigger), player: response.player),
                            rule: rule, pattern: pattern, locality: .leftTrigger, loops: false)
            if left.startVoice(target: target, player: response.player, intensity: response.leftTrigger) != nil { statistics.started += 1 }
        }
        if response.rightTrigger > 0 {
            let right = pool(key: VoicePoolKey(source: .rule(response.ruleIndex, .rightTrigger), player: response.player),
                             rule: rule, pattern: pattern, locality: .rightTrigger, loops: false)
            if right.startVoice(target: target, player: response.player, intensity: response.rightTrigger) != nil { statistics.started += 1 }
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

    private func playFeedbackPreset(_ feedback: HapticFeedback, player: Int) {
        guard let target, let pattern = presets.pattern(for: feedback) else { return }
        let key = VoicePoolKey(source: .feedbackPreset(feedback.presetIndex), player: player)
        let pool: FeedbackVoicePool
        if let existing = pools[key] { pool = existing } else {
            pool = FeedbackVoicePool(presetName: feedback.presetName, pattern: pattern, category: feedback.category)
            pools[key] = pool
        }
        if pool.startVoice(target: target, player: player, intensity: feedback.intensity) != nil {
            statistics.started += 1
            record(feedback.presetName, player: player, intensity: feedback.intensity)
        }
    }

    private func pool(key: VoicePoolKey, rule: MappingRule, pattern: HapticPattern, locality: HapticLocality, loops: Bool) -> FeedbackVoicePool {
        if let existing = pools[key] { return existing }
        let pool = FeedbackVoicePool(presetName: rule.pattern, pattern: pattern, category: rule.category,
                                     locality: locality, priority: rule.priority, loops: loops)
        pools[key] = pool
        return pool
    }

    // MARK: Textures

    private func handleTexture(_ texture: GameEvent.Texture, event: GameEvent, playerCount: Int) {
        let players = event.player.map { $0..<($0 + 1) } ?? 0..<playerCount
        for player in players where player >= 0 {
            switch texture.action {
            case .start:
                startTexture(event, forPlayer: player)
            case .update:
                guard let index = textures.firstIndex(where: { $0.id == texture.id && $0.player == player }) else {
                    startTexture(event, forPlayer: player)   // an update without a start starts it
                    continue
                }
                updateTexture(at: index, with: event)
            case .stop:
                if let index = textures.firstIndex(where: { $0.id == texture.id && $0.player == player }) {
                    try? textures[index].voice.stop(atTime: 0)
                    textures.remove(at: index)
                }
            }
        }
    }

    private func startTexture(_ event: GameEvent, forPlayer player: Int) {
        guard case .texture(let texture) = event.kind, let mapping, let target, player < slotPlayers,
              let ruleIndex = mapping.ruleIndex(for: event) else {
            statistics.unmatched += 1
            return
        }
        if let index = textures.firstIndex(where: { $0.id == texture.id && $0.player == player }) {
            updateTexture(at: index, with: event)
            return
        }
        guard textures.count < textureCapacity else { return }
        let rule = mapping.config.rules[ruleIndex]
        if rule.pattern.isEmpty && rule.triggerEffect != nil { return }   // trigger effect only: set by applyTriggerEffects
        let key = VoicePoolKey(source: .rule(ruleIndex, .texture), player: player)
        let pool = pool(key: key, rule: rule, pattern: mapping.patterns[ruleIndex], locality: .body, loops: true)
        let response = mapping.tables.response(to: event, rule: ruleIndex, player: player, listener: listener(player))
        guard let voice = pool.startVoice(target: target, player: player, intensity: response?.intensity ?? 0,
                                          sharpness: rule.sharpness == nil ? nil : (response?.sharpness ?? 0)) else { return }
        // A pool voice may still belong to an older texture (more textures than voices): take it over.
        if let stolen = textures.firstIndex(where: { $0.voice === voice }) { textures.remove(at: stolen) }
        statistics.started += 1
        textures.append(ActiveTexture(id: texture.id, player: player, ruleIndex: ruleIndex, voice: voice, event: event))
        record(rule.name, player: player, intensity: response?.intensity ?? 0)
    }

    private func updateTexture(at index: Int, with event: GameEvent) {
        guard let mapping, textures[index].ruleIndex < mapping.config.rules.count else { return }
        let ruleIndex = textures[index].ruleIndex
        let player = textures[index].player
        let response = mapping.tables.response(to: event, rule: ruleIndex, player: player, listener: listener(player))
        let voice = textures[index].voice
        try? voice.enqueue(.parameter(.hapticIntensityControl, response?.intensity ?? 0), at: 0)
        if mapping.config.rules[ruleIndex].sharpness != nil {
            try? voice.enqueue(.parameter(.hapticSharpnessControl, response?.sharpness ?? 0), at: 0)
        }
        textures[index].event = event
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

    private let pendingLock = PendingMappingSlot()

    private func takeOfferedMapping() {
        guard let result = pendingLock.take() else { return }
        switch result {
        case .success(let loaded):
            use(loaded)
        case .failure(let errors):
            lastErrors = errors.diagnostics
        }
        reloadHandler?(result)
    }
}

/// One mapping (or failure) handed from a loader thread to the game thread. A pthread mutex
/// (`NSLock`), which ThreadSanitizer understands (see `GameEventQueue`).
private final class PendingMappingSlot: @unchecked Sendable {
    private let lock = PthreadLock()
    private var value: Result<LoadedMapping, ConfigErrors>?   // guarded by `lock`

    func put(_ result: Result<LoadedMapping, ConfigErrors>) {
        lock.lock()
        value = result
        lock.unlock()
    }

    /// The waiting result, emptying the slot. O(1), holds the lock only for the exchange.
    func take() -> Result<LoadedMapping, ConfigErrors>? {
        lock.lock()
        defer { lock.unlock() }
        let taken = value
        value = nil
        return taken
    }
}
