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

    /// Whether `event` fits `match` (its kind already matched). Compiles the match each call:
    /// the per-frame path uses `LoadedMapping`'s compiled matches instead.
    public static func matches(_ match: MappingRule.Match, _ event: GameEvent) -> Bool {
        CompiledMatch(match).matches(event)
    }

    /// The number `input` of `event`, or nil when the event does not offer it.
    public static func input(_ input: MappingInput, of event: GameEvent, config: HapticMappingConfig) -> Double? {
        facts(of: event, config: config).input(input)
    }

    static func facts(of event: GameEvent, config: HapticMappingConfig) -> EventFacts {
        EventFacts(event, defaultWalkerWeight: config.defaultWalkerWeight, lookUp: { $0.isNone ? nil : config.materials[$0.string] })
    }

    /// The response of rule `ruleIndex` to `event` for `player`, whose listener is at `listener`
    /// (nil: no attenuation). Nil when the event is too far away to be felt.
    public static func response(to event: GameEvent, rule ruleIndex: Int, player: Int,
                                listener: WorldPosition?, config: HapticMappingConfig) -> MappedHaptic? {
        let base = strength(of: event, rule: ruleIndex, config: config)
        return response(to: event, strength: base, rule: ruleIndex, attenuation: config.rules[ruleIndex].attenuation,
                        triggerBias: config.rules[ruleIndex].triggerBias, player: player, listener: listener)
    }

    /// What a rule computes from an event before the player is known: intensity (curve × material
    /// gain, 0...1, before attenuation) and the sharpness offset (−1...1; 0 when the rule has none).
    public static func strength(of event: GameEvent, rule ruleIndex: Int, config: HapticMappingConfig) -> (intensity: Double, sharpness: Double) {
        strength(facts(of: event, config: config), rule: ruleIndex, config: config)
    }

    /// `strength(of:rule:config:)` from facts already read. No allocation, no copies of the rule.
    static func strength(_ facts: EventFacts, rule ruleIndex: Int, config: HapticMappingConfig) -> (intensity: Double, sharpness: Double) {
        config.rules.withUnsafeBufferPointer { rules in
            let rule = rules.baseAddress! + ruleIndex
            let sharpness = rule.pointee.sharpness?.curve ?? ResponseCurve.constant(0)
            return rule.pointee.intensity.curve.points.withUnsafeBufferPointer { intensityTable in
                sharpness.points.withUnsafeBufferPointer { sharpnessTable in
                    MappingTables.strength(of: facts, intensityInput: rule.pointee.intensity.input,
                                           intensity: rule.pointee.intensity.curve.math, intensityTable: intensityTable,
                                           sharpnessInput: rule.pointee.sharpness?.input, sharpness: sharpness.math,
                                           sharpnessTable: sharpnessTable)
                }
            }
        }
    }

    /// The response for one player from an event's `strength`: distance attenuation from
    /// `listener`, then the trigger split. Nil when nothing would be felt. O(1), no allocation.
    public static func response(to event: GameEvent, strength: (intensity: Double, sharpness: Double), rule ruleIndex: Int,
                                attenuation: Attenuation?, triggerBias: Double, player: Int,
                                listener: WorldPosition?) -> MappedHaptic? {
        let facts = EventFacts(event, defaultWalkerWeight: 0, lookUp: { _ in nil })
        return response(to: facts, strength: strength, rule: ruleIndex, attenuation: attenuation,
                        triggerBias: triggerBias, player: player, listener: listener)
    }

    /// `response(to:strength:...)` for an event already read into `facts`.
    static func response(to facts: EventFacts, strength: (intensity: Double, sharpness: Double), rule ruleIndex: Int,
                         attenuation: Attenuation?, triggerBias: Double, player: Int,
                         listener: WorldPosition?) -> MappedHaptic? {
        var intensity = strength.intensity
        if let attenuation, facts.hasPosition, let listener {
            intensity *= attenuation.gain(atDistance: facts.position.distance(to: listener))
        }
        guard intensity > 0 else { return nil }
        var left = 0.0, right = 0.0
        if triggerBias > 0, let pan = facts.direction(from: listener) {
            // pan -1 (left) ... 1 (right): the side it came from gets the bias, the other side less.
            left = intensity * triggerBias * (1 - pan) / 2
            right = intensity * triggerBias * (1 + pan) / 2
        }
        return MappedHaptic(ruleIndex: ruleIndex, player: player, intensity: intensity, sharpness: strength.sharpness,
                            leftTrigger: left, rightTrigger: right)
    }

    /// Left-right direction of an event, -1 ... 1: a hit's own direction, else the horizontal
    /// offset of its position from the listener (normalized by distance); nil when unknown.
    public static func direction(of event: GameEvent, listener: WorldPosition?) -> Double? {
        EventFacts(event, defaultWalkerWeight: 0, lookUp: { _ in nil }).direction(from: listener)
    }

    @inline(__always) static func clamp(_ x: Double, _ low: Double, _ high: Double) -> Double {
        x.isNaN ? low : min(max(x, low), high)
    }
}
