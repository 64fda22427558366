/// Where feedback generators play, and where a director made with a target starts what it maps:
/// the target's devices (`FeedbackDevices`: where each player's voices are made), its time, and
/// being told of the voices started there. Implemented by `HapticEngine` (player = output index)
/// and, in HapticsSDL, by `GameHaptics.Playback.feedbackTarget` (player = the game's player, routed
/// to that player's pad).
///
/// Voices are made from `feedbackDevices` and started by the core itself; the target is never asked
/// to make or start one.
///
/// Threads: every member is used on the game's update thread.
package protocol HapticFeedbackTarget: AnyObject {
    /// The game time now, in seconds (the time of the last update), for rate limits.
    var feedbackTime: Double { get }
    /// Where each player's voices are made and its adaptive triggers are. Read once per start or
    /// frame: return a stored value (no allocation).
    var feedbackDevices: FeedbackDevices { get }
    /// Told of every voice started on `feedbackDevices`, after it started, with the intensity it
    /// started at (0...1): a target that pauses voices records it here. Default: nothing. O(1).
    func feedbackVoiceStarted(_ voice: HapticAdvancedPatternPlayer, intensity: Double)
    /// Keeps `player`'s device ready to play without delay until game time `time` (see
    /// `FeedbackGenerator.prepare()`); a target with nothing to warm up ignores it.
    func keepReady(player: Int, until time: Double)
}

extension HapticFeedbackTarget {
    package func feedbackVoiceStarted(_ voice: HapticAdvancedPatternPlayer, intensity: Double) {}
    package func keepReady(player: Int, until time: Double) {}

    /// Starts `voice` (made from `feedbackDevices`) at the next update with `intensity` (0...1) as
    /// its intensity control and tells the target (`feedbackVoiceStarted`). Returns false when it
    /// cannot play now. O(1), no allocation.
    @discardableResult
    package func startFeedbackVoice(_ voice: HapticAdvancedPatternPlayer, intensity: Double) -> Bool {
        guard FeedbackVoiceStart.start(voice, intensity: intensity) else { return false }
        feedbackVoiceStarted(voice, intensity: FeedbackVoiceStart.clamped(intensity))
        return true
    }
}
