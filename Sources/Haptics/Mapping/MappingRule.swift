/// One rule of a mapping config: which events it takes and how they feel.
///
/// The first rule in file order whose event kind and matches fit an event decides it
/// (`HapticMapping.rule(for:in:)`), so specific rules go before general ones. Built by the TOML
/// decoder (`HapticMappingConfig.decode`); every field's range is checked there. Pure value.
@_spi(HapticsTools) public struct MappingRule: Sendable {
    /// The longest name a rule may match (`action`, `custom`, `surface`, `texture`, `tag`, materials), in
    /// UTF-8 bytes: the longest a C post can carry (`SDLH_MAX_STRING_BYTES`, 4,096); a longer name could
    /// never be matched, so the config is refused (issue 31). Names may not be empty nor hold a NUL either.
    public static let maximumNameBytes = 4_096

    /// A name for traces and the HUD ("crate on floor"); defaults to "<event> rule at line L".
    public var name: String
    /// The event kind it takes.
    public var event: EventKindName
    /// What else the event must have.
    public var match = Match()
    /// A preset name (`ImpactHeavy`), or an AHAP or WAV file path relative to the config's folder
    /// (a WAV is analysed into haptics with `analysis`); empty for a rule that only sets a trigger
    /// effect (nothing plays on the motors).
    public var pattern: String
    /// The intensity, 0...1, applied as the player's intensity control (multiplies the pattern).
    public var intensity: ValueSource
    /// Added to the pattern's sharpness through the sharpness control, −1...1; nil leaves it.
    public var sharpness: ValueSource?
    /// Fading with distance from the listener, or nil (no fading).
    public var attenuation: Attenuation?
    /// How much of the effect also goes to the trigger motor on the side it came from, 0...1
    /// (0: none). On pads without trigger motors it folds into the body motor of that side.
    public var triggerBias: Double = 0
    /// The adaptive trigger effect the rule sets, or nil (docs/config.md, "Adaptive triggers").
    public var triggerEffect: TriggerEffectRule?
    /// Shortest time between two starts of this rule for one player, seconds (>= 0).
    public var cooldown: Double = 0
    /// When true, the events this rule takes in one frame for one player play once, as the
    /// strongest of them. When false they overlap, but still at most four per frame and player
    /// (the strongest four: the rule's voice pool holds four). Default true.
    public var coalesce = true
    /// Voice cap priority (higher is kept first). Default 0.
    public var priority = 0
    /// Mixer category (for its gain).
    public var category: HapticCategory
    /// For a `.wav` pattern: how the sound is analysed into haptics (the rule's `analysis` table).
    public var analysis = AudioHapticsOptions()
    /// For a `.wav` pattern: whether the pattern also plays the sound (`analysis.with_audio`).
    public var playsSound = false
    /// Where the rule was written, for messages.
    public var location: SourceLocation?
    /// Where its `pattern` value was written, for messages about the pattern.
    public var patternLocation: SourceLocation?

    public init(name: String, event: EventKindName, pattern: String, intensity: ValueSource,
                category: HapticCategory) {
        self.name = name
        self.event = event
        self.pattern = pattern
        self.intensity = intensity
        self.category = category
    }

    /// Conditions beyond the event kind; nil fields match anything.
    public struct Match: Sendable {
        /// Collision materials, order-insensitive; "*" matches any (including unknown) material.
        public var materials: (String, String)?
        /// Footstep surface.
        public var surface: String?
        /// The event's tag.
        public var tag: String?
        /// Custom event name.
        public var name: String?
        /// Game action name (`action = "dash"`).
        public var action: String?
        /// Texture kind.
        public var textureKind: String?
        /// Feedback case (`HapticFeedback(name:)` spelling).
        public var feedback: String?
        /// Hits: only critical (true) or only normal (false).
        public var critical: Bool?
        /// Hits: only received (true) or only dealt (false).
        public var received: Bool?
        public init() {}
    }
}

/// Where a rule's number comes from: an input of the event through a curve.
@_spi(HapticsTools) public struct ValueSource: Hashable, Sendable {
    public var input: MappingInput
    public var curve: ResponseCurve

    /// A fixed value.
    public static func constant(_ value: Double) -> ValueSource {
        ValueSource(input: .constant, curve: .constant(value))
    }
}

/// The numbers an event offers to a curve.
@_spi(HapticsTools) public enum MappingInput: String, Hashable, Sendable, CaseIterable {
    /// Collision impulse in N·s: the given impulse, or reduced mass × speed.
    case impulse
    /// Collision relative speed, footstep walking speed (units/s).
    case speed
    /// Collision reduced mass (kg), footstep walker weight (kg).
    case mass
    /// Hit damage.
    case damage
    /// Texture driving value, custom event value, action value (1 unless the game gave one),
    /// feedback intensity (0...1; 1 for cases without one).
    case value
    /// The mean sharpness (0...1) of the collision's materials or the footstep's surface, from
    /// `[materials]`; unknown materials count as 0.5.
    case materials
    /// No input: the curve's output at 0 (write `value = x` in the config).
    case constant

    /// The event kinds that offer this input.
    public var kinds: Set<EventKindName> {
        switch self {
        case .impulse: return [.collision]
        case .speed: return [.collision, .footstep]
        case .mass: return [.collision, .footstep]
        case .damage: return [.hit]
        case .value: return [.texture, .custom, .action, .feedback]
        case .materials: return [.collision, .footstep]
        case .constant: return Set(EventKindName.allCases)
        }
    }
}
