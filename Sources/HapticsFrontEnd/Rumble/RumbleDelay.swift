import Haptics

/// The audio delay of the rumble policy, as a value: holds each frame until `delaySeconds` of game
/// time have passed, so that rumble and the sound of the same instant coincide (docs/audio.md,
/// "Latency model"). With a delay of 0 and nothing waiting, frames pass straight through.
///
/// A frame produced at game time T is emitted on the first `receive`/`advance` at or after
/// T + `delaySeconds`, restamped with that time (only the newest due frame: older ones are
/// superseded). `clear()` drops the frames in flight and opens a `RumbleQuietWindow`, so levels the
/// engine's motor driver may still hold from before a stop are replaced by silence.
///
/// Cost: O(1) amortised per frame, no allocation after `init` (the ring holds 512 frames, 8.5 s at
/// 60 updates per second; on overflow the oldest frame is emitted early).
package struct RumbleDelay {
    /// How long frames wait, in seconds of game time (>= 0).
    package var delaySeconds: Double = 0 {
        didSet { delaySeconds = delaySeconds.isFinite ? max(delaySeconds, 0) : 0 }
    }
    /// Frames the ring holds.
    package static let capacity = 512

    private var ring: [HapticFrame]
    private var head = 0
    package private(set) var pendingCount = 0
    private var lastReceivedTime = -Double.infinity
    private var quiet = RumbleQuietWindow()

    package init() {
        ring = Array(repeating: HapticFrame(time: 0, levels: .zero), count: Self.capacity)
    }

    /// Takes one frame from the engine; `emit` receives what is due now (0, 1 or 2 frames).
    package mutating func receive(_ frame: HapticFrame, emit: (HapticFrame) -> Void) {
        lastReceivedTime = frame.time
        var frame = frame
        if !quiet.admits(frame) { frame = HapticFrame(time: frame.time, levels: .zero) }
        if delaySeconds <= 0 && pendingCount == 0 {
            emit(frame)
            return
        }
        if pendingCount == ring.count {
            emit(HapticFrame(time: frame.time, levels: ring[head].levels))
            head = (head + 1) % ring.count
            pendingCount -= 1
        }
        ring[(head + pendingCount) % ring.count] = frame
        pendingCount += 1
        advance(to: frame.time, emit: emit)
    }

    /// Emits the newest frame whose delay has passed at game time `now`, restamped with `now`.
    package mutating func advance(to now: Double, emit: (HapticFrame) -> Void) {
        var latest: HapticFrame? = nil
        while pendingCount > 0 && ring[head].time + delaySeconds <= now + 1e-9 {
            latest = ring[head]
            head = (head + 1) % ring.count
            pendingCount -= 1
        }
        if let latest { emit(HapticFrame(time: now, levels: latest.levels)) }
    }

    /// Drops the frames in flight; with a delay, opens the quiet window of `quietInterval` seconds
    /// from the last frame received (without one, `RumblePolicy`'s own window does this job).
    package mutating func clear(quietInterval: Double) {
        pendingCount = 0
        head = 0
        if delaySeconds > 0 && lastReceivedTime > -Double.infinity {
            quiet.open(at: lastReceivedTime, lasting: quietInterval)
        }
    }
}
