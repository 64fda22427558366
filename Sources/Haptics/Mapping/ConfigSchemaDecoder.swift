/// Reads a TOML tree into a `HapticMappingConfig`, collecting every problem with its position
/// instead of stopping at the first. The schema it checks is documented in docs/config.md; keep
/// the two in step. Load-time only.
struct ConfigSchemaDecoder {
    let file: String
    let patternExists: (String) -> Bool
    var diagnostics: [ConfigDiagnostic] = []
    /// Every existing `pattern` a `[[rule]]` names, in file order, also for rules with other errors,
    /// so that the loader checks pattern files in the same pass as the schema.
    var patternReferences: [PatternReference] = []

    static let rootKeys = ["version", "defaults", "materials", "attenuation", "rule"]
    static let defaultsKeys = ["walker_weight"]
    static let materialKeys = ["sharpness", "gain"]
    static let attenuationKeys = ["shape", "inner_radius", "falloff_distance"]
    static let ruleKeys = ["name", "event", "materials", "surface", "tag", "custom", "action", "texture", "feedback",
                           "critical", "received", "pattern", "intensity", "sharpness", "attenuation",
                           "trigger_bias", "trigger_effect", "cooldown", "coalesce", "priority", "category", "analysis"]
    static let analysisKeys = ["sensitivity", "minimum_gap", "smoothing", "max_points", "points_per_second", "tolerance",
                               "silence_db", "transients", "continuous", "with_audio"]
    static let sourceKeys = ["input", "curve", "input_range", "output_range", "clamp", "exponent", "points", "value"]
    static let curveNames = ["linear", "power", "log", "table"]
    static let categoryNames: [String: HapticCategory] = [
        "ui": .ui, "impact": .impact, "footstep": .footstep, "texture": .texture,
        "notification": .notification, "custom": .custom,
    ]
    /// Which match keys each event kind accepts.
    static let matchKeys: [EventKindName: Set<String>] = [
        .collision: ["materials", "tag"], .footstep: ["surface", "tag"], .hit: ["critical", "received", "tag"],
        .texture: ["texture", "tag"], .custom: ["custom", "tag"], .feedback: ["feedback", "tag"],
        .action: ["action", "tag"],
    ]

    init(file: String, patternExists: @escaping (String) -> Bool) {
        self.file = file
        self.patternExists = patternExists
    }

    mutating func decodeRoot(_ root: TOMLTable) -> HapticMappingConfig {
        var config = HapticMappingConfig()
        checkKeys(root, allowed: Self.rootKeys, path: .root)
        if let entry = root.entry("version") {
            if case .integer(let version) = entry.value.kind {
                if version != 1 { report(entry.value.location, .root.appending("version"), "unsupported version \(version): expected 1") }
            } else {
                report(entry.value.location, .root.appending("version"), "expected an integer (1), found \(entry.value.schemaDescription)")
            }
        }
        let defaultsPath = DocumentPath.root.appending("defaults")
        if let defaults = table(root, "defaults", path: defaultsPath) {
            checkKeys(defaults, allowed: Self.defaultsKeys, path: defaultsPath)
            config.defaultWalkerWeight = number(defaults, "walker_weight", path: defaultsPath, range: 0.001...100_000,
                                                what: "a weight (kg)") ?? 70
        }
        namedTables(root, "materials", expected: "a table such as { sharpness = 0.8, gain = 1.0 }") { decoder, name, material, path in
            decoder.checkKeys(material, allowed: Self.materialKeys, path: path)
            guard decoder.checkName(name, at: material.location, path) else { return }
            config.materials[name] = MaterialSettings(
                sharpness: decoder.number(material, "sharpness", path: path, range: 0...1, what: "a sharpness") ?? 0.5,
                gain: decoder.number(material, "gain", path: path, range: 0...2, what: "a gain") ?? 1)
        }
        namedTables(root, "attenuation", expected: "a table with shape, inner_radius and falloff_distance") { decoder, name, settings, path in
            if let attenuation = decoder.decodeAttenuation(settings, path: path) { config.attenuations[name] = attenuation }
        }
        if let entry = root.entry("rule") {
            guard case .array(let elements) = entry.value.kind else {
                report(entry.value.location, .root.appending("rule"), "expected rules written as [[rule]] tables, found \(entry.value.schemaDescription)")
                return config
            }
            if elements.count > HapticMappingConfig.maximumRules {
                let extra = elements[HapticMappingConfig.maximumRules]
                report(extra.location, DocumentPath.root.appending("rule").appending(index: HapticMappingConfig.maximumRules),
                       "expected at most \(HapticMappingConfig.maximumRules) rules, found \(elements.count)")
                return config
            }
            for (index, element) in elements.enumerated() {
                let path = DocumentPath.root.appending("rule").appending(index: index)
                guard case .table(let table) = element.kind else {
                    report(element.location, path, "expected a table, found \(element.schemaDescription)")
                    continue
                }
                if let rule = decodeRule(table, path: path, config: config) { config.rules.append(rule) }
            }
        }
        return config
    }

