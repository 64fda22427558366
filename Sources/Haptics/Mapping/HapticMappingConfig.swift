/// A mapping config: the rules that turn game events into haptics, with the materials they use.
/// The schema, every key with its type, range and default, is in docs/config.md.
///
/// Made from TOML text by `decode(_:file:patternExists:)` (pure) or from a file with
/// `HapticMapping.load` (which also loads the patterns it names). Pure value, any thread.
@_spi(HapticsTools) public struct HapticMappingConfig: Sendable {
    /// Schema version, 1.
    public var version = 1
    /// The rules, in file order (the first that fits an event decides it).
    public var rules: [MappingRule] = []
    /// Materials and surfaces by name.
    public var materials: [String: MaterialSettings] = [:]
    /// Walker weight for footsteps that give none, kg (> 0). Default 70.
    public var defaultWalkerWeight = 70.0
    /// Named attenuation settings that rules refer to.
    public var attenuations: [String: Attenuation] = [:]

    public init() {}

    /// Most rules a config may have: 100,000. More is refused at the first extra `[[rule]]`
    /// (checking a config is linear in its size; docs/reliability.md has the figures).
    public static let maximumRules = 100_000
}

extension HapticMappingConfig {
    /// Decodes and validates a config from TOML text. `file` names the source in diagnostics;
    /// `patternExists` answers whether a rule's `pattern` can be loaded (preset name or file).
    /// Throws `ConfigErrors` with every problem found, each with file:line:column.
    public static func decode(_ text: String, file: String = "<config>",
                              patternExists: @escaping (String) -> Bool) throws(ConfigErrors) -> HapticMappingConfig {
        let read = try self.read(text, file: file, patternExists: patternExists)
        guard read.problems.isEmpty else { throw ConfigErrors(read.problems) }
        return read.config
    }

    /// Reads `text` as far as the schema allows: the rules without errors, every schema problem,
    /// and every pattern the rules name (`PatternReference`, also for rules with problems), so that
    /// `LoadedMapping` reports broken pattern files in the same pass. Throws only when the text is
    /// not TOML (there is no tree to check).
    static func read(_ text: String, file: String, patternExists: @escaping (String) -> Bool) throws(ConfigErrors)
        -> (config: HapticMappingConfig, problems: [ConfigDiagnostic], patterns: [PatternReference]) {
        var reader = TOMLReader(text: text)
        let root: TOMLTable
        do {
            root = try reader.read()
        } catch {
            throw ConfigErrors([ConfigDiagnostic(file: file, location: error.location, path: "", message: error.message, kind: .syntax)])
        }
        var decoder = ConfigSchemaDecoder(file: file, patternExists: patternExists)
        let config = decoder.decodeRoot(root)
        return (config, decoder.diagnostics, decoder.patternReferences)
    }
}
