@_spi(HapticsTools) import Haptics

/// Where feedback generators and the mapping director start their voices on the front door:
/// player N's feedback plays on the pad assigned to player N, ignored silently when there is none.
/// Internal: games play feedback through `GameHaptics.play(_:player:)` or `post(_:)`.
final class FeedbackTarget: HapticFeedbackTarget {
    let state: FrontDoorState

    init(state: FrontDoorState) { self.state = state }

    var feedbackTime: Double { state.currentTime }

    var feedbackPlayerCount: Int { state.slots.count }

    func makeFeedbackVoice(for pattern: HapticPattern, player: Int, category: HapticCategory,
                           locality: HapticLocality, priority: Int) -> HapticAdvancedPatternPlayer? {
        guard !state.isShutDown, state.slots.indices.contains(player), state.slots[player].canRumble else { return nil }
        return try? state.slots[player].engine.makeAdvancedPlayer(with: pattern, output: 0, locality: locality,
                                                                  category: category, priority: priority)
    }

    func startFeedbackVoice(_ voice: HapticAdvancedPatternPlayer, intensity: Double) -> Bool {
        guard !state.isShutDown, FeedbackVoiceStart.start(voice, intensity: intensity) else { return false }
        state.track(voice)
        return true
    }

    /// Restarts the engine of `player`'s pad if it is stopped (unless focus loss stopped it on
    /// purpose). Rumble motors have nothing else to warm up; SDL sends the first level at once.
    func keepReady(player: Int, until time: Double) {
        guard state.slots.indices.contains(player), state.slots[player].instanceID != nil, !state.staysStopped else { return }
        if !state.slots[player].engine.isRunning { try? state.slots[player].engine.start() }
    }

    /// The adaptive triggers of `player`, where mapping rules set trigger effects (nil out of range).
    func adaptiveTriggers(forPlayer player: Int) -> AdaptiveTriggers? {
        state.slots.indices.contains(player) ? state.slots[player].triggers : nil
    }
}
