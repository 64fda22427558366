@_spi(HapticsTools) import Haptics

/// GameHaptics as a target for feedback generators and triggers: player N's feedback plays on the
/// pad assigned to player N, ignored silently when there is none.
extension GameHaptics: HapticFeedbackTarget {
    public var feedbackTime: Double { currentTime }

    public var feedbackPlayerCount: Int { slots.count }

    public func makeFeedbackVoice(for pattern: HapticPattern, player: Int, category: HapticCategory,
                                  locality: HapticLocality, priority: Int) -> HapticAdvancedPatternPlayer? {
        guard !isShutDown, slots.indices.contains(player), slots[player].canRumble else { return nil }
        return try? slots[player].engine.makeAdvancedPlayer(with: pattern, output: 0, locality: locality,
                                                            category: category, priority: priority)
    }

    public func startFeedbackVoice(_ voice: HapticAdvancedPatternPlayer, intensity: Double) -> Bool {
        guard !isShutDown, FeedbackVoiceStart.start(voice, intensity: intensity) else { return false }
        if !livePlayers.contains(where: { $0 === voice }) { livePlayers.append(voice) }
        if isPaused && voice.category != .ui {
            try? voice.pause(atTime: 0)
            if !pausedPlayers.contains(where: { $0 === voice }) { pausedPlayers.append(voice) }
        }
        return true
    }

    /// Restarts the engine of `player`'s pad if it is stopped (unless focus loss stopped it on
    /// purpose). Rumble motors have nothing else to warm up; SDL sends the first level at once.
    public func keepReady(player: Int, until time: Double) {
        guard slots.indices.contains(player), slots[player].instanceID != nil,
              !(suspendedByFocus && configuration.focusPolicy == .stopEngines) else { return }
        if !slots[player].engine.isRunning { try? slots[player].engine.start() }
    }

    /// Plays a feedback case (a preset from `presets`) for `player`. Returns false when rate-limited
    /// (see `FeedbackGenerator`), or when nothing can be felt for that player.
    @discardableResult
    public func play(_ feedback: HapticFeedback, player: Int = 0) -> Bool {
        guard slots.indices.contains(player) else { return false }
        return feedbackGenerator(forPlayer: player).play(feedback)
    }

    /// The generator `play(_:player:)` uses for `player`: selection throttled to one tick per 0.05 s,
    /// no rate limit for other cases (change `minimumInterval` / `minimumIntervals` on it). It starts
    /// presets through the mapping layer's feedback pools, so `play` and `post(.feedback(...))` share
    /// one rate limit.
    public func feedbackGenerator(forPlayer player: Int) -> FeedbackGenerator {
        if let generator = feedbackGenerators[player] { return generator }
        let generator = events.feedbackGenerator(forPlayer: player, on: self)
        feedbackGenerators[player] = generator
        return generator
    }
}
