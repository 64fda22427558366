// libFuzzer target: mapping config parsing (TOML reader and schema decoder) and event scripts
// (JSON Lines). Built by scripts/fuzz.sh together with every source file of the Haptics module.
//
// Each input is used twice: as text (mutated by libFuzzer with the dictionary toml.dict), and as
// a recipe for StructuredInput, which writes the shapes that random bytes rarely reach: dotted
// keys and headers of up to thousands of parts, arrays of tables, nested inline tables, long
// keys and strings, integers too large for 64 bits, date-times with every field in and out of
// range, control characters in every string kind, invalid UTF-8, and event lines with extreme
// times and players.
//
// Properties checked on every input, beyond "never crashes, never hangs":
// - every diagnostic points inside the text: 1 <= line <= lines in the input, column >= 1;
// - decoding is deterministic: the same input gives the same verdict and the same first diagnostic;
// - a config that decodes has only in-range values (intensity constants 0...1, cooldown 0...60,
//   trigger bias 0...1, material sharpness 0...1 and gain 0...2);
// - a date-time the reader accepts is valid by the calendar (checked independently here);
// - a script that parses has times 0...EventScript.maximumTime, non-decreasing, players 0...63.

import HapticsTOML

let presetNames = Set(BuiltInPresets.files.map(\.0))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfigParsing(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let buffer = UnsafeBufferPointer(start: data, count: size)
    checkConfig(String(decoding: buffer, as: UTF8.self))
    checkScript(String(decoding: buffer, as: UTF8.self))
    checkTOMLBytes(Array(buffer))
    var recipe = StructuredInput(buffer)
    checkConfig(recipe.config())
    recipe = StructuredInput(buffer)
    checkScript(recipe.script())
    recipe = StructuredInput(buffer)
    checkTOMLBytes(recipe.configBytes())
    return 0
}

func lineCount(_ text: String) -> Int { text.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 } }

func checkLocations(_ diagnostics: [ConfigDiagnostic], lines: Int) {
    for diagnostic in diagnostics {
        if diagnostic.location.line < 1 || diagnostic.location.line > lines || diagnostic.location.column < 1 {
            fatalError("diagnostic outside the text: \(diagnostic) (lines: \(lines))")
        }
    }
}

func checkConfig(_ text: String) {
    let lines = lineCount(text)
    func decode() -> Result<HapticMappingConfig, ConfigErrors> {
        Result { () throws(ConfigErrors) in try HapticMappingConfig.decode(text, patternExists: { presetNames.contains($0) }) }
    }
    switch (decode(), decode()) {
    case (.failure(let first), .failure(let second)):
        checkLocations(first.diagnostics, lines: lines)
        if first.diagnostics.first != second.diagnostics.first { fatalError("non-deterministic diagnostics") }
    case (.success(let config), .success):
        if config.rules.count > HapticMappingConfig.maximumRules { fatalError("more rules than the limit") }
        for rule in config.rules {
            if rule.cooldown < 0 || rule.cooldown > 60 || rule.triggerBias < 0 || rule.triggerBias > 1 { fatalError("rule out of range") }
            if case .linear = rule.intensity.curve.shape, rule.intensity.input == .constant,
               !(0...1).contains(rule.intensity.curve.outputLow) { fatalError("constant intensity out of range") }
        }
        for (_, material) in config.materials where !(0...1).contains(material.sharpness) || !(0...2).contains(material.gain) {
            fatalError("material out of range")
        }
    default:
        fatalError("the same config decoded differently twice")
    }
}

/// Bytes as a config file's are read: UTF-8 is checked first whatever the bytes (`FileReading.utf8Text`,
/// as `LoadedMapping` does), then the TOML reader reads the text; accepted date-times are valid by an
/// independent calendar check.
func checkTOMLBytes(_ bytes: [UInt8]) {
    let valid = String(validating: bytes, as: UTF8.self) != nil
    let text: String
    do {
        text = try FileReading.utf8Text(bytes)
        if !valid { fatalError("FileReading.utf8Text accepted invalid UTF-8") }
    } catch {
        // Valid UTF-8 that starts like UTF-16 (a NUL beside another byte) is refused as UTF-16.
        if valid && FileReading.otherEncoding(of: bytes) == nil { fatalError("FileReading.utf8Text refused UTF-8: \(error.message)") }
        if error.location.line < 1 || error.location.column < 1 || error.location.offset > bytes.count { fatalError("error outside the bytes: \(error.message)") }
        return
    }
    var reader = TOMLReader(text: text)
    do {
        let root = try reader.read()
        var pending = [root]
        var visited = 0
        while let table = pending.popLast(), visited < 10_000 {
            visited += 1
            for entry in table.entries { collect(entry.value, into: &pending) }
        }
    } catch {
        if error.location.line < 1 || error.location.column < 1 || error.location.offset > bytes.count { fatalError("error outside the bytes: \(error)") }
    }
}

func collect(_ value: TOMLValue, into pending: inout [TOMLTable]) {
    switch value.kind {
    case .table(let table): pending.append(table)
    case .array(let elements): for element in elements { collect(element, into: &pending) }
    case .dateTime(let text): checkAcceptedDateTime(text)
    default: break
    }
}

/// An accepted date-time's date and time fields are within the calendar (a check written apart
/// from TOMLDateTime, so a bug there cannot hide itself).
func checkAcceptedDateTime(_ text: String) {
    let bytes = Array(text.utf8)
    func field(_ from: Int, _ count: Int) -> Int? {
        guard from + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[from..<from + count] {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
    var timeStart = 0
    if bytes.count >= 10, bytes[4] == UInt8(ascii: "-") {
        guard let year = field(0, 4), let month = field(5, 2), let day = field(8, 2), (1...12).contains(month) else {
            fatalError("accepted a malformed date: \(text)")
        }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        if !(1...lengths[month - 1]).contains(day) { fatalError("accepted a day outside its month: \(text)") }
        if bytes.count == 10 { return }
        timeStart = 11
    }
    guard let hour = field(timeStart, 2), let minute = field(timeStart + 3, 2), let second = field(timeStart + 6, 2),
          hour < 24, minute < 60, second <= 60 else {
        fatalError("accepted a malformed time: \(text)")
    }
}

func checkScript(_ text: String) {
    let lines = lineCount(text)
    do {
        let script = try EventScript.parse(text)
        var last = 0.0
        for entry in script.entries {
            if !(entry.time >= last && entry.time <= EventScript.maximumTime) { fatalError("script time out of range: \(entry.time)") }
            if let player = entry.event.player, !(0...63).contains(player) { fatalError("player out of range: \(player)") }
            last = entry.time
        }
    } catch {
        checkLocations(error.diagnostics, lines: lines)
    }
}
