extension DynamicParameter {
    /// The controls a `Parameter` element or a `ParameterCurve` changes while a pattern plays.
    ///
    /// A control is not attached to one event: it modulates the matching property of every
    /// haptic (or audio) event that is playing or starts later. Intensity and volume controls
    /// multiply the event's value; every other control adds to it. The combined value is
    /// clamped to the event parameter's range (docs/ahap.md).
    public enum ID: String, CaseIterable, Hashable, Sendable {
        /// Multiplies haptic intensity, 0...1, default 1.
        case hapticIntensityControl = "HapticIntensityControl"
        /// Adds to haptic sharpness, -1...1, default 0.
        case hapticSharpnessControl = "HapticSharpnessControl"
        /// Adds to the attack time of haptic events, -1...1, default 0.
        case hapticAttackTimeControl = "HapticAttackTimeControl"
        /// Adds to the decay time of haptic events, -1...1, default 0.
        case hapticDecayTimeControl = "HapticDecayTimeControl"
        /// Adds to the release time of haptic events, -1...1, default 0.
        case hapticReleaseTimeControl = "HapticReleaseTimeControl"
        /// Multiplies audio volume, 0...1, default 1.
        case audioVolumeControl = "AudioVolumeControl"
        /// Adds to audio pan, -1...1, default 0.
        case audioPanControl = "AudioPanControl"
        /// Adds to audio pitch, -1...1, default 0.
        case audioPitchControl = "AudioPitchControl"
        /// Adds to audio brightness, -1...1, default 0.
        case audioBrightnessControl = "AudioBrightnessControl"
        /// Adds to the attack time of audio events, -1...1, default 0.
        case audioAttackTimeControl = "AudioAttackTimeControl"
        /// Adds to the decay time of audio events, -1...1, default 0.
        case audioDecayTimeControl = "AudioDecayTimeControl"
        /// Adds to the release time of audio events, -1...1, default 0.
        case audioReleaseTimeControl = "AudioReleaseTimeControl"

        /// How a control combines with the event value it modulates.
        public enum Combination: Hashable, Sendable {
            /// event value × control value
            case multiply
            /// event value + control value
            case add
        }

        /// Valid range and default (the value that has no effect).
        @_spi(HapticsTools) public var range: ParameterRange {
            switch self {
            case .hapticIntensityControl, .audioVolumeControl:
                return ParameterRange(minimum: 0, maximum: 1, defaultValue: 1)
            default:
                return ParameterRange(minimum: -1, maximum: 1, defaultValue: 0)
            }
        }

        /// The parameter's default value (`range.defaultValue`), which leaves events unchanged.
        public var defaultValue: Double { range.defaultValue }

        /// Multiply for intensity and volume, add for everything else.
        public var combination: Combination {
            switch self {
            case .hapticIntensityControl, .audioVolumeControl: return .multiply
            default: return .add
            }
        }

        /// Whether the control acts on haptic events (otherwise on audio events).
        public var isHaptic: Bool { rawValue.hasPrefix("Haptic") }

        /// The event parameter this control modulates.
        public var target: HapticEvent.ParameterID {
            switch self {
            case .hapticIntensityControl: return .hapticIntensity
            case .hapticSharpnessControl: return .hapticSharpness
            case .hapticAttackTimeControl, .audioAttackTimeControl: return .attackTime
            case .hapticDecayTimeControl, .audioDecayTimeControl: return .decayTime
            case .hapticReleaseTimeControl, .audioReleaseTimeControl: return .releaseTime
            case .audioVolumeControl: return .audioVolume
            case .audioPanControl: return .audioPan
            case .audioPitchControl: return .audioPitch
            case .audioBrightnessControl: return .audioBrightness
            }
        }
    }
}
