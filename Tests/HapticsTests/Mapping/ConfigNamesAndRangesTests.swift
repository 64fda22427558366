@_spi(HapticsTools) import Haptics
import Testing

/// Issue 31: every numeric key's refusal states the range in force (item 9: `falloff_distance =
/// 2000000` was "expected a distance > 0"), and a rule's name no post could carry is refused where it
/// is written (item 15: `action = ""`, a NUL, a 5,000-byte name passed `check`).
@Suite("Mapping config: stated ranges, names a post can carry")
struct ConfigNamesAndRangesTests {
    func errors(_ text: String) -> [ConfigDiagnostic] {
        do {
            _ = try LoadedMapping.load(text: text, file: "test.toml", presets: .builtIn())
            return []
        } catch {
            return error.diagnostics
        }
    }

    /// Every number key that has a range (not a curve's or a trigger's 0...1 values, which say theirs):
    /// where it goes in a config, and its range.
    static var numberKeys: [(name: String, range: ClosedRange<Double>, config: @Sendable (String) -> String)] { [
        ("walker_weight", 0.001...100_000, { "[defaults]\nwalker_weight = \($0)\n" }),
        ("sharpness", 0...1, { "[materials.metal]\nsharpness = \($0)\n" }),
        ("gain", 0...2, { "[materials.metal]\ngain = \($0)\n" }),
        ("inner_radius", 0...1_000_000, { "[attenuation.near]\nfalloff_distance = 5\ninner_radius = \($0)\n" }),
        ("falloff_distance", 0.000001...1_000_000, { "[attenuation.near]\nfalloff_distance = \($0)\n" }),
        ("trigger_bias", 0...1, { "[[rule]]\nevent = \"hit\"\npattern = \"ImpactHeavy\"\ntrigger_bias = \($0)\n" }),
        ("cooldown", 0...60, { "[[rule]]\nevent = \"hit\"\npattern = \"ImpactHeavy\"\ncooldown = \($0)\n" }),
        ("exponent", 0.01...100, { "[[rule]]\nevent = \"hit\"\npattern = \"ImpactHeavy\"\nintensity = { input = \"damage\", curve = \"power\", exponent = \($0) }\n" }),
        ("sensitivity", AudioHapticsOptions.sensitivityRange, { Self.analysis("sensitivity", $0) }),
        ("minimum_gap", AudioHapticsOptions.minimumGapRange, { Self.analysis("minimum_gap", $0) }),
        ("smoothing", AudioHapticsOptions.smoothingRange, { Self.analysis("smoothing", $0) }),
        ("points_per_second", AudioHapticsOptions.pointsPerSecondRange, { Self.analysis("points_per_second", $0) }),
        ("tolerance", AudioHapticsOptions.curveToleranceRange, { Self.analysis("tolerance", $0) }),
        ("silence_db", AudioHapticsOptions.silenceDecibelsRange, { Self.analysis("silence_db", $0) }),
    ] }

    /// A rule with a `.wav` pattern that does not exist (its own error) and one analysis setting.
    static func analysis(_ key: String, _ value: String) -> String {
        "[[rule]]\nevent = \"hit\"\npattern = \"ImpactHeavy\"\nanalysis = { \(key) = \(value) }\n"
    }

    /// How the messages write a number (the readers' `format`).
    static func format(_ number: Double) -> String { number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : "\(number)" }

    static func text(_ number: Double) -> String { number == number.rounded() && abs(number) < 1e15 ? "\(Int64(number)).0" : "\(number)" }

    @Test("every number key: its ends load, a step past either end is refused with the range itself in the message")
    func statedRanges() {
        for key in Self.numberKeys {
            let stated = "\(Self.format(key.range.lowerBound))...\(Self.format(key.range.upperBound))"
            for edge in [key.range.lowerBound, key.range.upperBound] {
                let found = errors(key.config(Self.text(edge))).filter { $0.path.hasSuffix(key.name) }
                #expect(found.isEmpty, "\(key.name) = \(edge): \(found.map(\.message))")
            }
            let step = max((key.range.upperBound - key.range.lowerBound) * 1e-3, 1e-9)
            for outside in [key.range.lowerBound - step, key.range.upperBound + step] {
                let found = errors(key.config(Self.text(outside))).filter { $0.path.hasSuffix(key.name) }
                #expect(found.count == 1 && found[0].message.contains("is out of range: expected") && found[0].message.contains(stated),
                        "\(key.name) = \(outside): \(found.map(\.message)) should state \(stated)")
            }
            let typed = errors(key.config("\"x\"")).filter { $0.path.hasSuffix(key.name) }
            #expect(typed.first?.message.contains(stated) == true, "\(key.name) = \"x\": \(typed.map(\.message))")
        }
    }

    @Test("the issue's two: falloff_distance = 2000000 and inner_radius = -1")
    func issueRanges() {
        let falloff = errors("[attenuation.near]\nfalloff_distance = 2000000\n")
        #expect(falloff.first?.message == "2000000 is out of range: expected a distance (world units) in 1e-06...1000000", "\(falloff.map(\.message))")
        #expect(falloff.first?.location.line == 2 && falloff.first?.path == "attenuation.near.falloff_distance")
        let inner = errors("[attenuation.near]\nfalloff_distance = 5\ninner_radius = -1\n")
        #expect(inner.first?.message == "-1 is out of range: expected a distance (world units) in 0...1000000", "\(inner.map(\.message))")
    }

    @Test("a name no post can carry is refused where it is written", arguments: [
        ("action = \"\"", "action", "expected a name, found an empty string"),
        ("action = \"ju\\u0000mp\"", "action", "without a NUL character"),
        ("action = \"jump\"\ntag = \"\"", "tag", "expected a name, found an empty string"),
    ])
    func unpostableNames(line: String, key: String, phrase: String) {
        let found = errors("[[rule]]\nevent = \"action\"\npattern = \"ImpactHeavy\"\n\(line)\n")
        #expect(found.count == 1 && found[0].path == "rule[0].\(key)" && found[0].message.contains(phrase), "\(found.map(\.message))")
        #expect(found.first?.location.line == (key == "tag" ? 5 : 4))
    }

    @Test("names of every kind: 4,096 bytes load, 4,097 are refused; materials too")
    func nameLengths() {
        let longest = String(repeating: "n", count: MappingRule.maximumNameBytes)
        for (event, key) in [("action", "action"), ("custom", "custom"), ("texture", "texture"), ("footstep", "surface")] {
            #expect(errors("[[rule]]\nevent = \"\(event)\"\npattern = \"ImpactHeavy\"\n\(key) = \"\(longest)\"\n").isEmpty)
            let found = errors("[[rule]]\nevent = \"\(event)\"\npattern = \"ImpactHeavy\"\n\(key) = \"\(longest)x\"\n")
            #expect(found.count == 1 && found[0].path == "rule[0].\(key)"
                    && found[0].message.contains("at most 4096 UTF-8 bytes (the longest a post can carry, SDLH_MAX_STRING_BYTES), found 4097"),
                    "\(found.map(\.message))")
        }
        let pair = errors("[[rule]]\nevent = \"collision\"\npattern = \"ImpactHeavy\"\nmaterials = [\"\", \"*\"]\n")
        #expect(pair.count == 1 && pair[0].path == "rule[0].materials[0]", "\(pair.map(\.path))")
        let table = errors("[materials.\"\"]\nsharpness = 0.5\n")
        #expect(table.count == 1 && table[0].message.contains("empty string"), "\(table.map(\.message))")
    }
}
