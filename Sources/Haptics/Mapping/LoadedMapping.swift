/// A validated config with every pattern its rules name already decoded, ready to swap in
/// between frames. Made by `load(file:presets:)` or `load(text:...)`; immutable afterwards.
///
/// Loading reads and decodes files (allocates, does I/O): call it at load time or on a
/// background thread (`MappingConfigWatcher` does), never on the per-frame path.
public final class LoadedMapping: @unchecked Sendable {
    /// The config.
    @_spi(HapticsTools) public let config: HapticMappingConfig
    /// The pattern of each rule, aligned with `config.rules`.
    public let patterns: [HapticPattern]
    /// The file it came from, or nil for text.
    public let file: String?
    /// The sounds its `.wav` patterns were made from (real paths) and their content hashes.
    public let soundFingerprints: [String: UInt64]
    /// Every pattern and sound file its rules name, with what the load read there, for
    /// `MappingConfigWatcher` to notice a saved pattern or sound (issue 31).
    @_spi(HapticsTools) public let sources: MappingSources
    /// The rules compiled for the per-frame path: the one mapping implementation.
    let compiled: CompiledMapping

    /// Whether any rule sets an adaptive trigger effect (the director skips that pass otherwise).
    public let hasTriggerEffects: Bool
    /// The event kinds some rule with a trigger effect takes (`bit(of:)`): an event of another kind
    /// never needs its rule looked up again for one.
    let triggerEffectKinds: UInt32
    /// What loading it used of its `MappingLoadBudget`: bytes and seconds counted, files read,
    /// pattern decodes, sound measurements and analyses.
    @_spi(HapticsTools) public let loadCost: MappingLoadBudget.Spent

    init(config: HapticMappingConfig, patterns: [HapticPattern], file: String?, soundFingerprints: [String: UInt64] = [:],
         loadCost: MappingLoadBudget.Spent = MappingLoadBudget.Spent(), sources: MappingSources = MappingSources()) {
        self.config = config
        self.sources = sources
        self.patterns = patterns
        // Each distinct pattern prepared once here, at load time (the watcher's thread for a hot reload),
        // and shared by every voice of every rule naming it, for every player (issue 31).
        for pattern in patterns { pattern.prepareForPlayback() }
        self.file = file
        self.soundFingerprints = soundFingerprints
        self.loadCost = loadCost
        compiled = CompiledMapping(config: config)
        hasTriggerEffects = config.rules.contains { $0.triggerEffect != nil }
        var kinds: UInt32 = 0
        for rule in config.rules where rule.triggerEffect != nil { kinds |= Self.bit(of: rule.event) }
        triggerEffectKinds = kinds
    }

    /// The bit of `kind` in `triggerEffectKinds` (a switch: no array on the per-frame path).
    static func bit(of kind: EventKindName) -> UInt32 {
        switch kind {
        case .collision: return 1 << 0
        case .footstep: return 1 << 1
        case .hit: return 1 << 2
        case .texture: return 1 << 3
        case .custom: return 1 << 4
        case .feedback: return 1 << 5
        case .action: return 1 << 6
        }
    }

    /// Whether a rule with a trigger effect may take events of `kind`. O(1).
    func mayHaveTriggerEffect(_ kind: EventKindName) -> Bool {
        triggerEffectKinds & Self.bit(of: kind) != 0
    }

    /// What `event` plays for `player`, whose listener is at `listener` (nil: no attenuation): the
    /// first rule that takes it and the intensity (material gain, distance attenuation), sharpness
    /// offset and trigger levels it computes. Nil when no rule takes it or it is too far away to be
    /// felt. Pure: no cooldown or coalescing (those are the director's). At most 8 rule lookups
    /// whatever the number of rules, no allocation, any thread.
    @_spi(HapticsTools) public func response(to event: GameEvent, player: Int, listener: WorldPosition? = nil) -> MappedHaptic? {
        compiled.response(to: event, player: player, listener: listener)
    }

    /// The index of the first rule that takes `event`, or nil. At most 8 lookups, no allocation.
    @_spi(HapticsTools) public func ruleIndex(for event: GameEvent) -> Int? {
        compiled.ruleIndex(for: event)
    }

