/// A few reusable players for one preset on one player's device, so that feedback plays without
/// allocating and quick repeats overlap instead of cutting each other off.
///
/// `voice()` returns an idle voice, or when all are busy the one started longest ago (which is then
/// restarted: with four voices that only happens past four overlapping occurrences). Voices whose
/// engine has gone (a pad of another kind replaced the player's pad) are dropped and remade.
/// Internal to the generators; game thread only.
final class FeedbackVoicePool {
    static let size = 4

    let presetName: String
    let pattern: HapticPattern
    let category: HapticCategory
    private var voices: [HapticAdvancedPatternPlayer] = []
    private var next = 0
    /// Game time of the last start, for rate limits.
    var lastStartTime = -Double.infinity

    init(presetName: String, pattern: HapticPattern, category: HapticCategory) {
        self.presetName = presetName
        self.pattern = pattern
        self.category = category
        voices.reserveCapacity(Self.size)
    }

    /// Makes the voices now (allocates) so later starts do not.
    func fill(target: any HapticFeedbackTarget, player: Int) {
        while voices.count < Self.size,
              let voice = target.makeFeedbackVoice(for: pattern, player: player, category: category) {
            voices.append(voice)
        }
    }

    /// Starts a voice with `intensity`. Returns false when the target cannot play for `player`.
    func start(target: any HapticFeedbackTarget, player: Int, intensity: Double) -> Bool {
        for attempt in 0..<2 {
            if voices.isEmpty { fill(target: target, player: player) }
            guard !voices.isEmpty else { return false }
            let index = voices.firstIndex { !$0.isPlaying } ?? (next % voices.count)
            next = index + 1
            if target.startFeedbackVoice(voices[index], intensity: intensity) {
                lastStartTime = target.feedbackTime
                return true
            }
            // The engine behind the voices is gone or stopped: drop them and try fresh ones once.
            voices.removeAll(keepingCapacity: true)
            if attempt == 1 { return false }
        }
        return false
    }
}
