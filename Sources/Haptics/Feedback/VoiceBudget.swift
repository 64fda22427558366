/// What allows a voice pool one more voice (`FeedbackVoicePool.budget`): the bound on the voices a
/// mapping's rules hold for one player (`RuleVoices`). Internal; game thread only.
protocol VoiceBudget: AnyObject {
    /// Whether `pool` may make one more voice for `player`; true reserves it (made room for, if need be,
    /// by dropping idle pools of that player). O(1) amortised.
    func reserveVoice(for pool: FeedbackVoicePool, player: Int) -> Bool
    /// Gives back `count` voices of `player` (a reservation that made nothing, voices dropped).
    func releaseVoices(_ count: Int, player: Int)
}
