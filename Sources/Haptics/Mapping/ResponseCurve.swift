import Foundation

/// Maps an event's driving value (an impulse, a speed, damage) to an intensity or sharpness.
///
///     t = (x - inputLow) / (inputHigh - inputLow)                  linear, power, table
///     t = ln(x / inputLow) / ln(inputHigh / inputLow)              log (inputs > 0; x <= 0 gives t = -inf)
///     s = t (linear, log), t^exponent (power, t >= 0), table: piecewise linear through `points`
///     y = outputLow + (outputHigh - outputLow) * clamp(s)
///
/// A log curve treats `inputLow` as the threshold of perception: inputs below it give exactly 0
/// (a resting contact's tiny impulses are not felt), inputs from it on start at `outputLow`.
/// `clamp`: `.hard` limits s to 0...1; `.soft` limits it below at 0 and above with a smooth knee
/// (s unchanged up to 0.8, then 0.8 + 0.2·tanh((s − 0.8)/0.2), which approaches 1 and never
/// passes it, so the output grows with the input and saturates without a corner); `.none` lets y
/// leave the output range (the mixer still clamps levels). Table points are (input, output) pairs
/// in the curve's own units; outside them the end values hold.
///
/// Pure value; `value(at:)` is O(1) (O(points) for tables), allocates nothing, any thread.
public struct ResponseCurve: Hashable, Sendable {
    public enum Shape: Hashable, Sendable {
        case linear
        case power(exponent: Double)
        case log
        /// (input, output) points, inputs increasing.
        case table([TablePoint])
    }

    public struct TablePoint: Hashable, Sendable {
        public var input: Double
        public var output: Double
        public init(_ input: Double, _ output: Double) { self.input = input; self.output = output }
    }

    public enum Clamp: String, Hashable, Sendable, CaseIterable { case hard, soft, none }

    public var shape: Shape
    public var inputLow: Double { didSet { updateLogScale() } }
    public var inputHigh: Double { didSet { updateLogScale() } }
    public var outputLow: Double
    public var outputHigh: Double
    public var clamp: Clamp
    // ln(inputLow) and 1 / ln(inputHigh / inputLow), kept with the range so a log curve costs one
    // logarithm per value.
    private var logLow = 0.0
    private var inverseLogSpan = 0.0

    private mutating func updateLogScale() {
        guard inputLow > 0, inputHigh > inputLow else { logLow = 0; inverseLogSpan = 0; return }
        logLow = Foundation.log(inputLow)
        inverseLogSpan = 1 / Foundation.log(inputHigh / inputLow)
    }

    public init(_ shape: Shape = .linear, input: ClosedRange<Double> = 0...1, output: ClosedRange<Double> = 0...1,
                clamp: Clamp = .hard) {
        self.shape = shape
        inputLow = input.lowerBound
        inputHigh = input.upperBound
        outputLow = output.lowerBound
        outputHigh = output.upperBound
        self.clamp = clamp
        updateLogScale()
    }

    /// A constant: every input gives `value`.
    public static func constant(_ value: Double) -> ResponseCurve {
        ResponseCurve(.linear, input: 0...1, output: value...value, clamp: .hard)
    }

    /// The output for input `x`. A NaN input gives `outputLow`.
    public func value(at x: Double) -> Double {
        guard !x.isNaN else { return outputLow }
        if case .table(let points) = shape { return tableValue(points, at: x) }
        let s: Double
        switch shape {
        case .linear:
            s = inputHigh > inputLow ? (x - inputLow) / (inputHigh - inputLow) : (x >= inputHigh ? 1 : 0)
        case .power(let exponent):
            let t = inputHigh > inputLow ? (x - inputLow) / (inputHigh - inputLow) : (x >= inputHigh ? 1 : 0)
            s = t <= 0 ? 0 : Foundation.pow(t, exponent)
        case .log:
            if x < inputLow || x <= 0 { return 0 }
            guard inputLow > 0, inputHigh > inputLow else { s = 1; break }
            s = (Foundation.log(x) - logLow) * inverseLogSpan
        case .table:
            s = 0
        }
        return outputLow + (outputHigh - outputLow) * Self.limit(s, clamp)
    }

    static func limit(_ s: Double, _ clamp: Clamp) -> Double {
        switch clamp {
        case .none: return s
        case .hard: return min(max(s, 0), 1)
        case .soft:
            if s <= 0 { return 0 }
            if s <= 0.8 { return s }
            return 0.8 + 0.2 * Foundation.tanh((s - 0.8) / 0.2)
        }
    }

    private func tableValue(_ points: [TablePoint], at x: Double) -> Double {
        guard let first = points.first, let last = points.last else { return outputLow }
        if x <= first.input { return first.output }
        if x >= last.input { return last.output }
        var i = 1
        while i < points.count && points[i].input < x { i += 1 }
        let a = points[i - 1], b = points[i]
        let span = b.input - a.input
        return span > 0 ? a.output + (b.output - a.output) * (x - a.input) / span : b.output
    }
}
