extension HapticEngine {
    /// Where the engine plays the audio events (`AudioCustom`, `AudioContinuous`) of its players'
    /// patterns; nil (the default): audio events are ignored. Players made while it is nil still
    /// play their audio once an output is set. Setting another output cuts what the old one plays.
    /// docs/audio.md.
    @_spi(HapticsTools) public var audioOutput: (any HapticAudioOutput)? {
        get { audio.output }
        set { audio.output = newValue }
    }

    /// Renders this engine's haptic signal (output 0's mixed levels) as low-frequency audio on the
    /// audio output's channels, or nil (the default, off). Needs `audioOutput`.
    public var hapticAudioChannel: HapticEngine.AudioChannel? {
        get { audio.hapticChannel }
        set { audio.hapticChannel = newValue }
    }

    /// Audio events skipped because their waveform was not loaded in the audio output (load a
    /// pattern's waveforms before playing it).
    public var skippedAudioEvents: Int { audio.skippedEvents }
}
