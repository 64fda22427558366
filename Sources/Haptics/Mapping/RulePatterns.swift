/// The patterns one config load needs, each file loaded once and shared by every rule that names
/// it, within the config's `MappingLoadBudget`.
///
/// - An `.ahap` file is read and decoded once per load (by its real path, links resolved): 400
///   rules naming one 7.7 MB pattern decode it once and share the result.
/// - A `.wav` file is read and hashed once per load, decoded and its spectrum measured at most once
///   (`SoundPatternLoader.measure`), and analysed once per distinct set of `analysis` options; the
///   loader's cache answers options it has seen in an earlier load, without decoding.
/// - Presets cost nothing.
///
/// The budget is checked before each cost it counts: the file whose bytes, or the analysis whose
/// seconds, would pass it is refused with the budget's words, and nothing more is loaded.
/// Internal to `LoadedMapping`; load time only (reads files, allocates), one thread.
struct RulePatterns {
    let folder: String?
    let presets: PresetLibrary
    let sounds: SoundPatternLoader
    let budget: MappingLoadBudget
    /// What this load has used of `budget`.
    private(set) var spent = MappingLoadBudget.Spent()
    /// The sounds read (real paths) and their content hashes, for `MappingConfigWatcher`.
    private(set) var soundFingerprints: [String: UInt64] = [:]
    /// True once a pattern passed the budget: nothing more is loaded.
    private(set) var isOverBudget = false
    /// Every pattern and sound file this load looked for and what it read there, for the watcher.
    private(set) var sources = MappingSources()

    /// Why a pattern cannot be loaded, in the words the config's diagnostic uses.
    struct Problem: Error {
        var message: String
        /// `.pattern`, or `.budget` when the load budget refused it.
        var kind: ConfigDiagnostic.Kind = .pattern
    }

    /// Where each name the rules wrote leads, looked up once per name.
    private var places: [String: Place] = [:]

    private enum Place {
        case missing
        /// An AHAP file's real path (links resolved), and its path as named (watched).
        case ahap(String, named: String)
        /// A sound's real path (`SoundPatternLoader.resolve`), or why it is refused, and its path as named.
        case sound(Result<String, Problem>, named: String)
    }
    /// AHAP files by real path.
    private var patternFiles: [String: Result<HapticPattern, Problem>] = [:]
    /// The name under which each real path was first read (`sources` records the others alike).
    private var firstNames: [String: String] = [:]
    /// Sound files by real path.
    private var soundFiles: [String: SoundFile] = [:]

    /// One sound file of this load: read once, decoded and measured at most once, its patterns by
    /// options and audio path.
    private struct SoundFile {
        var source: Result<SoundPatternLoader.SoundSource, Problem>
        var measurement: SoundMeasurement?
        /// Why it does not decode or cannot be analysed, once found.
        var failure: Problem?
        /// The sound's length, once known (from the loader's cache or decoding).
        var seconds: Double?
        /// The option sets counted against the budget.
        var analysed: Set<AudioHapticsOptions> = []
        var patterns: [PatternKey: HapticPattern] = [:]
    }

    private struct PatternKey: Hashable {
        var options: AudioHapticsOptions
        var audioPath: String?
    }

    init(folder: String?, presets: PresetLibrary, sounds: SoundPatternLoader, budget: MappingLoadBudget) {
        self.folder = folder
        self.presets = presets
        self.sounds = sounds
        self.budget = budget
    }

    /// The pattern `reference` names, or why it cannot be loaded; nil once an earlier pattern passed
    /// the budget (nothing more is loaded).
    mutating func pattern(for reference: PatternReference) -> Result<HapticPattern, Problem>? {
        guard !isOverBudget else { return nil }
        if let preset = presets.pattern(named: reference.name) { return .success(preset) }
        switch place(of: reference.name) {
        case .missing: return .failure(Problem(message: "no preset or AHAP file named '\(EchoedText.shortened(reference.name))'"))
        case .ahap(let file, let named): return ahap(reference.name, file: file, named: named)
        case .sound(.failure(let problem), _): return .failure(problem)
        case .sound(.success(let file), let named): return sound(reference, file: file, named: named)
        }
    }

    private mutating func place(of name: String) -> Place {
        if let known = places[name] { return known }
        let place: Place
        let isSound = name.lowercased().hasSuffix(".wav")
        if let candidate = LoadedMapping.candidatePath(name, in: folder) {
            // Watched whether or not it is there now: a pattern file that appears is a change too.
            sources.lookedFor(candidate, limit: isSound ? sounds.decoder.maximumBytes : AHAPLimits().maximumFileBytes)
        }
        if let path = LoadedMapping.resolvedPath(name, in: folder) {
            if isSound {
                do { place = .sound(.success(try sounds.resolve(path: name, folder: folder ?? ".")), named: path) } catch {
                    place = .sound(.failure(Problem(message: error.description)), named: path)
                }
            } else {
                // The real path (links, "." and ".." resolved, through the C library: the core imports no
                // Foundation, issue 25), so two names of one file share one read and decode.
                place = .ahap(FileStatus.realPath(path) ?? path, named: path)
            }
        } else {
            place = .missing
        }
        places[name] = place
        return place
    }

    // MARK: AHAP

