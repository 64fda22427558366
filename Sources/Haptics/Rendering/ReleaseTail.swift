/// The fade a voice plays after its player is stopped: the level of its sustained continuous
/// events at the stop falls linearly to 0.
///
/// Built by `VoiceEvaluator.releaseTail(at:controls:)`. The length is the longest release among
/// the sustained continuous events sounding at the stop (their `ReleaseTime` plus the release
/// control, through `EnvelopeTiming`), or what is left of a release already under way.
/// Transients and non-sustained events are cut at the stop: they are not in `initial`. A length
/// of 0 means silence at once.
@_spi(HapticsTools) public struct ReleaseTail: Hashable, Sendable {
    /// Pattern time of the stop, in seconds.
    public var start: Double
    /// Length of the fade in pattern seconds, >= 0.
    public var seconds: Double
    /// The signal of the sustained continuous events at the stop (transients and non-sustained
    /// events left out).
    public var initial: HapticSignal

    /// The faded signal at pattern time `t` (seconds). Pure, O(1).
    public func signal(at t: Double) -> HapticSignal {
        guard seconds > 0, t < start + seconds else { return .silent }
        if t <= start { return initial }
        let gain = 1 - (t - start) / seconds
        return HapticSignal(intensity: initial.intensity * gain, sharpness: initial.sharpness)
    }

    /// Whether the fade is over at pattern time `t`.
    public func isFinished(at t: Double) -> Bool { seconds <= 0 || t >= start + seconds || initial.intensity == 0 }
}
