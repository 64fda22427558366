#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    /// The sound files its `.wav` patterns were made from (real paths) and their content hashes,
    /// for `MappingConfigWatcher` to notice a changed sound.
    public let soundFingerprints: [String: UInt64]
    /// The rules compiled for the per-frame path: the one mapping implementation.
    let compiled: CompiledMapping

    /// Whether any rule sets an adaptive trigger effect (the director skips that pass otherwise).
    public let hasTriggerEffects: Bool

    init(config: HapticMappingConfig, patterns: [HapticPattern], file: String?, soundFingerprints: [String: UInt64] = [:]) {
        self.config = config
        self.patterns = patterns
        self.file = file
        self.soundFingerprints = soundFingerprints
        compiled = CompiledMapping(config: config)
        hasTriggerEffects = config.rules.contains { $0.triggerEffect != nil }
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
    /// Throws `ConfigErrors`: every problem, each with file:line:column.
    public static func load(file: String, presets: PresetLibrary) throws(ConfigErrors) -> LoadedMapping {
        try load(file: file, presets: presets, sounds: nil)
    }

    /// `load(file:presets:)` with the loader that turns `.wav` patterns into haptics (nil:
    /// `SoundPatternLoader.pcm`); for the front door and tools, which pass SDL's decoder.
    @_spi(HapticsTools)
    public static func load(file: String, presets: PresetLibrary, sounds: SoundPatternLoader?) throws(ConfigErrors) -> LoadedMapping {
        let start = SourceLocation(line: 1, column: 1, offset: 0)
        let bytes: [UInt8]
        do {
            bytes = try FileReading.readRegularFile(file, maximumBytes: TOMLLimits().maximumBytes)
        } catch {
            throw ConfigErrors([ConfigDiagnostic(file: file, location: start, path: "", message: error.message)])
        }
        let text: String
        do {
            text = try FileReading.utf8Text(bytes)
        } catch {
            throw ConfigErrors([ConfigDiagnostic(file: file, location: error.location, path: "", message: error.message)])
        }
        let folder = FilePathText.deletingLastComponent(file)
        return try load(text: text, file: file, folder: folder.isEmpty ? "." : folder, presets: presets, sounds: sounds)
    }

    /// Loads and validates config text; `folder` is where relative AHAP and WAV paths are looked up
    /// (nil: presets only); `.wav` patterns are read with `SoundPatternLoader.pcm` (plain PCM and float WAV).
    public static func load(text: String, file: String = "<config>", folder: String? = nil,
                            presets: PresetLibrary) throws(ConfigErrors) -> LoadedMapping {
        try load(text: text, file: file, folder: folder, presets: presets, sounds: nil)
    }

    /// `load(text:file:folder:presets:)` with the loader that analyses `.wav` patterns (nil: `.pcm`).
    @_spi(HapticsTools)
    public static func load(text: String, file: String = "<config>", folder: String? = nil,
                            presets: PresetLibrary, sounds: SoundPatternLoader?) throws(ConfigErrors) -> LoadedMapping {
        let config = try HapticMappingConfig.decode(text, file: file) { name in
            presets.pattern(named: name) != nil || resolvedPath(name, in: folder) != nil
        }
        var patterns: [HapticPattern] = []
        var diagnostics: [ConfigDiagnostic] = []
        var fingerprints: [String: UInt64] = [:]
        for (index, rule) in config.rules.enumerated() {
            if rule.pattern.isEmpty, rule.event == .feedback, let name = rule.match.feedback,
               let feedback = HapticFeedback(name: name), let pattern = presets.pattern(for: feedback) {
                patterns.append(pattern)   // a feedback rule without a pattern plays the case's preset
                continue
            }
            if rule.pattern.isEmpty, rule.triggerEffect != nil {
                patterns.append(HapticPattern(events: []))   // a trigger-effect-only rule plays nothing on the motors
                continue
            }
            if let preset = presets.pattern(named: rule.pattern) {
                patterns.append(preset)
                continue
            }
            let location = rule.patternLocation ?? rule.location ?? SourceLocation(line: 1, column: 1, offset: 0)
            guard let path = resolvedPath(rule.pattern, in: folder) else {
                diagnostics.append(ConfigDiagnostic(file: file, location: location, path: "rule[\(index)].pattern",
                                                    message: "no preset or AHAP file named '\(rule.pattern)'"))
                patterns.append(HapticPattern(events: []))
                continue
            }
            if path.lowercased().hasSuffix(".wav") {
                do {
                    let made = try (sounds ?? .pcm).pattern(path: rule.pattern, folder: folder ?? ".", options: rule.analysis, withAudio: rule.playsSound)
                    patterns.append(made.pattern)
                    fingerprints[made.file] = made.fingerprint
                } catch {
                    diagnostics.append(ConfigDiagnostic(file: file, location: location, path: "rule[\(index)].pattern",
                                                        message: error.description))
                    patterns.append(HapticPattern(events: []))
                }
                continue
            }
            do {
                patterns.append(try AHAPDecoder().decode(contentsOfFile: path).pattern)
            } catch {
                let first = error.firstError
                diagnostics.append(ConfigDiagnostic(file: file, location: location, path: "rule[\(index)].pattern",
                                                    message: "the AHAP file '\(rule.pattern)' does not load: \(first.whereDescription): \(first.message)"))
                patterns.append(HapticPattern(events: []))
            }
        }
        guard diagnostics.isEmpty else { throw ConfigErrors(diagnostics) }
        return LoadedMapping(config: config, patterns: patterns, file: file == "<config>" ? nil : file, soundFingerprints: fingerprints)
    }

    /// The path of AHAP or WAV file `name` inside `folder`, or nil when it is not a relative `.ahap`
    /// or `.wav` path that stays inside the folder, or the file does not exist.
    static func resolvedPath(_ name: String, in folder: String?) -> String? {
        guard let folder, name.hasSuffix(".ahap") || name.lowercased().hasSuffix(".wav"), !name.hasPrefix("/"), !name.hasPrefix("~"),
              !name.split(separator: "/").contains("..") else { return nil }
        let path = FilePathText.appending(name, to: folder)
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory else { return nil }
        return path
    }
}