    private mutating func ahap(_ name: String, file: String, named: String) -> Result<HapticPattern, Problem> {
        if let done = patternFiles[file] {
            sources.same(named, as: firstNames[file] ?? named)
            return done
        }
        firstNames[file] = named
        let decoder = AHAPDecoder()
        let bytes: [UInt8]
        do {
            bytes = try FileReading.readRegularFile(file, maximumBytes: decoder.options.limits.maximumFileBytes)
            sources.read(bytes, from: named, limit: decoder.options.limits.maximumFileBytes)
        } catch {
            let result = Result<HapticPattern, Problem>.failure(Problem(message: "the AHAP file '\(EchoedText.shortened(name))' does not load: file: \(error.message)"))
            patternFiles[file] = result
            return result
        }
        guard charge(bytes: bytes.count) else { return overBudget(budget.bytesProblem(adding: max(bytes.count, budget.minimumFileCharge), to: spent)) }
        spent.patternDecodes += 1
        let result: Result<HapticPattern, Problem>
        do {
            result = .success(try decoder.decode(bytes).pattern)
        } catch {
            let first = error.firstError
            result = .failure(Problem(message: "the AHAP file '\(EchoedText.shortened(name))' does not load: \(first.whereDescription): \(first.message)"))
        }
        patternFiles[file] = result
        return result
    }

    // MARK: Sounds

    private mutating func sound(_ reference: PatternReference, file: String, named: String) -> Result<HapticPattern, Problem> {
        let name = reference.name
        var entry: SoundFile
        if let known = soundFiles[file] {
            entry = known
            sources.same(named, as: firstNames[file] ?? named)
        } else {
            firstNames[file] = named
            do {
                let source = try sounds.source(file: file, path: name)
                sources.read(source.bytes, from: named, limit: sounds.decoder.maximumBytes)
                guard charge(bytes: source.byteCount) else {
                    return overBudget(budget.bytesProblem(adding: max(source.byteCount, budget.minimumFileCharge), to: spent))
                }
                soundFingerprints[source.file] = source.fingerprint
                entry = SoundFile(source: .success(source))
            } catch {
                entry = SoundFile(source: .failure(Problem(message: error.description)))
            }
        }
        let result = pattern(of: &entry, reference: reference)
        soundFiles[file] = entry
        return result
    }

    private mutating func pattern(of entry: inout SoundFile, reference: PatternReference) -> Result<HapticPattern, Problem> {
        let source: SoundPatternLoader.SoundSource
        switch entry.source {
        case .success(let read): source = read
        case .failure(let problem): return .failure(problem)
        }
        let key = PatternKey(options: reference.analysis, audioPath: reference.withAudio ? reference.name : nil)
        if let made = entry.patterns[key] { return .success(made) }
        if let failure = entry.failure { return .failure(failure) }
        if let cached = sounds.cached(source, options: key.options, audioPath: key.audioPath) {
            entry.seconds = cached.seconds
            guard charge(seconds: cached.seconds, options: key.options, of: &entry) else {
                return overBudget(budget.secondsProblem(adding: max(cached.seconds, budget.minimumSoundCharge), to: spent))
            }
            entry.patterns[key] = cached.pattern
            return .success(cached.pattern)
        }
        if entry.measurement == nil {
            do {
                let decoded = try sounds.decode(source, path: reference.name)
                let seconds = decoded.sampleRate > 0 ? Double(decoded.samples.count) / decoded.sampleRate : 0
                entry.seconds = seconds
                guard charge(seconds: seconds, options: key.options, of: &entry) else {
                    return overBudget(budget.secondsProblem(adding: max(seconds, budget.minimumSoundCharge), to: spent))
                }
                entry.measurement = try sounds.measure(decoded, path: reference.name)
                spent.soundMeasurements += 1
            } catch {
                entry.failure = Problem(message: error.description)
                return .failure(Problem(message: error.description))
            }
        }
        guard let measurement = entry.measurement,
              charge(seconds: measurement.durationSeconds, options: key.options, of: &entry) else {
            return overBudget(budget.secondsProblem(adding: max(entry.seconds ?? 0, budget.minimumSoundCharge), to: spent))
        }
        let made = sounds.pattern(from: measurement, of: source, path: reference.name, options: key.options, audioPath: key.audioPath)
        entry.patterns[key] = made
        return .success(made)
    }

    // MARK: Budget

    /// Counts a file of `count` bytes; false (nothing counted) when that would pass the budget.
    private mutating func charge(bytes count: Int) -> Bool {
        let charge = max(count, budget.minimumFileCharge)
        guard budget.bytesProblem(adding: charge, to: spent) == nil else { return false }
        spent.bytes += charge
        spent.files += 1
        return true
    }

    /// Counts the analysis of `entry`'s sound (`seconds` long) with `options`, once per option set;
    /// false (nothing counted) when that would pass the budget.
    private mutating func charge(seconds: Double, options: AudioHapticsOptions, of entry: inout SoundFile) -> Bool {
        guard !entry.analysed.contains(options) else { return true }
        let charge = max(seconds, budget.minimumSoundCharge)
        guard budget.secondsProblem(adding: charge, to: spent) == nil else { return false }
        spent.soundSeconds += charge
        spent.soundAnalyses += 1
        entry.analysed.insert(options)
        return true
    }

    private mutating func overBudget(_ message: String?) -> Result<HapticPattern, Problem> {
        isOverBudget = true
        return .failure(Problem(message: message ?? "the config's load budget is spent", kind: .budget))
    }
}
