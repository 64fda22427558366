/// How a sound becomes a haptic pattern (`SoundAnalyzer`, `SoundAnalysis.pattern(options:)`,
/// `hapticsctl from-audio`, a mapping rule's `analysis` table). docs/audio-to-haptics.md shows
/// each one's effect on real sounds.
///
/// Every value has a default that suits game sound effects; out-of-range values are refused by
/// `problems` (the CLI and the config loader report them) and clamped by the analysis.
@_spi(HapticsTools) public struct AudioHapticsOptions: Hashable, Sendable {
    /// How readily a rise in the sound becomes a transient, 0...1. Default 0.5. Higher finds
    /// softer hits (and, near 1, some bumps in noisy textures); lower keeps only clear hits. It sets
    /// both how far the spectral flux must rise above its running median and how many decibels
    /// the level must jump (see docs/audio-to-haptics.md).
    public var sensitivity: Double = 0.5
    /// Shortest time between two transients, seconds, 0.01...1. Default 0.05. A second onset
    /// sooner than this is dropped (flams and rattles become one tap).
    public var minimumGapSeconds: Double = 0.05
    /// Release time of the loudness and brightness followers, seconds, 0...0.5. Default 0.02.
    /// Longer smooths fast flutter out of the continuous curves (fewer control points); attacks
    /// still follow within a quarter of it.
    public var smoothingSeconds: Double = 0.02
    /// Most control points in one parameter curve, 2...16. Default 16 (Apple's exports never use
    /// more). Longer envelopes are cut into several curves, each starting where the last ends.
    public var maximumPointsPerCurve: Int = 16
    /// Budget of control points per second of sound, per curve family (intensity, sharpness),
    /// 1...200. Default 40. The curves are simplified until they fit; a plain envelope needs far
    /// fewer and keeps only what `curveTolerance` asks for.
    public var pointsPerSecond: Double = 40
    /// Largest error a removed control point may leave in a curve, on the 0...1 scale, 0...0.5.
    /// Default 0.03. Raised automatically when the point budget needs it.
    public var curveTolerance: Double = 0.03
    /// Level below the sound's loudest moment treated as silence, decibels, -90...-10. Default
    /// -40. Frames quieter than this make no haptics, so tails and noise floors stay silent.
    public var silenceDecibels: Double = -40
    /// Whether the result has transients at the onsets. Default true.
    public var transients: Bool = true
    /// Whether the result has continuous events following loudness and brightness. Default true.
    public var continuous: Bool = true

    public init() {}

    /// The valid range of each numeric option, for messages.
    public static let sensitivityRange = 0.0...1.0
    public static let minimumGapRange = 0.01...1.0
    public static let smoothingRange = 0.0...0.5
    public static let pointsPerCurveRange = 2...16
    public static let pointsPerSecondRange = 1.0...200.0
    public static let curveToleranceRange = 0.0...0.5
    public static let silenceDecibelsRange = -90.0...(-10.0)

    /// Each option outside its range, as "NAME: expected RANGE, found VALUE" (empty when valid).
    /// NAME is the config key (`sensitivity`, `minimum_gap`, `smoothing`, `max_points`,
    /// `points_per_second`, `tolerance`, `silence_db`).
    public var problems: [(name: String, message: String)] {
        var result: [(String, String)] = []
        func check(_ name: String, _ value: Double, _ range: ClosedRange<Double>) {
            if !value.isFinite || !range.contains(value) {
                result.append((name, "expected a number in \(format(range.lowerBound))...\(format(range.upperBound)), found \(format(value))"))
            }
        }
        check("sensitivity", sensitivity, Self.sensitivityRange)
        check("minimum_gap", minimumGapSeconds, Self.minimumGapRange)
        check("smoothing", smoothingSeconds, Self.smoothingRange)
        if !Self.pointsPerCurveRange.contains(maximumPointsPerCurve) {
            result.append(("max_points", "expected an integer in 2...16, found \(maximumPointsPerCurve)"))
        }
        check("points_per_second", pointsPerSecond, Self.pointsPerSecondRange)
        check("tolerance", curveTolerance, Self.curveToleranceRange)
        check("silence_db", silenceDecibels, Self.silenceDecibelsRange)
        return result
    }

    /// The options with every value clamped into its range (non-finite values take the default).
    var clamped: AudioHapticsOptions {
        var o = self
        let d = AudioHapticsOptions()
        func clamp(_ v: Double, _ r: ClosedRange<Double>, _ fallback: Double) -> Double {
            v.isFinite ? min(max(v, r.lowerBound), r.upperBound) : fallback
        }
        o.sensitivity = clamp(sensitivity, Self.sensitivityRange, d.sensitivity)
        o.minimumGapSeconds = clamp(minimumGapSeconds, Self.minimumGapRange, d.minimumGapSeconds)
        o.smoothingSeconds = clamp(smoothingSeconds, Self.smoothingRange, d.smoothingSeconds)
        o.maximumPointsPerCurve = min(max(maximumPointsPerCurve, 2), 16)
        o.pointsPerSecond = clamp(pointsPerSecond, Self.pointsPerSecondRange, d.pointsPerSecond)
        o.curveTolerance = clamp(curveTolerance, Self.curveToleranceRange, d.curveTolerance)
        o.silenceDecibels = clamp(silenceDecibels, Self.silenceDecibelsRange, d.silenceDecibels)
        return o
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}
