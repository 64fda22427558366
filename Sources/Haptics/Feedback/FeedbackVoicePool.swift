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

    /// Makes the voices on `player`'s device in `devices` now (allocates) so later starts do not.
    func fill(devices: FeedbackDevices, player: Int) {
        while voices.count < Self.size,
              let voice = devices.makeVoice(for: pattern, player: player, category: category,
                                            locality: locality, priority: priority) {
            voice.loopEnabled = loops
            voices.append(voice)
        }
    }

    /// Starts a voice with `intensity` (and, when given, `sharpness` as its sharpness control) at
    /// game time `time` (seconds, recorded for rate limits). Returns the voice started, or nil when
    /// nothing can be felt for `player` on `devices`. The caller reports the voice to whoever
    /// tracks started voices. No allocation once the voices exist.
    @discardableResult
    func startVoice(devices: FeedbackDevices, player: Int, intensity: Double, sharpness: Double? = nil,
                    at time: Double) -> HapticAdvancedPatternPlayer? {
        for attempt in 0..<2 {
            if voices.isEmpty { fill(devices: devices, player: player) }
            guard !voices.isEmpty else { return nil }
            let index = voices.firstIndex { !$0.isPlaying } ?? (next % voices.count)
            next = index + 1
            let voice = voices[index]
            if let sharpness {
                let value = sharpness.isFinite ? min(max(sharpness, -1), 1) : 0
                try? voice.enqueue(.parameter(.hapticSharpnessControl, value), at: 0)
            }
            if FeedbackVoiceStart.start(voice, intensity: intensity) {
                lastStartTime = time
                return voice
            }
            // The engine behind the voices is gone or stopped: drop them and try fresh ones once.
            voices.removeAll(keepingCapacity: true)
            if attempt == 1 { return nil }
        }
        return nil
    }
}
