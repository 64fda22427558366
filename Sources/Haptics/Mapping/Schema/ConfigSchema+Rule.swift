import HapticsTOML

/// `[[rule]]` (docs/config.md): one rule, its event kind first (a rule without a valid one is read no
/// further), then which events it matches, what it plays and how.
extension ConfigSchema {
    /// A rule as its keys are read; made into the `MappingRule` once every key is read without a problem.
    struct RuleDraft {
        /// The rule so far: the event kind's default intensity and category until its keys say otherwise;
        /// `name` and `location` are set when it is made.
        var rule: MappingRule
        /// Whether `rule.pattern` names something that exists (a preset or a file).
        var patternFound = false
        /// The name the rule gives, or nil (then "KIND rule at line L").
        var name: String?
        /// The attenuations the config defines above the rule (what `attenuation = "NAME"` may name).
        var attenuations: [String: Attenuation]

        init(event: EventKindName, attenuations: [String: Attenuation]) {
            rule = MappingRule(name: "", event: event, pattern: "", intensity: ConfigSchema.defaultIntensity(for: event),
                               category: ConfigSchema.defaultCategory(for: event))
            self.attenuations = attenuations
        }
    }

    /// The match keys each event kind takes (a match key on another kind is refused).
    static let matchKeys: [EventKindName: Set<String>] = [
        .collision: ["materials", "tag"], .footstep: ["surface", "tag"], .hit: ["critical", "received", "tag"],
        .texture: ["texture", "tag"], .custom: ["custom", "tag"], .feedback: ["feedback", "tag"],
        .action: ["action", "tag"],
    ]

    /// The match keys that only some kinds take, in the order their refusals are reported.
    static let kindMatchKeys = ["materials", "surface", "custom", "action", "texture", "feedback", "critical", "received"]

    /// The keys a rule of each event kind reads after `event`, in reading order: the match keys of other
    /// kinds are refused, not read.
    static let ruleKeys: [EventKindName: [SchemaKey<RuleDraft>]] = Dictionary(uniqueKeysWithValues: EventKindName.allCases.map { event in
        let allowed = matchKeys[event] ?? []
        return (event, rule.keys.filter { $0.name != "event" && !(kindMatchKeys.contains($0.name) && !allowed.contains($0.name)) })
    })

    /// Mixer categories by the name a rule writes, in docs/config.md's order.
    static let categories: [(String, HapticCategory)] = [
        ("ui", .ui), ("impact", .impact), ("footstep", .footstep), ("texture", .texture), ("notification", .notification), ("custom", .custom),
    ]

