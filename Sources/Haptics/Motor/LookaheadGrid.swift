/// The motor stage's planning grid (internal): the one place that says where the lookahead samples
/// lie and how far apart the plans' steps are (docs/engine.md, "The planned drive").
///
/// Grid point `n` lies at engine time `origin + n / stepsPerSecond` (`HapticEngine.planningOrigin`),
/// a division, so that it is the very same `Double` as a game's frame time `k / 60` or `2k / 120`.
/// A frame's lookahead is the `points` grid points after it (`firstPoint(after:)`), `step` apart: the
/// same spacing as the plans' steps, so sample `k` of an `IntentWindow` is step `k` of every plan.
/// Each voice keeps its samples in `points` slots (`slot(of:)`) from frame to frame (`VoiceLookahead`).
/// Pure arithmetic, O(1).
enum LookaheadGrid {
    /// Planning steps per second.
    static let stepsPerSecond = 60.0
    /// Spacing of the lookahead samples and of the plans' steps, in seconds.
    static let step = 1.0 / stepsPerSecond
    /// Samples after now (the horizon is `points × step`, 100 ms). At most 6: a window's values live in
    /// `SIMD8` lanes 0...points, and the planner keeps lane 7 for the previous frame's tap.
    static let points = 6

    /// The first grid point strictly after `offset` seconds from the grid's origin (a frame on the
    /// grid, within a microsecond, counts as on it).
    static func firstPoint(after offset: Double) -> Int {
        Int((offset * stepsPerSecond + 1e-6).rounded(.down)) + 1
    }

    /// Grid point `index`'s time after the grid's origin, in seconds.
    static func time(of index: Int) -> Double { Double(index) / stepsPerSecond }

    /// The grid point `offset` seconds after the origin is, within a nanosecond (a frame time summed
    /// up frame by frame drifts by a few units in the last place); nil when it is none.
    static func point(at offset: Double) -> Int? {
        let index = (offset * stepsPerSecond).rounded()
        guard abs(index) < 1e15, abs(time(of: Int(index)) - offset) < 1e-9 else { return nil }
        return Int(index)
    }

    /// The slot of grid point `index` in a voice's kept samples (any integer: evaluation times
    /// before the origin give negative indices).
    static func slot(of index: Int) -> Int {
        let remainder = index % points
        return remainder < 0 ? remainder + points : remainder
    }
}
