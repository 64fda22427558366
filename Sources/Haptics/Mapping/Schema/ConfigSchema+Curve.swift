import HapticsTOML

/// A number or a curve (docs/config.md, "Curves"): `intensity`, `sharpness` and a trigger effect's
/// parameters. A number is a constant; a table reads an input of the event through a curve. The keys
/// depend on each other (`exponent` only for `power`, `points` only for `table`, a log curve's input
/// range above 0), so after the table of keys comes the order they are read in.
extension ConfigSchema {
    static let curveNames = ["linear", "power", "log", "table"]

    /// The curve table's keys, as docs/config.md lists them. Reading is `valueSource`'s.
    static let curve = SchemaSection<Void>("Curves", keys: [
        SchemaKey("input", type: "string", range: .names(MappingInput.allCases.filter { $0 != .constant }.map(\.rawValue)),
                  default: .text("required (or `value`)")) { _, _, _ in },
        SchemaKey("curve", type: "string", range: .names(curveNames), default: .name("linear")) { _, _, _ in },
        SchemaKey("input_range", type: "[low, high]", range: .text("rising; a log curve needs low > 0"), default: .text("[0, 1]")) { _, _, _ in },
        SchemaKey("output_range", type: "[low, high]", range: .text("both ends in the key's range; may fall to invert"),
                  default: .text("[0, 1] (sharpness: [−0.5, 0.5])")) { _, _, _ in },
        SchemaKey("clamp", type: "string", range: .names(ResponseCurve.Clamp.allCases.map(\.rawValue)), default: .name("hard")) { _, _, _ in },
        SchemaKey("exponent", type: "number", range: .numbers(exponentRange, unit: nil), default: .number(2)) { _, _, _ in },
        SchemaKey("points", type: "[[input, output], ...]", range: .text("at least two, inputs increasing"),
                  default: .text("required for `table`")) { _, _, _ in },
        SchemaKey("value", type: "number", range: .text("the key's range"), default: .text("none")) { _, _, _ in },
    ])

    /// A power curve's exponent.
    static let exponentRange = 0.01...100.0

    /// The default intensity of a rule of `event` that gives none (docs/config.md, "Curves").
    static func defaultIntensity(for event: EventKindName) -> ValueSource {
        switch event {
        case .collision:
            // Physically motivated default: impulse (reduced mass x speed) on a log curve.
            return ValueSource(input: .impulse, curve: ResponseCurve(.log, input: 0.5...5000, output: 0.1...1, clamp: .soft))
        case .footstep:
            return ValueSource(input: .speed, curve: ResponseCurve(.linear, input: 0...6, output: 0.3...0.8, clamp: .hard))
        case .hit:
            return ValueSource(input: .damage, curve: ResponseCurve(.linear, input: 0...50, output: 0.3...1, clamp: .hard))
        case .texture, .custom, .action:
            return ValueSource(input: .value, curve: ResponseCurve(.linear, input: 0...1, output: 0...1, clamp: .hard))
        case .feedback:
            return .constant(1)
        }
    }