    /// The trigger effect rule `index` sets for `event` (each parameter's curve read at the event's
    /// input), or nil when the rule sets none. A texture `stop` gives `.off`. No allocation.
    func triggerEffect(for event: GameEvent, rule index: Int) -> AdaptiveTriggerEffect? {
        guard config.rules.indices.contains(index), let rule = config.rules[index].triggerEffect else { return nil }
        if case .texture(let texture) = event.kind, texture.action == .stop { return .off }
        let feel = compiled.feel(of: event)
        return rule.effect { source in
            let x = event.input(source.input, feel: feel, walkerWeight: config.defaultWalkerWeight) ?? 0
            let y = source.curve.value(at: x)
            return y.isNaN ? 0 : min(max(y, 0), 1)
        }
    }

    /// Loads and validates the config at `file`, resolving each rule's `pattern` as a preset of
    /// `presets` or else an AHAP file relative to the config's folder (no absolute paths, no `..`),
    /// or a WAV file analysed into haptics through `sounds` with the rule's `analysis` options
    /// (cached there by content; without `sounds`, `SoundPatternLoader.pcm`, which reads plain PCM
    /// and float WAV; GameHaptics and hapticsctl pass SDL's decoder).
    /// Each file is loaded once however many rules name it, within `MappingLoadBudget()`.
    /// Throws `ConfigErrors`: every problem (schema and pattern files alike), each with file:line:column.
    public static func load(file: String, presets: PresetLibrary) throws(ConfigErrors) -> LoadedMapping {
        try load(file: file, presets: presets, sounds: nil)
    }

    /// `load(file:presets:)` with the loader that turns `.wav` patterns into haptics (nil:
    /// `SoundPatternLoader.pcm`) and the budget for what the config may load; for the front door and
    /// tools, which pass SDL's decoder.
    @_spi(HapticsTools)
    public static func load(file: String, presets: PresetLibrary, sounds: SoundPatternLoader?,
                            budget: MappingLoadBudget = MappingLoadBudget()) throws(ConfigErrors) -> LoadedMapping {
        var sources = MappingSources()
        return try load(file: file, presets: presets, sounds: sounds, budget: budget, sources: &sources)
    }

    /// `load(file:presets:sounds:budget:)` that also says which pattern and sound files the load
    /// looked for and what it read there (`sources`), whether it succeeds or throws: what
    /// `MappingConfigWatcher` watches besides the config (a file missing at launch, or a pattern
    /// broken at launch, is watched too).
    @_spi(HapticsTools)
    public static func load(file: String, presets: PresetLibrary, sounds: SoundPatternLoader?,
                            budget: MappingLoadBudget = MappingLoadBudget(),
                            sources: inout MappingSources) throws(ConfigErrors) -> LoadedMapping {
        sources = MappingSources()
        let start = SourceLocation(line: 1, column: 1, offset: 0)
        let bytes: [UInt8]
        do {
            bytes = try FileReading.readRegularFile(file, maximumBytes: TOMLLimits().maximumBytes)
        } catch {
            throw ConfigErrors([ConfigDiagnostic(file: file, location: start, path: "", message: error.message, kind: error.kind.diagnosticKind)])
        }
        let text: String
        do {
            text = try FileReading.utf8Text(bytes)
        } catch {
            throw ConfigErrors([ConfigDiagnostic(file: file, location: error.location, path: "", message: error.message, kind: .encoding)])
        }
        let folder = FilePathText.deletingLastComponent(file)
        return try load(text: text, file: file, folder: folder.isEmpty ? "." : folder, presets: presets, sounds: sounds,
                        budget: budget, sources: &sources)
    }

    /// Loads and validates config text; `folder` is where relative AHAP and WAV paths are looked up
    /// (nil: presets only); `.wav` patterns are read with `SoundPatternLoader.pcm` (plain PCM and float WAV).
    public static func load(text: String, file: String = "<config>", folder: String? = nil,
                            presets: PresetLibrary) throws(ConfigErrors) -> LoadedMapping {
        try load(text: text, file: file, folder: folder, presets: presets, sounds: nil)
    }

