/// A player with looping, rate, seeking, pausing, muting and a completion handler, after Core
/// Haptics' `CHHapticAdvancedPatternPlayer`. Same threading and timing rules as `HapticPatternPlayer`.
public final class HapticAdvancedPatternPlayer: HapticPatternPlayer {
    /// Whether playback wraps at `loopEnd`. A looping player never finishes by itself; events that
    /// cross the loop end are cut there. Default false.
    public var loopEnabled: Bool {
        get { loopEnabledValue }
        set { reanchor(); loopEnabledValue = newValue; invalidateLookahead() }
    }

    /// Where the loop wraps, in pattern seconds (>= 0); 0 means the pattern's duration. Default 0.
    public var loopEnd: Double {
        get { loopEndValue }
        set { reanchor(); loopEndValue = newValue.isFinite ? max(newValue, 0) : 0; invalidateLookahead() }
    }

    /// Playback speed, > 0 (1 = as authored, 2 = twice as fast: every time in the pattern, including
    /// transient length, envelope and release times, is halved). Takes effect from the last update.
    public var playbackRate: Double {
        get { rateValue }
        set {
            reanchor()
            if newValue.isFinite && newValue > 0 { rateValue = newValue }
            invalidateLookahead()
        }
    }

    /// When true the player keeps running but contributes nothing to the mix. Default false.
    public var isMuted: Bool {
        get { isMutedValue }
        set { isMutedValue = newValue; invalidateLookahead() }
    }

    /// Called once on the update thread when the player finishes: the pattern ended (after its
    /// tails) or a stop's fade ended. Not called after `cancel()` or when the engine stops. The
    /// argument is Core Haptics' error argument; a finish is never an error here, so it is always nil.
    public var completionHandler: ((Error?) -> Void)? {
        get { completion }
        set { completion = newValue }
    }

    /// Moves playback to `offset` pattern seconds (>= 0), effective at the next update. Transients at
    /// exactly `offset` are played. Works while playing or paused.
    public func seek(toOffset offset: Double) throws(HapticEngineError) {
        guard offset.isFinite else { throw .invalidTime }
        try enqueue(.seek(max(offset, 0)), at: engine?.currentTime ?? 0)   // "now": the next update
    }

    /// Pauses at game time `time` (<= now: next update): the output goes silent at once and the
    /// position is kept.
    public func pause(atTime time: Double) throws(HapticEngineError) {
        try enqueue(.pause, at: time)
    }

    /// Resumes a paused player at game time `time` from where it paused.
    public func resume(atTime time: Double) throws(HapticEngineError) {
        try enqueue(.resume, at: time)
    }

    /// For a front end that held this player while the game ran on (focus loss, issue 32): moves a
    /// paused player that does not loop on by the game time since its pause took effect, to `time`
    /// (seconds, the game's clock), as if it had played unheard, so a later `resume` does not replay
    /// what is stale. When that passes the pattern's end the player is cancelled (no completion
    /// handler, like `cancel()`) and false is returned. A looping player, one that is not paused
    /// (a pause still waiting for its update included), or a non-finite `time`: nothing changes, true.
    /// O(1), no allocation. Update thread.
    @_spi(HapticsTools) @discardableResult
    public func moveOnPastPause(to time: Double) -> Bool {
        guard phase == .paused, !loopEnabledValue, time.isFinite else { return true }
        let target = pausedPosition + max(time - pausedAtTime, 0) * rateValue
        guard target > pausedPosition else { return true }   // no time passed: the pause's window stands
        guard target < evaluator.duration else {
            cancel()
            return false
        }
        pausedPosition = target
        pausedAtTime = time
        windowStart = target
        windowIncludesStart = false
        return true
    }

    /// Keeps the position continuous when rate or loop settings change between updates.
    private func reanchor() {
        guard phase == .playing, let now = engine?.evaluationTime, now >= anchorTime else { return }
        anchorPosition = position(at: now)
        anchorTime = now
    }
}
