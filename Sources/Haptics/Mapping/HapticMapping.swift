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
    /// the per-frame path uses the ones `MappingTables` compiles once per mapping.
    public static func matches(_ match: MappingRule.Match, _ event: GameEvent) -> Bool {
        CompiledMatch(match, kind: event.kindName).matches(event)
    }

    /// The number `input` of `event`, or nil when the event does not offer it.
    public static func input(_ input: MappingInput, of event: GameEvent, config: HapticMappingConfig) -> Double? {
        event.input(input, feel: feel(of: event, config: config), walkerWeight: config.defaultWalkerWeight)
    }

    /// How the event's materials feel by `config` (a linear search of its materials by name; the
    /// per-frame path uses `MappingTables`' hash table instead).
    static func feel(of event: GameEvent, config: HapticMappingConfig) -> MaterialSettings {
        event.materialFeel { name in
            name.isNone ? nil : config.materials.first(where: { HapticName($0.key) == name })?.value
        }
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
        let rule = config.rules[ruleIndex]
        let feel = feel(of: event, config: config)
        return withUnsafePointer(to: event) { event in
            let intensity = rule.intensity.curve.points.withUnsafeBufferPointer { table in
                MappingTables.intensity(of: event, feel: feel, walkerWeight: config.defaultWalkerWeight,
                                        input: rule.intensity.input, curve: rule.intensity.curve.math, table: table)
            }
            guard let sharpness = rule.sharpness else { return (intensity, 0) }
            return (intensity, sharpness.curve.points.withUnsafeBufferPointer { table in
                MappingTables.sharpness(of: event, feel: feel, walkerWeight: config.defaultWalkerWeight,
                                        input: sharpness.input, curve: sharpness.curve.math, table: table)
            })
        }
    }

    /// The response for one player from an event's `strength`: distance attenuation from
    /// `listener`, then the trigger split. Nil when nothing would be felt. O(1), no allocation.
    @inline(__always)
    public static func response(to event: GameEvent, strength: (intensity: Double, sharpness: Double), rule ruleIndex: Int,
                                attenuation: Attenuation?, triggerBias: Double, player: Int,
                                listener: WorldPosition?) -> MappedHaptic? {
        var intensity = strength.intensity
        if let attenuation, let distance = event.distance(to: listener) {
            intensity *= attenuation.gain(atDistance: distance)
        }
        guard intensity > 0 else { return nil }
        var left = 0.0, right = 0.0
        if triggerBias > 0, let pan = event.direction(from: listener) {
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
        event.direction(from: listener)
    }

    @inline(__always) static func clamp(_ x: Double, _ low: Double, _ high: Double) -> Double {
        x.isNaN ? low : min(max(x, low), high)
    }
}
