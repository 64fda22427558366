@_spi(HapticsTools) import Haptics

extension GameHaptics {
    /// Sound on the front door (`haptics.audio`, opt-in): the audio half of patterns through one SDL
    /// sound device, sample-accurate against the frame clock, with rumble delayed by the same
    /// lookahead so that the two coincide; and, optionally, one player's haptics as low-frequency
    /// audio. docs/audio.md.
    ///
    ///     let haptics = try GameHaptics()
    ///     try haptics.audio.enable()                                  // opens the default sound device
    ///     let drums = try haptics.playback.loadPattern(contentsOfFile: "Assets/Haptics/Patterns/Drums.ahap")  // + its WAVs
    ///     haptics.play(drums, player: 0)
    ///
    /// A game that never calls `enable` never opens an audio device. Game thread.
    public final class Audio {
        let state: FrontDoorState

        init(state: FrontDoorState) { self.state = state }

        /// The sound device, once `enable` opened it (its volume, clock and waveforms); nil: audio
        /// off, no device is opened and audio events are ignored.
        public var output: SDLAudioOutput? { state.audioOutput }

        /// Whether a sound device is open.
        public var isEnabled: Bool { state.audioOutput != nil }

        /// Opens the sound device and routes every player's audio events to it; rumble is then delayed
        /// by the output's lookahead. Players without a pad can play patterns that have sound. Calling
        /// it again replaces the device (what it plays is cut). Game thread; not per frame.
        /// - Throws: `SDLError` when SDL cannot start audio or open the device (rumble is unaffected).
        @discardableResult
        public func enable(_ configuration: SDLAudioConfiguration = SDLAudioConfiguration()) throws(SDLError) -> SDLAudioOutput {
            guard !state.isShutDown else { throw SDLError(operation: "audio.enable", message: "GameHaptics was shut down") }
            disable()
            let output = try SDLAudioOutput(configuration: configuration, backend: state.backend)
            state.audioOutput = output
            for seat in state.seats {
                state.configureAudio(seat)
                if seat.instanceID == nil && !state.staysStopped { try? seat.engine.start() }
            }
            return output
        }

        /// Cuts every sound, closes the device and stops delaying rumble. Idempotent.
        public func disable() {
            guard let output = state.audioOutput else { return }
            state.audioOutput = nil
            for seat in state.seats {
                state.configureAudio(seat)                          // delay 0 from now on
                seat.rumbleDelay.advance(to: state.currentTime)     // frames in flight go out now
                if seat.instanceID == nil { seat.engine.stop() }
            }
            output.close()
        }

        /// Loads every waveform `pattern` names, from `folder` (the pattern file's folder) or else the
        /// asset root, converted to the device format. Call before playing a pattern with `AudioCustom`
        /// events (`playback.loadPattern` does it for you); events whose waveform is missing are skipped.
        /// - Throws: `WaveformLoadError` naming the file (refused path, not found, over 4.2 MB or 23 s,
        ///   truncated or malformed), or when audio is off.
        public func prepare(for pattern: HapticPattern, folder: String) throws(WaveformLoadError) {
            guard let audio = state.audioOutput else {
                guard let first = pattern.waveformPaths.first else { return }
                throw WaveformLoadError(path: first, file: nil, reason: "audio is off: call audio.enable() first")
            }
            try audio.loadWaveforms(for: pattern, folder: folder)
        }
    }
}
