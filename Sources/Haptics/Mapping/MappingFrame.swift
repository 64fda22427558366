/// One frame of the mapping layer's hot loop: the director moves its per-rule tables in (O(1)
/// swaps), the loop maps every posted event on these locals, and the tables move back. Working on
/// a local value instead of the director's properties means no runtime exclusivity checks and no
/// reference counting per event.
///
/// Handles the events a rule takes by a one-shot response (collisions, footsteps, hits, custom,
/// feedback with a rule); textures and feedback without a rule are left in `deferred` for the
/// director. Internal. No allocation while `touched` and `deferred` stay within their reserved
/// capacity.
struct MappingFrame {
    // Read-only for the frame.
    let matches: [CompiledMatch]
    let settings: [LoadedMapping.RuleSettings]
    let rulesByKind: [[Int]]
    let intensityCurves: [ResponseCurve]
    let sharpnessCurves: [ResponseCurve]
    let materials: MaterialCache
    let listeners: [WorldPosition?]
    let defaultWalkerWeight: Double
    let slotPlayers: Int
    let playerCount: Int
    let time: Double
    // Moved in from the director and back.
    var lastStarts: [Double]
    var bursts: [FrameBurst?]
    /// Per key, the weakest intensity its burst keeps once full (-infinity while it has room), so
    /// pruning reads one number instead of copying a burst.
    var floors: [Double]
    var touched: [Int]
    var deferred: [Int]
    var statistics: HapticEventDirector.Statistics

    /// Maps `event` (the `index`-th of the frame).
    mutating func map(_ event: GameEvent, index: Int) {
        let kind = event.kindName
        guard kind != .texture, let ruleIndex = ruleIndex(for: event, kind: kind) else {
            if kind == .texture || kind == .feedback { deferred.append(index) } else { statistics.unmatched += 1 }
            return
        }
        let rule = settings[ruleIndex]
        let limit = rule.coalesce ? 1 : FrameBurst.capacity
        let first = event.player ?? 0
        let end = event.player.map { $0 + 1 } ?? playerCount
        // Computed once per event, and only when a player is not cooling down for this rule; only
        // attenuation and the trigger split depend on the player.
        var strength: (intensity: Double, sharpness: Double)? = nil
        var player = max(first, 0)
        while player < min(end, slotPlayers) {
            defer { player += 1 }
            let key = ruleIndex &* slotPlayers &+ player
            if rule.cooldown > 0 && time - lastStarts[key] < rule.cooldown {
                statistics.cooledDown += 1
                continue
            }
            if strength == nil { strength = self.strength(of: event, rule: ruleIndex) }
            let base = strength!
            // Attenuation only lowers intensity: an event weaker than every response this rule
            // already keeps for the player this frame cannot make it in.
            if floors[key] >= base.intensity {
                statistics.coalesced += 1
                continue
            }
            let listener = player < listeners.count ? listeners[player] : nil
            guard base.intensity > 0,
                  let response = HapticMapping.response(to: event, strength: base, rule: ruleIndex,
                                                        attenuation: rule.attenuation, triggerBias: rule.triggerBias,
                                                        player: player, listener: listener) else {
                statistics.outOfRange += 1
                continue
            }
            if bursts[key] == nil {
                bursts[key] = FrameBurst(response)
                touched.append(key)
            } else if !bursts[key]!.insert(response, limit: limit) {
                statistics.coalesced += 1
            }
            if let weakest = bursts[key]!.weakest(ifFull: limit) { floors[key] = weakest }
        }
    }

    /// The rule's intensity (curve × material gain, 0...1) and sharpness offset (−1...1) for the
    /// event, before attenuation. Curves are read in place.
    private func strength(of event: GameEvent, rule ruleIndex: Int) -> (intensity: Double, sharpness: Double) {
        let materials = self.materials
        let facts = EventFacts(event, defaultWalkerWeight: defaultWalkerWeight, lookUp: { materials.settings($0) })
        let rule = settings[ruleIndex]
        let intensity = intensityCurves.withUnsafeBufferPointer { curves in
            curves[ruleIndex].value(at: facts.input(rule.intensityInput) ?? 0)
        }
        let clamped = HapticMapping.clamp(intensity * facts.materialGain, 0, 1)
        guard rule.hasSharpness else { return (clamped, 0) }
        let sharpness = sharpnessCurves.withUnsafeBufferPointer { curves in
            curves[ruleIndex].value(at: facts.input(rule.sharpnessInput) ?? 0)
        }
        return (clamped, HapticMapping.clamp(sharpness, -1, 1))
    }

    private func ruleIndex(for event: GameEvent, kind: EventKindName) -> Int? {
        for index in rulesByKind[kind.ordinal] where matches[index].matches(event) { return index }
        return nil
    }
}
