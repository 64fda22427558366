/// Plays `HapticFeedback` presets for one player, after UIKit's `UIFeedbackGenerator`: what
/// `GameHaptics.play(_ feedback:player:)` plays through (and so the generators HapticsFrontEnd spells in
/// UIKit's names), the mapping layer's feedback events, and our tools' engines.
///
/// Bound to a target (a `HapticEngine`, or GameHaptics' playback target) and a player: voices are made on the target's `FeedbackDevices`, and the target is told of each one
/// started (GameHaptics records it for pause). Each preset gets a small pool of reusable players:
/// the first occurrence (or `prepare()`) allocates them, later ones do not. Rate limit: a preset
/// played again sooner than `minimumInterval` seconds of game time after its last start is dropped
/// (the call returns false), so sweeping through 100 menu items in a second does not make 100 pulses.
/// Game thread only. Cost per occurrence: O(1), no allocation once prepared.
package final class FeedbackGenerator {
    /// Where the feedback plays. Held weakly (a target such as GameHaptics keeps generators of its own);
    /// once it is gone every occurrence returns false.
    package private(set) weak var target: (any HapticFeedbackTarget)?
    /// The patterns played for each feedback case.
    package let presets: PresetLibrary
    /// The player whose device receives the feedback (0-based).
    package var player: Int
    /// Shortest time between two starts of the same preset, in seconds of game time (>= 0).
    package var minimumInterval: Double {
        didSet { minimumInterval = minimumInterval.isFinite ? max(minimumInterval, 0) : 0 }
    }
    /// Per-preset rate limits that replace `minimumInterval` for those presets, in seconds, by preset
    /// name. Default: `["Selection": 0.05]`, so any generator throttles selection ticks to 20 per second.
    package var minimumIntervals: [String: Double] = FeedbackPresetVoices.defaultMinimumIntervals
    /// How long `prepare()` keeps the device ready, in seconds. Default 2 (Apple: "a few seconds").
    package var preparedSeconds: Double = 2

    /// The voice pools and last starts, per player and case; shared with the mapping layer when
    /// made by `HapticEventDirector.feedbackGenerator(forPlayer:)`.
    private let voices: FeedbackPresetVoices

    /// - Parameters:
    ///   - target: where to play (an engine, or GameHaptics).
    ///   - player: whose device (0-based; default 0).
    ///   - presets: the preset patterns (default: the built-in copy).
    ///   - minimumInterval: rate limit per preset, in seconds (default 0: none; see `minimumIntervals`).
    package init(target: any HapticFeedbackTarget, player: Int = 0, presets: PresetLibrary = .builtIn(),
                minimumInterval: Double = 0) {
        self.target = target
        self.player = player
        self.presets = presets
        self.voices = FeedbackPresetVoices(presets: presets)
        self.minimumInterval = minimumInterval.isFinite ? max(minimumInterval, 0) : 0
    }

    /// A generator starting its presets through `voices` (shared rate limits and pools).
    init(target: any HapticFeedbackTarget, player: Int, voices: FeedbackPresetVoices, minimumInterval: Double = 0) {
        self.target = target
        self.player = player
        self.presets = voices.presets
        self.voices = voices
        self.minimumInterval = minimumInterval.isFinite ? max(minimumInterval, 0) : 0
    }

    /// Readies the device and the players of `feedback` so their next occurrences start with no
    /// allocation and no engine start-up: makes the pooled players now and asks the target to stay
    /// ready for `preparedSeconds` (GameHaptics restarts a stopped engine of a connected pad; an
    /// engine target has nothing to warm up). After that the device may idle again; the players stay.
    package func prepare(_ feedback: [HapticFeedback]) {
        guard let target else { return }
        let devices = target.feedbackDevices
        for feedback in feedback { voices.prepare(feedback, player: player, on: devices) }
        target.keepReady(player: player, until: target.feedbackTime + preparedSeconds)
    }

    /// Plays `feedback` now (at the next update). Returns false when it was rate-limited, its preset is
    /// missing, or nothing can be felt for this player.
    @discardableResult
    package func play(_ feedback: HapticFeedback) -> Bool {
        guard let target else { return false }
        let interval = minimumIntervals[feedback.presetName] ?? minimumInterval
        guard case .success(let voice) = voices.play(feedback, player: player, on: target.feedbackDevices,
                                                      at: target.feedbackTime, minimumInterval: interval) else { return false }
        target.feedbackVoiceStarted(voice, intensity: FeedbackVoiceStart.clamped(feedback.intensity))
        return true
    }
}
