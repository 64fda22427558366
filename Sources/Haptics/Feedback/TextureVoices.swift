/// The continuous textures a mapping plays (rolling, engines, rain): one looping voice per texture
/// id and player, started, updated through its intensity and sharpness controls, and stopped as the
/// game's texture events say.
///
/// Internal, owned by `HapticEventDirector`, which hands it every texture event with the player it
/// is for; game thread only. At most `capacity` textures play at once (per player counted
/// separately); a start past that is dropped. Cost: O(active textures) per event, no allocation
/// once the rule's voices exist.
final class TextureVoices {
    /// What one texture event did, for the director's statistics and moments.
    enum Outcome {
        /// `voice` started for rule `rule` at `intensity`.
        case started(rule: Int, intensity: Double, voice: HapticAdvancedPatternPlayer)
        /// No rule of the mapping takes the texture (or there is no mapping).
        case unmatched
        /// Updated or stopped (or a stop of a texture not playing): nothing new started.
        case handled
        /// A start nothing can play: no pad for the player (or one the director keeps no state for), or
        /// a rule that only sets a trigger effect.
        case cannotPlay
        /// A start past `capacity` textures playing: dropped.
        case full
    }

    private struct Active {
        var id: Int
        var player: Int
        var ruleIndex: Int
        var voice: HapticAdvancedPatternPlayer
        /// The last event, to restart the texture under a new mapping with its last value.
        var event: GameEvent
    }

    /// Most textures playing at once.
    let capacity: Int
    private var active: [Active] = []

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        active.reserveCapacity(self.capacity)
    }

    /// How many textures are playing.
    var count: Int { active.count }

    /// Handles texture event `event` for `player`: start, update (an update without a start starts
    /// it) or stop, starting voices on `devices` at game time `time`. `listener` is the player's listener position; `canStart` is false for a player
    /// the director has no state for (then a start counts as unmatched).
    func handle(_ event: GameEvent, texture: GameEvent.Texture, player: Int, mapping: LoadedMapping?, canStart: Bool,
                voices: RuleVoices, devices: FeedbackDevices, time: Double, listener: WorldPosition?) -> Outcome {
        let index = active.firstIndex { $0.id == texture.id && $0.player == player }
        switch texture.action {
        case .start, .update:
            // An update of a playing texture needs no rule; a start, or an update without a start,
            // needs the rule that takes it (a start of a playing texture updates it).
            if let index, texture.action == .update {
                update(at: index, with: event, mapping: mapping, listener: listener)
                return .handled
            }
            guard let mapping, let ruleIndex = mapping.ruleIndex(for: event) else { return .unmatched }
            guard canStart else { return .cannotPlay }
            if let index {
                update(at: index, with: event, mapping: mapping, listener: listener)
                return .handled
            }
            return start(event, rule: ruleIndex, texture: texture, player: player, mapping: mapping, voices: voices,
                         devices: devices, time: time, listener: listener)
        case .stop:
            if let index {
                try? active[index].voice.stop(atTime: 0)
                active.remove(at: index)
            }
            return .handled
        }
    }

    /// The event that started or last updated each playing texture, with its player (the director
    /// restarts them under a new mapping). Allocates the array.
    var playing: [(event: GameEvent, player: Int)] { active.map { ($0.event, $0.player) } }

    /// Stops every texture.
    func stopAll() {
        for texture in active { try? texture.voice.stop(atTime: 0) }
        active.removeAll(keepingCapacity: true)
    }

    private func start(_ event: GameEvent, rule ruleIndex: Int, texture: GameEvent.Texture, player: Int, mapping: LoadedMapping,
                       voices: RuleVoices, devices: FeedbackDevices, time: Double, listener: WorldPosition?) -> Outcome {
        guard active.count < capacity else { return .full }
        let rule = mapping.config.rules[ruleIndex]
        if rule.pattern.isEmpty && rule.triggerEffect != nil { return .cannotPlay }   // trigger effect only (its effect counts)
        let pool = voices.pool(rule: ruleIndex, of: mapping, role: .texture, player: player)
        let response = mapping.compiled.response(to: event, rule: ruleIndex, player: player, listener: listener)
        guard let voice = pool.startVoice(devices: devices, player: player, intensity: response?.intensity ?? 0,
                                          sharpness: rule.sharpness == nil ? nil : (response?.sharpness ?? 0), at: time) else { return .cannotPlay }
        // A pool voice may still belong to an older texture (more textures than voices): take it over.
        if let stolen = active.firstIndex(where: { $0.voice === voice }) { active.remove(at: stolen) }
        active.append(Active(id: texture.id, player: player, ruleIndex: ruleIndex, voice: voice, event: event))
        return .started(rule: ruleIndex, intensity: response?.intensity ?? 0, voice: voice)
    }

    private func update(at index: Int, with event: GameEvent, mapping: LoadedMapping?, listener: WorldPosition?) {
        guard let mapping, active[index].ruleIndex < mapping.config.rules.count else { return }
        let ruleIndex = active[index].ruleIndex
        let response = mapping.compiled.response(to: event, rule: ruleIndex, player: active[index].player, listener: listener)
        let voice = active[index].voice
        try? voice.enqueue(.parameter(.hapticIntensityControl, response?.intensity ?? 0), at: 0)
        if mapping.config.rules[ruleIndex].sharpness != nil {
            try? voice.enqueue(.parameter(.hapticSharpnessControl, response?.sharpness ?? 0), at: 0)
        }
        active[index].event = event
    }
}
