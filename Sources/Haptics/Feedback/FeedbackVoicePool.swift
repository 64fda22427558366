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
    let locality: HapticLocality
    let priority: Int
    /// Voices loop their pattern (continuous textures).
    let loops: Bool
    private var voices: [HapticAdvancedPatternPlayer] = []
    private var next = 0
    /// Game time of the last start, for rate limits.
    var lastStartTime = -Double.infinity

    init(presetName: String, pattern: HapticPattern, category: HapticCategory,
         locality: HapticLocality = .body, priority: Int = 0, loops: Bool = false) {
        self.presetName = presetName
        self.pattern = pattern
        self.category = category
        self.locality = locality
        self.priority = priority
        self.loops = loops
        voices.reserveCapacity(Self.size)
    }

    /// Makes the voices now (allocates) so later starts do not.
    func fill(target: any HapticFeedbackTarget, player: Int) {
        while voices.count < Self.size,
              let voice = target.makeFeedbackVoice(for: pattern, player: player, category: category,
                                                   locality: locality, priority: priority) {
            voice.loopEnabled = loops
            voices.append(voice)
        }
    }

    /// Starts a voice with `intensity` (and, when given, `sharpness` as its sharpness control).
    /// Returns the voice started, or nil when the target cannot play for `player`.
    @discardableResult
    func startVoice(target: any HapticFeedbackTarget, player: Int, intensity: Double, sharpness: Double? = nil) -> HapticAdvancedPatternPlayer? {
        for attempt in 0..<2 {
            if voices.isEmpty { fill(target: target, player: player) }
            guard !voices.isEmpty else { return nil }
            let index = voices.firstIndex { !$0.isPlaying } ?? (next % voices.count)
            next = index + 1
            let voice = voices[index]
            if let sharpness {
                let value = sharpness.isFinite ? min(max(sharpness, -1), 1) : 0
                try? voice.enqueue(.parameter(.hapticSharpnessControl, value), at: 0)
            }
            if target.startFeedbackVoice(voice, intensity: intensity) {
                lastStartTime = target.feedbackTime
                return voice
            }
            // The engine behind the voices is gone or stopped: drop them and try fresh ones once.
            voices.removeAll(keepingCapacity: true)
            if attempt == 1 { return nil }
        }
        return nil
    }

    /// Starts a voice with `intensity`. Returns false when the target cannot play for `player`.
    func start(target: any HapticFeedbackTarget, player: Int, intensity: Double) -> Bool {
        startVoice(target: target, player: player, intensity: intensity) != nil
    }
}
