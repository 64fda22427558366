import Haptics

/// One player's haptics: the rumble output for the pad assigned to that player and the engine
/// that drives it. Internal to `GameHaptics`.
final class PlayerSeat {
    let player: Int
    let output: SDLRumbleOutput
    /// Between the engine and `output`: delays rumble by the audio lookahead while audio is on.
    let rumbleDelay: RumbleDelayLine
    /// The adaptive trigger effects the game wants for this player (kept across pads).
    let triggers = AdaptiveTriggers()
    /// Sends `triggers` to the pad (DualSense bytes, or trigger-motor fallback).
    let triggerOutput: SDLAdaptiveTriggerOutput
    private(set) var engine: HapticEngine
    /// The profile `engine` was made with.
    private var engineProfile: MotorProfile
    /// Instance id of the pad attached now, or nil.
    var instanceID: Int32?
    /// Whether a pad has ever been attached (a later attach is a reconnection: reset handler).
    var hadPad = false
    /// Gain from the battery policy, 0...1.
    var batteryGain = 1.0

    init(player: Int, voiceCapacity: Int) {
        self.player = player
        output = SDLRumbleOutput(name: "player\(player)")
        triggerOutput = SDLAdaptiveTriggerOutput(name: "player\(player)")
        rumbleDelay = RumbleDelayLine(output: output)
        engine = HapticEngine(outputs: [rumbleDelay], voiceCapacity: voiceCapacity)
        engineProfile = output.profile
    }

    /// Whether haptics posted for this player can be felt.
    var canRumble: Bool { instanceID != nil && !output.profile.actuators.isEmpty }

    /// Sends (0,0) to the pad and "off" to its adaptive triggers now, dropping rumble in flight.
    func silence() {
        rumbleDelay.clear()
        output.stop()
        triggerOutput.stop()
    }

    /// Replaces the engine when the attached pad's profile differs from the one the engine was made
    /// with (an engine reads its outputs' profiles once). Handlers, mixer and latency carry over;
    /// players made on the old engine end with it (the reset handler recreates them).
    func rebuildEngineIfNeeded(voiceCapacity: Int) {
        guard engineProfile != output.profile else { return }
        let old = engine
        let fresh = HapticEngine(outputs: [rumbleDelay], voiceCapacity: voiceCapacity)
        fresh.mixer = old.mixer
        fresh.presentationLatency = old.presentationLatency
        fresh.stoppedHandler = old.stoppedHandler
        fresh.resetHandler = old.resetHandler
        fresh.isMutedForHaptics = old.isMutedForHaptics
        fresh.isMutedForAudio = old.isMutedForAudio
        old.stoppedHandler = nil
        old.stop()
        engine = fresh
        engineProfile = output.profile
    }
}
