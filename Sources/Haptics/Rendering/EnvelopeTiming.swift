/// How SDLHaptics turns AHAP's normalised envelope times into seconds, and how long a transient is.
///
/// Apple says only that `AttackTime`, `DecayTime` and `ReleaseTime` run 0...1 and that larger
/// values lengthen the segment exponentially. SDLHaptics maps a normalised value `x` to
///
///     seconds(x) = maximumSeconds * (e^(curvature * x) - 1) / (e^curvature - 1)
///
/// with `maximumSeconds` = 2 and `curvature` = 5: 0 -> 0 s, 0.25 -> 0.034 s, 0.5 -> 0.152 s,
/// 0.75 -> 0.563 s, 1 -> 2 s (docs/engine.md). The exponential is computed in pure Swift, so the
/// result is the same on every platform and no C library is needed on the per-frame path.
@_spi(HapticsTools) public enum EnvelopeTiming {
    /// Length of a segment at normalised time 1, in seconds.
    public static let maximumSeconds: Double = 2
    /// Steepness of the exponential mapping (dimensionless).
    public static let curvature: Double = 5
    /// Nominal length of a transient (its full-strength hold) before motor shaping, in seconds.
    ///
    /// A transient with `AttackTime` and `DecayTime` 0 is a 50 ms rectangular pulse. A longer
    /// attack lengthens the hold to the attack; a decay adds a linear fall after the hold.
    public static let transientSeconds: Double = 0.05

    private static let scale: Double = exponential(curvature) - 1

    /// Seconds for a normalised envelope time; `normalized` is clamped to 0...1 (NaN counts as 0).
    /// Pure, allocation-free, a few dozen multiplications.
    public static func seconds(normalized: Double) -> Double {
        let x = normalized.isNaN ? 0 : min(max(normalized, 0), 1)
        if x == 0 { return 0 }
        return maximumSeconds * (exponential(curvature * x) - 1) / scale
    }

    /// e^x for 0 <= x <= 8, by Taylor series on x/64 and six squarings (relative error < 1e-13).
    static func exponential(_ x: Double) -> Double {
        let y = x / 64
        var term = 1.0
        var sum = 1.0
        for n in 1...10 {
            term *= y / Double(n)
            sum += term
        }
        for _ in 0..<6 { sum *= sum }
        return sum
    }
}
