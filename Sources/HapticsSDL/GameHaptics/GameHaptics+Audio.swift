import Haptics

/// Audio on the front door (opt-in): the audio half of patterns through one SDL sound device,
/// sample-accurate against the frame clock, with rumble delayed by the same lookahead so that the
/// two coincide; and, optionally, one player's haptics as low-frequency audio. docs/audio.md.
///
///     let haptics = try GameHaptics()
///     try haptics.enableAudio()                                   // opens the default sound device
///     let drums = try haptics.loadPattern(contentsOfFile: "Assets/Patterns/Drums.ahap")  // + its WAVs
///     haptics.play(drums, player: 0)
///
/// A game that never calls `enableAudio` never opens an audio device.
extension GameHaptics {
    /// Opens the sound device and routes every player's audio events to it; rumble is then delayed
    /// by the output's lookahead. Players without a pad can play patterns that have sound. Calling
    /// it again replaces the device (what it plays is cut). Game thread; not per frame.
    /// - Throws: `SDLError` when SDL cannot start audio or open the device (rumble is unaffected).
    @discardableResult
    public func enableAudio(_ configuration: SDLAudioConfiguration = SDLAudioConfiguration()) throws(SDLError) -> SDLAudioOutput {
        guard !isShutDown else { throw SDLError(operation: "enableAudio", message: "GameHaptics was shut down") }
        disableAudio()
        let output = try SDLAudioOutput(configuration: configuration)
        audio = output
        let staysStopped = suspendedByFocus && self.configuration.focusPolicy == .stopEngines
        for slot in slots {
            configureAudio(slot)
            if slot.instanceID == nil && !staysStopped { try? slot.engine.start() }
        }
        return output
    }

    /// Cuts every sound, closes the device and stops delaying rumble. Idempotent.
    public func disableAudio() {
        guard let output = audio else { return }
        audio = nil
        for slot in slots {
            configureAudio(slot)                          // delay 0 from now on
            slot.rumbleDelay.advance(to: currentTime)     // frames in flight go out now
            if slot.instanceID == nil { slot.engine.stop() }
        }
        output.close()
    }

    /// Loads every waveform `pattern` names, from `folder` (the pattern file's folder) or else the
    /// asset root, converted to the device format. Call before playing a pattern with `AudioCustom`
    /// events (`loadPattern` does it for you); events whose waveform is missing are skipped.
    /// - Throws: `WaveformLoadError` naming the file (refused path, not found, over 4.2 MB or 23 s,
    ///   truncated or malformed), or when audio is off.
    public func prepareAudio(for pattern: HapticPattern, folder: String) throws(WaveformLoadError) {
        guard let audio else {
            guard let first = pattern.waveformPaths.first else { return }
            throw WaveformLoadError(path: first, file: nil, reason: "audio is off: call enableAudio() first")
        }
        try audio.loadWaveforms(for: pattern, folder: folder)
    }

    /// Reads an AHAP file and, with audio on, loads its waveforms from the file's folder (or the
    /// asset root). The result gives `AudioCustom` events without a duration their waveform's
    /// length, so a player lasts as long as its sounds.
    /// - Throws: `AHAPDecodingError` for the file, `WaveformLoadError` for a waveform.
    public func loadPattern(contentsOfFile path: String) throws -> HapticPattern {
        let pattern = try AHAPDecoder().decode(contentsOfFile: path).pattern
        guard let audio, pattern.hasAudioContent else { return pattern }
        let folder = FilePathText.deletingLastComponent(path)
        try audio.loadWaveforms(for: pattern, folder: folder.isEmpty ? "." : folder)
        return audio.prepared(pattern)
    }

    // MARK: - Internals

    /// Gives `slot`'s engine the audio output, the haptic-audio channel if it is this player's, and
    /// the rumble delay that matches the lookahead (0 when audio is off).
    func configureAudio(_ slot: PlayerSlot) {
        slot.engine.audioOutput = audio
        let channel = audio?.configuration.hapticAudioChannel
        slot.engine.hapticAudioChannel = audio?.configuration.hapticAudioPlayer == slot.player ? channel : nil
        slot.rumbleDelay.delaySeconds = audio?.lookaheadSeconds ?? 0
        slot.rumbleDelay.keepsEngineRunningWithoutPad = audio != nil
    }

    /// Whether a player without a pad plays `pattern` because of audio: it has sound, or the player
    /// feeds the haptic-audio channel.
    func audioPlays(_ pattern: HapticPattern, forPlayer player: Int) -> Bool {
        guard let audio else { return false }
        return pattern.hasAudioContent
            || (audio.configuration.hapticAudioChannel != nil && audio.configuration.hapticAudioPlayer == player)
    }

    /// Haptics for every player with a pad, the sound once (with the first of them, or alone on
    /// player 0 when no pad can rumble). Returns how many players feel it.
    func playSoundOnce(_ pattern: HapticPattern, intensity: Double, category: HapticCategory, priority: Int) -> Int {
        let hapticOnly = pattern.removingAudioEvents()
        var count = 0
        var soundPlays = false
        for player in slots.indices where slots[player].canRumble {
            let played = play(soundPlays ? hapticOnly : pattern, player: player, intensity: intensity,
                              category: category, priority: priority) != nil
            if played {
                count += 1
                soundPlays = true
            }
        }
        if !soundPlays { play(pattern, player: 0, intensity: intensity, category: category, priority: priority) }
        return count
    }
}
