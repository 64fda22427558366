// Turns fuzzer bytes into configs and event scripts with the shapes that random text rarely
// reaches. Each byte picks the next construct or one of its sizes, so libFuzzer's coverage
// guidance steers the choices. Deterministic: the same bytes give the same text.

struct StructuredInput {
    private let bytes: [UInt8]
    private var index = 0

    init(_ buffer: UnsafeBufferPointer<UInt8>) { bytes = Array(buffer) }

    private var isAtEnd: Bool { index >= bytes.count }

    private mutating func next() -> Int {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return Int(bytes[index])
    }

    private mutating func pick<T>(_ choices: [T]) -> T { choices[next() % choices.count] }

    /// A size from 0 to 7 most of the time; from `scale` to 8 × `scale` for one byte value in
    /// 32 (large inputs are slow under ASan, and a few are enough to cover the large-size paths).
    private mutating func size(_ scale: Int) -> Int {
        let a = next()
        return a < 248 ? a % 8 : (a - 247) * scale
    }

    // MARK: Configs

    mutating func config() -> String {
        var text = ""
        var constructs = 0
        while !isAtEnd && constructs < 64 {
            constructs += 1
            switch next() % 16 {
            case 0: text += "[\(key())]\n"
            case 1: text += "[[\(pick(["rule", key()]))]]\n"
            case 2: text += "\(key()) = \(value(depth: 0))\n"
            case 3: text += dottedKey(parts: size(16)) + " = 1\n"
            case 4: text += "[" + dottedKey(parts: size(16)) + "]\n"
            case 5: text += "x = { " + dottedKey(parts: size(16)) + " = 1 }\n"
            case 6: text += String(repeating: pick(["k", "é", "_"]), count: size(160)) + " = 1\n"
            case 7: text += "n = \(bigNumber())\n"
            case 8: text += "d = \(dateTime())\n"
            case 9: text += rule()
            case 10: text += "s = \(string())\n"
            case 11: text += "a = " + String(repeating: "[", count: size(4)) + "1" + String(repeating: "]", count: size(4)) + "\n"
            case 12: text += "t = " + String(repeating: "{ a = ", count: size(4)) + "1" + String(repeating: " }", count: size(4)) + "\n"
            case 13:
                let count = size(64)
                for _ in 0..<count { text += "[[rule]]\nevent = \"hit\"\npattern = \"ImpactRigid\"\n" }
            case 14: text += "# \(string())\n"
            default: text += String(decoding: chunk(), as: UTF8.self)
            }
        }
        return text
    }

