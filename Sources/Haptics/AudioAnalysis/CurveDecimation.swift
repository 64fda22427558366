/// Simplifies a sampled envelope into a few control points and cuts it into chained curves
/// (internal to `SoundAnalysis.pattern(options:)`).
///
/// Simplification is Ramer–Douglas–Peucker: keep the point farthest from the straight line between
/// two kept points while it is farther than the tolerance, recursively; points marked `keep` (an
/// onset's step) always stay. When the result has more points than the budget, the tolerance grows
/// by half and it runs again (at most 12 times, then every other interior point is dropped until
/// it fits). O(n log n) typical per run.
enum CurveDecimation {
    struct Point {
        var time: Double
        var value: Double
        var keep = false
    }

    /// The simplified points (first and last always kept).
    static func simplify(_ points: [Point], tolerance: Double, budget: Int) -> [Point] {
        guard points.count > 2 else { return points }
        var tolerance = max(tolerance, 1e-6)
        var kept = run(points, tolerance: tolerance)
        var attempts = 0
        while kept.count > max(budget, 2) && attempts < 12 {
            tolerance *= 1.5
            kept = run(points, tolerance: tolerance)
            attempts += 1
        }
        while kept.count > max(budget, 2) {
            let before = kept.count
            kept = kept.enumerated().filter { $0.offset == 0 || $0.offset == kept.count - 1 || $0.element.keep || $0.offset % 2 == 0 }.map(\.element)
            if kept.count == before { break }   // only protected points left
        }
        return kept
    }

    private static func run(_ points: [Point], tolerance: Double) -> [Point] {
        var mark = [Bool](repeating: false, count: points.count)
        mark[0] = true
        mark[points.count - 1] = true
        for i in points.indices where points[i].keep { mark[i] = true }
        // Simplify between consecutive marked points with an explicit stack (no recursion depth).
        var anchors: [Int] = []
        for i in points.indices where mark[i] { anchors.append(i) }
        var stack: [(Int, Int)] = []
        for i in 0..<(anchors.count - 1) { stack.append((anchors[i], anchors[i + 1])) }
        while let (a, b) = stack.popLast() {
            guard b - a > 1 else { continue }
            let pa = points[a], pb = points[b]
            let span = pb.time - pa.time
            var worst = -1.0, worstIndex = -1
            for i in (a + 1)..<b {
                let p = points[i]
                let line = span > 0 ? pa.value + (pb.value - pa.value) * (p.time - pa.time) / span : pa.value
                let error = abs(p.value - line)
                if error > worst { worst = error; worstIndex = i }
            }
            if worst > tolerance {
                mark[worstIndex] = true
                stack.append((a, worstIndex))
                stack.append((worstIndex, b))
            }
        }
        return points.indices.filter { mark[$0] }.map { points[$0] }
    }

    /// `points` as curves of `id` with at most `maximumPoints` each (>= 2), chained: each curve
    /// after the first starts with the previous curve's last point, so the control never jumps
    /// between them. Times are rounded to 10 µs and values to 1e-4, clamped to `range`.
    static func chain(_ points: [Point], id: DynamicParameter.ID, maximumPoints: Int,
                      range: ClosedRange<Double>) -> [ParameterCurve] {
        guard !points.isEmpty else { return [] }
        let perCurve = max(2, maximumPoints)
        func roundTime(_ t: Double) -> Double { (t * 100_000).rounded() / 100_000 }
        func roundValue(_ v: Double) -> Double { min(max((v * 10_000).rounded() / 10_000, range.lowerBound), range.upperBound) }
        var curves: [ParameterCurve] = []
        var start = 0
        repeat {
            let end = min(start + perCurve - 1, points.count - 1)
            let origin = roundTime(points[start].time)
            var controlPoints: [ParameterCurve.ControlPoint] = []
            var last = 0.0
            for p in points[start...end] {
                let relative = max(last, roundTime(roundTime(p.time) - origin))
                controlPoints.append(.init(time: relative, value: roundValue(p.value)))
                last = relative
            }
            curves.append(ParameterCurve(id, at: origin, points: controlPoints))
            start = end
        } while start < points.count - 1
        return curves
    }
}
