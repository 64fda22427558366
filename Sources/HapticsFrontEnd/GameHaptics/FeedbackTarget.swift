@_spi(HapticsTools) import Haptics

/// Where feedback generators start their voices on the front door: player N's feedback plays on the
/// pad assigned to player N, ignored silently when there is none. The director does not use it: the
/// front door hands the director the same `FeedbackDevices` and tracks what `start` returns.
/// Internal: games play feedback through `GameHaptics.play(_:player:)` or `post(_:)`.
final class FeedbackTarget: HapticFeedbackTarget {
    let state: FrontDoorState

    init(state: FrontDoorState) { self.state = state }

    var feedbackTime: Double { state.currentTime }

    var feedbackDevices: FeedbackDevices { state.feedbackDevices }

    /// The pause bookkeeping for a generator's voice (`FrontDoorState.track`).
    func feedbackVoiceStarted(_ voice: HapticAdvancedPatternPlayer, intensity: Double) {
        guard !state.isShutDown else { return }
        state.track(voice)
    }

    /// Restarts the engine of `player`'s pad if it is stopped (unless focus loss stopped it on
    /// purpose). Rumble motors have nothing else to warm up; SDL sends the first level at once.
    func keepReady(player: Int, until time: Double) {
        guard state.seats.indices.contains(player), state.seats[player].instanceID != nil, !state.staysStopped else { return }
        if !state.seats[player].engine.isRunning { try? state.seats[player].engine.start() }
    }
}
