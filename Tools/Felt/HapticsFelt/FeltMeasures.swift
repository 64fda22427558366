import Foundation

/// The measures of one approach on one input, one pad and one motor set (docs/performance.md,
/// "What a player feels", the measures). Every signal is sampled every `step` seconds from 0.
public struct FeltMeasures: Sendable {
    /// Intended transients, and how many no motor channel felt (no channel rose within 50 ms).
    public var transients = 0
    public var lostTransients = 0
    /// Intended onsets; the delays (seconds) of those felt within `onsetWindow`, and the others.
    public var onsets = 0
    public var onsetDelays: [Double] = []
    public var missedOnsets = 0
    /// Pearson correlation of felt with intended amplitude at zero lag (0 when either is constant).
    public var correlation = 0.0
    /// The best Pearson correlation with the intent shifted later by 0 ... 80 ms, and that lag (s).
    public var lagCorrelation = 0.0
    public var correlationLag = 0.0
    /// The smallest mean absolute difference between felt and intended amplitude (0...1) with the
    /// intent shifted later by 0 ... 80 ms, and that lag (s): scale-aware, so playing everything at
    /// 30 % costs although the correlation is perfect.
    public var trackingError = 0.0
    public var trackingLag = 0.0
    /// Seconds of intent at `contentLevel` or more, and of those the seconds with nothing felt
    /// (below the felt threshold on every channel) from then until `maximumLag` later.
    public var contentTime = 0.0
    public var contentNotFelt = 0.0
    /// Spearman correlation of the felt tap peaks with the intended tap strengths; nil when the
    /// input has fewer than `minimumDistinctStrengths` distinct strengths among its transients.
    public var levelFidelity: Double? = nil
    /// The same over only the transients this approach kept (felt as a rise on some channel): how well
    /// the taps a player does feel keep their order, whatever was lost (issue 33: per-channel max loses
    /// its weakest taps, and they still rank lowest). nil when `levelFidelity` is; 0 when the kept
    /// transients have fewer than `minimumDistinctStrengths` distinct strengths (the input had strengths
    /// to tell apart, and what was felt tells none apart), so losing taps never leaves an input out.
    public var keptLevelFidelity: Double? = nil
    /// The most SDL calls in any one-second window, and the number of calls.
    public var peakCallsPerSecond = 0
    public var calls = 0
    /// Seconds the felt amplitude stays above threshold after the intended end (>= 0).
    public var tail = 0.0

    /// Measures `channels` (the felt amplitude per motor channel) against the intended amplitude
    /// `intended`, the intended `transientTimes` and `onsetTimes` (seconds, sorted), the end of the
    /// intent, and the game's `callTimes`. The felt amplitude is the strongest channel; a transient
    /// or onset is felt when any one channel shows the rise.
    public init(channels: [[Double]], intended: [Double], step: Double, transientTimes: [Double], onsetTimes: [Double],
                intendedEnd: Double, callTimes: [Double]) {
        let felt = Self.strongest(channels)
        func firstRise(after t0: Double, within window: Double) -> Double? {
            channels.compactMap { Self.firstRise(in: $0, step: step, after: t0, within: window) }.min()
        }
        transients = transientTimes.count
        let kept = transientTimes.map { firstRise(after: $0, within: FeltCriteria.transientWindow) != nil }
        lostTransients = kept.filter { !$0 }.count
        onsets = onsetTimes.count
        for t0 in onsetTimes {
            if let delay = firstRise(after: t0, within: FeltCriteria.onsetWindow) { onsetDelays.append(max(delay, 0)) } else { missedOnsets += 1 }
        }

        let span = min(felt.count, intended.count, Int(((intendedEnd + FeltCriteria.correlationTail) / step).rounded(.up)))
        correlation = FeltStatistics.pearson(Array(felt.prefix(span)), Array(intended.prefix(span)))
        let maximumLag = Int((FeltCriteria.maximumLag / step).rounded())
        let lagged = FeltStatistics.lagged(felt: felt, intended: intended, count: span, maximumLag: maximumLag)
        lagCorrelation = lagged.correlation
        correlationLag = Double(lagged.correlationLag) * step
        trackingError = lagged.meanAbsoluteError
        trackingLag = Double(lagged.errorLag) * step

        // Content not felt: next[k] is the first sample at or after k that is felt.
        var next = [Int](repeating: Int.max, count: felt.count + 1)
        for k in stride(from: felt.count - 1, through: 0, by: -1) { next[k] = felt[k] >= FeltCriteria.threshold ? k : next[k + 1] }
        var content = 0, notFelt = 0
        for k in 0..<min(span, intended.count) where intended[k] >= FeltCriteria.contentLevel {
            content += 1
            if next[min(k, felt.count)] > k + maximumLag { notFelt += 1 }
        }
        contentTime = Double(content) * step
        contentNotFelt = Double(notFelt) * step

        levelFidelity = Self.levelFidelity(felt: felt, intended: intended, step: step, transientTimes: transientTimes)
        if levelFidelity != nil {
            keptLevelFidelity = Self.levelFidelity(felt: felt, intended: intended, step: step, transientTimes: transientTimes, kept: kept) ?? 0
        }

        calls = callTimes.count
        var start = 0
        for end in callTimes.indices {
            // A window is half-open, [t, t + 1 s): calls exactly 1 s apart (frame times in floating
            // point, e.g. 63/60 − 3/60) are not both in it.
            while callTimes[end] - callTimes[start] >= 1.0 - 1e-9 { start += 1 }
            peakCallsPerSecond = max(peakCallsPerSecond, end - start + 1)
        }
        let lastFelt = felt.lastIndex { $0 >= FeltCriteria.threshold }.map { Double($0) * step } ?? 0
        tail = max(0, lastFelt - intendedEnd)
    }

