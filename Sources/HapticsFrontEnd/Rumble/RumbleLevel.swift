/// The one place where SDLHaptics turns a normalised actuator level into SDL's rumble units.
///
/// SDL takes motor levels as `Uint16` (0 off, 65535 full) and durations as milliseconds.
/// Conversion: `round(clamp(level, 0, 1) * 65535)`, with two guarantees: 0 stays exactly 0, and a
/// positive level is never rounded down to 0 (it becomes at least 1), so an effect that the motor
/// model decided should be felt is never silently dropped. NaN counts as 0. O(1), no allocation.
package enum RumbleLevel {
    /// SDL's full-scale rumble value.
    package static let maximum: UInt16 = .max

    /// The SDL rumble value for `level` (0...1; values outside are clamped).
    package static func sdlValue(_ level: Double) -> UInt16 {
        guard level > 0 else { return 0 }   // also NaN
        let scaled = (min(level, 1) * Double(maximum)).rounded(.toNearestOrAwayFromZero)
        return max(UInt16(scaled), 1)
    }
}
