import Foundation

/// The measures of one approach on one scenario, one pad and one motor.
public struct FeltMeasures: Sendable {
    /// Intended transients, and how many had no felt peak within 50 ms.
    public var transients = 0
    public var lostTransients = 0
    /// Onset delays (seconds) of the onsets felt within `onsetWindow`.
    public var onsetDelays: [Double] = []
    /// Onsets never felt within `onsetWindow`.
    public var missedOnsets = 0
    /// Pearson correlation of felt with intended amplitude (0 when either is constant).
    public var correlation = 0.0
    /// The most SDL calls in any one-second window, and the mean rate over the scenario.
    public var peakCallsPerSecond = 0
    public var calls = 0
    /// Seconds the felt amplitude stays above threshold after the intended end (>= 0).
    public var tail = 0.0

    /// Measures `felt` (sampled every `step` s) against the intended amplitude `intended` (same
    /// sampling), the intended `transientTimes` and `onsetTimes`, and the game's `callTimes`.
    public init(felt: [Double], intended: [Double], step: Double, transientTimes: [Double], onsetTimes: [Double],
                intendedEnd: Double, callTimes: [Double]) {
        func firstRise(after t0: Double, within window: Double) -> Double? {
            Self.firstRise(in: felt, step: step, after: t0, within: window)
        }
        transients = transientTimes.count
        lostTransients = transientTimes.filter { firstRise(after: $0, within: FeltCriteria.transientWindow) == nil }.count
        for t0 in onsetTimes {
            if let delay = firstRise(after: t0, within: FeltCriteria.onsetWindow) { onsetDelays.append(max(delay, 0)) } else { missedOnsets += 1 }
        }
        let span = min(felt.count, intended.count, Int(((intendedEnd + FeltCriteria.correlationTail) / step).rounded(.up)))
        correlation = Self.pearson(Array(felt.prefix(span)), Array(intended.prefix(span)))
        calls = callTimes.count
        var start = 0
        for end in callTimes.indices {
            while callTimes[end] - callTimes[start] >= 1.0 { start += 1 }
            peakCallsPerSecond = max(peakCallsPerSecond, end - start + 1)
        }
        let lastFelt = felt.lastIndex { $0 >= FeltCriteria.threshold }.map { Double($0) * step } ?? 0
        tail = max(0, lastFelt - intendedEnd)
    }

    /// Seconds from `t0` until `signal` (sampled every `step` s) is felt as a new peak: at least
    /// the felt threshold and at least `1 + weberFraction` times its level just before `t0`;
    /// nil when that does not happen within `window` seconds.
    public static func firstRise(in signal: [Double], step: Double, after t0: Double, within window: Double) -> Double? {
        let before = Int((t0 / step).rounded(.down)) - 1
        let base = signal.indices.contains(before) ? signal[before] : 0
        let needed = max(FeltCriteria.threshold, base * (1 + FeltCriteria.weberFraction))
        var k = Int((t0 / step - 1e-9).rounded(.up))
        let last = Int(((t0 + window) / step).rounded(.down))
        while k <= last && k < signal.count {
            if k >= 0 && signal[k] >= needed { return Double(k) * step - t0 }
            k += 1
        }
        return nil
    }

    static func pearson(_ x: [Double], _ y: [Double]) -> Double {
        let n = Double(min(x.count, y.count))
        guard n > 1 else { return 0 }
        let mx = x.reduce(0, +) / n, my = y.reduce(0, +) / n
        var sxy = 0.0, sxx = 0.0, syy = 0.0
        for i in 0..<Int(n) {
            let dx = x[i] - mx, dy = y[i] - my
            sxy += dx * dy
            sxx += dx * dx
            syy += dy * dy
        }
        guard sxx > 1e-12, syy > 1e-12 else { return 0 }
        return sxy / (sxx * syy).squareRoot()
    }
}
