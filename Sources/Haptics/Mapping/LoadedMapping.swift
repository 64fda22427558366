import Foundation

/// A validated config with every pattern its rules name already decoded, ready to swap in
/// between frames. Made by `load(file:presets:)` or `load(text:...)`; immutable afterwards.
///
/// Loading reads and decodes files (allocates, does I/O): call it at load time or on a
/// background thread (`MappingConfigWatcher` does), never on the per-frame path.
public final class LoadedMapping: @unchecked Sendable {
    /// The config.
    public let config: HapticMappingConfig
    /// The pattern of each rule, aligned with `config.rules`.
    public let patterns: [HapticPattern]
    /// The file it came from, or nil for text.
    public let file: String?
    /// The flat tables the per-frame path reads.
    let tables: MappingTables

    init(config: HapticMappingConfig, patterns: [HapticPattern], file: String?) {
        self.config = config
        self.patterns = patterns
        self.file = file
        tables = MappingTables(config: config)
    }

    /// The index of the first rule that takes `event`, or nil. O(rules of its kind), no allocation.
    public func ruleIndex(for event: GameEvent) -> Int? {
        withUnsafePointer(to: event) { tables.ruleIndex(for: $0) }
    }

    /// Loads and validates the config at `file`, resolving each rule's `pattern` as a preset of
    /// `presets` or else an AHAP file relative to the config's folder (no absolute paths, no `..`).
    /// Throws `ConfigErrors`: every problem, each with file:line:column.
    public static func load(file: String, presets: PresetLibrary) throws(ConfigErrors) -> LoadedMapping {
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
        return try load(text: text, file: file, folder: (file as NSString).deletingLastPathComponent, presets: presets)
    }

    /// Loads and validates config text; `folder` is where relative AHAP paths are looked up
    /// (nil: presets only).
    public static func load(text: String, file: String = "<config>", folder: String? = nil,
                            presets: PresetLibrary) throws(ConfigErrors) -> LoadedMapping {
        let config = try HapticMappingConfig.decode(text, file: file) { name in
            presets.pattern(named: name) != nil || resolvedPath(name, in: folder) != nil
        }
        var patterns: [HapticPattern] = []
        var diagnostics: [ConfigDiagnostic] = []
        for (index, rule) in config.rules.enumerated() {
            if rule.pattern.isEmpty, rule.event == .feedback, let name = rule.match.feedback,
               let feedback = HapticFeedback(name: name), let pattern = presets.pattern(for: feedback) {
                patterns.append(pattern)   // a feedback rule without a pattern plays the case's preset
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
        return LoadedMapping(config: config, patterns: patterns, file: file == "<config>" ? nil : file)
    }

    /// The path of AHAP file `name` inside `folder`, or nil when it is not a relative `.ahap` path
    /// that stays inside the folder, or the file does not exist.
    static func resolvedPath(_ name: String, in folder: String?) -> String? {
        guard let folder, name.hasSuffix(".ahap"), !name.hasPrefix("/"), !name.hasPrefix("~"),
              !name.split(separator: "/").contains("..") else { return nil }
        let path = (folder as NSString).appendingPathComponent(name)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        return path
    }
}