    /// The strongest channel per sample.
    public static func strongest(_ channels: [[Double]]) -> [Double] {
        guard var result = channels.first else { return [] }
        for channel in channels.dropFirst() {
            for index in 0..<min(result.count, channel.count) { result[index] = max(result[index], channel[index]) }
        }
        return result
    }

    /// The samples `firstRise` reads for a transient at `t0`: the sample just before it (its base;
    /// negative: before the signal, base 0) and the first and last samples of the window.
    public static func riseSamples(after t0: Double, within window: Double, step: Double) -> (base: Int, first: Int, last: Int) {
        (Int((t0 / step).rounded(.down)) - 1, Int((t0 / step - 1e-9).rounded(.up)), Int(((t0 + window) / step).rounded(.down)))
    }

    /// Seconds from `t0` until `signal` (sampled every `step` s) is felt as a new peak: at least
    /// the felt threshold and at least `1 + weberFraction` times its level just before `t0`;
    /// nil when that does not happen within `window` seconds.
    public static func firstRise(in signal: [Double], step: Double, after t0: Double, within window: Double) -> Double? {
        let (before, first, last) = riseSamples(after: t0, within: window, step: step)
        let base = signal.indices.contains(before) ? signal[before] : 0
        let needed = risen(from: base)
        var k = max(first, 0)
        while k <= last && k < signal.count {
            if signal[k] >= needed { return Double(k) * step - t0 }
            k += 1
        }
        return nil
    }

    /// The felt level a rise from `base` must reach.
    @inline(__always)
    public static func risen(from base: Double) -> Double { max(FeltCriteria.threshold, base * (1 + FeltCriteria.weberFraction)) }

    /// Level fidelity of one input (nil with fewer than `minimumDistinctStrengths` distinct
    /// strengths): each transient's intended strength is the intended peak within its 50 ms window,
    /// its felt peak the felt maximum within `maximumLag` of it; both windows end where the next
    /// transient begins. With `kept` (one flag per transient), only the transients flagged count (their
    /// windows still end at the next transient, kept or not).
    public static func levelFidelity(felt: [Double], intended: [Double], step: Double, transientTimes: [Double], kept: [Bool]? = nil) -> Double? {
        var strengths: [Double] = []
        var peaks: [Double] = []
        for (i, t0) in transientTimes.enumerated() where kept.map({ i < $0.count && $0[i] }) ?? true {
            let first = max(riseSamples(after: t0, within: 0, step: step).first, 0)
            let next = i + 1 < transientTimes.count ? riseSamples(after: transientTimes[i + 1], within: 0, step: step).first : Int.max
            let intendedLast = min(riseSamples(after: t0, within: FeltCriteria.transientWindow, step: step).last, next - 1, intended.count - 1)
            let feltLast = min(riseSamples(after: t0, within: FeltCriteria.maximumLag, step: step).last, next - 1, felt.count - 1)
            strengths.append(first <= intendedLast ? intended[first...intendedLast].max() ?? 0 : 0)
            peaks.append(first <= feltLast ? felt[first...feltLast].max() ?? 0 : 0)
        }
        let distinct = Set(strengths.map { ($0 / FeltCriteria.strengthResolution).rounded() })
        guard distinct.count >= FeltCriteria.minimumDistinctStrengths else { return nil }
        return FeltStatistics.spearman(strengths, peaks)
    }
}