    /// Every key of a rule after `event`, in reading order; `listed` is the order "expected one of ..." gives.
    static let rule = SchemaSection<RuleDraft>("[[rule]]", keys: [
        SchemaKey("event", type: "string", range: .names(EventKindName.allCases.map(\.rawValue)), default: .text("required")) { _, _, _ in },
        SchemaKey("materials", type: "[string, string]", range: .text("names; `\"*\"` = any"), default: .text("any")) { schema, entry, draft in
            guard let pair = entry.value.array, pair.count == 2, let a = pair[0].string, let b = pair[1].string else {
                schema.reader.fail(.schema, at: entry.value, "expected two material names, such as [\"metal\", \"*\"] (\"*\" matches any)")
                return
            }
            let first = schema.descend(into: 0) { $0.checkName(a, at: pair[0]) }
            guard first, schema.descend(into: 1, { $0.checkName(b, at: pair[1]) }) else { return }
            draft.rule.match.materials = (a, b)
        },
        matchName("surface", range: "a name", \.surface),
        matchName("custom", range: "a name", \.name),
        matchName("action", range: "a name", \.action),
        matchName("texture", range: "a name", \.textureKind),
        SchemaKey("feedback", type: "string", range: .text("a feedback case (`success`, `impactHeavy`...)"), default: .text("any")) { schema, entry, draft in
            guard let name = schema.string(entry.value) else { return }
            if HapticFeedback(name: name) == nil {
                schema.reader.fail(.schema, at: entry.value, "unknown feedback case '\(name)'",
                                   suggestion: ConfigFormat.suggestion(for: name, among: HapticFeedback.names))
            }
            draft.rule.match.feedback = name
        },
        SchemaKey("critical", type: "boolean", default: .text("any")) { schema, entry, draft in
            draft.rule.match.critical = schema.boolean(entry.value)
        },
        SchemaKey("received", type: "boolean", default: .text("any")) { schema, entry, draft in
            draft.rule.match.received = schema.boolean(entry.value)
        },
        matchName("tag", range: "a name (below)", \.tag),
        SchemaKey("pattern", type: "string", range: .text("a preset name, a `.ahap` path or a `.wav` path"),
                  default: .text("required (feedback: the case's preset; a rule with `trigger_effect`: none)"),
                  read: { schema, entry, draft in
                      draft.rule.patternLocation = SourceLocation(entry.value.location)
                      (draft.rule.pattern, draft.patternFound) = schema.patternName(entry.value)
                  },
                  whenAbsent: { schema, table, draft in
                      guard draft.rule.event != .feedback, table.entry("trigger_effect") == nil else { return }
                      schema.reader.report(.error, .schema, at: SourceLocation(table.location),
                                           "a rule needs 'pattern' (a preset name such as ImpactHeavy, or a .ahap file) or 'trigger_effect'")
                  }),
        SchemaKey("intensity", type: "number or curve", range: .numbers(0...1, unit: nil), default: .text("per kind, below")) { schema, entry, draft in
            if let source = schema.valueSource(entry.value, event: draft.rule.event, outputRange: 0...1) { draft.rule.intensity = source }
        },
        SchemaKey("sharpness", type: "number or curve", range: .numbers(-1...1, unit: nil), default: .text("none (the pattern's own)")) { schema, entry, draft in
            draft.rule.sharpness = schema.valueSource(entry.value, event: draft.rule.event, outputRange: -1...1)
        },
        SchemaKey("name", type: "string", default: .text("\"KIND rule at line L\"")) { schema, entry, draft in
            draft.name = schema.string(entry.value)
        },
        SchemaKey("attenuation", type: "string or table", range: .text("a name from `[attenuation]`"), default: .text("none")) { schema, entry, draft in
            switch entry.value.kind {
            case .string(let name):
                if let attenuation = draft.attenuations[name] {
                    draft.rule.attenuation = attenuation
                } else {
                    let defined = draft.attenuations.keys.sorted()
                    schema.reader.fail(.schema, at: entry.value,
                                       "no [attenuation.\(name)] table" + (defined.isEmpty ? " (none is defined)" : ": defined are \(defined.joined(separator: ", "))"),
                                       suggestion: ConfigFormat.suggestion(for: name, among: defined))
                }
            case .table(let settings):
                draft.rule.attenuation = schema.attenuation(settings)
            default:
                schema.reader.fail(.schema, at: entry.value,
                                   "expected the name of an [attenuation.NAME] table or an inline table, found \(ConfigFormat.foundType(entry.value))")
            }
        },
        SchemaKey("analysis", type: "inline table", range: .text("keys below"), default: .text("all defaults")) { schema, entry, draft in
            guard case .table(let settings) = entry.value.kind else {
                schema.reader.fail(.schema, at: entry.value,
                                   "expected an inline table such as { sensitivity = 0.5, max_points = 16 }, found \(entry.value.typeDescription)")
                return
            }
            if !draft.rule.pattern.lowercased().hasSuffix(".wav") {
                schema.reader.fail(.schema, atKeyOf: entry, "'analysis' applies to a .wav pattern only; this rule's pattern is '\(draft.rule.pattern)'")
            }
            var analysis = AnalysisDraft()
            schema.read(settings, as: Self.analysis, into: &analysis)
            draft.rule.analysis = analysis.options
            draft.rule.playsSound = analysis.withAudio
        },
        .number("trigger_bias", in: 0...1, "a share", default: .number(0), \.rule.triggerBias),
        SchemaKey("trigger_effect", type: "table", range: .text("see \"Adaptive triggers\""), default: .text("none")) { schema, entry, draft in
            draft.rule.triggerEffect = schema.triggerEffect(entry.value, event: draft.rule.event)
        },
        .number("cooldown", in: 0...60, "seconds", unit: "s", default: .number(0), \.rule.cooldown),
        .boolean("coalesce", default: true, \.rule.coalesce),
        .integer("priority", in: -1_000_000...1_000_000, default: 0, \.rule.priority),
        SchemaKey("category", type: "string", range: .names(categories.map(\.0)),
                  default: .text("by kind: impact, footstep, impact, texture, custom, notification, custom (action)")) { schema, entry, draft in
            guard let name = schema.string(entry.value) else { return }
            let sorted = categories.sorted { $0.0 < $1.0 }
            if let category = schema.choice(name, at: entry.value, among: sorted, what: "category") { draft.rule.category = category }
        },
    ], listed: ["name", "event", "materials", "surface", "tag", "custom", "action", "texture", "feedback", "critical", "received",
                "pattern", "intensity", "sharpness", "attenuation", "trigger_bias", "trigger_effect", "cooldown", "coalesce",
                "priority", "category", "analysis"])

    /// A match key holding a name a post can carry (`checkName`), written to `field` of the rule's match.
    static func matchName(_ name: String, range: String, _ field: any WritableKeyPath<MappingRule.Match, String?> & Sendable) -> SchemaKey<RuleDraft> {
        SchemaKey(name, type: "string", range: .text(range), default: .text("any")) { schema, entry, draft in
            guard let text = schema.string(entry.value), schema.checkName(text, at: entry.value) else { return }
            draft.rule.match[keyPath: field] = text
        }
    }

