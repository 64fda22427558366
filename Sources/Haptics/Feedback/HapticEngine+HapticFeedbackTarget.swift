/// An engine is a feedback target on its own: player N plays on output N.
extension HapticEngine: HapticFeedbackTarget {
    public var feedbackTime: Double { currentTime }

    public var feedbackPlayerCount: Int { outputs.count }

    public func makeFeedbackVoice(for pattern: HapticPattern, player: Int, category: HapticCategory,
                                  locality: HapticLocality, priority: Int) -> HapticAdvancedPatternPlayer? {
        guard let capabilities = capabilities(ofOutput: player), capabilities.supportsHaptics else { return nil }
        return try? makeAdvancedPlayer(with: pattern, output: player, locality: locality, category: category, priority: priority)
    }

    public func startFeedbackVoice(_ voice: HapticAdvancedPatternPlayer, intensity: Double) -> Bool {
        FeedbackVoiceStart.start(voice, intensity: intensity)
    }
}

/// Starting a feedback voice with an intensity, shared by every target (SPI: for our own front
/// door and tools, not for games).
@_spi(HapticsTools)
public enum FeedbackVoiceStart {
    /// Sets `voice`'s intensity control to `intensity` (clamped 0...1) and starts it at the next
    /// update. Returns false when the engine refuses (stopped or destroyed). Allocates nothing
    /// beyond the player's reserved command storage.
    public static func start(_ voice: HapticAdvancedPatternPlayer, intensity: Double) -> Bool {
        let value = intensity.isFinite ? min(max(intensity, 0), 1) : 1
        do {
            // The same command `sendParameters` queues, without building an array.
            try voice.enqueue(.parameter(.hapticIntensityControl, value), at: 0)
            try voice.start(atTime: 0)
            return true
        } catch {
            return false
        }
    }
}
