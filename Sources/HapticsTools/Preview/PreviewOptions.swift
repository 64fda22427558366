@_spi(HapticsTools) import Haptics

/// How `PatternPreview` renders a pattern: frame rate, the devices it plays on, where on them.
///
/// Every value has a default that matches what a game does with a generic pad: 60 frames per second,
/// the generic dual-motor profile, the body motors.
public struct PreviewOptions: Hashable, Sendable {
    /// Frames per second, > 0 and finite. Frame `k` is rendered at `k / rate` seconds. Default 60.
    public var rate: Double
    /// The devices the pattern plays on, one output each (same frames, side by side). At least one.
    /// Default: `[.genericDualMotor]`.
    public var profiles: [MotorProfile]
    /// Where on each device the pattern plays. Default `.body`.
    public var locality: HapticLocality
    /// Longest time rendered after the pattern's duration while waiting for its tails to end, in
    /// seconds (>= 0). Release tails, transient decays and update-interval holds all end well
    /// inside the default, 5 s (2 x the longest envelope segment, plus 1 s).
    public var maximumTailSeconds: Double
    /// Most frames a render may take, every profile's frames counted (two profiles: twice the
    /// pattern's frames); more throws `PreviewError.tooManyFrames`. Default 1,000,000 (an hour at
    /// 277 frames per second on one profile; about 58 MB of CSV).
    public var maximumFrames: Int

    /// The default `maximumTailSeconds`: 5 s (2 x the longest envelope segment, plus 1 s).
    public static let defaultMaximumTailSeconds = 2 * EnvelopeTiming.maximumSeconds + 1

    public init(rate: Double = 60, profiles: [MotorProfile] = [.genericDualMotor], locality: HapticLocality = .body,
                maximumTailSeconds: Double = PreviewOptions.defaultMaximumTailSeconds, maximumFrames: Int = 1_000_000) {
        self.rate = rate
        self.profiles = profiles
        self.locality = locality
        self.maximumTailSeconds = maximumTailSeconds
        self.maximumFrames = maximumFrames
    }

    /// Options for one device: `profile` at `rate` frames per second.
    public init(rate: Double = 60, profile: MotorProfile, locality: HapticLocality = .body) {
        self.init(rate: rate, profiles: [profile], locality: locality)
    }
}
