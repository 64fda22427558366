/// What a mapped event should play: the rule that took it and the numbers it computed.
public struct MappedHaptic: Sendable {
    /// Index of the rule in the config (for cooldown, coalescing, voices), or -1 for a feedback
    /// event played through its preset because no rule took it.
    public var ruleIndex: Int
    /// The player to play for.
    public var player: Int
    /// 0...1, after material gain and distance attenuation.
    public var intensity: Double
    /// Added to the pattern's sharpness, −1...1.
    public var sharpness: Double
    /// Intensity for the left and right trigger motors, 0...1 each (from the rule's trigger bias
    /// and the event's direction).
    public var leftTrigger: Double
    public var rightTrigger: Double
}

/// The pure half of the mapping layer: which rule takes an event, and the intensity, sharpness and
/// trigger levels it computes. No state, no timing (cooldown, coalescing and playback are
/// `HapticEventDirector`'s). O(rules) per event, no allocation, any thread.
public enum HapticMapping {
    /// The index of the first rule in `config` that takes `event`, or nil.
    public static func ruleIndex(for event: GameEvent, in config: HapticMappingConfig) -> Int? {
        let kind = event.kindName
        for index in config.rules.indices where config.rules[index].event == kind && matches(config.rules[index].match, event) {
            return index
        }
        return nil
    }

    /// Whether `event` fits `match` (its kind already matched).
    public static func matches(_ match: MappingRule.Match, _ event: GameEvent) -> Bool {
        if let tag = match.tag, tag != event.tag { return false }
        switch event.kind {
        case .collision(let collision):
            if let (a, b) = match.materials {
                let x = collision.materialA ?? "", y = collision.materialB ?? ""
                func fits(_ pattern: String, _ material: String) -> Bool { pattern == "*" || pattern == material }
                guard (fits(a, x) && fits(b, y)) || (fits(a, y) && fits(b, x)) else { return false }
            }
        case .footstep(let step):
            if let surface = match.surface, surface != step.surface { return false }
        case .hit(let hit):
            if let critical = match.critical, critical != hit.critical { return false }
            if let received = match.received, received != hit.received { return false }
        case .texture(let texture):
            if let kind = match.textureKind, kind != texture.textureKind { return false }
        case .custom(let name, _):
            if let wanted = match.name, wanted != name { return false }
        case .feedback(let feedback):
            if let wanted = match.feedback, HapticFeedback(name: wanted) != feedback { return false }
        }
        return true
    }

    /// The number `input` of `event`, or nil when the event does not offer it.
    public static func input(_ input: MappingInput, of event: GameEvent, config: HapticMappingConfig) -> Double? {
        switch (input, event.kind) {
        case (.constant, _): return 0
        case (.impulse, .collision(let c)): return c.effectiveImpulse
        case (.speed, .collision(let c)): return abs(c.speed)
        case (.speed, .footstep(let f)): return abs(f.speed)
        case (.mass, .collision(let c)): return c.reducedMass
        case (.mass, .footstep(let f)): return f.weight ?? config.defaultWalkerWeight
        case (.damage, .hit(let h)): return h.damage
        case (.value, .texture(let t)): return t.value
        case (.value, .custom(_, let value)): return value
        case (.materials, .collision(let c)):
            return (config.sharpness(ofMaterial: c.materialA) + config.sharpness(ofMaterial: c.materialB)) / 2
        case (.materials, .footstep(let f)): return config.sharpness(ofMaterial: f.surface)
        default: return nil
        }
    }

    /// The response of rule `ruleIndex` to `event` for `player`, whose listener is at `listener`
    /// (nil: no attenuation). Nil when the event is too far away to be felt.
    public static func response(to event: GameEvent, rule ruleIndex: Int, player: Int,
                                listener: WorldPosition?, config: HapticMappingConfig) -> MappedHaptic? {
        let rule = config.rules[ruleIndex]
        var intensity = rule.intensity.curve.value(at: input(rule.intensity.input, of: event, config: config) ?? 0)
        intensity *= materialGain(of: event, config: config)
        if let attenuation = rule.attenuation, let position = event.position, let listener {
            intensity *= attenuation.gain(atDistance: position.distance(to: listener))
        }
        intensity = clamp(intensity, 0, 1)
        guard intensity > 0 else { return nil }
        var sharpness = 0.0
        if let source = rule.sharpness {
            sharpness = clamp(source.curve.value(at: input(source.input, of: event, config: config) ?? 0), -1, 1)
        }
        var left = 0.0, right = 0.0
        if rule.triggerBias > 0, let pan = direction(of: event, listener: listener) {
            // pan -1 (left) ... 1 (right): the side it came from gets the bias, the other side less.
            left = intensity * rule.triggerBias * (1 - pan) / 2
            right = intensity * rule.triggerBias * (1 + pan) / 2
        }
        return MappedHaptic(ruleIndex: ruleIndex, player: player, intensity: intensity, sharpness: sharpness,
                            leftTrigger: left, rightTrigger: right)
    }

    /// Left-right direction of an event, -1 ... 1: a hit's own direction, else the horizontal
    /// offset of its position from the listener (normalized by distance); nil when unknown.
    public static func direction(of event: GameEvent, listener: WorldPosition?) -> Double? {
        if case .hit(let hit) = event.kind, let direction = hit.direction, direction.isFinite { return clamp(direction, -1, 1) }
        guard let position = event.position, let listener else { return nil }
        let distance = position.distance(to: listener)
        guard distance > 1e-9 else { return 0 }
        return clamp((position.x - listener.x) / distance, -1, 1)
    }

    static func materialGain(of event: GameEvent, config: HapticMappingConfig) -> Double {
        switch event.kind {
        case .collision(let c): return (config.gain(ofMaterial: c.materialA) + config.gain(ofMaterial: c.materialB)) / 2
        case .footstep(let f): return config.gain(ofMaterial: f.surface)
        default: return 1
        }
    }

    @inline(__always) static func clamp(_ x: Double, _ low: Double, _ high: Double) -> Double {
        x.isNaN ? low : min(max(x, low), high)
    }
}
