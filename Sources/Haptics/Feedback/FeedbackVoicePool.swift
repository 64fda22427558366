/// A few reusable players for one preset on one player's device, so that feedback plays without
/// allocating and quick repeats overlap instead of cutting each other off.
///
/// A start takes an idle voice, or makes one while the pool holds fewer than `capacity` (so a pool holds
/// as many voices as its starts ever overlapped: one for a rule that never overlaps itself), or when all
/// are busy restarts the one started longest ago that the caller lets it take (a texture's pool never
/// takes another playing texture's voice). Voices whose engine has gone (a pad of another kind replaced
/// the player's pad) are dropped and remade. Internal to the generators and the director; game thread only.
final class FeedbackVoicePool {
    /// The voices of a preset's or a rule's pool: four overlapping starts.
    static let size = 4
    /// The most voices this pool makes (`size`, or the texture limit for a texture rule's pool).
    let capacity: Int

    let presetName: String
    let pattern: HapticPattern
    let category: HapticCategory
    let locality: HapticLocality
    let priority: Int
    /// Voices loop their pattern (continuous textures).
    let loops: Bool
    private var voices: [HapticAdvancedPatternPlayer] = []
    /// Who allows each new voice, for the pools of a mapping's rules (`RuleVoices`: a bound per player);
    /// nil: no bound but `capacity` (feedback presets: at most 17 cases × 4 per player).
    weak var budget: (any VoiceBudget)?
    private var next = 0
    /// Game time of the last start, for rate limits.
    var lastStartTime = -Double.infinity

    init(presetName: String, pattern: HapticPattern, category: HapticCategory,
         locality: HapticLocality = .body, priority: Int = 0, loops: Bool = false, capacity: Int = FeedbackVoicePool.size) {
        self.presetName = presetName
        self.pattern = pattern
        self.category = category
        self.locality = locality
        self.priority = priority
        self.loops = loops
        self.capacity = max(capacity, 1)
        voices.reserveCapacity(min(self.capacity, Self.size))
    }

    /// How many voices the pool holds.
    var count: Int { voices.count }

    /// Makes the voices on `player`'s device in `devices` now, up to `size` (allocates), so later starts
    /// do not (`FeedbackGenerator.prepare`).
    func fill(devices: FeedbackDevices, player: Int) {
        while voices.count < min(capacity, Self.size), grow(devices: devices, player: player) != nil {}
    }

    /// One more voice on `player`'s device, or nil when nothing can be felt there or the budget allows no
    /// more. Allocates.
    private func grow(devices: FeedbackDevices, player: Int) -> HapticAdvancedPatternPlayer? {
        if let budget, !budget.reserveVoice(for: self, player: player) { return nil }
        guard let voice = devices.makeVoice(for: pattern, player: player, category: category,
                                            locality: locality, priority: priority) else {
            budget?.releaseVoices(1, player: player)
            return nil
        }
        voice.loopEnabled = loops
        voices.append(voice)
        return voice
    }

    /// Whether no voice of the pool plays or holds a command: it may be dropped. O(voices).
    var isIdle: Bool { !voices.contains { $0.isKeptByEngine } }

    /// Starts a voice with `intensity` (and, when given, `sharpness` as its sharpness control) at
    /// game time `time` (seconds, recorded for rate limits). Returns the voice started, or nil when
    /// nothing can be felt for `player` on `devices`. The caller reports the voice to whoever
    /// tracks started voices. No allocation once the voices exist.
    /// When every voice is busy and the pool is full, a voice marked with `sparing` (in its `ownerMarks`:
    /// a texture that plays) is never taken; when all are, nothing starts (nil).
    @discardableResult
    func startVoice(devices: FeedbackDevices, player: Int, intensity: Double, sharpness: Double? = nil,
                    at time: Double, sparing: UInt8 = 0) -> HapticAdvancedPatternPlayer? {
        for attempt in 0..<2 {
            let voice: HapticAdvancedPatternPlayer
            // Idle: neither playing nor holding a command (a voice started earlier this frame has its start
            // waiting for the engine's update: taking it again would cut that start).
            if let idle = voices.firstIndex(where: { !$0.isKeptByEngine }) {
                voice = voices[idle]
                next = idle + 1
            } else if voices.count < capacity, let made = grow(devices: devices, player: player) {
                voice = made
                next = voices.count
            } else if voices.isEmpty {
                return nil   // nothing can be felt for this player
            } else {
                // Every voice busy: the one started longest ago (round robin) not spared.
                var taken: Int?
                for step in 0..<voices.count where voices[(next + step) % voices.count].ownerMarks & sparing == 0 {
                    taken = (next + step) % voices.count
                    break
                }
                guard let taken else { return nil }
                next = taken + 1
                voice = voices[taken]
            }
            if let sharpness {
                let value = sharpness.isFinite ? min(max(sharpness, -1), 1) : 0
                try? voice.enqueue(.parameter(.hapticSharpnessControl, value), at: 0)
            }
            if FeedbackVoiceStart.start(voice, intensity: intensity) {
                lastStartTime = time
                return voice
            }
            // The engine behind the voices is gone or stopped: drop them and try fresh ones once.
            budget?.releaseVoices(voices.count, player: player)
            voices.removeAll(keepingCapacity: true)
            if attempt == 1 { return nil }
        }
        return nil
    }
}
