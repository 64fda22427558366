/// What the measures count as felt (docs/performance.md, "What a player feels").
public enum FeltCriteria {
    /// Felt amplitude (fraction of the motor's full strength) below which nothing counts as felt.
    public static let threshold = 0.1
    /// A change on top of a vibration already felt must be this much stronger, relative, to be
    /// noticed: vibrotactile amplitude discrimination is about 1.5 dB, a Weber fraction of about 0.2
    /// (Gescheider et al.'s intensity-discrimination measurements).
    public static let weberFraction = 0.2
    /// A transient counts as lost when no felt peak follows it within this window, seconds.
    public static let transientWindow = 0.050
    /// How long an onset is looked for, seconds (an onset not felt by then has no delay).
    public static let onsetWindow = 0.300
    /// Correlation runs from 0 to this long after the intended end, seconds.
    public static let correlationTail = 0.250
}
