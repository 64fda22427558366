/// A config compiled for the per-frame path: which rule takes an event, and the intensity,
/// sharpness and trigger levels it computes. The one implementation of the mapping: the
/// director, texture updates, trigger effects and tests all go through it.
///
/// A pure function of the event: no state, no timing (cooldown and coalescing are the director's).
/// Made once per `LoadedMapping` (allocates); immutable after. Finding an event's rule is at most 8
/// lookups in `RuleIndex` whatever the number of rules; reads allocate nothing and may run on any
/// thread.
struct CompiledMapping: Sendable {
    /// Everything the per-event path reads of one rule: plain numbers, nothing reference-counted.
    struct Rule: Sendable {
        var cooldown: Double
        var coalesce: Bool
        var triggerBias: Double
        var attenuation: Attenuation?
        var intensity: Curve
        /// Nil when the rule has none (its offset is 0 and the pattern's sharpness stays).
        var sharpness: Curve?
    }

    /// A `ValueSource` as plain numbers: its input, its curve's numbers, and where its table's
    /// points are in `tablePoints`.
    struct Curve: Sendable {
        var input: MappingInput
        var math: CurveMath
        var table: Range<Int>
    }

    let rules: [Rule]
    /// Every table curve's points, back to back (`Curve.table`).
    private let tablePoints: [ResponseCurve.TablePoint]
    /// Which rule takes an event, by what it matches (at most 8 lookups per event).
    let index: RuleIndex
    let materials: MaterialCache
    let defaultWalkerWeight: Double

    init(config: HapticMappingConfig) {
        var points: [ResponseCurve.TablePoint] = []
        func compile(_ source: ValueSource) -> Curve {
            let start = points.count
            points.append(contentsOf: source.curve.points)
            return Curve(input: source.input, math: source.curve.math, table: start..<points.count)
        }
        rules = config.rules.map { rule in
            Rule(cooldown: rule.cooldown, coalesce: rule.coalesce,
                 triggerBias: rule.triggerBias, attenuation: rule.attenuation,
                 intensity: compile(rule.intensity), sharpness: rule.sharpness.map(compile))
        }
        tablePoints = points
        index = RuleIndex(config.rules.map { (CompiledMatch($0.match, kind: $0.event), $0.event) })
        materials = MaterialCache(config.materials)
        defaultWalkerWeight = config.defaultWalkerWeight
    }

    /// The first rule in file order whose kind and match take `event`, or nil. At most 8 table
    /// lookups whatever the number of rules (`RuleIndex`).
    func ruleIndex(for event: GameEvent) -> Int? {
        index.firstRule(for: event)
    }

    /// The response of the first rule that takes `event`, for `player` whose listener is at
    /// `listener` (nil: no attenuation); nil when no rule takes it or nothing would be felt.
    func response(to event: GameEvent, player: Int, listener: WorldPosition?) -> MappedHaptic? {
        guard let index = ruleIndex(for: event) else { return nil }
        return response(to: event, rule: index, player: player, listener: listener)
    }

    /// Rule `index`'s response to `event` for `player`: strength, attenuation from `listener`,
    /// trigger split. Nil when nothing would be felt.
    func response(to event: GameEvent, rule index: Int, player: Int, listener: WorldPosition?) -> MappedHaptic? {
        let feel = event.materialFeel(in: materials)
        return response(to: event, rule: index, intensity: intensity(of: event, rule: index, feel: feel),
                        sharpness: sharpness(of: event, rule: index, feel: feel), player: player, listener: listener)
    }

    /// How the event's materials feel by this mapping's materials.
    func feel(of event: GameEvent) -> MaterialSettings { event.materialFeel(in: materials) }

    /// Rule `index`'s intensity for the event before attenuation: the curve at its input × the
    /// material gain, clamped to 0...1. An input the event does not offer reads as 0.
    func intensity(of event: GameEvent, rule index: Int, feel: MaterialSettings) -> Double {
        let curve = rules[index].intensity
        let x = event.input(curve.input, feel: feel, walkerWeight: defaultWalkerWeight) ?? 0
        return Self.clamp(curve.math.value(at: x, table: tablePoints, range: curve.table) * feel.gain, 0, 1)
    }

    /// Rule `index`'s sharpness offset for the event: the curve at its input, clamped to −1...1;
    /// 0 when the rule has none.
    func sharpness(of event: GameEvent, rule index: Int, feel: MaterialSettings) -> Double {
        guard let curve = rules[index].sharpness else { return 0 }
        let x = event.input(curve.input, feel: feel, walkerWeight: defaultWalkerWeight) ?? 0
        return Self.clamp(curve.math.value(at: x, table: tablePoints, range: curve.table), -1, 1)
    }

    /// The response for one player from what rule `index` computed before the player is known:
    /// distance attenuation from `listener`, then the trigger split. Nil when nothing would be felt.
    func response(to event: GameEvent, rule index: Int, intensity strength: Double, sharpness: Double,
                  player: Int, listener: WorldPosition?) -> MappedHaptic? {
        var intensity = strength
        if let attenuation = rules[index].attenuation, let distance = event.distance(to: listener) {
            intensity *= attenuation.gain(atDistance: distance)
        }
        guard intensity > 0 else { return nil }
        var left = 0.0, right = 0.0
        let triggerBias = rules[index].triggerBias
        if triggerBias > 0, let pan = event.direction(from: listener) {
            // pan -1 (left) ... 1 (right): the side it came from gets the bias, the other side less.
            left = intensity * triggerBias * (1 - pan) / 2
            right = intensity * triggerBias * (1 + pan) / 2
        }
        return MappedHaptic(ruleIndex: index, player: player, intensity: intensity, sharpness: sharpness,
                            leftTrigger: left, rightTrigger: right)
    }

    static func clamp(_ x: Double, _ low: Double, _ high: Double) -> Double {
        x.isNaN ? low : min(max(x, low), high)
    }
}