    /// A config as bytes, with invalid UTF-8 in comments, strings and keys now and then.
    mutating func configBytes() -> [UInt8] {
        var out = Array(config().utf8)
        let invalid: [[UInt8]] = [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80]]
        let count = next() % 4
        for _ in 0..<count where !out.isEmpty {
            let position = (next() << 8 | next()) % (out.count + 1)
            out.insert(contentsOf: pick(invalid), at: position)
        }
        return out
    }

    private mutating func key() -> String {
        switch next() % 6 {
        case 0: return pick(["rule", "materials", "attenuation", "defaults", "version", "event", "pattern", "intensity"])
        case 1: return "\"\(pick(["a.b", "", " ", "\\u00e9", "\\t"]))\""
        case 2: return "'\(pick(["a.b", "", "lit"]))'"
        case 3: return dottedKey(parts: 1 + next() % 4)
        case 4: return String(repeating: "k", count: 1 + size(16))
        default: return pick(["a", "b", "metal", "world", "1", "-", "_"])
        }
    }

    private mutating func dottedKey(parts: Int) -> String {
        let separator = pick([".", " . ", ".\t"])
        let part = pick(["a", "b", "\"q\"", "'l'"])
        return Array(repeating: part, count: max(parts, 1)).joined(separator: separator)
    }

    private mutating func value(depth: Int) -> String {
        switch next() % 10 {
        case 0: return "\(Int64(truncatingIfNeeded: next() * 1_000_003 - 100_000))"
        case 1: return pick(["0.5", "1e3", "-0.0", "inf", "-inf", "nan", "1e309", "1_000.5", "0x7FFF_FFFF", "0o777", "0b1011"])
        case 2: return string()
        case 3: return pick(["true", "false"])
        case 4: return dateTime()
        case 5: return bigNumber()
        case 6 where depth < 6: return "[" + (0..<next() % 4).map { _ in value(depth: depth + 1) }.joined(separator: ", ") + "]"
        case 7 where depth < 6: return "{ " + (0..<next() % 4).map { _ in "\(key()) = \(value(depth: depth + 1))" }.joined(separator: ", ") + " }"
        default: return pick(["\"ImpactRigid\"", "\"collision\"", "\"speed\"", "[0, 10]", "[0.2, 1.0]"])
        }
    }

    private mutating func bigNumber() -> String {
        let digits = String(repeating: pick(["9", "1", "0"]), count: 1 + size(8))
        return pick(["", "-", "+", "0x", "0o", "0b"]) + digits + pick(["", ".5", "e999", "e-999", "_1"])
    }

    private mutating func dateTime() -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = pick(["1979", "2000", "1900", "2024", "2023", "0000", "9999", "197"])
        let month = two(next() % 14)
        let day = two(next() % 33)
        let date = "\(year)-\(month)-\(day)"
        let time = "\(two(next() % 26)):\(two(next() % 62)):\(two(next() % 62))" + pick(["", ".", ".999999", ".5"])
        let offset = pick(["", "Z", "z", "+01:00", "-07:00", "+24:00", "-00:60", "+1:00", "x", "."])
        switch next() % 6 {
        case 0: return date
        case 1: return time
        case 2: return date + pick(["T", "t", " ", "", "TT"]) + time + offset
        case 3: return "\(two(next() % 26)):\(two(next() % 62))"
        case 4: return date + "T"
        default: return date + "T" + time + offset + pick(["", "Z", "a", "."])
        }
    }

    private mutating func string() -> String {
        let control = pick(["", "\u{01}", "\u{7F}", "\t", "\u{1F}", "\r", "\u{0B}", "é", "\\u0000", "\\uD800", "\\U0010FFFF", "\\q"])
        let body = String(repeating: pick(["x", "\"", "'", "\\", " "]), count: size(32)) + control
        switch next() % 4 {
        case 0: return "\"\(body)\""
        case 1: return "'\(body)'"
        case 2: return "\"\"\"\n\(body)\n\"\"\""
        default: return "'''\n\(body)\n'''"
        }
    }

    private mutating func rule() -> String {
        var text = "[[rule]]\n"
        let event = pick(["collision", "footstep", "hit", "texture", "custom", "feedback", "nope"])
        text += "event = \"\(event)\"\n"
        for _ in 0..<next() % 6 {
            let key = pick(["pattern", "intensity", "sharpness", "cooldown", "coalesce", "priority", "trigger_bias",
                            "materials", "surface", "custom", "texture", "feedback", "category", "attenuation", "name"])
            text += "\(key) = \(value(depth: 0))\n"
        }
        return text
    }

    private mutating func chunk() -> [UInt8] {
        let count = min(next() % 32, bytes.count - index)
        guard count > 0 else { return [] }
        defer { index += count }
        return Array(bytes[index..<index + count])
    }

    // MARK: Event scripts

    mutating func script() -> String {
        var text = ""
        var lines = 0
        while !isAtEnd && lines < 64 {
            lines += 1
            let time = pick(["0", "0.5", "-0.0", "-1", "3600", "3600.0000001", "1e7", "100000", "1e300", "1e309", "-1e309",
                             "NaN", "Infinity", "5e-324", "1.7976931348623157e308", "\"1\"", "null", "[]"])
            let player = pick(["", ", \"player\": 0", ", \"player\": 63", ", \"player\": 64", ", \"player\": -1",
                               ", \"player\": 1e300", ", \"player\": 2.5", ", \"player\": null", ", \"player\": 9223372036854775807"])
            let event: String
            switch next() % 7 {
            case 0: event = "\"event\": \"collision\", \"massA\": \(pick(["40", "0", "-1", "1e308", "null"])), \"speed\": \(pick(["6", "1e300", "-5"]))"
            case 1: event = "\"event\": \"footstep\", \"surface\": \"metal\", \"speed\": \(pick(["2.5", "1e308"]))"
            case 2: event = "\"event\": \"hit\", \"damage\": \(pick(["10", "1e308"])), \"direction\": \(pick(["0.5", "[1, 0]", "[0, 0]", "[1e308, 1e308]"]))"
            case 3: event = "\"event\": \"texture\", \"id\": \(pick(["1", "\"rain\"", "1e15", "1e300", "-1"])), \"action\": \"\(pick(["start", "update", "stop", "go"]))\", \"value\": 0.5"
            case 4: event = "\"event\": \"custom\", \"name\": \"\(String(repeating: "n", count: size(64)))\""
            case 5: event = "\"event\": \"feedback\", \"kind\": \"\(pick(["success", "warning", "nope"]))\""
            default: event = "\"event\": \(pick(["1", "null", "\"\"", "{}"]))"
            }
            let nested = next() % 4 == 0 ? ", \"position\": " + String(repeating: "[", count: size(4)) + "1" + String(repeating: "]", count: size(4)) : ""
            text += "{\"time\": \(time), \(event)\(player)\(nested)}\n"
            if next() % 8 == 0 { text += pick(["", "// c", "# c", "{", "N", "Nope", "+1", ".5", "\u{FF}"]) + "\n" }
        }
        return text
    }
}