    /// `load(text:file:folder:presets:)` with the loader that analyses `.wav` patterns (nil: `.pcm`)
    /// and the load budget.
    ///
    /// One pass: the schema is checked and every pattern the rules name is loaded (also for rules
    /// with other problems), so broken pattern files are reported with the schema's problems. Each
    /// file is read and decoded once and shared by every rule naming it (`RulePatterns`); the rule
    /// whose pattern passes `budget` is reported and nothing after it is loaded.
    @_spi(HapticsTools)
    public static func load(text: String, file: String = "<config>", folder: String? = nil,
                            presets: PresetLibrary, sounds: SoundPatternLoader?,
                            budget: MappingLoadBudget = MappingLoadBudget()) throws(ConfigErrors) -> LoadedMapping {
        var sources = MappingSources()
        return try load(text: text, file: file, folder: folder, presets: presets, sounds: sounds, budget: budget, sources: &sources)
    }

    /// The one implementation of every `load`: `sources` receives the pattern and sound files looked for.
    static func load(text: String, file: String, folder: String?, presets: PresetLibrary, sounds: SoundPatternLoader?,
                     budget: MappingLoadBudget, sources: inout MappingSources) throws(ConfigErrors) -> LoadedMapping {
        let names = PatternNames(presets: presets, folder: folder)
        let read = try HapticMappingConfig.read(text, file: file, patternExists: names.exists)
        let config = read.config
        var files = RulePatterns(folder: folder, presets: presets, sounds: sounds ?? .pcm, budget: budget)
        defer {
            sources = files.sources
            let soundLimit = (sounds ?? .pcm).decoder.maximumBytes
            for missing in names.missingFiles(limit: { $0.lowercased().hasSuffix(".wav") ? soundLimit : AHAPLimits().maximumFileBytes }) {
                sources.lookedFor(missing.path, limit: missing.limit)
            }
        }
        var patterns = [HapticPattern?](repeating: nil, count: config.rules.count)
        // A rule's pattern that names nothing there is a pattern problem, though the schema finds it.
        var diagnostics = read.problems.map { problem in
            var problem = problem
            if problem.path.hasSuffix(".pattern") { problem.kind = .pattern }
            return problem
        }
        // A broken file is reported once, at the first rule naming it, with how many more name it
        // (100,000 rules naming one broken file make one line, not 100,000).
        var failures: [String: (diagnostic: Int, more: Int)] = [:]
        for reference in read.patterns {
            guard let result = files.pattern(for: reference) else { break }   // the budget is passed: nothing more loads
            switch result {
            case .success(let pattern):
                if let rule = reference.rule { patterns[rule] = pattern }
            case .failure(let problem):
                if let first = failures[reference.name], !files.isOverBudget {
                    failures[reference.name] = (first.diagnostic, first.more + 1)
                    continue
                }
                failures[reference.name] = (diagnostics.count, 0)
                diagnostics.append(ConfigDiagnostic(file: file, location: reference.location, path: "rule[\(reference.element)].pattern",
                                                    message: problem.message, kind: problem.kind))
            }
        }
        for (_, failure) in failures where failure.more > 0 {
            diagnostics[failure.diagnostic].message += " (\(failure.more) more rule\(failure.more == 1 ? " names" : "s name") it)"
        }
        guard diagnostics.isEmpty else { throw ConfigErrors(diagnostics) }
        var loaded: [HapticPattern] = []
        loaded.reserveCapacity(config.rules.count)
        for (index, rule) in config.rules.enumerated() {
            if let pattern = patterns[index] {
                loaded.append(pattern)
            } else if rule.pattern.isEmpty, rule.event == .feedback, let name = rule.match.feedback,
                      let feedback = HapticFeedback(name: name), let pattern = presets.pattern(for: feedback) {
                loaded.append(pattern)   // a feedback rule without a pattern plays the case's preset
            } else if rule.pattern.isEmpty, rule.triggerEffect != nil {
                loaded.append(HapticPattern(events: []))   // a trigger-effect-only rule plays nothing on the motors
            } else {
                let location = rule.patternLocation ?? rule.location ?? SourceLocation(line: 1, column: 1, offset: 0)
                diagnostics.append(ConfigDiagnostic(file: file, location: location, path: "rule[\(index)].pattern",
                                                    message: "no preset or AHAP file named '\(EchoedText.shortened(rule.pattern))'",
                                                    kind: .pattern))
                loaded.append(HapticPattern(events: []))
            }
        }
        diagnostics += longNameProblems(config, file: file)
        guard diagnostics.isEmpty else { throw ConfigErrors(diagnostics) }
        return LoadedMapping(config: config, patterns: loaded, file: file == "<config>" ? nil : file,
                             soundFingerprints: files.soundFingerprints, loadCost: files.spent, sources: files.sources)
    }