    // MARK: Rules

    mutating func decodeRule(_ table: TOMLTable, path: DocumentPath, config: HapticMappingConfig) -> MappingRule? {
        let before = diagnostics.count
        checkKeys(table, allowed: Self.ruleKeys, path: path)
        guard let eventEntry = table.entry("event") else {
            report(table.location, path, "a rule needs 'event' (one of \(EventKindName.allCases.map(\.rawValue).joined(separator: ", ")))")
            notePattern(table, path: path)
            return nil
        }
        guard let eventName = eventEntry.value.string else {
            report(eventEntry.value.location, path.appending("event"), "expected a string, found \(eventEntry.value.schemaDescription)")
            notePattern(table, path: path)
            return nil
        }
        guard let event = EventKindName(rawValue: eventName) else {
            report(eventEntry.value.location, path.appending("event"),
                   "unknown event kind '\(eventName)': expected one of \(EventKindName.allCases.map(\.rawValue).joined(separator: ", "))",
                   suggestion: Spelling.suggestion(for: eventName, among: EventKindName.allCases.map(\.rawValue)))
            notePattern(table, path: path)
            return nil
        }
        // Match keys that do not apply to this event kind.
        let allowedMatches = Self.matchKeys[event] ?? []
        for key in ["materials", "surface", "custom", "action", "texture", "feedback", "critical", "received"]
        where !allowedMatches.contains(key) {
            if let entry = table.entry(key) {
                report(entry.keyLocation, path.appending(key),
                       "'\(key)' does not apply to \(event.rawValue) events (they match on: \(allowedMatches.sorted().joined(separator: ", ")))")
            }
        }

        var match = MappingRule.Match()
        if let entry = table.entry("materials"), event == .collision {
            if let pair = entry.value.array, pair.count == 2, let a = pair[0].string, let b = pair[1].string {
                let here = path.appending("materials")
                if checkName(a, at: pair[0].location, here.appending(index: 0)), checkName(b, at: pair[1].location, here.appending(index: 1)) {
                    match.materials = (a, b)
                }
            } else {
                report(entry.value.location, path.appending("materials"), "expected two material names, such as [\"metal\", \"*\"] (\"*\" matches any)")
            }
        }
        if event == .footstep { match.surface = matchName(table, "surface", path: path) }
        if event == .custom { match.name = matchName(table, "custom", path: path) }
        if event == .action { match.action = matchName(table, "action", path: path) }
        if event == .texture { match.textureKind = matchName(table, "texture", path: path) }
        if event == .feedback, let name = string(table, "feedback", path: path) {
            if HapticFeedback(name: name) == nil, let entry = table.entry("feedback") {
                report(entry.value.location, path.appending("feedback"), "unknown feedback case '\(name)'",
                       suggestion: Spelling.suggestion(for: name, among: HapticFeedback.names))
            }
            match.feedback = name
        }
        if event == .hit {
            match.critical = boolean(table, "critical", path: path)
            match.received = boolean(table, "received", path: path)
        }
        match.tag = matchName(table, "tag", path: path)

        let defaultCategory: HapticCategory
        switch event {
        case .collision, .hit: defaultCategory = .impact
        case .footstep: defaultCategory = .footstep
        case .texture: defaultCategory = .texture
        case .custom, .action: defaultCategory = .custom
        case .feedback: defaultCategory = .notification
        }

        var pattern = ""
        var patternFound = false
        if table.entry("pattern") != nil {
            (pattern, patternFound) = patternName(table, path: path)
        } else if event != .feedback && table.entry("trigger_effect") == nil {
            report(table.location, path, "a rule needs 'pattern' (a preset name such as ImpactHeavy, or a .ahap file) or 'trigger_effect'")
        }

        let intensity = valueSource(table, "intensity", path: path, event: event, outputRange: 0...1)
            ?? defaultIntensity(for: event)
        let sharpness = table.entry("sharpness") == nil ? nil
            : valueSource(table, "sharpness", path: path, event: event, outputRange: -1...1)

        var rule = MappingRule(name: string(table, "name", path: path) ?? "\(event.rawValue) rule at line \(table.location.line)",
                               event: event, pattern: pattern, intensity: intensity, category: defaultCategory)
        rule.match = match
        rule.sharpness = sharpness
        rule.location = table.location
        rule.patternLocation = table.entry("pattern")?.value.location
        if let entry = table.entry("attenuation") {
            switch entry.value.kind {
            case .string(let name):
                if let attenuation = config.attenuations[name] {
                    rule.attenuation = attenuation
                } else {
                    report(entry.value.location, path.appending("attenuation"),
                           "no [attenuation.\(name)] table" + (config.attenuations.isEmpty ? " (none is defined)" : ": defined are \(config.attenuations.keys.sorted().joined(separator: ", "))"),
                           suggestion: Spelling.suggestion(for: name, among: config.attenuations.keys))
                }
            case .table(let settings):
                rule.attenuation = decodeAttenuation(settings, path: path.appending("attenuation"))
            default:
                report(entry.value.location, path.appending("attenuation"),
                       "expected the name of an [attenuation.NAME] table or an inline table, found \(entry.value.schemaDescription)")
            }
        }
        if let entry = table.entry("analysis") {
            if case .table(let settings) = entry.value.kind {
                if !pattern.lowercased().hasSuffix(".wav") {
                    report(entry.keyLocation, path.appending("analysis"), "'analysis' applies to a .wav pattern only; this rule's pattern is '\(pattern)'")
                }
                decodeAnalysis(settings, path: path.appending("analysis"), into: &rule)
            } else {
                report(entry.value.location, path.appending("analysis"),
                       "expected an inline table such as { sensitivity = 0.5, max_points = 16 }, found \(entry.value.typeDescription)")
            }
        }
        rule.triggerBias = number(table, "trigger_bias", path: path, range: 0...1, what: "a share") ?? 0
        if let entry = table.entry("trigger_effect") {
            rule.triggerEffect = triggerEffect(entry.value, path: path.appending("trigger_effect"), event: event)
        }
        rule.cooldown = number(table, "cooldown", path: path, range: 0...60, what: "seconds") ?? 0
        rule.coalesce = boolean(table, "coalesce", path: path) ?? true
        if let entry = table.entry("priority") {
            if case .integer(let value) = entry.value.kind, abs(value) <= 1_000_000 {
                rule.priority = Int(value)
            } else {
                report(entry.value.location, path.appending("priority"), "expected an integer in -1000000...1000000, found \(describe(entry.value))")
            }
        }
        if let name = string(table, "category", path: path) {
            if let category = Self.categoryNames[name] {
                rule.category = category
            } else if let entry = table.entry("category") {
                report(entry.value.location, path.appending("category"),
                       "unknown category '\(name)': expected one of \(Self.categoryNames.keys.sorted().joined(separator: ", "))",
                       suggestion: Spelling.suggestion(for: name, among: Self.categoryNames.keys))
            }
        }
        let accepted = diagnostics.count == before
        if patternFound {
            patternReferences.append(PatternReference(element: path.lastIndex ?? 0, rule: accepted ? config.rules.count : nil,
                                                      name: pattern, location: rule.patternLocation ?? table.location,
                                                      analysis: rule.analysis, withAudio: rule.playsSound))
        }
        return accepted ? rule : nil
    }

