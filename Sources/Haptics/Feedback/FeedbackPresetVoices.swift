/// Plays `HapticFeedback` presets on a player's device (`FeedbackDevices`): one voice pool per player and case
/// (`VoicePoolKey`), and the one rate limit feedback has. Feedback generators, `GameHaptics.play`
/// and feedback events without a rule all start presets here, so a case played through any of them
/// counts against the same last start.
///
/// Rate limit: a case started again for the same player sooner than its minimum interval after its
/// last start is dropped. By default only `Selection` has one (0.05 s, at most 20 ticks per second;
/// `defaultMinimumIntervals`); generators may pass their own. Internal; game thread only. Cost per
/// start: one dictionary lookup, no allocation once the pool exists.
final class FeedbackPresetVoices {
    /// The minimum intervals by preset name, in seconds, that feedback events and a generator
    /// without its own settings use.
    static let defaultMinimumIntervals: [String: Double] = ["Selection": 0.05]

    /// The patterns played for each case. Changing it drops every pool.
    var presets: PresetLibrary {
        didSet { pools.removeAll(keepingCapacity: true) }
    }
    private var pools: [VoicePoolKey: FeedbackVoicePool] = [:]

    init(presets: PresetLibrary) {
        self.presets = presets
        pools.reserveCapacity(64)
    }

    /// Why a start did not happen.
    enum Refusal: Error {
        /// Started sooner than the minimum interval after the last start.
        case throttled
        /// No preset for the case, or nothing can be felt for the player.
        case cannotPlay
    }

    /// Starts `feedback` for `player` on `devices` at game time `time` (seconds) unless it is
    /// rate-limited by `minimumInterval` seconds (nil: `defaultMinimumIntervals`, else none).
    /// Returns the voice started; the caller reports it to whoever tracks started voices.
    func play(_ feedback: HapticFeedback, player: Int, on devices: FeedbackDevices, at time: Double,
              minimumInterval: Double? = nil) -> Result<HapticAdvancedPatternPlayer, Refusal> {
        guard let pool = pool(for: feedback, player: player) else { return .failure(.cannotPlay) }
        let interval = minimumInterval ?? Self.defaultMinimumIntervals[pool.presetName] ?? 0
        if time - pool.lastStartTime < interval { return .failure(.throttled) }
        guard let voice = pool.startVoice(devices: devices, player: player, intensity: feedback.intensity, at: time) else {
            return .failure(.cannotPlay)
        }
        return .success(voice)
    }

    /// Makes the voices of `feedback` for `player` on `devices` now, so its next start allocates nothing.
    func prepare(_ feedback: HapticFeedback, player: Int, on devices: FeedbackDevices) {
        pool(for: feedback, player: player)?.fill(devices: devices, player: player)
    }

    /// Drops every pool (a new mapping, a different player count).
    func removeAll() { pools.removeAll(keepingCapacity: true) }

    private func pool(for feedback: HapticFeedback, player: Int) -> FeedbackVoicePool? {
        let key = VoicePoolKey(source: .feedbackPreset(feedback.presetIndex), player: player)
        if let pool = pools[key] { return pool }
        guard let pattern = presets.pattern(for: feedback) else { return nil }
        let pool = FeedbackVoicePool(presetName: feedback.presetName, pattern: pattern, category: feedback.category)
        pools[key] = pool
        return pool
    }
}
