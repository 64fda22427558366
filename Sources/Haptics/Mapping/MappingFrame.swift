/// One frame of the mapping layer's hot loop: maps each posted event through the mapping's flat
/// tables into the director's slots, all read and written through plain pointers (no runtime
/// exclusivity checks, copy-on-write checks or reference counting per event).
///
/// Handles the events a rule takes by a one-shot response (collisions, footsteps, hits, custom,
/// feedback with a rule); textures and feedback without a rule are left in `slots.deferred` for the
/// director. Internal; game thread; no allocation. O(rules of the event's kind + players) per event.
struct MappingFrame {
    let tables: MappingTables
    let slots: MappingSlots
    let listeners: UnsafeBufferPointer<WorldPosition?>
    let playerCount: Int
    let time: Double
    var statistics: HapticEventDirector.Statistics

    /// Maps the `index`-th event of the frame, read in place.
    mutating func map(_ event: UnsafePointer<GameEvent>, index: Int) {
        let kind = event.pointee.kindName
        guard kind != .texture, let ruleIndex = tables.ruleIndex(for: event) else {
            if kind == .texture || kind == .feedback {
                slots.deferred[slots.deferredCount] = index
                slots.deferredCount += 1
            } else {
                statistics.unmatched += 1
            }
            return
        }
        let rule = tables.rules.baseAddress! + ruleIndex
        let cooldown = rule.pointee.cooldown
        let players = slots.players
        let named = event.pointee.flags.contains(.hasPlayer)
        let first = named ? max(event.pointee.playerSlot, 0) : 0
        let end = named ? min(event.pointee.playerSlot &+ 1, players) : min(playerCount, players)
        guard first < end else { return }
        let base = ruleIndex &* players
        // Players still cooling down for this rule are skipped; when all are, the event's
        // intensity is never computed (the usual case in the frames right after a start).
        var open = 0
        for player in first..<end where !(cooldown > 0 && time - slots.lastStarts[base &+ player] < cooldown) {
            open += 1
        }
        statistics.cooledDown += (end - first) - open
        guard open > 0 else { return }
        // The intensity decides which responses are kept; the sharpness is only computed for a
        // response that gets as far as being kept.
        let feel = tables.feel(of: event)
        let intensity = tables.intensity(of: event, rule: ruleIndex, feel: feel)
        guard intensity > 0 else {
            statistics.outOfRange += open
            return
        }
        let limit = rule.pointee.coalesce ? 1 : FrameBurst.capacity
        var sharpness = Double.nan   // not computed yet
        for player in first..<end {
            let key = base &+ player
            if cooldown > 0 && time - slots.lastStarts[key] < cooldown { continue }
            // Attenuation only lowers intensity: an event weaker than every response this rule
            // already keeps for the player this frame cannot make it in.
            if slots.floors[key] >= intensity {
                statistics.coalesced += 1
                continue
            }
            let listener = player < listeners.count ? listeners[player] : nil
            if sharpness.isNaN { sharpness = tables.sharpness(of: event, rule: ruleIndex, feel: feel) }
            guard let response = HapticMapping.response(to: event.pointee, strength: (intensity, sharpness), rule: ruleIndex,
                                                        attenuation: rule.pointee.attenuation,
                                                        triggerBias: rule.pointee.triggerBias,
                                                        player: player, listener: listener) else {
                statistics.outOfRange += 1
                continue
            }
            let burst = slots.bursts.baseAddress! + key
            if burst.pointee.isEmpty {
                slots.touched[slots.touchedCount] = key
                slots.touchedCount += 1
            }
            if !burst.pointee.insert(response, limit: limit) { statistics.coalesced += 1 }
            if let weakest = burst.pointee.weakest(ifFull: limit) { slots.floors[key] = weakest }
        }
    }
}