    /// Keeps every name longer than 15 bytes the config's rules and materials write in `LongNameTable` (so
    /// they compare exactly), and reports each one it has no room for: the table keeps at most 262,144
    /// such names since launch (`LongNameTable.capacity`), and a rule whose name it cannot keep could not be
    /// told apart from another name with the same hash. O(names).
    private static func longNameProblems(_ config: HapticMappingConfig, file: String) -> [ConfigDiagnostic] {
        var problems: [ConfigDiagnostic] = []
        func keep(_ name: String?, rule: Int?, location: SourceLocation?) {
            guard let name, name.utf8.count > 15, !HapticName(configName: name).isKept else { return }
            problems.append(ConfigDiagnostic(file: file, location: location ?? SourceLocation(line: 1, column: 1, offset: 0),
                                             path: rule.map { "rule[\($0)]" } ?? "materials",
                                             message: "the name '\(EchoedText.shortened(name))' cannot be kept: \(LongNameTable.capacity) names "
                                                + "longer than 15 bytes are kept since launch, the most there is room for (docs/config.md, \"Limits\")"))
        }
        for name in config.materials.keys { keep(name, rule: nil, location: nil) }
        for (index, rule) in config.rules.enumerated() {
            let match = rule.match
            for name in [match.materials?.0, match.materials?.1, match.surface, match.tag, match.name, match.action, match.textureKind] {
                keep(name, rule: index, location: rule.location)
            }
        }
        return problems
    }

    /// The path of AHAP or WAV file `name` inside `folder`, or nil when it is not a relative `.ahap`
    /// or `.wav` path that stays inside the folder, or the file does not exist.
    static func resolvedPath(_ name: String, in folder: String?) -> String? {
        guard let path = candidatePath(name, in: folder) else { return nil }
        return FileStatus.isFile(path) ? path : nil
    }

    /// The path of AHAP or WAV file `name` inside `folder` whether or not it exists, or nil when it is
    /// not a relative `.ahap` or `.wav` path that stays inside the folder.
    static func candidatePath(_ name: String, in folder: String?) -> String? {
        guard let folder, name.hasSuffix(".ahap") || name.lowercased().hasSuffix(".wav"), !name.hasPrefix("/"), !name.hasPrefix("~"),
              !name.split(separator: "/").contains("..") else { return nil }
        return FilePathText.appending(name, to: folder)
    }
}

/// Whether a rule's `pattern` names a preset or a file, looked up once per name (a config may name
/// one file in 100,000 rules). Load time, one thread.
private final class PatternNames {
    let presets: PresetLibrary
    let folder: String?
    private var known: [String: Bool] = [:]

    init(presets: PresetLibrary, folder: String?) {
        self.presets = presets
        self.folder = folder
    }

    func exists(_ name: String) -> Bool {
        if let answer = known[name] { return answer }
        let answer = presets.pattern(named: name) != nil || LoadedMapping.resolvedPath(name, in: folder) != nil
        known[name] = answer
        return answer
    }

    /// The pattern and sound files the config names that are not there: watched all the same, so
    /// one that appears is loaded (`MappingSources`).
    func missingFiles(limit: (String) -> Int) -> [(path: String, limit: Int)] {
        known.compactMap { name, exists in
            guard !exists, let path = LoadedMapping.candidatePath(name, in: folder) else { return nil }
            return (path, limit(name))
        }
    }
}
