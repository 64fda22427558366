/// What the mapping layer's per-frame path reads of a config, laid out flat in buffers allocated
/// once per mapping: per-rule settings (match, curves, cooldown, attenuation) as plain values,
/// the rule indices grouped by event kind, the curves' table points and the materials.
///
/// Reading through these buffers costs no reference counting, copy-on-write check or array copy
/// per event. Immutable after `init` (which allocates); freed with the mapping. Internal, owned by
/// `LoadedMapping`; any thread may read it.
final class MappingTables: @unchecked Sendable {
    /// Everything the per-event path reads of one rule.
    struct Rule {
        var match: CompiledMatch
        var cooldown: Double
        var coalesce: Bool
        var triggerBias: Double
        var attenuation: Attenuation?
        var intensityInput: MappingInput
        var intensity: CurveMath
        var intensityTable: Range<Int>
        /// False when the rule has no sharpness (its offset is 0 and the pattern's stays).
        var hasSharpness: Bool
        var sharpnessInput: MappingInput
        var sharpness: CurveMath
        var sharpnessTable: Range<Int>
    }

    let rules: UnsafeMutableBufferPointer<Rule>
    /// Rule indices grouped by event kind, each group in file order: kind `k`'s rules are
    /// `candidates[kindStarts[k] ..< kindStarts[k + 1]]`.
    let candidates: UnsafeMutableBufferPointer<Int>
    let kindStarts: UnsafeMutableBufferPointer<Int>
    /// Every table curve's points, back to back (`Rule.intensityTable` / `sharpnessTable`).
    let points: UnsafeMutableBufferPointer<ResponseCurve.TablePoint>
    let materials: MaterialCache
    let defaultWalkerWeight: Double

    init(config: HapticMappingConfig) {
        var allPoints: [ResponseCurve.TablePoint] = []
        func place(_ curve: ResponseCurve) -> Range<Int> {
            let start = allPoints.count
            allPoints.append(contentsOf: curve.points)
            return start..<allPoints.count
        }
        let flat = config.rules.map { rule -> Rule in
            let sharpness = rule.sharpness?.curve ?? .constant(0)
            return Rule(match: CompiledMatch(rule.match), cooldown: rule.cooldown, coalesce: rule.coalesce,
                        triggerBias: rule.triggerBias, attenuation: rule.attenuation,
                        intensityInput: rule.intensity.input, intensity: rule.intensity.curve.math,
                        intensityTable: place(rule.intensity.curve),
                        hasSharpness: rule.sharpness != nil, sharpnessInput: rule.sharpness?.input ?? .constant,
                        sharpness: sharpness.math, sharpnessTable: place(sharpness))
        }
        rules = .allocate(capacity: flat.count)
        _ = rules.initialize(from: flat)
        var order: [Int] = []
        var starts: [Int] = []
        for kind in EventKindName.allCases {
            starts.append(order.count)
            order.append(contentsOf: config.rules.indices.filter { config.rules[$0].event == kind })
        }
        starts.append(order.count)
        candidates = .allocate(capacity: order.count)
        _ = candidates.initialize(from: order)
        kindStarts = .allocate(capacity: starts.count)
        _ = kindStarts.initialize(from: starts)
        points = .allocate(capacity: allPoints.count)
        _ = points.initialize(from: allPoints)
        materials = MaterialCache(config.materials)
        defaultWalkerWeight = config.defaultWalkerWeight
    }

    deinit {
        rules.deallocate()
        candidates.deallocate()
        kindStarts.deallocate()
        points.deallocate()
    }

    /// The first rule of the event's kind whose match takes it, or nil. O(rules of that kind).
    @inline(__always)
    func ruleIndex(for facts: EventFacts) -> Int? {
        let kind = facts.kind.ordinal
        var position = kindStarts[kind]
        let end = kindStarts[kind + 1]
        while position < end {
            let index = candidates[position]
            if rules[index].match.matches(facts) { return index }
            position += 1
        }
        return nil
    }

    /// Rule `index`'s intensity (curve × material gain, 0...1) and sharpness offset (−1...1) for
    /// the event, before attenuation; `facts` must have its materials looked up.
    @inline(__always)
    func strength(of facts: EventFacts, rule index: Int) -> (intensity: Double, sharpness: Double) {
        let rule = rules.baseAddress! + index
        let points = UnsafeBufferPointer(self.points)
        return Self.strength(of: facts, intensityInput: rule.pointee.intensityInput, intensity: rule.pointee.intensity,
                             intensityTable: UnsafeBufferPointer(rebasing: points[rule.pointee.intensityTable]),
                             sharpnessInput: rule.pointee.hasSharpness ? rule.pointee.sharpnessInput : nil,
                             sharpness: rule.pointee.sharpness,
                             sharpnessTable: UnsafeBufferPointer(rebasing: points[rule.pointee.sharpnessTable]))
    }

    /// Rule `index`'s response to `event` for `player` (one texture update, say): strength,
    /// attenuation from `listener`, trigger split. Nil when nothing would be felt. No allocation.
    func response(to event: GameEvent, rule index: Int, player: Int, listener: WorldPosition?) -> MappedHaptic? {
        var event = event
        var facts = withUnsafePointer(to: &event) { EventFacts($0, defaultWalkerWeight: defaultWalkerWeight) }
        facts.lookUpMaterials { materials.settings($0) }
        let rule = rules.baseAddress! + index
        return HapticMapping.response(to: facts, strength: strength(of: facts, rule: index), rule: index,
                                      attenuation: rule.pointee.attenuation, triggerBias: rule.pointee.triggerBias,
                                      player: player, listener: listener)
    }

    /// What a rule computes from an event before the player is known: intensity (the intensity
    /// curve at its input × material gain, clamped to 0...1) and the sharpness offset (the sharpness
    /// curve at its input, clamped to −1...1; 0 when `sharpnessInput` is nil). An input the event
    /// does not offer reads as 0. The one place this is computed, for every caller.
    @inline(__always)
    static func strength(of facts: EventFacts, intensityInput: MappingInput, intensity: CurveMath,
                         intensityTable: UnsafeBufferPointer<ResponseCurve.TablePoint>,
                         sharpnessInput: MappingInput?, sharpness: CurveMath,
                         sharpnessTable: UnsafeBufferPointer<ResponseCurve.TablePoint>) -> (intensity: Double, sharpness: Double) {
        let level = intensity.value(at: facts.input(intensityInput) ?? 0, table: intensityTable)
        let clamped = HapticMapping.clamp(level * facts.materialGain, 0, 1)
        guard let sharpnessInput else { return (clamped, 0) }
        let offset = sharpness.value(at: facts.input(sharpnessInput) ?? 0, table: sharpnessTable)
        return (clamped, HapticMapping.clamp(offset, -1, 1))
    }
}
