/// Which haptic events of a pattern may still sound at a time, found without looking at the ones that
/// cannot (internal to `VoiceEvaluator`; issue 31).
///
/// The events, sorted by start, are cut into blocks of `blockSize`; a binary tree over the blocks (heap
/// layout: node 1 is the root, node n's children 2n and 2n + 1, block b the leaf `leafCount + b`) keeps
/// per node the largest parts of its events' ends: the latest end of a continuous event, the longest
/// `ReleaseTime` of a sustained one, the latest start, longest `AttackTime` and `DecayTime` of a transient.
/// Under any time controls (added to those parameters, clamped, mapped by the monotonic
/// `EnvelopeTiming.seconds`) the node's `bound` is at least the end of every event below it, so a walk that
/// enters only nodes whose bound lies after t meets every event that may sound at t, and the events of
/// a node it skips are over. A long event early in a pattern (a rumble bed) no longer makes every later
/// event a candidate, as the running maximum of ends did.
///
/// Built once per pattern (O(n), allocates: about 2n / 16 nodes of 56 bytes); walks are allocation-free,
/// thread-safe (immutable storage), and cost O(log n) per block entered plus `blockSize` per block scanned.
struct SoundingIndex: Sendable {
    /// Events per block (the leaf a walk scans).
    static let blockSize = 16
    /// How far past a bound a walk still looks, in seconds: an event counts as sounding when `t − start <
    /// end`, which rounding can make true while `start + end <= t` (2.3 − 2.25 < 0.05); a bound is a
    /// sum, so a node is skipped only when it ends this much before t (pattern times are at most 3,600 s,
    /// where a `Double` resolves 4.5e-13 s).
    static let roundingSlack = 1e-9

    /// The largest parts of the ends of a node's events (−infinity / −1 where it has none of a kind).
    struct Summary: Sendable {
        /// Latest `start + duration` of a continuous event.
        var continuousEnd = -Double.infinity
        /// Longest normalised `ReleaseTime` of a sustained continuous event (−1: none).
        var release = -1.0
        /// Latest start of a transient.
        var transientStart = -Double.infinity
        /// Longest normalised `AttackTime` and `DecayTime` of a transient.
        var attack = -1.0
        var decay = -1.0
        /// The bound with every time control at 0 (the usual case: no exponential per node).
        var neutralBound = -Double.infinity

        mutating func merge(_ other: Summary) {
            continuousEnd = max(continuousEnd, other.continuousEnd)
            release = max(release, other.release)
            transientStart = max(transientStart, other.transientStart)
            attack = max(attack, other.attack)
            decay = max(decay, other.decay)
            neutralBound = max(neutralBound, other.neutralBound)
        }

        /// The latest time any event of the node may still sound, with the time controls `controls`.
        @inline(__always)
        func bound(_ controls: HapticControls) -> Double {
            if controls.attackTime == 0 && controls.decayTime == 0 && controls.releaseTime == 0 { return neutralBound }
            return Self.bound(continuousEnd: continuousEnd, release: release, transientStart: transientStart,
                              attack: attack, decay: decay, controls: controls)
        }

        static func bound(continuousEnd: Double, release: Double, transientStart: Double, attack: Double, decay: Double,
                          controls: HapticControls) -> Double {
            var end = -Double.infinity
            if continuousEnd > -.infinity {
                end = continuousEnd + (release >= 0 ? EnvelopeTiming.seconds(normalized: release + controls.releaseTime) : 0)
            }
            if transientStart > -.infinity {
                let hold = max(EnvelopeTiming.seconds(normalized: attack + controls.attackTime), EnvelopeTiming.transientSeconds)
                end = max(end, transientStart + hold + EnvelopeTiming.seconds(normalized: decay + controls.decayTime))
            }
            return end
        }
    }

    /// Leaves (a power of two, >= the number of blocks).
    let leafCount: Int
    let eventCount: Int
    /// Node summaries, index 1 ..< 2 × leafCount (0 unused).
    let nodes: ContiguousArray<Summary>

