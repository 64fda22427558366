// libFuzzer target: mapping config parsing (TOML reader and schema decoder) and event scripts
// (JSON Lines). Built by scripts/fuzz.sh together with every source file of the Haptics module.
//
// Properties checked on every input, beyond "never crashes, never hangs":
// - every diagnostic points inside the text: 1 <= line <= lines in the input, column >= 1;
// - decoding is deterministic: the same input gives the same verdict and the same first diagnostic;
// - a config that decodes has only in-range values (intensity constants 0...1, cooldown 0...60,
//   trigger bias 0...1, material sharpness 0...1 and gain 0...2).

let presetNames = Set(BuiltInPresets.files.map(\.0))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfigParsing(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
    func check(_ diagnostics: [ConfigDiagnostic]) {
        for diagnostic in diagnostics {
            if diagnostic.location.line < 1 || diagnostic.location.line > lineCount || diagnostic.location.column < 1 {
                fatalError("diagnostic outside the text: \(diagnostic) (lines: \(lineCount))")
            }
        }
    }
    func decode() -> Result<HapticMappingConfig, ConfigErrors> {
        Result { () throws(ConfigErrors) in try HapticMappingConfig.decode(text, patternExists: { presetNames.contains($0) }) }
    }
    switch (decode(), decode()) {
    case (.failure(let first), .failure(let second)):
        check(first.diagnostics)
        if first.diagnostics.first != second.diagnostics.first { fatalError("non-deterministic diagnostics") }
    case (.success(let config), .success):
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
    do {
        _ = try EventScript.parse(text)
    } catch {
        check(error.diagnostics)
    }
    return 0
}
