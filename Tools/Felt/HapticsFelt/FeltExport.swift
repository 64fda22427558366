import Foundation
import Haptics

/// `haptics-felt --export DIR`: one JSON file per input, so anyone can judge every drive with a motor
/// model of their own (docs/performance.md, "What a player feels", the export).
///
/// Numbers are written with Swift's shortest round-trip spelling, so every finite value reads back
/// bit-exact (whole numbers without a fraction, −0 as 0); a non-finite value is written `null`.
/// Load-time tool code.
public enum FeltExport {
    /// The file name for `record`: its class and name, anything but letters, digits, '.', '_'
    /// and '-' replaced by '-'.
    public static func fileName(_ record: FeltRecord) -> String {
        func slug(_ s: String) -> String {
            String(s.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "-" })
        }
        return slug(record.inputClass) + "__" + slug(record.name) + ".json"
    }

    /// The JSON text of `record`; `identical` names the inputs merged into it (same intent).
    public static func json(_ record: FeltRecord, identical: [String]) -> String {
        let intent = record.intent
        let end = Int((intent.intendedEnd * record.rate).rounded())
        var out = "{\n"
        out += "  \"name\": \(string(record.name)),\n"
        out += "  \"inputClass\": \(string(record.inputClass)),\n"
        out += "  \"identicalIntents\": [\(identical.map(string).joined(separator: ", "))],\n"
        out += "  \"rate\": \(number(record.rate)),\n"
        out += "  \"step\": \(number(record.step)),\n"
        out += "  \"intendedEnd\": \(number(intent.intendedEnd)),\n"
        out += "  \"intendedFrames\": \(numbers(Array(intent.frames.prefix(end)))),\n"
        out += "  \"intendedActuatorFrames\": [\n"
        out += intent.actuatorFrames.map { "    " + numbers(Array($0.prefix(end))) }.joined(separator: ",\n")
        out += "\n  ],\n"
        out += "  \"transientTimes\": \(numbers(intent.transientTimes)),\n"
        out += "  \"transientActuators\": [\(intent.transients.map { String($0.actuator) }.joined(separator: ", "))],\n"
        out += "  \"onsetTimes\": \(numbers(intent.onsetTimes)),\n"
        out += "  \"voices\": [\n"
        out += record.voices.map { voice -> String in
            let last = voice.levels.lastIndex { !$0.isSilent } ?? (voice.first - 1)
            let levels = voice.first <= last ? voice.levels[voice.first...last].map { l in
                numbers([l.lowFrequency, l.highFrequency, l.leftTrigger, l.rightTrigger])
            } : []
            return "    {\"first\": \(voice.first), \"levels\": [\(levels.joined(separator: ", "))]}"
        }.joined(separator: ",\n")
        out += "\n  ],\n"
        out += "  \"drives\": [\n"
        out += record.drives.map { drive -> String in
            var d = "    {\"approach\": \(string(drive.approach.rawValue)), \"pad\": \(string(drive.pad.name)), "
            if let motor = drive.motor { d += "\"motor\": \(string(motor)), " }
            d += "\"interval\": \(number(drive.pad.link.interval)), \"bits\": \(drive.pad.link.bits),\n"
            d += "     \"steps\": [" + drive.steps.map { numbers([$0.time] + $0.levels) }.joined(separator: ", ") + "],\n"
            d += "     \"callTimes\": \(numbers(drive.callTimes))}"
            return d
        }.joined(separator: ",\n")
        out += "\n  ]\n}\n"
        return out
    }

    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    static func numbers(_ values: [Double]) -> String { "[" + values.map(number).joined(separator: ", ") + "]" }

    static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}
