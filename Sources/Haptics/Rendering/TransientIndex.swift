/// A pattern's transients by start, and the strongest of any run of them in O(log n) (internal to
/// `VoiceEvaluator`; issue 31): a long frame, a seek or a short loop at a high rate passes over many
/// transients at once, and the player wants only the strongest of them.
///
/// `starts[k]` is the start of the k-th transient, `events[k]` its index among the evaluator's events. When
/// there are more than `VoiceEvaluator.directScanLimit` transients, a max tree (heap layout) holds per node
/// the strongest `HapticIntensity` × the pattern's own `HapticIntensityControl` at the transient's start, and
/// the first transient that reaches it; the game's intensity control multiplies every transient alike, so it
/// does not change which one is strongest (up to rounding of equal products). Built once per pattern (O(n),
/// allocates); queries are allocation-free and thread-safe.
struct TransientIndex: Sendable {
    let starts: ContiguousArray<Double>
    let events: ContiguousArray<Int32>
    /// Leaves of the max tree (a power of two), 0 when there is no tree.
    private let leafCount: Int
    private let strengths: ContiguousArray<Double>
    private let strongest: ContiguousArray<Int32>

    init(_ records: ContiguousArray<VoiceEvaluator.EventRecord>, controls: ControlTimeline, treeAbove: Int) {
        var starts = ContiguousArray<Double>()
        var events = ContiguousArray<Int32>()
        for (index, record) in records.enumerated() where record.isTransient {
            starts.append(record.start)
            events.append(Int32(index))
        }
        self.starts = starts
        self.events = events
        guard starts.count > treeAbove else {
            leafCount = 0
            strengths = []
            strongest = []
            return
        }
        var leaves = 1
        while leaves < starts.count { leaves <<= 1 }
        leafCount = leaves
        var strengths = ContiguousArray(repeating: -Double.infinity, count: 2 * leaves)
        var strongest = ContiguousArray<Int32>(repeating: -1, count: 2 * leaves)
        let intensity = HapticControls.index(of: .hapticIntensityControl)!
        for k in starts.indices {
            let record = records[Int(events[k])]
            let control = controls.value(ofControl: intensity, at: record.start, id: .hapticIntensityControl) ?? 1
            strengths[leaves + k] = record.intensity * control
            strongest[leaves + k] = Int32(k)
        }
        var node = leaves - 1
        while node >= 1 {
            // The left child wins a tie: the earlier transient, as a scan in order would find it.
            let left = 2 * node, right = left + 1
            let pick = strengths[right] > strengths[left] ? right : left
            strengths[node] = strengths[pick]
            strongest[node] = strongest[pick]
            node -= 1
        }
        self.strengths = strengths
        self.strongest = strongest
    }

    /// Whether `strongest(in:)` can answer (more transients than a direct scan handles).
    var hasTree: Bool { leafCount > 0 }

    /// The first transient index k (into `starts`) with `starts[k] > time`, or `>= time` when `including`.
    @inline(__always)
    func firstTransient(after time: Double, including: Bool) -> Int {
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if including ? starts[mid] < time : starts[mid] <= time { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The transient (index into `starts`) with the largest strength in `range`, the first of equals;
    /// nil for an empty range. Needs `hasTree`. O(log n).
    func strongest(in range: Range<Int>) -> Int? {
        guard !range.isEmpty, hasTree else { return nil }
        var best = -1
        var bestStrength = -Double.infinity
        func consider(_ node: Int) {
            let k = Int(strongest[node])
            let strength = strengths[node]
            if best < 0 || strength > bestStrength || (strength == bestStrength && k < best) {
                best = k
                bestStrength = strength
            }
        }
        var left = range.lowerBound + leafCount, right = range.upperBound + leafCount
        while left < right {
            if left & 1 == 1 { consider(left); left += 1 }
            if right & 1 == 1 { right -= 1; consider(right) }
            left >>= 1
            right >>= 1
        }
        return best >= 0 ? best : nil
    }
}
