/// A `pattern` a `[[rule]]` names (a preset, or an existing `.ahap` or `.wav` path) and what loading
/// it needs: collected by `ConfigSchema` for every rule, also for rules with other errors.
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
