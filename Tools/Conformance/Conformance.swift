// The readers against the public conformance suites (issue 34; `make conformance`): toml-test's TOML 1.0 cases
// (its `tests` folder: `files-toml-1.0.0` lists them; a valid case must read, with the values its `.json`
// gives, an invalid one must be refused) and JSONTestSuite's `test_parsing` (`y_` files must read without a
// leniency, `n_` files must be refused or need one). Neither suite is in this repository: pass their folders.
// A config's bytes are read as a game's are: UTF-8 checked by the core (`FileReading.utf8Text`), then the TOML
// reader. Prints every case that fails and a summary; exits 1 unless every case passes.
//
//     haptics-conformance TOML_TEST_TESTS_FOLDER JSONTESTSUITE_TEST_PARSING_FOLDER
import Foundation
@_spi(HapticsTools) import Haptics
import HapticsJSON
import HapticsTOML

/// A TOML value as toml-test's expected JSON states it: each scalar with its type, date-times as text.
indirect enum Neutral: Equatable {
    case string(String), integer(Int64), float(Double), bool(Bool), datetime(String)
    case array([Neutral]), table([String: Neutral])
}

/// Floats compare by value, every NaN equal to every NaN (toml-test writes "nan" for any sign).
func floatEqual(_ a: Double, _ b: Double) -> Bool { (a.isNaN && b.isNaN) || a == b }

/// Two trees equal value by value (tables whatever their key order).
func equal(_ a: Neutral, _ b: Neutral) -> Bool {
    switch (a, b) {
    case (.float(let x), .float(let y)): return floatEqual(x, y)
    case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy(equal)
    case (.table(let x), .table(let y)): return x.count == y.count && x.allSatisfy { k, v in y[k].map { equal(v, $0) } ?? false }
    default: return a == b
    }
}

/// A date-time as toml-test compares them: `T` between date and time, `Z` upper case, the seconds'
/// fraction without trailing zeros.
func normalizeDateTime(_ text: String) -> String {
    var t = text
    if t.count > 10 {
        let i = t.index(t.startIndex, offsetBy: 10)
        if t[i] == " " || t[i] == "t" { t.replaceSubrange(i...i, with: "T") }
    }
    if t.hasSuffix("z") { t = String(t.dropLast()) + "Z" }
    // Fractions of a second compare by value: ".6" is ".600".
    if let dot = t.firstIndex(of: ".") {
        var end = t.index(after: dot)
        while end < t.endIndex, t[end].isNumber { end = t.index(after: end) }
        var digits = String(t[t.index(after: dot)..<end])
        while digits.hasSuffix("0") { digits.removeLast() }
        t = String(t[..<dot]) + (digits.isEmpty ? "" : "." + digits) + String(t[end...])
    }
    return t
}

/// toml-test's type of a date-time written as `text`.
func dateKind(_ text: String) -> String {
    let t = normalizeDateTime(text)
    if t.count == 10 && t.contains("-") { return "date-local" }
    if !t.contains("-") || (t.count >= 3 && Array(t)[2] == ":") { return "time-local" }
    if t.hasSuffix("Z") || t.dropFirst(19).contains("+") || t.dropFirst(19).contains("-") { return "datetime" }
    return "datetime-local"
}

/// The tree a toml-test `.json` file states.
func expected(_ any: Any) -> Neutral? {
    if let array = any as? [Any] { return .array(array.compactMap(expected)) }
    guard let dict = any as? [String: Any] else { return nil }
    if dict.count == 2, let type = dict["type"] as? String, let value = dict["value"] as? String {
        switch type {
        case "string": return .string(value)
        case "integer": return Int64(value).map(Neutral.integer)
        case "float":
            switch value {
            case "inf", "+inf": return .float(.infinity)
            case "-inf": return .float(-.infinity)
            case "nan", "+nan", "-nan": return .float(.nan)
            default: return Double(value).map(Neutral.float)
            }
        case "bool": return .bool(value == "true")
        case "datetime", "datetime-local", "date-local", "time-local": return .datetime(type + " " + normalizeDateTime(value))
        default: return nil
        }
    }
    var table: [String: Neutral] = [:]
    for (k, v) in dict { table[k] = expected(v) }
    return .table(table)
}

