/// A rule's `analysis` table (docs/config.md; docs/audio-to-haptics.md shows each key's effect): how a
/// `.wav` pattern's sound becomes haptics, and whether the pattern plays the sound too. The ranges are
/// `AudioHapticsOptions`' own.
extension ConfigSchema {
    /// The options as the keys are read.
    struct AnalysisDraft {
        var options = AudioHapticsOptions()
        var withAudio = false
    }

    static let analysis = SchemaSection<AnalysisDraft>("analysis", keys: [
        .number("sensitivity", in: AudioHapticsOptions.sensitivityRange, "a sensitivity",
                default: .number(AudioHapticsOptions().sensitivity), \.options.sensitivity),
        .number("minimum_gap", in: AudioHapticsOptions.minimumGapRange, "seconds", unit: "s",
                default: .number(AudioHapticsOptions().minimumGapSeconds), \.options.minimumGapSeconds),
        .number("smoothing", in: AudioHapticsOptions.smoothingRange, "seconds", unit: "s",
                default: .number(AudioHapticsOptions().smoothingSeconds), \.options.smoothingSeconds),
        .integer("max_points", in: AudioHapticsOptions.pointsPerCurveRange, default: AudioHapticsOptions().maximumPointsPerCurve,
                 \.options.maximumPointsPerCurve),
        .number("points_per_second", in: AudioHapticsOptions.pointsPerSecondRange, "points per second",
                default: .number(AudioHapticsOptions().pointsPerSecond), \.options.pointsPerSecond),
        .number("tolerance", in: AudioHapticsOptions.curveToleranceRange, "a tolerance",
                default: .number(AudioHapticsOptions().curveTolerance), \.options.curveTolerance),
        .number("silence_db", in: AudioHapticsOptions.silenceDecibelsRange, "decibels", unit: "dB",
                default: .number(AudioHapticsOptions().silenceDecibels), \.options.silenceDecibels),
        .boolean("transients", default: AudioHapticsOptions().transients, \.options.transients),
        .boolean("continuous", default: AudioHapticsOptions().continuous, \.options.continuous),
        .boolean("with_audio", default: false, \.withAudio),
    ])
}
