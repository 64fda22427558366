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
/// (s unchanged up to 0.8, then 0.8 + 0.2·u/(1 + u) with u = (s − 0.8)/0.2: 0.9 at s = 1, 0.96 at
/// s = 1.6; it approaches 1 and never passes it, so the output grows with the input and saturates
/// without a corner); `.none` lets y leave the output range (the mixer still clamps levels).
/// Table points are (input, output) pairs in the curve's own units; outside them the end values
/// hold.
///
/// Pure value; `value(at:)` is O(1) (O(points) for tables), allocates nothing, any thread.
@_spi(HapticsTools) public struct ResponseCurve: Hashable, Sendable {
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

    /// Everything but a table's points, as plain numbers (what the per-frame path evaluates).
    private(set) var math: CurveMath
    /// A table's points (empty for the other shapes).
    private(set) var points: [TablePoint]

    public var shape: Shape {
        get {
            switch math.form {
            case .linear: return .linear
            case .power: return .power(exponent: math.exponent)
            case .log: return .log
            case .table: return .table(points)
            }
        }
        set {
            switch newValue {
            case .linear: math.form = .linear; points = []
            case .power(let exponent): math.form = .power; math.exponent = exponent; points = []
            case .log: math.form = .log; points = []
            case .table(let table): math.form = .table; points = table
            }
        }
    }
    public var inputLow: Double {
        get { math.inputLow }
        set { math.inputLow = newValue; math.updateScale() }
    }
    public var inputHigh: Double {
        get { math.inputHigh }
        set { math.inputHigh = newValue; math.updateScale() }
    }
    public var outputLow: Double {
        get { math.outputLow }
        set { math.outputLow = newValue }
    }
    public var outputHigh: Double {
        get { math.outputHigh }
        set { math.outputHigh = newValue }
    }
    public var clamp: Clamp {
        get { math.clamp }
        set { math.clamp = newValue }
    }

    public init(_ shape: Shape = .linear, input: ClosedRange<Double> = 0...1, output: ClosedRange<Double> = 0...1,
                clamp: Clamp = .hard) {
        math = CurveMath(inputLow: input.lowerBound, inputHigh: input.upperBound,
                         outputLow: output.lowerBound, outputHigh: output.upperBound, clamp: clamp)
        points = []
        self.shape = shape
    }

    /// A constant: every input gives `value`.
    public static func constant(_ value: Double) -> ResponseCurve {
        ResponseCurve(.linear, input: 0...1, output: value...value, clamp: .hard)
    }

    /// The output for input `x`. A NaN input gives `outputLow`.
    public func value(at x: Double) -> Double {
        math.value(at: x, table: points, range: points.indices)
    }

    public static func == (a: ResponseCurve, b: ResponseCurve) -> Bool {
        a.shape == b.shape && a.inputLow == b.inputLow && a.inputHigh == b.inputHigh
            && a.outputLow == b.outputLow && a.outputHigh == b.outputHigh && a.clamp == b.clamp
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(shape)
        hasher.combine(inputLow)
        hasher.combine(inputHigh)
        hasher.combine(outputLow)
        hasher.combine(outputHigh)
        hasher.combine(clamp)
    }
}

/// A `ResponseCurve`'s numbers, with its table's points passed in (so a compiled mapping keeps every
/// curve as plain numbers and all table points in one array). Internal.
/// `value(at:table:range:)` is O(1) (O(points) for tables) and allocates nothing.
struct CurveMath: Sendable {
    enum Form: UInt8, Sendable { case linear, power, log, table }

    var form = Form.linear
    var exponent = 1.0
    var inputLow: Double
    var inputHigh: Double
    var outputLow: Double
    var outputHigh: Double
    var clamp: ResponseCurve.Clamp
    // 1 / (inputHigh − inputLow), ln(inputLow) and 1 / ln(inputHigh / inputLow), kept with the
    // range so a value costs a multiplication instead of a division, and a log curve one logarithm.
    private(set) var inverseSpan = 0.0
    private(set) var logLow = 0.0
    private(set) var inverseLogSpan = 0.0

    init(inputLow: Double, inputHigh: Double, outputLow: Double, outputHigh: Double, clamp: ResponseCurve.Clamp) {
        self.inputLow = inputLow
        self.inputHigh = inputHigh
        self.outputLow = outputLow
        self.outputHigh = outputHigh
        self.clamp = clamp
        updateScale()
    }

    mutating func updateScale() {
        inverseSpan = inputHigh > inputLow ? 1 / (inputHigh - inputLow) : 0
        guard inputLow > 0, inputHigh > inputLow else { logLow = 0; inverseLogSpan = 0; return }
        logLow = CMath.log(inputLow)
        inverseLogSpan = 1 / CMath.log(inputHigh / inputLow)
    }

    /// The output for input `x`; `table` holds the points when `form` is `.table`.
    /// The output for input `x`; `table[range]` holds the points when `form` is `.table`.
    func value(at x: Double, table: [ResponseCurve.TablePoint], range: Range<Int>) -> Double {
        guard !x.isNaN else { return outputLow }
        let s: Double
        switch form {
        case .linear:
            s = inputHigh > inputLow ? (x - inputLow) * inverseSpan : (x >= inputHigh ? 1 : 0)
        case .power:
            let t = inputHigh > inputLow ? (x - inputLow) * inverseSpan : (x >= inputHigh ? 1 : 0)
            s = t <= 0 ? 0 : CMath.pow(t, exponent)
        case .log:
            if x < inputLow || x <= 0 { return 0 }
            guard inputLow > 0, inputHigh > inputLow else { s = 1; break }
            s = (CMath.log(x) - logLow) * inverseLogSpan
        case .table:
            return Self.tableValue(table, range, at: x, empty: outputLow)
        }
        return outputLow + (outputHigh - outputLow) * Self.limit(s, clamp)
    }

    static func limit(_ s: Double, _ clamp: ResponseCurve.Clamp) -> Double {
        switch clamp {
        case .none: return s
        case .hard: return min(max(s, 0), 1)
        case .soft:
            if s <= 0 { return 0 }
            if s <= 0.8 { return s }
            // A rational knee: slope 1 where it starts (no corner), rising ever more slowly
            // towards 1 (0.9 at s = 1, 0.96 at s = 1.6). One division, no exponential.
            let u = (s - 0.8) * 5
            return 0.8 + 0.2 * u / (1 + u)
        }
    }

    private static func tableValue(_ points: [ResponseCurve.TablePoint], _ range: Range<Int>, at x: Double,
                                   empty: Double) -> Double {
        guard !range.isEmpty else { return empty }
        let first = points[range.lowerBound], last = points[range.upperBound - 1]
        if x <= first.input { return first.output }
        if x >= last.input { return last.output }
        var i = range.lowerBound + 1
        while i < range.upperBound && points[i].input < x { i += 1 }
        let a = points[i - 1], b = points[i]
        let span = b.input - a.input
        return span > 0 ? a.output + (b.output - a.output) * (x - a.input) / span : b.output
    }
}
