import HapticsTOML

/// A rule's `trigger_effect` (docs/config.md, "Adaptive triggers"): a side, a mode, and the parameters
/// that mode reads (`TriggerEffectRule.Mode.required` and `optional`), each a number in 0...1 or a
/// curve, or ten numbers for the positional modes. Which keys apply depends on the mode, so after the
/// table of keys comes the order they are read in.
extension ConfigSchema {
    static let triggerEffect = SchemaSection<Void>("trigger_effect", keys: [
        SchemaKey("side", type: "string", range: .names(TriggerEffectRule.Side.allCases.map(\.rawValue)), default: .text("required")) { _, _, _ in },
        SchemaKey("mode", type: "string", range: .names(TriggerEffectRule.Mode.allCases.map(\.rawValue)), default: .text("required")) { _, _, _ in },
        parameter("start"), parameter("end"), parameter("strength"), parameter("amplitude"), parameter("frequency"),
        parameter("start_strength"), parameter("end_strength"), positions("strengths"), positions("amplitudes"),
    ])

    /// A scalar parameter: a number in 0...1 or a curve; its default says which modes need it.
    private static func parameter(_ name: String) -> SchemaKey<Void> {
        SchemaKey(name, type: "number or curve", range: .numbers(0...1, unit: nil), default: .text(modesText(name))) { _, _, _ in }
    }

    /// The ten values of a positional mode.
    private static func positions(_ name: String) -> SchemaKey<Void> {
        SchemaKey(name, type: "ten numbers", range: .numbers(0...1, unit: nil), default: .text(modesText(name))) { _, _, _ in }
    }

    /// "required by weapon, slopeFeedback; 0 for feedback, vibration": which modes read `key`, and how.
    static func modesText(_ key: String) -> String {
        let needing = TriggerEffectRule.Mode.allCases.filter { $0.required.contains(key) }.map(\.rawValue)
        let optional = TriggerEffectRule.Mode.allCases.filter { $0.optional.contains(key) }.map(\.rawValue)
        var text = "required by " + needing.joined(separator: ", ")
        if !optional.isEmpty { text += "; 0 for " + optional.joined(separator: ", ") }
        return text
    }

    /// `trigger_effect = { side = "right", mode = "weapon", start = 0.2, end = 0.6, strength = 0.9 }` at
    /// `value` (the path ends with `trigger_effect`); nil after reporting every problem found.
    mutating func triggerEffect(_ value: TOMLValue, event: EventKindName) -> TriggerEffectRule? {
        guard case .table(let settings) = value.kind else {
            reader.fail(.schema, at: value, "expected a table such as { side = \"right\", mode = \"feedback\", start = 0.2, strength = 0.8 }, found \(value.typeDescription)")
            return nil
        }
        let before = reader.reportedCount
        let keys = Self.triggerEffect.listed
        reader.unknownKeys(in: settings.entries, allowed: keys)
        let modes = TriggerEffectRule.Mode.allCases.map { ($0.rawValue, $0) }
        guard let modeEntry = settings.entry("mode") else {
            reader.report(.error, .schema, at: SourceLocation(settings.location),
                          "a trigger effect needs 'mode' (one of \(modes.map(\.0).joined(separator: ", ")))")
            return nil
        }
        guard let modeName = descend(into: "mode", { $0.string(modeEntry.value) }),
              let mode = descend(into: "mode", { $0.choice(modeName, at: modeEntry.value, among: modes, what: "trigger effect mode") })
        else { return nil }
        var side = TriggerEffectRule.Side.right
        if let sideEntry = settings.entry("side") {
            if let name = descend(into: "side", { $0.string(sideEntry.value) }),
               let parsed = descend(into: "side", { $0.choice(name, at: sideEntry.value, among: TriggerEffectRule.Side.allCases.map { ($0.rawValue, $0) }, what: "side") }) {
                side = parsed
            }
        } else {
            reader.report(.error, .schema, at: SourceLocation(settings.location), "a trigger effect needs 'side' (left, right or both)")
        }
        var rule = TriggerEffectRule(side: side, mode: mode)
        let reads = mode.required + mode.optional
        for entry in settings.entries where entry.key != "side" && entry.key != "mode" && keys.contains(entry.key) && !reads.contains(entry.key) {
            descend(into: entry.key) {
                $0.reader.fail(.schema, atKeyOf: entry, "'\(entry.key)' does not apply to mode \(mode.rawValue)"
                               + (reads.isEmpty ? " (it takes no parameters)" : " (it reads: \(reads.joined(separator: ", ")))"))
            }
        }
        for key in mode.required where settings.entry(key) == nil {
            let wanted = key.hasSuffix("s") && key != "start_strength" ? "ten numbers in 0...1, one per trigger position" : "a number in 0...1 or a curve"
            reader.report(.error, .schema, at: SourceLocation(settings.location), "mode \(mode.rawValue) needs '\(key)' (\(wanted))")
        }
        for key in reads {
            guard let entry = settings.entry(key) else { continue }
            descend(into: key) { schema in
                if key == "strengths" || key == "amplitudes" {
                    guard let numbers = Self.unitNumbers(entry.value), numbers.count == AdaptiveTrigger.PositionalValues.count else {
                        schema.reader.fail(.schema, at: entry.value, "expected ten numbers in 0...1, one per trigger position (0: released ... 9: fully pressed)")
                        return
                    }
                    for index in numbers.indices { rule.positions[index] = numbers[index] }
                    return
                }
                guard let source = schema.valueSource(entry.value, event: event, outputRange: 0...1) else { return }
                switch key {
                case "start": rule.start = source
                case "end": rule.end = source
                case "strength": rule.strength = source
                case "amplitude": rule.amplitude = source
                case "frequency": rule.frequency = source
                case "start_strength": rule.startStrength = source
                case "end_strength": rule.endStrength = source
                default: break
                }
            }
        }
        return reader.reportedCount == before ? rule : nil
    }

    /// The numbers of an array whose every element is a number in 0...1, else nil.
    static func unitNumbers(_ value: TOMLValue) -> [Double]? {
        guard let array = value.array else { return nil }
        var numbers: [Double] = []
        for item in array {
            guard let number = item.number, number.isFinite, number >= 0, number <= 1 else { return nil }
            numbers.append(number)
        }
        return numbers
    }
}
