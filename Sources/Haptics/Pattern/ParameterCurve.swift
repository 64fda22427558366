/// A `ParameterCurve` element: a control that moves linearly through control points.
///
/// Control point times are relative to the curve's own `time`. Before the first point the curve
/// holds the first point's value and after the last point it holds the last value
/// (SDLHaptics' choice where Apple is silent; docs/ahap.md).
public struct ParameterCurve: Hashable, Sendable {
    /// One point of a curve.
    public struct ControlPoint: Hashable, Sendable {
        /// Seconds from the curve's start, >= 0, non-decreasing along the curve.
        public var time: Double
        /// The control's value at that moment, inside the control's range once decoded.
        public var value: Double

        public init(time: Double, value: Double) {
            self.time = time
            self.value = value
        }
    }

    /// Which control.
    public var id: DynamicParameter.ID
    /// When the curve starts, in seconds from the start of the pattern, >= 0.
    public var time: Double
    /// The control points, in time order.
    public var controlPoints: [ControlPoint]

    public init(_ id: DynamicParameter.ID, at time: Double, points: [ControlPoint]) {
        self.id = id
        self.time = time
        self.controlPoints = points
    }

    /// Pattern time of the last control point (or of the curve's start when it has none).
    public var endTime: Double { time + (controlPoints.last?.time ?? 0) }

    /// The curve's value at pattern time `t` (seconds), interpolating linearly between points
    /// and holding the first and last values outside them. Returns nil for a curve without points.
    /// O(log n) in the number of points; no allocation.
    public func value(at t: Double) -> Double? {
        guard let first = controlPoints.first, let last = controlPoints.last else { return nil }
        let local = t - time
        if local <= first.time { return first.value }
        if local >= last.time { return last.value }
        // Binary search for the last point with time <= local.
        var low = 0
        var high = controlPoints.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if controlPoints[mid].time <= local { low = mid } else { high = mid }
        }
        let a = controlPoints[low]
        let b = controlPoints[high]
        let span = b.time - a.time
        if span <= 0 { return b.value }
        return a.value + (b.value - a.value) * ((local - a.time) / span)
    }
}
