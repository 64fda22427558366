import Haptics

/// Delays a pad's rumble by the audio lookahead, so that rumble and the sound of the same instant
/// coincide (docs/audio.md, "Latency model"). Sits between a player's engine and its
/// `SDLRumbleOutput`; with a delay of 0 (audio off) every frame passes straight through.
///
/// A frame the engine produced at game time T goes to the pad on the first update at or after
/// T + `delaySeconds` (restamped with that update's time). GameHaptics' own stops (pause, focus
/// loss, disconnect, `stopAll`, shutdown) do not wait: `clear()` drops the frames in flight, the
/// pad gets (0,0) at once, and levels the engine's motor driver may still hold from before the stop
/// are not replayed afterwards (the same rule as `SDLRumbleOutput.stop()`).
///
/// Threads: the game's update thread. Cost per frame: O(1) amortised, no allocation (the ring
/// holds 512 frames, 8.5 s at 60 updates per second; if it overflows the oldest frame is sent early).
final class RumbleDelayLine: HapticOutput {
    /// The pad's output.
    let output: SDLRumbleOutput
    /// How long frames wait, in seconds of game time (>= 0).
    var delaySeconds: Double = 0 {
        didSet { delaySeconds = delaySeconds.isFinite ? max(delaySeconds, 0) : 0 }
    }
    /// When true the engine keeps running without a pad (audio-only players).
    var keepsEngineRunningWithoutPad = false

    private var ring: [HapticFrame]
    private var head = 0
    private var count = 0
    private var lastReceivedTime = -Double.infinity
    /// After `clear()`, non-zero frames produced before this engine time are replaced by silence.
    private var quietUntil = -Double.infinity

    init(output: SDLRumbleOutput) {
        self.output = output
        ring = Array(repeating: HapticFrame(time: 0, levels: .zero), count: 512)
    }

    var name: String { output.name }
    var profile: MotorProfile { output.profile }
    var isConnected: Bool { keepsEngineRunningWithoutPad || output.isConnected }

    /// Frames waiting.
    var pendingCount: Int { count }

    func receive(_ frame: HapticFrame) {
        lastReceivedTime = frame.time
        var frame = frame
        if quietUntil > -Double.infinity {
            if frame.levels.isSilent || frame.time >= quietUntil {
                quietUntil = -.infinity
            } else {
                frame = HapticFrame(time: frame.time, levels: .zero)
            }
        }
        if delaySeconds <= 0 && count == 0 {
            output.receive(frame)
            return
        }
        if count == ring.count {
            output.receive(HapticFrame(time: frame.time, levels: ring[head].levels))
            head = (head + 1) % ring.count
            count -= 1
        }
        ring[(head + count) % ring.count] = frame
        count += 1
        advance(to: frame.time)
    }

    /// Sends the newest frame whose delay has passed at game time `now` (if any). Called by
    /// `receive` and, while the engine is stopped, by `GameHaptics.update`.
    func advance(to now: Double) {
        var latest: HapticFrame? = nil
        while count > 0 && ring[head].time + delaySeconds <= now + 1e-9 {
            latest = ring[head]
            head = (head + 1) % ring.count
            count -= 1
        }
        if let latest { output.receive(HapticFrame(time: now, levels: latest.levels)) }
    }

    /// Drops the frames in flight (the caller stops the pad itself).
    func clear() {
        count = 0
        head = 0
        // Without a delay, SDLRumbleOutput's own quiet window does this job.
        if delaySeconds > 0 && lastReceivedTime > -Double.infinity {
            quietUntil = lastReceivedTime + output.profile.minimumUpdateInterval
        }
    }
}