    /// A number (a constant) or a curve table at `value` (the path ends with its key), its output in
    /// `outputRange`; nil after reporting every problem found.
    mutating func valueSource(_ value: TOMLValue, event: EventKindName, outputRange: ClosedRange<Double>) -> ValueSource? {
        let rangeText = "\(format(outputRange.lowerBound))...\(format(outputRange.upperBound))"
        if let number = value.number {
            guard number.isFinite, outputRange.contains(number) else {
                reader.fail(.schema, at: value, "\(format(number)) is out of range: expected a number in \(rangeText)")
                return nil
            }
            return .constant(number)
        }
        guard case .table(let source) = value.kind else {
            reader.fail(.schema, at: value, "expected a number in \(rangeText) or a table such as { input = \"speed\", curve = \"linear\", input_range = [0, 10], output_range = [0.2, 1.0] }, found \(ConfigFormat.foundType(value))")
            return nil
        }
        reader.unknownKeys(in: source.entries, allowed: Self.curve.listed)
        if let constant = source.entry("value") {
            return descend(into: "value") { schema -> ValueSource? in
                guard let number = constant.value.number, number.isFinite, outputRange.contains(number) else {
                    schema.reader.fail(.schema, at: constant.value, "expected a number in \(rangeText), found \(ConfigFormat.found(constant.value))")
                    return nil
                }
                return .constant(number)
            }
        }
        let input = curveInput(source, value: value, event: event)
        let curveName = source.entry("curve").flatMap { entry in descend(into: "curve") { $0.string(entry.value) } } ?? "linear"
        let inputRange = range(source, "input_range") ?? (0, 1)
        let output = range(source, "output_range", within: outputRange) ?? (outputRange.lowerBound < 0 ? (-0.5, 0.5) : (0, 1))
        var shape = ResponseCurve.Shape.linear
        switch curveName {
        case "linear": shape = .linear
        case "power":
            let exponent = source.entry("exponent").flatMap { entry in
                descend(into: "exponent") { $0.reader.number(entry.value, ExpectedNumber("an exponent", in: Self.exponentRange), outOfRange: .refused) }
            } ?? 2
            shape = .power(exponent: exponent)
        case "log":
            if inputRange.0 <= 0, let rangeEntry = source.entry("input_range") {
                descend(into: "input_range") {
                    $0.reader.fail(.schema, at: rangeEntry.value, "a log curve needs an input range above 0, such as [0.5, 5000]")
                }
            }
            shape = .log
        case "table":
            if let points = tablePoints(source, outputRange: outputRange) { shape = .table(points) }
        default:
            if let curveEntry = source.entry("curve") {
                descend(into: "curve") {
                    _ = $0.choice(curveName, at: curveEntry.value, among: Self.curveNames.map { ($0, ()) }, what: "curve")
                }
            }
        }
        if let rangeEntry = source.entry("input_range"), let problem = Self.scaleProblem(shape, inputRange) {
            descend(into: "input_range") { $0.reader.fail(.schema, at: rangeEntry.value, problem) }
        }
        if curveName != "table", let pointsEntry = source.entry("points") {
            descend(into: "points") { $0.reader.fail(.schema, atKeyOf: pointsEntry, "'points' is only read by curve = \"table\"") }
        }
        if curveName != "power", let exponentEntry = source.entry("exponent") {
            descend(into: "exponent") { $0.reader.fail(.schema, atKeyOf: exponentEntry, "'exponent' is only read by curve = \"power\"") }
        }
        var clamp = ResponseCurve.Clamp.hard
        if let clampEntry = source.entry("clamp"), let name = descend(into: "clamp", { $0.string(clampEntry.value) }) {
            let choices = ResponseCurve.Clamp.allCases.map { ($0.rawValue, $0) }
            if let parsed = descend(into: "clamp", { $0.choice(name, at: clampEntry.value, among: choices, what: "clamp", listed: "hard, soft or none") }) {
                clamp = parsed
            }
        }
        var curve = ResponseCurve(shape, input: inputRange.0...inputRange.1, clamp: clamp)
        curve.outputLow = output.0
        curve.outputHigh = output.1
        return ValueSource(input: input, curve: curve)
    }

    /// The curve's `input`: one the event offers, else reported (an unknown input, one of another kind,
    /// or none that is a string, when `value` gives no constant either).
    private mutating func curveInput(_ source: TOMLTable, value: TOMLValue, event: EventKindName) -> MappingInput {
        let inputEntry = source.entry("input")
        guard let inputEntry, let name = descend(into: "input", { $0.string(inputEntry.value) }) else {
            reader.fail(.schema, at: value, "expected 'input' (what the curve reads) or 'value' (a constant)")
            return .constant
        }
        return descend(into: "input") { schema -> MappingInput in
            let inputs = MappingInput.allCases.filter { $0 != .constant }
            guard let input = schema.choice(name, at: inputEntry.value, among: inputs.map { ($0.rawValue, $0) }, what: "input") else { return .constant }
            if !input.kinds.contains(event) {
                let offered = inputs.filter { $0.kinds.contains(event) }.map(\.rawValue)
                schema.reader.fail(.schema, at: inputEntry.value,
                                   "'\(name)' is not an input of \(event.rawValue) events: expected one of \(offered.joined(separator: ", "))")
            }
            return input
        }
    }

