import Foundation

/// The statistics the measures are made of. Pure functions; O(n) or O(n · lags).
public enum FeltStatistics {
    /// Pearson correlation of `x` and `y` over their common length (0 when either is constant).
    public static func pearson(_ x: [Double], _ y: [Double]) -> Double {
        let n = min(x.count, y.count)
        guard n > 1 else { return 0 }
        var sx = 0.0, sy = 0.0
        for i in 0..<n { sx += x[i]; sy += y[i] }
        let mx = sx / Double(n), my = sy / Double(n)
        var sxy = 0.0, sxx = 0.0, syy = 0.0
        for i in 0..<n {
            let dx = x[i] - mx, dy = y[i] - my
            sxy += dx * dy
            sxx += dx * dx
            syy += dy * dy
        }
        guard sxx > 1e-12, syy > 1e-12 else { return 0 }
        return sxy / (sxx * syy).squareRoot()
    }

    /// Ranks 1...n, ties sharing their mean rank.
    public static func ranks(_ values: [Double]) -> [Double] {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var result = [Double](repeating: 0, count: values.count)
        var i = 0
        while i < order.count {
            var j = i
            while j + 1 < order.count && values[order[j + 1]] == values[order[i]] { j += 1 }
            let rank = Double(i + j) / 2 + 1
            for k in i...j { result[order[k]] = rank }
            i = j + 1
        }
        return result
    }

    /// Spearman rank correlation: Pearson of the ranks (ties at their mean rank); 0 when either
    /// side has a single value throughout.
    public static func spearman(_ x: [Double], _ y: [Double]) -> Double {
        let n = min(x.count, y.count)
        return pearson(ranks(Array(x.prefix(n))), ranks(Array(y.prefix(n))))
    }

    /// The lag-tolerant comparison of `felt` with `intended` over their first `n` samples: for each
    /// lag L = 0 ... `maximumLag` samples, the felt amplitude x(t) against the intent shifted later,
    /// y(t − L) (0 for t < L), t = 0 ..< n.
    public struct Lagged: Sendable, Equatable {
        /// The best Pearson correlation over the lags, and its lag (samples; the smallest on a tie).
        public var correlation: Double
        public var correlationLag: Int
        /// The smallest mean absolute difference |x(t) − y(t − L)| over the lags, and its lag.
        public var meanAbsoluteError: Double
        public var errorLag: Int
    }

    public static func lagged(felt x: [Double], intended y: [Double], count n: Int, maximumLag: Int) -> Lagged {
        let n = min(n, x.count, y.count)
        guard n > 1 else { return Lagged(correlation: 0, correlationLag: 0, meanAbsoluteError: 0, errorLag: 0) }
        var sx = 0.0, sxx = 0.0
        for t in 0..<n { sx += x[t]; sxx += x[t] * x[t] }
        // Prefix sums of y and y² over the samples that stay inside the window at each lag.
        var py = [Double](repeating: 0, count: n + 1), pyy = [Double](repeating: 0, count: n + 1)
        for t in 0..<n { py[t + 1] = py[t] + y[t]; pyy[t + 1] = pyy[t] + y[t] * y[t] }
        // |x| over the samples before the shifted intent starts (y(t − L) = 0 there).
        var pabs = [Double](repeating: 0, count: n + 1)
        for t in 0..<n { pabs[t + 1] = pabs[t] + abs(x[t]) }
        let nn = Double(n)
        let varX = sxx - sx * sx / nn
        var best = Lagged(correlation: -.infinity, correlationLag: 0, meanAbsoluteError: .infinity, errorLag: 0)
        for lag in 0...max(min(maximumLag, n - 1), 0) {
            var sxy = 0.0, sae = pabs[lag]
            var t = lag
            while t < n {
                let yy = y[t - lag]
                sxy += x[t] * yy
                sae += abs(x[t] - yy)
                t += 1
            }
            let sy = py[n - lag], syy = pyy[n - lag]
            let varY = syy - sy * sy / nn
            let cov = sxy - sx * sy / nn
            let r = (varX > 1e-12 && varY > 1e-12) ? cov / (varX * varY).squareRoot() : 0
            if r > best.correlation + 1e-12 { best.correlation = r; best.correlationLag = lag }
            let mae = sae / nn
            if mae < best.meanAbsoluteError - 1e-12 { best.meanAbsoluteError = mae; best.errorLag = lag }
        }
        return best
    }

    /// The median (nil for no values).
    public static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}
