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
            return Rule(match: CompiledMatch(rule.match, kind: rule.event), cooldown: rule.cooldown, coalesce: rule.coalesce,
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
    func ruleIndex(for event: UnsafePointer<GameEvent>) -> Int? {
        let kind = event.pointee.kindName.ordinal
        var position = kindStarts[kind]
        let end = kindStarts[kind + 1]
        while position < end {
            let index = candidates[position]
            if rules[index].match.matches(event) { return index }
            position += 1
        }
        return nil
    }

    /// How the event's materials feel (`GameEvent.materialFeel`) by this mapping's materials.
    @inline(__always)
    func feel(of event: UnsafePointer<GameEvent>) -> MaterialSettings {
        event.pointee.materialFeel { materials.settings($0) }
    }

    /// Rule `index`'s intensity for the event before attenuation (curve × material gain, 0...1).
    @inline(__always)
    func intensity(of event: UnsafePointer<GameEvent>, rule index: Int, feel: MaterialSettings) -> Double {
        let rule = rules.baseAddress! + index
        return Self.intensity(of: event, feel: feel, walkerWeight: defaultWalkerWeight, input: rule.pointee.intensityInput,
                              curve: rule.pointee.intensity, table: table(rule.pointee.intensityTable))
    }

    /// Rule `index`'s sharpness offset for the event (−1...1; 0 when the rule has none).
    @inline(__always)
    func sharpness(of event: UnsafePointer<GameEvent>, rule index: Int, feel: MaterialSettings) -> Double {
        let rule = rules.baseAddress! + index
        guard rule.pointee.hasSharpness else { return 0 }
        return Self.sharpness(of: event, feel: feel, walkerWeight: defaultWalkerWeight, input: rule.pointee.sharpnessInput,
                              curve: rule.pointee.sharpness, table: table(rule.pointee.sharpnessTable))
    }

    @inline(__always)
    private func table(_ range: Range<Int>) -> UnsafeBufferPointer<ResponseCurve.TablePoint> {
        UnsafeBufferPointer(rebasing: UnsafeBufferPointer(points)[range])
    }

    /// Rule `index`'s response to `event` for `player` (one texture update, say): strength,
    /// attenuation from `listener`, trigger split. Nil when nothing would be felt. No allocation.
    func response(to event: GameEvent, rule index: Int, player: Int, listener: WorldPosition?) -> MappedHaptic? {
        let rule = rules.baseAddress! + index
        let strength = withUnsafePointer(to: event) { event in
            let feel = feel(of: event)
            return (intensity(of: event, rule: index, feel: feel), sharpness(of: event, rule: index, feel: feel))
        }
        return HapticMapping.response(to: event, strength: strength, rule: index,
                                      attenuation: rule.pointee.attenuation, triggerBias: rule.pointee.triggerBias,
                                      player: player, listener: listener)
    }

    // What a rule computes from an event before the player is known, in one place for every
    // caller. An input the event does not offer reads as 0.

    /// The intensity curve at its input × the material gain, clamped to 0...1.
    @inline(__always)
    static func intensity(of event: UnsafePointer<GameEvent>, feel: MaterialSettings, walkerWeight: Double,
                          input: MappingInput, curve: CurveMath,
                          table: UnsafeBufferPointer<ResponseCurve.TablePoint>) -> Double {
        let x = event.pointee.input(input, feel: feel, walkerWeight: walkerWeight) ?? 0
        return HapticMapping.clamp(curve.value(at: x, table: table) * feel.gain, 0, 1)
    }

    /// The sharpness curve at its input, clamped to −1...1.
    @inline(__always)
    static func sharpness(of event: UnsafePointer<GameEvent>, feel: MaterialSettings, walkerWeight: Double,
                          input: MappingInput, curve: CurveMath,
                          table: UnsafeBufferPointer<ResponseCurve.TablePoint>) -> Double {
        let x = event.pointee.input(input, feel: feel, walkerWeight: walkerWeight) ?? 0
        return HapticMapping.clamp(curve.value(at: x, table: table), -1, 1)
    }
}