    init(_ events: ContiguousArray<VoiceEvaluator.EventRecord>) {
        eventCount = events.count
        let blocks = (events.count + Self.blockSize - 1) / Self.blockSize
        var leaves = 1
        while leaves < blocks { leaves <<= 1 }
        leafCount = leaves
        var nodes = ContiguousArray(repeating: Summary(), count: 2 * leaves)
        for (index, event) in events.enumerated() {
            var own = Summary()
            if event.isTransient {
                own.transientStart = event.start
                own.attack = event.attack
                own.decay = event.decay
            } else {
                own.continuousEnd = event.start + event.duration
                if event.isSustained { own.release = event.release }
            }
            own.neutralBound = Summary.bound(continuousEnd: own.continuousEnd, release: own.release,
                                             transientStart: own.transientStart, attack: own.attack, decay: own.decay,
                                             controls: .neutral)
            nodes[leaves + index / Self.blockSize].merge(own)
        }
        var node = leaves - 1
        while node >= 1 {
            var merged = nodes[2 * node]
            merged.merge(nodes[2 * node + 1])
            nodes[node] = merged
            node -= 1
        }
        self.nodes = nodes
    }

    /// The first block under `node`.
    @inline(__always)
    private func firstBlock(of node: Int) -> Int {
        var first = node
        while first < leafCount { first <<= 1 }
        return first - leafCount
    }

    /// The last block under `node`.
    @inline(__always)
    private func lastBlock(of node: Int) -> Int {
        var last = node
        while last < leafCount { last = 2 * last + 1 }
        return last - leafCount
    }

    /// Calls `body` with the range of event indices of each block, in ascending order, that holds an
    /// event at or after `first` and before `upper` and whose bound under `controls` lies after `t`;
    /// stops when `body` returns false. Returns false when stopped.
    @inline(__always)
    func forEachBlock(after t: Double, from first: Int, below upper: Int, controls: HapticControls,
                      _ body: (Range<Int>) -> Bool) -> Bool {
        guard upper > first, first < eventCount else { return true }
        let firstWanted = first / Self.blockSize, lastWanted = (upper - 1) / Self.blockSize
        var node = 1
        while node != 0 {
            if lastBlock(of: node) >= firstWanted && firstBlock(of: node) <= lastWanted
                && nodes[node].bound(controls) > t - Self.roundingSlack {
                if node >= leafCount {
                    let block = node - leafCount
                    let range = max(block * Self.blockSize, first)..<min((block + 1) * Self.blockSize, upper)
                    if !body(range) { return false }
                } else {
                    node = 2 * node
                    continue
                }
            } else if firstBlock(of: node) > lastWanted {
                return true   // everything after lies past `upper`
            }
            // The next node in order: climb while a right child, then step to the right sibling.
            while node & 1 == 1 { node >>= 1 }
            if node != 0 { node += 1 }
        }
        return true
    }

    /// As `forEachBlock`, in descending order (the latest blocks first).
    @inline(__always)
    func forEachBlockDescending(after t: Double, below upper: Int, controls: HapticControls,
                                _ body: (Range<Int>) -> Bool) -> Bool {
        guard upper > 0 else { return true }
        let lastWanted = (min(upper, eventCount) - 1) / Self.blockSize
        var node = 1
        while node != 0 {
            if firstBlock(of: node) <= lastWanted && nodes[node].bound(controls) > t - Self.roundingSlack {
                if node >= leafCount {
                    let block = node - leafCount
                    let range = (block * Self.blockSize)..<min((block + 1) * Self.blockSize, upper)
                    if !body(range) { return false }
                } else {
                    node = 2 * node + 1
                    continue
                }
            }
            // The previous node in order: climb while a left child, then step to the left sibling.
            while node > 1 && node & 1 == 0 { node >>= 1 }
            node = node > 1 ? node - 1 : 0
        }
        return true
    }
}
