extension HapticEvent {
    /// The parameters an event can set in its `EventParameters` list.
    ///
    /// Raw values are the AHAP `ParameterID` strings. Ranges and defaults come from Apple's
    /// documentation where it gives them; where it is silent (intensity, sharpness, volume,
    /// pitch) the defaults are SDLHaptics' choice, listed in docs/ahap.md.
    public enum ParameterID: String, CaseIterable, Hashable, Sendable {
        /// Strength of a haptic event, 0...1, default 1.
        case hapticIntensity = "HapticIntensity"
        /// Feel of a haptic event from round (0) to crisp (1), default 0.5.
        case hapticSharpness = "HapticSharpness"
        /// Envelope attack adjuster, 0...1, default 0; larger values lengthen the attack exponentially.
        case attackTime = "AttackTime"
        /// Envelope decay adjuster, 0...1, default 0.
        case decayTime = "DecayTime"
        /// Release after a sustained continuous event ends, 0...1, default 0.
        case releaseTime = "ReleaseTime"
        /// 1 holds a continuous event for its whole duration, 0 lets it end when the decay bottoms out.
        /// A boolean written as a number (0 or 1), default 1.
        case sustained = "Sustained"
        /// Loudness of an audio event, 0...1, default 1.
        case audioVolume = "AudioVolume"
        /// Pitch shift of an audio event, -1...1, default 0.
        case audioPitch = "AudioPitch"
        /// Stereo position of an audio event, -1 (left) ... 1 (right), default 0.
        case audioPan = "AudioPan"
        /// High-frequency content of an audio event, 0...1, default 1.
        case audioBrightness = "AudioBrightness"

        /// Valid range and default value.
        @_spi(HapticsTools) public var range: ParameterRange {
            switch self {
            case .hapticIntensity: return ParameterRange(minimum: 0, maximum: 1, defaultValue: 1)
            case .hapticSharpness: return ParameterRange(minimum: 0, maximum: 1, defaultValue: 0.5)
            case .attackTime, .decayTime, .releaseTime:
                return ParameterRange(minimum: 0, maximum: 1, defaultValue: 0)
            case .sustained: return ParameterRange(minimum: 0, maximum: 1, defaultValue: 1)
            case .audioVolume: return ParameterRange(minimum: 0, maximum: 1, defaultValue: 1)
            case .audioPitch: return ParameterRange(minimum: -1, maximum: 1, defaultValue: 0)
            case .audioPan: return ParameterRange(minimum: -1, maximum: 1, defaultValue: 0)
            case .audioBrightness: return ParameterRange(minimum: 0, maximum: 1, defaultValue: 1)
            }
        }

        /// The parameter's default value (`range.defaultValue`).
        public var defaultValue: Double { range.defaultValue }
    }
}
