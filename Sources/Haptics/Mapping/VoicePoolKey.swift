/// Which voice pool the director starts a voice from: one per rule and role, or per feedback preset,
/// and always per player (a pool's voices are made on one player's output).
struct VoicePoolKey: Hashable {
    enum Source: Hashable {
        /// A rule's voices (by the rule's index) in one role.
        case rule(Int, Role)
        /// A feedback case's preset, by `HapticFeedback.presetIndex`.
        case feedbackPreset(Int)
    }

    /// What a rule's pool plays: a one-shot on the body motors or a trigger, or a looping texture.
    enum Role: Hashable {
        case body, leftTrigger, rightTrigger, texture
    }

    var source: Source
    /// The player (from 0), any value: no two players share a pool.
    var player: Int
}
