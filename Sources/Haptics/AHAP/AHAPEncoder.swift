/// Writes `HapticPattern` values as canonical AHAP JSON.
///
/// Canonical means: two-space indentation; keys in a fixed order (`Version`, `Metadata`,
/// `Pattern`; inside an event `Time`, `EventType`, `EventDuration`, waveform keys,
/// `EventParameters`); metadata keys sorted; elements in time order (events, then parameters,
/// then curves at equal times); numbers in the shortest form that reads back to the same
/// Double; UTF-8 with a final newline. Encoding a decoded canonical file gives the same bytes.
@_spi(HapticsTools) public struct AHAPEncoder: Sendable {
    public init() {}

    /// The pattern as canonical AHAP text.
    public func encode(_ pattern: HapticPattern) -> String {
        var out = "{\n"
        out += "  \"Version\": \(number(pattern.version)),\n"
        if !pattern.metadata.isEmpty {
            out += "  \"Metadata\": "
            writeMetadata(.object(pattern.metadata), indent: 2, into: &out)
            out += ",\n"
        }
        out += "  \"Pattern\": ["
        var first = true
        func separator() {
            out += first ? "\n" : ",\n"
            first = false
        }
        // Merge the three sorted lists by time.
        var e = 0, p = 0, c = 0
        let events = pattern.events, parameters = pattern.dynamicParameters, curves = pattern.parameterCurves
        while e < events.count || p < parameters.count || c < curves.count {
            let te = e < events.count ? events[e].time : .infinity
            let tp = p < parameters.count ? parameters[p].time : .infinity
            let tc = c < curves.count ? curves[c].time : .infinity
            separator()
            if te <= tp && te <= tc {
                writeEvent(events[e], into: &out)
                e += 1
            } else if tp <= tc {
                writeParameter(parameters[p], into: &out)
                p += 1
            } else {
                writeCurve(curves[c], into: &out)
                c += 1
            }
        }
        out += first ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    /// The pattern as canonical AHAP bytes (UTF-8).
    public func encodeBytes(_ pattern: HapticPattern) -> [UInt8] {
        Array(encode(pattern).utf8)
    }

    private func writeEvent(_ event: HapticEvent, into out: inout String) {
        out += "    {\n      \"Event\": {\n"
        out += "        \"Time\": \(number(event.time)),\n"
        out += "        \"EventType\": \"\(event.type.rawValue)\""
        if let duration = event.duration { out += ",\n        \"EventDuration\": \(number(duration))" }
        if let path = event.waveformPath { out += ",\n        \"EventWaveformPath\": \(string(path))" }
        if let flag = event.waveformUsesVolumeEnvelope { out += ",\n        \"EventWaveformUseVolumeEnvelope\": \(flag)" }
        if let flag = event.waveformLoopEnabled { out += ",\n        \"EventWaveformLoopEnabled\": \(flag)" }
        out += ",\n        \"EventParameters\": "
        writeList(event.parameters.map { "{ \"ParameterID\": \"\($0.id.rawValue)\", \"ParameterValue\": \(number($0.value)) }" }, into: &out)
        out += "\n      }\n    }"
    }

    private func writeParameter(_ parameter: DynamicParameter, into out: inout String) {
        writeHeader("Parameter", id: parameter.id, time: parameter.time, into: &out)
        out += "        \"ParameterValue\": \(number(parameter.value))\n"
        out += "      }\n    }"
    }

    private func writeCurve(_ curve: ParameterCurve, into out: inout String) {
        writeHeader("ParameterCurve", id: curve.id, time: curve.time, into: &out)
        out += "        \"ParameterCurveControlPoints\": "
        writeList(curve.controlPoints.map { "{ \"Time\": \(number($0.time)), \"ParameterValue\": \(number($0.value)) }" }, into: &out)
        out += "\n      }\n    }"
    }

    /// The opening of a `Parameter` or `ParameterCurve` element, through its `ParameterID` and `Time`.
    private func writeHeader(_ element: String, id: DynamicParameter.ID, time: Double, into out: inout String) {
        out += "    {\n      \"\(element)\": {\n"
        out += "        \"ParameterID\": \"\(id.rawValue)\",\n"
        out += "        \"Time\": \(number(time)),\n"
    }

    /// `[]`, or one item a line at the element's inner indent, closed at the key's indent.
    private func writeList(_ items: [String], into out: inout String) {
        guard !items.isEmpty else {
            out += "[]"
            return
        }
        out += "["
        for (index, item) in items.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            out += "          " + item
        }
        out += "\n        ]"
    }

    private func writeMetadata(_ value: MetadataValue, indent: Int, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let value): out += number(value)
        case .string(let text): out += string(text)
        case .array(let items):
            writeContainer(opening: "[", closing: "]", count: items.count, indent: indent, into: &out) { index, out in
                writeMetadata(items[index], indent: indent + 2, into: &out)
            }
        case .object(let fields):
            let keys = fields.keys.sorted()
            writeContainer(opening: "{", closing: "}", count: keys.count, indent: indent, into: &out) { index, out in
                out += string(keys[index]) + ": "
                writeMetadata(fields[keys[index]]!, indent: indent + 2, into: &out)
            }
        }
    }

    /// A metadata array or object of `count` members: `opening` and `closing` alone when it is empty,
    /// else each member on a line of its own, `indent + 2` spaces in, written by `member`, the
    /// closing bracket on a line of its own `indent` spaces in.
    private func writeContainer(opening: String, closing: String, count: Int, indent: Int, into out: inout String,
                                member: (Int, inout String) -> Void) {
        guard count > 0 else {
            out += opening + closing
            return
        }
        out += opening
        let pad = String(repeating: " ", count: indent + 2)
        for index in 0..<count {
            out += index == 0 ? "\n" : ",\n"
            out += pad
            member(index, &out)
        }
        out += "\n" + String(repeating: " ", count: indent) + closing
    }

    /// Shortest decimal that reads back as the same Double; always JSON (no NaN or infinity,
    /// which the model never holds after decoding; they are written as 0 defensively).
    private func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        return "\(value)"
    }

    private func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