/// The tree the TOML reader read.
func neutral(_ value: TOMLValue) -> Neutral {
    switch value.kind {
    case .string(let s): return .string(s)
    case .integer(let i): return .integer(i)
    case .float(let d): return .float(d)
    case .boolean(let b): return .bool(b)
    case .dateTime(let t): return .datetime(dateKind(t) + " " + normalizeDateTime(t))
    case .array(let a): return .array(a.map(neutral))
    case .table(let t): return neutral(t)
    }
}

func neutral(_ table: TOMLTable) -> Neutral {
    var result: [String: Neutral] = [:]
    for entry in table.entries { result[entry.key] = neutral(entry.value) }
    return .table(result)
}

/// A config's bytes read as a game reads them: UTF-8 checked first, then the TOML reader; nil when refused.
func readTOMLFile(_ bytes: [UInt8]) -> Neutral? {
    guard let text = try? FileReading.utf8Text(bytes) else { return nil }
    var reader = TOMLReader(text: text)
    guard let root = try? reader.read() else { return nil }
    return neutral(root)
}

/// Whether the JSON reader reads `bytes` as RFC 8259 JSON: no error, and neither leniency it allows AHAP files
/// (a trailing comma, a comment). Duplicate keys are JSON (JSONTestSuite's `y_object_duplicated_key`).
func readJSONStrict(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
        var reader = JSONReader(bytes: buffer, maximumDepth: 100)
        guard (try? reader.readDocument()) != nil else { return false }
        return !reader.leniencies.contains { leniency, _ in
            if case .duplicateKey = leniency { return false }
            return true
        }
    }
}

@main
struct Conformance {
    static func main() throws {
        let args = CommandLine.arguments
        guard args.count == 3 else {
            FileHandle.standardError.write(Data("usage: haptics-conformance TOML_TEST_TESTS_FOLDER JSONTESTSUITE_TEST_PARSING_FOLDER\n".utf8))
            exit(2)
        }
        let tomlRoot = args[1], jsonRoot = args[2]
        func refuse(_ message: String) -> Never {
            FileHandle.standardError.write(Data("haptics-conformance: \(message)\n".utf8))
            exit(2)
        }
        guard let listText = try? String(contentsOfFile: tomlRoot + "/files-toml-1.0.0", encoding: .utf8) else {
            refuse("no \(tomlRoot)/files-toml-1.0.0: give toml-test's tests folder (the one that holds files-toml-1.0.0, valid/ and invalid/)")
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: jsonRoot).sorted(), names.contains(where: { $0.hasPrefix("y_") }) else {
            refuse("no y_*.json in \(jsonRoot): give JSONTestSuite's test_parsing folder")
        }
        let list = listText.split(separator: "\n")
        var validOK = 0, validAccepted = 0, validTotal = 0, invalidOK = 0, invalidTotal = 0
        for entry in list where entry.hasSuffix(".toml") {
            let path = tomlRoot + "/" + entry
            let bytes = [UInt8](FileManager.default.contents(atPath: path)!)
            let result = readTOMLFile(bytes)
            if entry.hasPrefix("valid/") {
                validTotal += 1
                guard let tree = result else { print("valid refused: \(entry)"); continue }
                validAccepted += 1
                let json = try JSONSerialization.jsonObject(with: FileManager.default.contents(atPath: String(path.dropLast(5)) + ".json")!)
                if let want = expected(json), equal(tree, want) { validOK += 1 } else { print("valid value differs: \(entry)") }
            } else {
                invalidTotal += 1
                if result == nil { invalidOK += 1 } else { print("invalid accepted: \(entry)") }
            }
        }
        print("toml-test 1.0: valid accepted \(validAccepted)/\(validTotal), values equal \(validOK)/\(validTotal); invalid refused \(invalidOK)/\(invalidTotal)")
        var y = 0, yTotal = 0, n = 0, nTotal = 0
        for name in names where name.hasSuffix(".json") {
            let bytes = [UInt8](FileManager.default.contents(atPath: jsonRoot + "/" + name)!)
            let accepted = readJSONStrict(bytes)
            if name.hasPrefix("y_") { yTotal += 1; if accepted { y += 1 } else { print("y refused: \(name)") } }
            if name.hasPrefix("n_") { nTotal += 1; if !accepted { n += 1 } else { print("n accepted: \(name)") } }
        }
        print("JSONTestSuite strict: y accepted \(y)/\(yTotal), n refused \(n)/\(nTotal)")
        let passed = validOK == validTotal && invalidOK == invalidTotal && y == yTotal && n == nTotal && validTotal > 0 && yTotal > 0
        exit(passed ? 0 : 1)
    }
}
