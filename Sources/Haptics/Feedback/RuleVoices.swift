/// The voices of a mapping's rules: one `FeedbackVoicePool` per rule, role (body, a trigger, a
/// looping texture) and player (`VoicePoolKey`), made the first time the rule plays for that player.
///
/// Internal, owned by `HapticEventDirector` (shared with its `TextureVoices`); game thread only.
/// Emptied when the mapping or the number of players changes. Lookups allocate nothing.
final class RuleVoices {
    private var pools: [VoicePoolKey: FeedbackVoicePool] = [:]

    init() { pools.reserveCapacity(256) }

    /// The pool of rule `index` of `mapping` in `role` for `player` (made now if it is new).
    func pool(rule index: Int, of mapping: LoadedMapping, role: VoicePoolKey.Role, player: Int) -> FeedbackVoicePool {
        let key = VoicePoolKey(source: .rule(index, role), player: player)
        if let existing = pools[key] { return existing }
        let rule = mapping.config.rules[index]
        let locality: HapticLocality
        switch role {
        case .body, .texture: locality = .body
        case .leftTrigger: locality = .leftTrigger
        case .rightTrigger: locality = .rightTrigger
        }
        let pool = FeedbackVoicePool(presetName: rule.pattern, pattern: mapping.patterns[index], category: rule.category,
                                     locality: locality, priority: rule.priority, loops: role == .texture)
        pools[key] = pool
        return pool
    }

    /// Forgets every pool (a new mapping, a different number of players).
    func removeAll() { pools.removeAll(keepingCapacity: true) }
}
