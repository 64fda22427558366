/// One voice's levels at the motor stage's lookahead grid (`LookaheadGrid`: engine time
/// `planningOrigin + n / LookaheadGrid.stepsPerSecond`, `HapticEngine.planningOrigin`), kept from frame
/// to frame (internal).
/// Every time here is an offset from that origin, in seconds (below `HapticEngine.planningSpan`).
///
/// Slot `LookaheadGrid.slot(of: n)` holds grid point `n`. A voice's future does not change while nothing
/// happens to it (no command, no setting; game curves are evaluated where they will be), so a frame usually
/// evaluates one new grid point per voice; `invalidate()` forgets everything when something does
/// happen. Storage is made once per voice; no allocation after.
struct VoiceLookahead {
    /// One grid point: the voice's levels there, and the actuators where a transient starts in the
    /// step before it.
    struct Sample {
        var levels: ActuatorLevels = .zero
        var onsets: ActuatorSet = []
        /// Whether the pattern still sounds there (the evaluator's `isActive`).
        var isActive = false
    }

    private var samples: ContiguousArray<Sample>
    private var indices: ContiguousArray<Int>

    init() {
        samples = ContiguousArray(repeating: Sample(), count: LookaheadGrid.points)
        indices = ContiguousArray(repeating: -1, count: LookaheadGrid.points)
    }

    /// The kept sample at `time` seconds after the grid's origin when `time` is a grid point (within a
    /// nanosecond: a frame time summed up frame by frame drifts by a few units in the last place) that
    /// is kept; nil otherwise. O(1).
    func kept(at time: Double) -> Sample? {
        guard let n = LookaheadGrid.point(at: time) else { return nil }
        let slot = LookaheadGrid.slot(of: n)
        return indices[slot] == n ? samples[slot] : nil
    }

    /// Forgets every kept grid point.
    mutating func invalidate() {
        for slot in indices.indices { indices[slot] = -1 }
    }

    /// Adds the voice's levels and onsets at the `LookaheadGrid.points` grid points from `first` on
    /// to `mix` (lookahead samples 1...points of `output`, with `gain`), evaluating with `sample`
    /// (seconds after the grid's origin in) only the points not kept.
    /// Returns how many points it evaluated.
    ///
    /// The voice plays a tap at a point (the mixer's overlap limiter leaves it out) while a transient of
    /// it sounded within `tapSeconds` (game seconds) before: since its last one before now, which
    /// sounded at `lastTap` (seconds after the grid's origin), or at a point before with onsets.
    @inline(__always) mutating func add(from first: Int, gain: Double, output: Int, lastTap: Double, tapSeconds: Double, into mix: inout VoiceMix,
                      sample: (Double) -> Sample) -> Int {
        var evaluated = 0
        var tap = lastTap
        var slot = LookaheadGrid.slot(of: first)
        for offset in 0..<LookaheadGrid.points {
            let index = first + offset
            if offset > 0 {
                slot += 1
                if slot == LookaheadGrid.points { slot = 0 }
            }
            if indices[slot] != index {
                samples[slot] = sample(LookaheadGrid.time(of: index))
                indices[slot] = index
                evaluated += 1
            }
            let value = samples[slot]
            let time = LookaheadGrid.time(of: index)
            if !value.onsets.isEmpty { tap = time }
            if !value.levels.isSilent {
                mix.addAhead(value.levels, onsets: value.onsets, isTap: time - tap < tapSeconds, gain: gain, output: output, sample: offset + 1)
            }
        }
        return evaluated
    }
}
