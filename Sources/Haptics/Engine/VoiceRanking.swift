/// The voices that may have sound this frame in the voice cap's order, best first, so the engine
/// evaluates only as many as can be heard (internal; issue 31).
///
/// The order is the mixer's (`VoiceMix`): higher priority first, then the later start, then the earlier
/// player. A binary heap over plain values in storage reserved once: filling it is O(voices), each
/// `next()` O(log voices), the rest past the cap (`takeRest`) O(1) each; no allocation once reserved.
struct VoiceRanking {
    struct Rank {
        var priority: Int
        var sequence: Int
        /// Index of the player in the engine's list.
        var player: Int

        @inline(__always)
        func isAbove(_ other: Rank) -> Bool {
            if priority != other.priority { return priority > other.priority }
            if sequence != other.sequence { return sequence > other.sequence }
            return player < other.player
        }
    }

    private var heap: ContiguousArray<Rank> = []

    /// Makes room for `count` voices (allocates only when the storage is smaller).
    mutating func reserve(_ count: Int) {
        if heap.capacity < count { heap.reserveCapacity(count) }
    }

    /// Starts a frame: no voices.
    mutating func removeAll() { heap.removeAll(keepingCapacity: true) }

    /// Adds a voice (call `order()` after the last).
    mutating func append(_ rank: Rank) { heap.append(rank) }

    /// Puts the voices added in heap order. O(voices).
    mutating func order() {
        heap.withUnsafeMutableBufferPointer { heap in
            var index = heap.count / 2 - 1
            while index >= 0 {
                Self.siftDown(heap, from: index)
                index -= 1
            }
        }
    }

    /// The best voice not taken yet (its player index), or nil when none is left. O(log voices).
    mutating func next() -> Int? {
        guard let best = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap.withUnsafeMutableBufferPointer { heap in
                heap[0] = last
                Self.siftDown(heap, from: 0)
            }
        }
        return best.player
    }

    /// Hands every voice not taken yet (its player index) to `body`, in no particular order, and
    /// leaves none: the voices past the cap, which only keep time. O(voices left), no ordering.
    mutating func takeRest(_ body: (Int) -> Void) {
        for rank in heap { body(rank.player) }
        heap.removeAll(keepingCapacity: true)
    }

    /// Restores heap order below `start` (over the storage directly: no uniqueness or bounds check per
    /// step of the sift).
    private static func siftDown(_ heap: UnsafeMutableBufferPointer<Rank>, from start: Int) {
        var parent = start
        let count = heap.count
        while true {
            let left = 2 * parent + 1
            guard left < count else { return }
            var best = left
            if left + 1 < count && heap[left + 1].isAbove(heap[left]) { best = left + 1 }
            guard heap[best].isAbove(heap[parent]) else { return }
            heap.swapAt(parent, best)
            parent = best
        }
    }
}
