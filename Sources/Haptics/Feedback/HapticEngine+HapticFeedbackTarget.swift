/// An engine is a feedback target on its own: player N plays on output N.
extension HapticEngine: HapticFeedbackTarget {
    package var feedbackTime: Double { currentTime }

    /// Every output of this engine, player N = output N; no adaptive triggers. No allocation.
    package var feedbackDevices: FeedbackDevices { FeedbackDevices(engine: self) }
}

/// Starting a feedback voice with an intensity, shared by every target (SPI: for our own front
/// door and tools, not for games).
@_spi(HapticsTools)
public enum FeedbackVoiceStart {
    /// `intensity` clamped to 0...1 (1 when not finite): the value a start applies.
    public static func clamped(_ intensity: Double) -> Double {
        intensity.isFinite ? min(max(intensity, 0), 1) : 1
    }

    /// Sets `voice`'s intensity control to `intensity` (clamped 0...1) and starts it at the next
    /// update. Returns false when the engine refuses (stopped or destroyed). Allocates nothing
    /// beyond the player's reserved command storage.
    public static func start(_ voice: HapticAdvancedPatternPlayer, intensity: Double) -> Bool {
        do {
            // The same command `sendParameters` queues, without building an array.
            try voice.enqueue(.parameter(.hapticIntensityControl, clamped(intensity)), at: 0)
            try voice.start(atTime: 0)
            return true
        } catch {
            return false
        }
    }
}
