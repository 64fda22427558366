/// What one audio voice sounds like at one instant, in AHAP's normalised units.
///
/// The result of an audio event's parameters composed with the audio controls and clamped to each
/// event parameter's range (docs/audio.md). The mixer turns it into gains, a playback ratio and a
/// filter setting with `AudioMath`.
@_spi(HapticsTools) public struct AudioVoiceParameters: Hashable, Sendable {
    /// Loudness, 0...1, a linear amplitude factor (0.5 halves every sample).
    public var volume: Double
    /// Stereo position, -1 (left only) ... 0 (both at full level) ... 1 (right only).
    public var pan: Double
    /// Pitch shift in octaves, -1...1 (playback ratio `2^pitch`).
    public var pitch: Double
    /// High-frequency content, 0 (dull) ... 1 (as recorded, or the brightest tone).
    public var brightness: Double

    public init(volume: Double = 1, pan: Double = 0, pitch: Double = 0, brightness: Double = 1) {
        self.volume = volume
        self.pan = pan
        self.pitch = pitch
        self.brightness = brightness
    }

    /// The parameters of an event as written (`AudioVolume`, `AudioPan`, `AudioPitch`,
    /// `AudioBrightness`, defaults where missing) combined with `controls`, each clamped to its range.
    public init(event: HapticEvent, controls: AudioControls = .neutral) {
        self.init(volume: event.value(of: .audioVolume), pan: event.value(of: .audioPan),
                  pitch: event.value(of: .audioPitch), brightness: event.value(of: .audioBrightness),
                  controls: controls)
    }

    /// Event values combined with `controls` (volume multiplies, the rest add), each clamped.
    init(volume: Double, pan: Double, pitch: Double, brightness: Double, controls: AudioControls) {
        self.volume = HapticEvent.ParameterID.audioVolume.range.clamp(
            HapticEvent.ParameterID.audioVolume.range.clamp(volume) * controls.volume)
        self.pan = HapticEvent.ParameterID.audioPan.range.clamp(
            HapticEvent.ParameterID.audioPan.range.clamp(pan) + controls.pan)
        self.pitch = HapticEvent.ParameterID.audioPitch.range.clamp(
            HapticEvent.ParameterID.audioPitch.range.clamp(pitch) + controls.pitch)
        self.brightness = HapticEvent.ParameterID.audioBrightness.range.clamp(
            HapticEvent.ParameterID.audioBrightness.range.clamp(brightness) + controls.brightness)
    }

    /// Whether every value differs from `other` by less than `tolerance`.
    func isClose(to other: AudioVoiceParameters, tolerance: Double = 1e-6) -> Bool {
        abs(volume - other.volume) < tolerance && abs(pan - other.pan) < tolerance
            && abs(pitch - other.pitch) < tolerance && abs(brightness - other.brightness) < tolerance
    }
}