    /// `[low, high]` at `key`. An input range must rise; an output range may fall (high < low inverts
    /// the curve) and both its ends must lie in `limits`.
    private mutating func range(_ table: TOMLTable, _ key: String, within limits: ClosedRange<Double>? = nil) -> (Double, Double)? {
        guard let entry = table.entry(key) else { return nil }
        return descend(into: key) { schema -> (Double, Double)? in
            guard let pair = entry.value.array, pair.count == 2, let low = pair[0].number, let high = pair[1].number else {
                schema.reader.fail(.schema, at: entry.value, "expected [low, high], two numbers")
                return nil
            }
            // Two numbers, but one not finite (TOML's inf and nan): said as what it is, at the number.
            var bothFinite = true
            for (index, end) in [low, high].enumerated() where !end.isFinite {
                schema.descend(into: index) { $0.reader.fail(.schema, at: pair[index], "expected a finite number, found \(format(end))") }
                bothFinite = false
            }
            guard bothFinite else { return nil }
            if key == "input_range" {
                guard low < high else {
                    schema.reader.fail(.schema, at: entry.value, "expected low < high, found [\(format(low)), \(format(high))]")
                    return nil
                }
                return (low, high)
            }
            if let limits, !(limits.contains(low) && limits.contains(high)) {
                schema.reader.fail(.schema, at: entry.value,
                                   "[\(format(low)), \(format(high))] is out of range: both ends must be in \(format(limits.lowerBound))...\(format(limits.upperBound))")
                return nil
            }
            return (low, high)
        }
    }

    /// A `table` curve's `points`: at least two `[input, output]` pairs, inputs increasing, outputs in
    /// `outputRange`; nil after the first problem.
    private mutating func tablePoints(_ source: TOMLTable, outputRange: ClosedRange<Double>) -> [ResponseCurve.TablePoint]? {
        guard let entry = source.entry("points") else {
            reader.report(.error, .schema, at: SourceLocation(source.location), "curve = \"table\" needs 'points', such as [[0, 0.2], [10, 1.0]]")
            return nil
        }
        return descend(into: "points") { schema -> [ResponseCurve.TablePoint]? in
            guard let elements = entry.value.array, elements.count >= 2 else {
                schema.reader.fail(.schema, at: entry.value, "expected at least two [input, output] pairs, such as [[0, 0.2], [10, 1.0]]")
                return nil
            }
            var points: [ResponseCurve.TablePoint] = []
            for (index, element) in elements.enumerated() {
                let point = schema.descend(into: index) { schema -> ResponseCurve.TablePoint? in
                    guard let pair = element.array, pair.count == 2, let x = pair[0].number, let y = pair[1].number, x.isFinite, y.isFinite else {
                        schema.reader.fail(.schema, at: element, "expected an [input, output] pair of numbers")
                        return nil
                    }
                    guard outputRange.contains(y) else {
                        schema.reader.fail(.schema, at: pair[1],
                                           "output \(format(y)) is out of range: expected \(format(outputRange.lowerBound))...\(format(outputRange.upperBound))")
                        return nil
                    }
                    if let last = points.last, x <= last.input {
                        schema.reader.fail(.schema, at: pair[0], "inputs must increase: \(format(x)) follows \(format(last.input))")
                        return nil
                    }
                    return ResponseCurve.TablePoint(x, y)
                }
                guard let point else { return nil }
                points.append(point)
            }
            return points
        }
    }

    /// Why a curve of `shape` cannot read inputs over `range` although both ends are finite: the
    /// span `high − low` (or, for a log curve, `ln(high / low)`) overflows or vanishes, so every
    /// input would map to one end of the output. Nil when the curve's scale is a finite number > 0.
    static func scaleProblem(_ shape: ResponseCurve.Shape, _ range: (Double, Double)) -> String? {
        let (low, high) = range
        guard low < high else { return nil }   // reported as an input range that does not rise
        switch shape {
        case .table:
            return nil
        case .log:
            guard low > 0 else { return nil }   // reported as a log range that does not start above 0
            let span = CMath.log(high / low)
            guard span.isFinite, span > 0, (1 / span).isFinite else {
                return "[\(format(low)), \(format(high))] is too wide for a log curve: ln(high / low) is not a finite number above 0, "
                    + "so every input would give the same output; expected a range whose ends are within a factor of 1e308"
            }
            return nil
        case .linear, .power:
            let span = high - low
            guard span.isFinite, (1 / span).isFinite else {
                return "[\(format(low)), \(format(high))] is too wide for a \(shape == .linear ? "linear" : "power") curve: high − low "
                    + (span.isFinite ? "is too small to divide by" : "overflows") + ", so every input would give the same output"
            }
            return nil
        }
    }
}
