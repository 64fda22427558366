import Haptics

/// Delays a pad's rumble by the audio lookahead, so that rumble and the sound of the same instant
/// coincide (docs/audio.md, "Latency model"). Sits between a player's engine and its
/// `SDLRumbleOutput`; with a delay of 0 (audio off) every frame passes straight through. The rule
/// itself is the value type `RumbleDelay` (Rumble/, beside `RumblePolicy`); this is its `HapticOutput` seat.
///
/// A frame the engine produced at game time T goes to the pad on the first update at or after
/// T + `delaySeconds` (restamped with that update's time). GameHaptics' own stops (pause, focus
/// loss, disconnect, `playback.stopAll`, shutdown) do not wait: `clear()` drops the frames in flight, the
/// pad gets (0,0) at once, and levels the engine's motor driver may still hold from before the stop
/// are not replayed afterwards (the same rule as `SDLRumbleOutput.stop()`).
///
/// Threads: the game's update thread. Cost per frame: O(1) amortised, no allocation (the ring
/// holds 512 frames, 8.5 s at 60 updates per second; if it overflows the oldest frame is sent early).
final class RumbleDelayLine: HapticOutput {
    /// The pad's output.
    let output: SDLRumbleOutput
    /// The delay rule (pure value; see `RumbleDelay`).
    private var delay = RumbleDelay()
    /// How long frames wait, in seconds of game time (>= 0).
    var delaySeconds: Double {
        get { delay.delaySeconds }
        set { delay.delaySeconds = newValue }
    }
    /// When true the engine keeps running without a pad (audio-only players).
    var keepsEngineRunningWithoutPad = false

    init(output: SDLRumbleOutput) {
        self.output = output
    }

    var name: String { output.name }
    var profile: MotorProfile { output.profile }
    var isConnected: Bool { keepsEngineRunningWithoutPad || output.isConnected }

    /// Frames waiting.
    var pendingCount: Int { delay.pendingCount }

    func receive(_ frame: HapticFrame) {
        delay.receive(frame) { output.receive($0) }
    }

    /// Sends the newest frame whose delay has passed at game time `now` (if any). Called by
    /// `receive` and, while the engine is stopped, by `GameHaptics.update`.
    func advance(to now: Double) {
        delay.advance(to: now) { output.receive($0) }
    }

    /// Drops the frames in flight (the caller stops the pad itself).
    func clear() {
        delay.clear(quietInterval: output.profile.minimumUpdateInterval)
    }
}