    /// The rule's `pattern` value and whether it names an existing preset or file; reports a value
    /// that is not a non-empty string, or names nothing.
    mutating func patternName(_ table: TOMLTable, path: DocumentPath) -> (name: String, exists: Bool) {
        guard let entry = table.entry("pattern") else { return ("", false) }
        guard let name = entry.value.string, !name.isEmpty else {
            report(entry.value.location, path.appending("pattern"), "expected a preset name or an AHAP file path, found \(entry.value.schemaDescription)")
            return ("", false)
        }
        guard patternExists(name) else {
            report(entry.value.location, path.appending("pattern"),
                   "no preset or AHAP file named '\(EchoedText.shortened(name))' (a preset name such as ImpactHeavy, or a .ahap or .wav path relative to the config's folder)")
            return (name, false)
        }
        return (name, true)
    }

    /// For a rule refused before its pattern is read (no or an unknown event kind): checks its
    /// `pattern` too, and notes it (with the default analysis options) so its file is checked.
    mutating func notePattern(_ table: TOMLTable, path: DocumentPath) {
        let (name, exists) = patternName(table, path: path)
        guard exists, let entry = table.entry("pattern") else { return }
        patternReferences.append(PatternReference(element: path.lastIndex ?? 0, rule: nil, name: name, location: entry.value.location,
                                                  analysis: AudioHapticsOptions(), withAudio: false))
    }

