/// Where feedback generators and triggers play: something that makes and starts players for a
/// player number. Implemented by `HapticEngine` (player = output index) and, in HapticsSDL, by
/// `GameHaptics` (player = the game's player, routed to that player's pad).
///
/// Threads: every method is called on the game's update thread.
public protocol HapticFeedbackTarget: AnyObject {
    /// The game time now, in seconds (the time of the last update), for rate limits.
    var feedbackTime: Double { get }
    /// How many players there are (player numbers are 0..<feedbackPlayerCount); events for no
    /// particular player go to each of them.
    var feedbackPlayerCount: Int { get }
    /// Makes a stopped player for `pattern` on `player`'s device at `locality` with `priority`, or
    /// nil when nothing can be felt there (no device, no actuators, engine gone). Allocates;
    /// generators and the mapping layer call it ahead of time or once per voice.
    func makeFeedbackVoice(for pattern: HapticPattern, player: Int, category: HapticCategory,
                           locality: HapticLocality, priority: Int) -> HapticAdvancedPatternPlayer?
    /// Starts `voice` (made by this target) at the next update with `intensity` (0...1) applied as its
    /// intensity control. Returns false when it cannot play now. O(1), no allocation.
    func startFeedbackVoice(_ voice: HapticAdvancedPatternPlayer, intensity: Double) -> Bool
    /// Keeps `player`'s device ready to play without delay until game time `time` (see
    /// `FeedbackGenerator.prepare()`); a target with nothing to warm up ignores it.
    func keepReady(player: Int, until time: Double)
    /// The adaptive triggers of `player`, where mapping rules set trigger effects, or nil when the
    /// target has none (then trigger effects in a config are not applied).
    func adaptiveTriggers(forPlayer player: Int) -> AdaptiveTriggers?
}

extension HapticFeedbackTarget {
    public func keepReady(player: Int, until time: Double) {}
    public func adaptiveTriggers(forPlayer player: Int) -> AdaptiveTriggers? { nil }

    /// A body voice with priority 0.
    public func makeFeedbackVoice(for pattern: HapticPattern, player: Int, category: HapticCategory) -> HapticAdvancedPatternPlayer? {
        makeFeedbackVoice(for: pattern, player: player, category: category, locality: .body, priority: 0)
    }
}