    /// The rule in `table` (the `element`th `[[rule]]`, path `rule[element]`), or nil when it has a
    /// problem; its `pattern` is noted for loading either way.
    mutating func rule(_ table: TOMLTable, element: Int, config: HapticMappingConfig) -> MappingRule? {
        let before = reader.reportedCount
        reader.unknownKeys(in: table.entries, allowed: Self.rule.listed)
        let kinds = EventKindName.allCases.map(\.rawValue)
        guard let eventEntry = table.entry("event") else {
            reader.report(.error, .schema, at: SourceLocation(table.location), "a rule needs 'event' (one of \(kinds.joined(separator: ", ")))")
            notePattern(table, element: element)
            return nil
        }
        let event = descend(into: "event") { schema -> EventKindName? in
            guard let name = schema.reader.typed(eventEntry.value, expected: "a string", \.string) else { return nil }
            return schema.choice(name, at: eventEntry.value, among: EventKindName.allCases.map { ($0.rawValue, $0) }, what: "event kind")
        }
        guard let event else {
            notePattern(table, element: element)
            return nil
        }
        // Match keys that do not apply to this event kind.
        let allowed = Self.matchKeys[event] ?? []
        for key in Self.kindMatchKeys where !allowed.contains(key) {
            guard let entry = table.entry(key) else { continue }
            descend(into: key) {
                $0.reader.fail(.schema, atKeyOf: entry, "'\(key)' does not apply to \(event.rawValue) events (they match on: \(allowed.sorted().joined(separator: ", ")))")
            }
        }
        var draft = RuleDraft(event: event, attenuations: config.attenuations)
        read(keys: Self.ruleKeys[event] ?? [], of: table, into: &draft)
        let accepted = reader.reportedCount == before
        if draft.patternFound {
            patternReferences.append(PatternReference(element: element, rule: accepted ? config.rules.count : nil, name: draft.rule.pattern,
                                                      location: draft.rule.patternLocation ?? SourceLocation(table.location),
                                                      analysis: draft.rule.analysis, withAudio: draft.rule.playsSound))
        }
        guard accepted else { return nil }
        var rule = draft.rule
        rule.name = draft.name ?? "\(event.rawValue) rule at line \(table.location.line)"
        rule.location = SourceLocation(table.location)
        return rule
    }

    /// The rule's `pattern` and whether it names an existing preset or file; reports a value that is
    /// not a non-empty string, or names nothing.
    mutating func patternName(_ value: TOMLValue) -> (name: String, exists: Bool) {
        guard let name = value.string, !name.isEmpty else {
            reader.fail(.schema, at: value, "expected a preset name or an AHAP file path, found \(ConfigFormat.foundType(value))")
            return ("", false)
        }
        guard patternExists(name) else {
            reader.fail(.schema, at: value,
                        "no preset or AHAP file named '\(EchoedText.shortened(name))' (a preset name such as ImpactHeavy, or a .ahap or .wav path relative to the config's folder)")
            return (name, false)
        }
        return (name, true)
    }

    /// For a rule refused before its pattern is read (no or an unknown event kind): checks its
    /// `pattern` too, and notes it (with the default analysis options) so its file is checked.
    mutating func notePattern(_ table: TOMLTable, element: Int) {
        guard let entry = table.entry("pattern") else { return }
        let (name, exists) = descend(into: "pattern") { $0.patternName(entry.value) }
        guard exists else { return }
        patternReferences.append(PatternReference(element: element, rule: nil, name: name, location: SourceLocation(entry.value.location),
                                                  analysis: AudioHapticsOptions(), withAudio: false))
    }

    /// Whether a post can carry `name`, reported at `value` when not (issue 31, item 15: such a rule
    /// could never match): not empty (a post's "" or NULL is no name), no NUL (a C string ends there),
    /// at most `MappingRule.maximumNameBytes` UTF-8 bytes (the longest name the C API takes,
    /// `SDLH_MAX_STRING_BYTES`).
    mutating func checkName(_ name: String, at value: TOMLValue) -> Bool {
        if name.isEmpty {
            reader.fail(.schema, at: value, "expected a name, found an empty string: a post's \"\" (or NULL) is no name, so no post could match it; leave the key out to match any")
            return false
        }
        if name.utf8.contains(0) {
            reader.fail(.schema, at: value, "expected a name without a NUL character (\\u0000): a C string ends there, so no post could match it")
            return false
        }
        if name.utf8.count > MappingRule.maximumNameBytes {
            reader.fail(.schema, at: value, "expected a name of at most \(MappingRule.maximumNameBytes) UTF-8 bytes (the longest a post can carry, "
                        + "SDLH_MAX_STRING_BYTES), found \(name.utf8.count): no post could match it")
            return false
        }
        return true
    }

    /// The mixer category of a rule that names none.
    static func defaultCategory(for event: EventKindName) -> HapticCategory {
        switch event {
        case .collision, .hit: return .impact
        case .footstep: return .footstep
        case .texture: return .texture
        case .custom, .action: return .custom
        case .feedback: return .notification
        }
    }
}
