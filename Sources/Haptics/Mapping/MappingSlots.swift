/// The director's per-rule, per-player state (index `rule * players + player`) and the frame's
/// scratch lists, in buffers allocated when the mapping or the number of players changes, so the
/// per-event path writes through plain pointers: no copy-on-write check, no reference counting.
///
/// Internal, owned by `HapticEventDirector`; game thread only. Freed with it.
final class MappingSlots {
    let rules: Int
    let players: Int
    /// Game time of each slot's last start (−infinity: never).
    let lastStarts: UnsafeMutableBufferPointer<Double>
    /// The responses each slot keeps in the current frame.
    let bursts: UnsafeMutableBufferPointer<FrameBurst>
    /// Per slot, the weakest intensity its burst keeps once full (−infinity while it has room), so
    /// pruning reads one number instead of a burst.
    let floors: UnsafeMutableBufferPointer<Double>
    /// The slots with a non-empty burst this frame (`touchedCount` of them), each once.
    let touched: UnsafeMutableBufferPointer<Int>
    var touchedCount = 0
    /// Indices of this frame's events the hot loop leaves to the director (`deferredCount`).
    let deferred: UnsafeMutableBufferPointer<Int>
    var deferredCount = 0

    /// Slots for `rules` rules and `players` players, and room for `events` deferred events.
    init(rules: Int, players: Int, events: Int) {
        self.rules = rules
        self.players = players
        let count = rules * players
        lastStarts = .allocate(capacity: count)
        lastStarts.initialize(repeating: -.infinity)
        bursts = .allocate(capacity: count)
        bursts.initialize(repeating: FrameBurst())
        floors = .allocate(capacity: count)
        floors.initialize(repeating: -.infinity)
        touched = .allocate(capacity: count)
        touched.initialize(repeating: 0)
        deferred = .allocate(capacity: max(events, 1))
        deferred.initialize(repeating: 0)
    }

    deinit {
        lastStarts.deallocate()
        bursts.deallocate()
        floors.deallocate()
        touched.deallocate()
        deferred.deallocate()
    }

    /// Empties every burst this frame touched and resets their floors.
    func clearTouched() {
        for index in 0..<touchedCount {
            let key = touched[index]
            bursts[key].removeAll()
            floors[key] = -.infinity
        }
        touchedCount = 0
    }
}
