/// The motor stage's choice of one plan per actuator (docs/engine.md, "Choice"): the two body motors as
/// a pair, over every combination of their plans, because a tap counts as felt when either of them
/// shows it and its strength is the stronger one's; each trigger motor alone. Per planning frame at
/// most `DrivePlanner.maximumCandidates`² pair costs of a few dozen operations; no allocation.
extension MotorDriver {
    /// The cheapest choice of one candidate per actuator among those that wait (or not): the body
    /// motors as a pair, each trigger alone. An empty range leaves its actuator at 0.
    @inline(__always) func choose(_ ranges: CandidateRanges, waiting: Bool) -> (drives: ActuatorLevels, cost: Double, picks: SIMD4<Int>) {
        var drives = ActuatorLevels.zero
        var total = 0.0
        var picks = SIMD4<Int>(repeating: -1)
        // The body pair.
        var best = Double.infinity
        var pick = (low: -1, high: -1)
        if ranges[.lowFrequency].isEmpty || ranges[.highFrequency].isEmpty {
            // (No array literal here: this runs every frame and must not allocate.)
            takeCheapest(in: ranges[.lowFrequency], for: .lowFrequency, waiting: waiting, drives: &drives, total: &total, picks: &picks)
            takeCheapest(in: ranges[.highFrequency], for: .highFrequency, waiting: waiting, drives: &drives, total: &total, picks: &picks)
        } else {
            for i in ranges[.lowFrequency] where candidates[i].waits == waiting {
                for j in ranges[.highFrequency] where candidates[j].waits == waiting {
                    let cost = pairCost(i, j)
                    if cost < best {
                        best = cost
                        pick = (i, j)
                    }
                }
            }
            if pick.low >= 0 {
                drives.lowFrequency = candidates[pick.low].drive
                drives.highFrequency = candidates[pick.high].drive
                total += best
                picks[0] = pick.low
                picks[1] = pick.high
            } else {
                total = .infinity
            }
        }
        takeCheapest(in: ranges[.leftTrigger], for: .leftTrigger, waiting: waiting, drives: &drives, total: &total, picks: &picks)
        takeCheapest(in: ranges[.rightTrigger], for: .rightTrigger, waiting: waiting, drives: &drives, total: &total, picks: &picks)
        return (drives, total, picks)
    }

    /// Puts the cheapest candidate of `range` (an actuator chosen alone) into the choice; nothing for
    /// an empty range.
    @inline(__always) func takeCheapest(in range: Range<Int>, for actuator: Actuator, waiting: Bool,
                                                drives: inout ActuatorLevels, total: inout Double, picks: inout SIMD4<Int>) {
        guard !range.isEmpty else { return }
        let one = cheapest(in: range, waiting: waiting)
        drives[actuator] = one.drive
        total += one.cost
        picks[actuator.rawValue] = one.index
    }

    /// The cheapest candidate in `range` that waits (or not); infinite cost when there is none.
    @inline(__always) func cheapest(in range: Range<Int>, waiting: Bool) -> (drive: Double, cost: Double, index: Int) {
        var result = (drive: 0.0, cost: Double.infinity, index: -1)
        for index in range where candidates[index].waits == waiting {
            let cost = candidates[index].cost(salienceWeight: salienceWeight)
            if cost < result.cost { result = (candidates[index].drive, cost, index) }
        }
        return result
    }

    /// Both body motors' tracking errors and, per onset, the smaller of their shortfalls and the
    /// stronger motor's weakness, the higher target against the higher peak (either motor's rise makes
    /// a tap felt, the stronger one's peak is its strength; an onset only one motor's intent has counts
    /// that motor's).
    @inline(__always) func pairCost(_ i: Int, _ j: Int) -> Double {
        let onsetsA = candidates[i].onsets
        let onsetsB = candidates[j].onsets
        var salience = 0.0
        var bits = onsetsA | onsetsB
        while bits != 0 {
            let k = bits.trailingZeroBitCount
            let bit: UInt32 = 1 << UInt32(k)
            bits &= bits - 1
            let shortfall: Double
            let weakness: Double
            if onsetsA & bit == 0 {
                shortfall = candidates[j].shortfall[k]
                weakness = max(candidates[j].tapTarget[k] - candidates[j].tapPeak[k], 0)
            } else if onsetsB & bit == 0 {
                shortfall = candidates[i].shortfall[k]
                weakness = max(candidates[i].tapTarget[k] - candidates[i].tapPeak[k], 0)
            } else {
                shortfall = min(candidates[i].shortfall[k], candidates[j].shortfall[k])
                // The tap's felt strength is the stronger motor's: the higher target against the higher peak.
                weakness = max(max(candidates[i].tapTarget[k], candidates[j].tapTarget[k])
                               - max(candidates[i].tapPeak[k], candidates[j].tapPeak[k]), 0)
            }
            salience += shortfall * shortfall + weakness * weakness
        }
        let unready = min(candidates[i].unready, candidates[j].unready)
        // Content is felt when either motor feels it; a motor whose intent has no content cannot speak
        // for the other's.
        let unfelt = candidates[i].hasContent && candidates[j].hasContent ? min(candidates[i].unfelt, candidates[j].unfelt)
            : candidates[i].unfelt + candidates[j].unfelt
        var tracking = candidates[i].tracking + candidates[j].tracking
        if candidates[i].pulses != candidates[j].pulses {
            // A motor that only pulses taps leaves its intent to the other: it is tracked on the
            // higher of the two levels.
            let (pulse, carrier) = candidates[i].pulses ? (i, j) : (j, i)
            let felt = pointwiseMax(candidates[pulse].levels, candidates[carrier].levels)
            let error = felt - candidates[pulse].intents
            tracking = candidates[carrier].tracking + (error * error).sum() * LookaheadGrid.step
        }
        return tracking
            + salienceWeight * (salience + unready * unready + unfelt * unfelt)
    }
}
