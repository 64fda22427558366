extension HapticEvent {
    /// The four kinds of event an AHAP pattern can hold.
    ///
    /// Raw values are the exact `EventType` strings of the AHAP format (case-sensitive).
    public enum EventType: String, CaseIterable, Hashable, Sendable {
        /// A short tap that finishes by itself. A duration, if given, is only a logical length.
        case hapticTransient = "HapticTransient"
        /// A haptic of a given length (`EventDuration`, at most 30 s) shaped by an envelope.
        case hapticContinuous = "HapticContinuous"
        /// A synthesized tone of a given length, the audio counterpart of `hapticContinuous`.
        case audioContinuous = "AudioContinuous"
        /// A waveform file named by `EventWaveformPath`, played like a transient.
        case audioCustom = "AudioCustom"

        /// Whether the event drives haptic actuators (as opposed to the speaker).
        public var isHaptic: Bool { self == .hapticTransient || self == .hapticContinuous }

        /// Whether the event plays sound.
        public var isAudio: Bool { !isHaptic }

        /// Whether the event needs `EventDuration` to know where it ends.
        public var requiresDuration: Bool { self == .hapticContinuous || self == .audioContinuous }

        /// The event parameters that affect this type of event. Others are accepted but have no effect.
        public var applicableParameters: [HapticEvent.ParameterID] {
            switch self {
            case .hapticTransient:
                return [.hapticIntensity, .hapticSharpness, .attackTime, .decayTime, .releaseTime, .sustained]
            case .hapticContinuous:
                return [.hapticIntensity, .hapticSharpness, .attackTime, .decayTime, .releaseTime, .sustained]
            case .audioContinuous:
                return [.audioVolume, .audioPitch, .audioPan, .audioBrightness,
                        .attackTime, .decayTime, .releaseTime, .sustained]
            case .audioCustom:
                return [.audioVolume, .audioPitch, .audioPan, .audioBrightness,
                        .attackTime, .decayTime, .releaseTime, .sustained]
            }
        }
    }
}
