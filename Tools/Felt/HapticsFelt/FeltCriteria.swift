/// What the measures count as felt (docs/performance.md, "What a player feels").
public enum FeltCriteria {
    /// Felt amplitude (fraction of the motor's full strength) below which nothing counts as felt.
    public static let threshold = 0.1
    /// A change on top of a vibration already felt must be this much stronger, relative, to be
    /// noticed: vibrotactile amplitude discrimination is about 1.5 dB, a Weber fraction of about 0.2
    /// (Gescheider et al.'s intensity-discrimination measurements).
    public static let weberFraction = 0.2
    /// A transient counts as lost when no motor channel shows a felt rise within this window, seconds.
    public static let transientWindow = 0.050
    /// How long an onset is looked for, seconds (an onset not felt by then has no delay).
    public static let onsetWindow = 0.300
    /// Correlation and tracking run from 0 to this long after the intended end, seconds.
    public static let correlationTail = 0.250
    /// The lags the lag-tolerant measures try: the felt amplitude is compared with the intent
    /// shifted later by 0 ... `maximumLag` seconds, in steps of the felt model's sampling step.
    /// Also the allowance of *content not felt* and of a tap's felt peak (level fidelity).
    public static let maximumLag = 0.080
    /// Intended amplitude from which a moment counts as content a player should feel
    /// (*content not felt*), 0...1.
    public static let contentLevel = 0.15
    /// Level fidelity needs at least this many distinct intended tap strengths in an input;
    /// inputs with fewer are left out of it (they have no order of strengths to keep).
    public static let minimumDistinctStrengths = 3
    /// Tap strengths closer than this count as the same strength, 0...1.
    public static let strengthResolution = 0.01
}
