/// The mixer's settings: category gains, master gain, an off switch and the voice cap.
///
/// The engine mixes every audible player per output and per actuator (docs/engine.md, "Mixer"):
///
///     mixed = min(1, sum over admitted voices of masterGain * categoryGain * voiceLevel)
///
/// a saturating sum: one voice at full stays full, two weaker voices add up, and the sum is
/// limited to 1 (hard limit; the motor remap then keeps 1 at the profile's saturation).
/// Voice cap: when more than `maximumAudibleVoices` players have sound in a frame, the ones with
/// the lowest priority yield; among equal priorities the one started earliest yields. A voice that
/// yields keeps its position (it is not stopped) and is heard again when room frees up.
public struct HapticMixer: Hashable, Sendable {
    /// Gain per category, each 0...1 (default 1), indexed by `HapticCategory.rawValue`.
    private var gains: [Double] = Array(repeating: 1, count: HapticCategory.allCases.count)
    /// Gain applied to everything, 0...1. Default 1.
    public var masterGain: Double = 1 {
        didSet { masterGain = VoiceEvaluator.clamp01(masterGain) }
    }
    /// The off switch: when false every output receives zeros (players keep running).
    public var isEnabled: Bool = true
    /// How many players may be heard at once (across all outputs), >= 1. Default 8.
    public var maximumAudibleVoices: Int = 8 {
        didSet { maximumAudibleVoices = max(maximumAudibleVoices, 1) }
    }

    public init() {}

    /// The gain of a category, 0...1. Values set outside the range are clamped.
    public subscript(category: HapticCategory) -> Double {
        get { gains[category.rawValue] }
        set { gains[category.rawValue] = VoiceEvaluator.clamp01(newValue) }
    }
}
