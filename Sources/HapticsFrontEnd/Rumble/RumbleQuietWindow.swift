import Haptics

/// The quiet window after an explicit stop: for one motor-update interval of game time, non-zero
/// frames are held back, because the engine's motor driver may still repeat the levels it held
/// before the stop for that long. A silent frame, or a frame at or after the window's end, closes
/// the window at once. Used by `RumblePolicy` (frames dropped) and `RumbleDelay` (frames in flight
/// replaced by silence). O(1), no allocation.
package struct RumbleQuietWindow: Hashable, Sendable {
    /// Game time the window ends at, in seconds (-infinity: no window).
    package private(set) var end = -Double.infinity

    package init() {}

    /// Whether a window is open.
    package var isOpen: Bool { end > -Double.infinity }

    /// Opens a window from game time `time` (seconds; -infinity: no frame seen yet, no window)
    /// lasting `interval` seconds.
    package mutating func open(at time: Double, lasting interval: Double) {
        end = time + interval
    }

    /// Closes the window.
    package mutating func close() { end = -Double.infinity }

    /// Whether `frame` may reach the pad; a silent frame or one at or after the end closes the window.
    package mutating func admits(_ frame: HapticFrame) -> Bool {
        guard isOpen else { return true }
        if frame.levels.isSilent || frame.time >= end {
            close()
            return true
        }
        return false
    }
}
