/// The mixer's settings: category gains, master gain, an off switch and the voice cap.
///
/// The engine mixes every audible player per output and per actuator (docs/engine.md, "Mixer"):
///
///     mixed = min(1, sum over admitted voices of masterGain * categoryGain * voiceLevel)
///
/// a saturating sum: one voice at full stays full, two weaker voices add up, and the sum is
/// limited to 1 (hard limit; the motor stage then holds 1 at the profile's saturation). Where two or
/// more voices that are not playing a tap overlap, their sum is softly limited below full instead
/// (`overlapCeiling`), so that a tap posted on top still rises.
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

    /// Headroom for taps (issue 33): where two or more voices that are not playing a tap overlap on an
    /// actuator, their sum passes a soft limiter that rises like the sum up to `overlapKnee` (0.5) and
    /// then bends towards this ceiling, `knee + room · x / (room + x)` for `x` above the knee and `room`
    /// the ceiling less the knee, instead of clipping at 1; taps add on top, up to 1. So a tap
    /// posted while overlapping content would hold a motor at full still rises above it. One voice
    /// alone is never limited (it stays exactly as loud as it asks). 0.5...1, default 0.75; 1 turns the
    /// limiter off (the hard limit of before).
    public var overlapCeiling: Double = HapticMixer.defaultOverlapCeiling {
        didSet { overlapCeiling = min(max(overlapCeiling.isFinite ? overlapCeiling : 1, Self.overlapKnee), 1) }
    }

    /// How long a voice counts as playing a tap after one of its transients sounds, in seconds of its
    /// pattern: the hit and the start of its body (an impact's rumble is part of the impact), which the
    /// overlap limiter leaves out.
    public static let tapSeconds = 0.15
    /// Where the overlap limiter starts to bend (`overlapCeiling`).
    public static let overlapKnee = 0.5
    /// The overlap limiter's ceiling unless a game sets another.
    public static let defaultOverlapCeiling = 0.75

    public init() {}

    /// The mixed level of one actuator (0...1): `sum`, the voices' levels summed in order, saturating at 1,
    /// unless two or more voices that are not playing a tap (`continuousVoices`, summing to `continuous`)
    /// overlap above `overlapKnee`: then their sum passes the overlap limiter (ceiling `ceiling`) and the
    /// taps (`taps`) add on top, up to 1. O(1), no allocation.
    @_spi(HapticsTools) public static func mixed(sum: Double, continuous: Double, continuousVoices: Int, taps: Double, ceiling: Double) -> Double {
        guard continuousVoices >= 2, ceiling < 1, continuous > overlapKnee else { return min(1, sum) }
        let room = ceiling - overlapKnee, above = continuous - overlapKnee
        return min(1, overlapKnee + room * above / (room + above) + taps)
    }

    /// The gain of a category, 0...1. Values set outside the range are clamped.
    public subscript(category: HapticCategory) -> Double {
        get { gains[category.rawValue] }
        set { gains[category.rawValue] = VoiceEvaluator.clamp01(newValue) }
    }
}