    static let triggerEffectKeys = ["side", "mode", "start", "end", "strength", "amplitude", "frequency",
                                    "start_strength", "end_strength", "strengths", "amplitudes"]

    /// `trigger_effect = { side = "right", mode = "weapon", start = 0.2, end = 0.6, strength = 0.9 }`:
    /// every scalar parameter a number in 0...1 or a curve table with an output range in 0...1.
    mutating func triggerEffect(_ value: TOMLValue, path: DocumentPath, event: EventKindName) -> TriggerEffectRule? {
        guard case .table(let settings) = value.kind else {
            report(value.location, path, "expected a table such as { side = \"right\", mode = \"feedback\", start = 0.2, strength = 0.8 }, found \(value.typeDescription)")
            return nil
        }
        let before = diagnostics.count
        checkKeys(settings, allowed: Self.triggerEffectKeys, path: path)
        let modeNames = TriggerEffectRule.Mode.allCases.map(\.rawValue)
        guard let modeName = string(settings, "mode", path: path) else {
            if settings.entry("mode") == nil { report(settings.location, path, "a trigger effect needs 'mode' (one of \(modeNames.joined(separator: ", ")))") }
            return nil
        }
        guard let mode = TriggerEffectRule.Mode(rawValue: modeName) else {
            report(settings.entry("mode")?.value.location ?? settings.location, path.appending("mode"),
                   "unknown trigger effect mode '\(modeName)': expected one of \(modeNames.joined(separator: ", "))",
                   suggestion: Spelling.suggestion(for: modeName, among: modeNames))
            return nil
        }
        let sideNames = TriggerEffectRule.Side.allCases.map(\.rawValue)
        var side = TriggerEffectRule.Side.right
        if let name = string(settings, "side", path: path) {
            if let parsed = TriggerEffectRule.Side(rawValue: name) { side = parsed } else {
                report(settings.entry("side")?.value.location ?? settings.location, path.appending("side"),
                       "unknown side '\(name)': expected one of \(sideNames.joined(separator: ", "))",
                       suggestion: Spelling.suggestion(for: name, among: sideNames))
            }
        } else if settings.entry("side") == nil {
            report(settings.location, path, "a trigger effect needs 'side' (left, right or both)")
        }
        var rule = TriggerEffectRule(side: side, mode: mode)
        let accepted = Set(mode.required + mode.optional)
        for entry in settings.entries where !["side", "mode"].contains(entry.key) && Self.triggerEffectKeys.contains(entry.key)
        && !accepted.contains(entry.key) {
            let expected = mode.required + mode.optional
            report(entry.keyLocation, path.appending(entry.key),
                   "'\(entry.key)' does not apply to mode \(mode.rawValue)" + (expected.isEmpty ? " (it takes no parameters)" : " (it reads: \(expected.joined(separator: ", ")))"))
        }
        for key in mode.required where settings.entry(key) == nil {
            report(settings.location, path, "mode \(mode.rawValue) needs '\(key)'" + (key.hasSuffix("s") && key != "start_strength" ? " (ten numbers in 0...1, one per trigger position)" : " (a number in 0...1 or a curve)"))
        }
        for key in mode.required + mode.optional {
            if key == "strengths" || key == "amplitudes" {
                guard let entry = settings.entry(key) else { continue }
                let numbers = unitNumbers(entry.value)
                guard numbers.count == AdaptiveTrigger.PositionalValues.count else {
                    report(entry.value.location, path.appending(key), "expected ten numbers in 0...1, one per trigger position (0: released ... 9: fully pressed)")
                    continue
                }
                for index in numbers.indices { rule.positions[index] = numbers[index] }
                continue
            }
            guard let source = valueSource(settings, key, path: path, event: event, outputRange: 0...1) else { continue }
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
        return diagnostics.count == before ? rule : nil
    }

    /// The numbers of an array whose every element is a number in 0...1; empty when it is not one.
    func unitNumbers(_ value: TOMLValue) -> [Double] {
        guard let array = value.array else { return [] }
        var numbers: [Double] = []
        for item in array {
            guard let number = item.number, number.isFinite, number >= 0, number <= 1 else { return [] }
            numbers.append(number)
        }
        return numbers
    }

    func defaultIntensity(for event: EventKindName) -> ValueSource {
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

    /// A number (constant) or an inline table { input, curve, input_range, output_range, clamp,
    /// exponent, points } at `key`.
    mutating func valueSource(_ table: TOMLTable, _ key: String, path: DocumentPath, event: EventKindName,
                              outputRange: ClosedRange<Double>) -> ValueSource? {
        guard let entry = table.entry(key) else { return nil }
        let here = path.appending(key)
        let rangeText = "\(format(outputRange.lowerBound))...\(format(outputRange.upperBound))"
        if let value = entry.value.number {
            guard value.isFinite, outputRange.contains(value) else {
                report(entry.value.location, here, "\(format(value)) is out of range: expected a number in \(rangeText)")
                return nil
            }
            return .constant(value)
        }
        guard case .table(let source) = entry.value.kind else {
            report(entry.value.location, here, "expected a number in \(rangeText) or a table such as { input = \"speed\", curve = \"linear\", input_range = [0, 10], output_range = [0.2, 1.0] }, found \(entry.value.schemaDescription)")
            return nil
        }
        checkKeys(source, allowed: Self.sourceKeys, path: here)
        if let constant = source.entry("value") {
            guard let value = constant.value.number, value.isFinite, outputRange.contains(value) else {
                report(constant.value.location, here.appending("value"), "expected a number in \(rangeText), found \(describe(constant.value))")
                return nil
            }
            return .constant(value)
        }
        var input = MappingInput.constant
        if let name = string(source, "input", path: here) {
            if let parsed = MappingInput(rawValue: name), parsed != .constant {
                input = parsed
                if !parsed.kinds.contains(event), let inputEntry = source.entry("input") {
                    let offered = MappingInput.allCases.filter { $0 != .constant && $0.kinds.contains(event) }.map(\.rawValue)
                    report(inputEntry.value.location, here.appending("input"),
                           "'\(name)' is not an input of \(event.rawValue) events: expected one of \(offered.joined(separator: ", "))")
                }
            } else if let inputEntry = source.entry("input") {
                let names = MappingInput.allCases.filter { $0 != .constant }.map(\.rawValue)
                report(inputEntry.value.location, here.appending("input"), "unknown input '\(name)': expected one of \(names.joined(separator: ", "))",
                       suggestion: Spelling.suggestion(for: name, among: names))
            }
        } else {
            report(source.location, here, "expected 'input' (what the curve reads) or 'value' (a constant)")
        }
        var shape = ResponseCurve.Shape.linear
        let curveName = string(source, "curve", path: here) ?? "linear"
        let inputRange = range(source, "input_range", path: here) ?? (0, 1)
        let output = range(source, "output_range", path: here, within: outputRange) ?? (outputRange.lowerBound < 0 ? (-0.5, 0.5) : (0, 1))
        switch curveName {
        case "linear": shape = .linear
        case "power":
            let exponent = number(source, "exponent", path: here, range: 0.01...100, what: "an exponent") ?? 2
            shape = .power(exponent: exponent)
        case "log":
            if inputRange.0 <= 0, let rangeEntry = source.entry("input_range") {
                report(rangeEntry.value.location, here.appending("input_range"), "a log curve needs an input range above 0, such as [0.5, 5000]")
            }
            shape = .log
        case "table":
            if let points = tablePoints(source, path: here, outputRange: outputRange) { shape = .table(points) }
        default:
            if let curveEntry = source.entry("curve") {
                report(curveEntry.value.location, here.appending("curve"), "unknown curve '\(curveName)': expected one of \(Self.curveNames.joined(separator: ", "))",
                       suggestion: Spelling.suggestion(for: curveName, among: Self.curveNames))
            }
        }
        if let rangeEntry = source.entry("input_range"), let problem = Self.scaleProblem(shape, inputRange) {
            report(rangeEntry.value.location, here.appending("input_range"), problem)
        }
        if curveName != "table", let pointsEntry = source.entry("points") {
            report(pointsEntry.keyLocation, here.appending("points"), "'points' is only read by curve = \"table\"")
        }
        if curveName != "power", let exponentEntry = source.entry("exponent") {
            report(exponentEntry.keyLocation, here.appending("exponent"), "'exponent' is only read by curve = \"power\"")
        }
        var clamp = ResponseCurve.Clamp.hard
        if let name = string(source, "clamp", path: here) {
            if let parsed = ResponseCurve.Clamp(rawValue: name) { clamp = parsed }
            else if let clampEntry = source.entry("clamp") {
                report(clampEntry.value.location, here.appending("clamp"), "unknown clamp '\(name)': expected hard, soft or none",
                       suggestion: Spelling.suggestion(for: name, among: ResponseCurve.Clamp.allCases.map(\.rawValue)))
            }
        }
        var curve = ResponseCurve(shape, input: inputRange.0...inputRange.1, clamp: clamp)
        curve.outputLow = output.0
        curve.outputHigh = output.1
        return ValueSource(input: input, curve: curve)
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

    mutating func tablePoints(_ source: TOMLTable, path: DocumentPath, outputRange: ClosedRange<Double>) -> [ResponseCurve.TablePoint]? {
        guard let entry = source.entry("points") else {
            report(source.location, path, "curve = \"table\" needs 'points', such as [[0, 0.2], [10, 1.0]]")
            return nil
        }
        guard let elements = entry.value.array, elements.count >= 2 else {
            report(entry.value.location, path.appending("points"), "expected at least two [input, output] pairs, such as [[0, 0.2], [10, 1.0]]")
            return nil
        }
        var points: [ResponseCurve.TablePoint] = []
        for (index, element) in elements.enumerated() {
            guard let pair = element.array, pair.count == 2, let x = pair[0].number, let y = pair[1].number, x.isFinite, y.isFinite else {
                report(element.location, path.appending("points").appending(index: index), "expected an [input, output] pair of numbers")
                return nil
            }
            guard outputRange.contains(y) else {
                report(pair[1].location, path.appending("points").appending(index: index), "output \(format(y)) is out of range: expected \(format(outputRange.lowerBound))...\(format(outputRange.upperBound))")
                return nil
            }
            if let last = points.last, x <= last.input {
                report(pair[0].location, path.appending("points").appending(index: index), "inputs must increase: \(format(x)) follows \(format(last.input))")
                return nil
            }
            points.append(ResponseCurve.TablePoint(x, y))
        }
        return points
    }

    mutating func decodeAttenuation(_ settings: TOMLTable, path: DocumentPath) -> Attenuation? {
        checkKeys(settings, allowed: Self.attenuationKeys, path: path)
        var shape = Attenuation.Shape.linear
        let shapeNames = Attenuation.Shape.allCases.map(\.rawValue)
        if let name = string(settings, "shape", path: path) {
            if let parsed = Attenuation.Shape(rawValue: name) { shape = parsed }
            else if let entry = settings.entry("shape") {
                report(entry.value.location, path.appending("shape"), "unknown shape '\(name)': expected one of \(shapeNames.joined(separator: ", "))",
                       suggestion: Spelling.suggestion(for: name, among: shapeNames))
            }
        }
        let inner = number(settings, "inner_radius", path: path, range: 0...1_000_000, what: "a distance (world units)") ?? 0
        guard let falloff = number(settings, "falloff_distance", path: path, range: 0.000001...1_000_000, what: "a distance (world units)") else {
            if settings.entry("falloff_distance") == nil {
                report(settings.location, path, "attenuation needs 'falloff_distance' (world units over which it fades to silence)")
            }
            return nil
        }
        return Attenuation(shape: shape, innerRadius: inner, falloffDistance: falloff)
    }

    // MARK: Typed reads

    /// A rule's `analysis` table: how its `.wav` pattern is analysed (docs/config.md).
    mutating func decodeAnalysis(_ settings: TOMLTable, path: DocumentPath, into rule: inout MappingRule) {
        checkKeys(settings, allowed: Self.analysisKeys, path: path)
        var options = AudioHapticsOptions()
        options.sensitivity = number(settings, "sensitivity", path: path, range: AudioHapticsOptions.sensitivityRange,
                                     what: "a sensitivity") ?? options.sensitivity
        options.minimumGapSeconds = number(settings, "minimum_gap", path: path, range: AudioHapticsOptions.minimumGapRange,
                                           what: "seconds") ?? options.minimumGapSeconds
        options.smoothingSeconds = number(settings, "smoothing", path: path, range: AudioHapticsOptions.smoothingRange,
                                          what: "seconds") ?? options.smoothingSeconds
        if let entry = settings.entry("max_points") {
            if case .integer(let value) = entry.value.kind, (2...16).contains(value) {
                options.maximumPointsPerCurve = Int(value)
            } else {
                report(entry.value.location, path.appending("max_points"), "expected an integer in 2...16, found \(describe(entry.value))")
            }
        }
        options.pointsPerSecond = number(settings, "points_per_second", path: path, range: AudioHapticsOptions.pointsPerSecondRange,
                                         what: "points per second") ?? options.pointsPerSecond
        options.curveTolerance = number(settings, "tolerance", path: path, range: AudioHapticsOptions.curveToleranceRange,
                                        what: "a tolerance") ?? options.curveTolerance
        options.silenceDecibels = number(settings, "silence_db", path: path, range: AudioHapticsOptions.silenceDecibelsRange,
                                         what: "decibels") ?? options.silenceDecibels
        options.transients = boolean(settings, "transients", path: path) ?? true
        options.continuous = boolean(settings, "continuous", path: path) ?? true
        rule.analysis = options
        rule.playsSound = boolean(settings, "with_audio", path: path) ?? false
    }

    /// The tables of `[key.NAME]` (`[materials.metal]`, `[attenuation.near]`), each passed to
    /// `decode` with its name and path; an entry that is not a table is reported ("expected EXPECTED").
    mutating func namedTables(_ root: TOMLTable, _ key: String, expected: String,
                              _ decode: (inout ConfigSchemaDecoder, String, TOMLTable, DocumentPath) -> Void) {
        let parentPath = DocumentPath.root.appending(key)
        guard let parent = table(root, key, path: parentPath) else { return }
        for entry in parent.entries {
            let path = parentPath.appending(entry.key)
            guard case .table(let table) = entry.value.kind else {
                report(entry.value.location, path, "expected \(expected), found \(entry.value.schemaDescription)")
                continue
            }
            decode(&self, entry.key, table, path)
        }
    }

    mutating func table(_ parent: TOMLTable, _ key: String, path: DocumentPath) -> TOMLTable? {
        guard let entry = parent.entry(key) else { return nil }
        guard case .table(let table) = entry.value.kind else {
            report(entry.value.location, path, "expected a table ([\(key)]), found \(entry.value.schemaDescription)")
            return nil
        }
        return table
    }

    /// The number at `key`, within `range` (ends included); nil when absent or refused. Every refusal says
    /// `what` is expected and the range itself, `LOW...HIGH`, as it is checked (issue 31: "expected a
    /// distance > 0" for a distance refused past 1e6), so no message can name a range other than the one
    /// in force.
    mutating func number(_ table: TOMLTable, _ key: String, path: DocumentPath, range: ClosedRange<Double>, what: String) -> Double? {
        guard let entry = table.entry(key) else { return nil }
        let expected = "\(what) in \(Self.rangeText(range))"
        guard let value = entry.value.number, value.isFinite else {
            report(entry.value.location, path.appending(key), "expected \(expected), found \(describe(entry.value))")
            return nil
        }
        guard range.contains(value) else {
            report(entry.value.location, path.appending(key), "\(format(value)) is out of range: expected \(expected)")
            return nil
        }
        return value
    }

    /// `LOW...HIGH` as the messages write a range.
    static func rangeText(_ range: ClosedRange<Double>) -> String { "\(format(range.lowerBound))...\(format(range.upperBound))" }

    /// A name a rule matches (`action`, `custom`, `surface`, `texture`, `tag`), checked by `checkName`;
    /// nil when absent or refused.
    mutating func matchName(_ table: TOMLTable, _ key: String, path: DocumentPath) -> String? {
        guard let name = string(table, key, path: path), let entry = table.entry(key) else { return nil }
        return checkName(name, at: entry.value.location, path.appending(key)) ? name : nil
    }

    /// Whether a post can carry `name`, reported at `location` when not (issue 31, item 15: such a rule
    /// could never match): not empty (a post's "" or NULL is no name), no NUL (a C string ends there),
    /// at most `MappingRule.maximumNameBytes` UTF-8 bytes (the longest name the C API takes,
    /// `SDLH_MAX_STRING_BYTES`).
    mutating func checkName(_ name: String, at location: SourceLocation, _ path: DocumentPath) -> Bool {
        if name.isEmpty {
            report(location, path, "expected a name, found an empty string: a post's \"\" (or NULL) is no name, so no post could match it; leave the key out to match any")
            return false
        }
        if name.utf8.contains(0) {
            report(location, path, "expected a name without a NUL character (\\u0000): a C string ends there, so no post could match it")
            return false
        }
        if name.utf8.count > MappingRule.maximumNameBytes {
            report(location, path, "expected a name of at most \(MappingRule.maximumNameBytes) UTF-8 bytes (the longest a post can carry, "
                   + "SDLH_MAX_STRING_BYTES), found \(name.utf8.count): no post could match it")
            return false
        }
        return true
    }

    mutating func string(_ table: TOMLTable, _ key: String, path: DocumentPath) -> String? {
        typed(table, key, path: path, expected: "a string in quotes", \.string)
    }

    mutating func boolean(_ table: TOMLTable, _ key: String, path: DocumentPath) -> Bool? {
        typed(table, key, path: path, expected: "true or false", \.boolean)
    }

    /// The value at `key` as `read` takes it; nil when absent (nothing reported) or when `read`
    /// refuses it (reported: "expected EXPECTED, found TYPE").
    mutating func typed<Value>(_ table: TOMLTable, _ key: String, path: DocumentPath, expected: String,
                               _ read: (TOMLValue) -> Value?) -> Value? {
        guard let entry = table.entry(key) else { return nil }
        guard let value = read(entry.value) else {
            report(entry.value.location, path.appending(key), "expected \(expected), found \(entry.value.schemaDescription)")
            return nil
        }
        return value
    }

    /// `[low, high]` at `key`. An input range must rise; an output range may fall (high < low
    /// inverts the curve) and both its ends must lie in `limits`.
    mutating func range(_ table: TOMLTable, _ key: String, path: DocumentPath, within limits: ClosedRange<Double>? = nil) -> (Double, Double)? {
        guard let entry = table.entry(key) else { return nil }
        guard let pair = entry.value.array, pair.count == 2, let low = pair[0].number, let high = pair[1].number else {
            report(entry.value.location, path.appending(key), "expected [low, high], two numbers")
            return nil
        }
        // Two numbers, but one not finite (TOML's inf and nan): said as what it is, at the number.
        var bothFinite = true
        for (index, end) in [low, high].enumerated() where !end.isFinite {
            report(pair[index].location, path.appending(key).appending(index: index), "expected a finite number, found \(format(end))")
            bothFinite = false
        }
        guard bothFinite else { return nil }
        if key == "input_range" {
            guard low < high else {
                report(entry.value.location, path.appending(key), "expected low < high, found [\(format(low)), \(format(high))]")
                return nil
            }
            return (low, high)
        }
        if let limits, !(limits.contains(low) && limits.contains(high)) {
            report(entry.value.location, path.appending(key),
                   "[\(format(low)), \(format(high))] is out of range: both ends must be in \(format(limits.lowerBound))...\(format(limits.upperBound))")
            return nil
        }
        return (low, high)
    }

    mutating func checkKeys(_ table: TOMLTable, allowed: [String], path: DocumentPath) {
        for entry in table.entries where !allowed.contains(entry.key) {
            let here = path.appending(entry.key)
            // The path ends with the key (shortened): the message does not echo it again.
            report(entry.keyLocation, here, "unknown key: expected one of \(allowed.joined(separator: ", "))",
                   suggestion: Spelling.suggestion(for: entry.key, among: allowed))
        }
    }

    mutating func report(_ location: SourceLocation, _ path: DocumentPath, _ message: String, suggestion: String? = nil) {
        diagnostics.append(ConfigDiagnostic(file: file, location: location, path: path.description, message: message, suggestion: suggestion))
    }

    func describe(_ value: TOMLValue) -> String {
        switch value.kind {
        case .integer(let number): return "\(number)"
        case .float(let number): return format(number)
        case .string(let text): return "the string \"\(EchoedText.shortened(text))\""
        default: return value.schemaDescription
        }
    }
}

/// A `pattern` a `[[rule]]` names (a preset, or an existing `.ahap` or `.wav` path) and what loading
/// it needs: collected by `ConfigSchemaDecoder` for every rule, also for rules with other errors.
struct PatternReference: Sendable {
    /// The rule's position among the `[[rule]]` tables (`rule[element]`).
    var element: Int
    /// The rule's index in `HapticMappingConfig.rules`, or nil when the rule was refused.
    var rule: Int?
    /// The preset name or path, as written.
    var name: String
    /// Where the `pattern` value was written.
    var location: SourceLocation
    /// For a `.wav`: its `analysis` options and whether it plays the sound too.
    var analysis: AudioHapticsOptions
    var withAudio: Bool
}

extension TOMLValue {
    /// `typeDescription`, plus why a date-time cannot stand here: the schema has no dates or times.
    var schemaDescription: String {
        if case .dateTime(let text) = kind { return "the date-time \(text) (a mapping config uses no dates or times)" }
        return typeDescription
    }
}
