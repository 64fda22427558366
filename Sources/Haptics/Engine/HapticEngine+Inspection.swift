extension HapticEngine {
    /// How many players are playing (started and not finished: playing, paused or fading out),
    /// for HUDs, tests and voice budgets. O(pattern players), no allocation; update thread.
    public var activeVoiceCount: Int {
        var count = 0
        for player in patternPlayers where player.isPlaying { count += 1 }
        return count
    }
}
