@_spi(HapticsTools) import Haptics

/// The SDL sound device that plays the audio half of patterns (`AudioCustom`, `AudioContinuous`)
/// and the optional haptic-audio channel, sample-accurately against the game's frame clock.
///
/// Opens one device (32-bit float, `channels` channels, the device's rate) with a callback that
/// runs `AudioMixer.render`: it allocates nothing, takes no lock the game thread can hold, does no
/// I/O. Commands reach it through the mixer's lock-free queue. Each game frame, `synchronize`
/// relates the frame time to the device's sample clock (`AudioClock`); every command is then placed
/// at the sample frame of its time plus the lookahead (docs/audio.md).
///
/// Waveforms are loaded here, at load time (`loadWaveform`, or through `GameHaptics.audio.prepare`),
/// converted once to the device format, and kept until the output closes.
///
/// Threads: create, use and close on the game thread; the callback runs on SDL's audio thread.
/// Opening starts SDL's audio subsystem (reference-counted) and closing stops it. The device itself is
/// the backend's (`SDLBackend.openAudioDevice`: SDL2's callback device, SDL3's audio stream); `HapticsSDL`
/// and `HapticsSDL3` each add `init(configuration:)`.
public final class SDLAudioOutput {
    /// The settings it was opened with.
    public let configuration: SDLAudioConfiguration
    /// Frames per second of the device (SDL's obtained rate).
    public let sampleRate: Double
    /// Channels of the device.
    public let channelCount: Int
    /// Frames per callback buffer.
    public let bufferFrames: Int
    /// The lookahead in force: the configured one, raised to at least one buffer. Rumble is delayed
    /// by the same amount when `GameHaptics` plays audio.
    public let lookaheadSeconds: Double
    /// The game-time to sample-frame mapping (updated by `synchronize`).
    public private(set) var clock: AudioClock
    /// The most recent voice starts and the frames they were placed at.
    @_spi(HapticsTools) public private(set) var onsets = AudioOnsetLog()
    /// Commands dropped because the queue was full (the game sent more than 4096 between two callbacks).
    public private(set) var droppedCommands = 0
    /// Master volume of every voice, 0...1 (applied from the next buffer).
    public var volume: Double {
        didSet {
            volume = volume.isFinite ? min(max(volume, 0), 1) : 1
            send(.masterVolume(volume, at: -.infinity))
        }
    }

    let mixer: AudioMixer
    private let device: any AudioDeviceHandle
    private let backend: any SDLBackend.Type
    private let target: AudioRenderTarget
    private var nextVoiceID: UInt32 = 0
    private var waveforms: [String: (file: String, waveform: AudioWaveform)] = [:]

    /// Opens the device through `backend`. SDL's audio driver is chosen when the subsystem starts
    /// (SDL2: `SDL_AUDIODRIVER`, SDL3: `SDL_AUDIO_DRIVER`).
    /// - Throws: `SDLError` when SDL cannot start audio or open the device.
    package init(configuration: SDLAudioConfiguration, backend: any SDLBackend.Type) throws(SDLError) {
        self.configuration = configuration
        self.backend = backend
        target = AudioRenderTarget()
        device = try backend.openAudioDevice(configuration, render: target)
        sampleRate = device.sampleRate
        channelCount = device.channelCount
        bufferFrames = device.bufferFrames
        lookaheadSeconds = max(configuration.lookaheadSeconds, Double(bufferFrames) / sampleRate)
        clock = AudioClock(sampleRate: sampleRate, ticksPerSecond: Double(backend.performanceFrequency()),
                           lookaheadFrames: Int64((lookaheadSeconds * sampleRate).rounded()),
                           toleranceFrames: 2 * Double(bufferFrames), bufferFrames: Double(bufferFrames))
        mixer = AudioMixer(sampleRate: sampleRate, channelCount: channelCount,
                           maximumVoices: configuration.maximumVoices, commandCapacity: 4096)
        volume = configuration.volume
        target.mixer = mixer
        if configuration.volume != 1 { send(.masterVolume(configuration.volume, at: -.infinity)) }
        device.start()
    }

    deinit { close() }

    /// Whether the device is open.
    public private(set) var isAvailable = true

    /// Closes the device (SDL waits for the callback to return) and releases the audio subsystem.
    /// Waveforms are released afterwards. Idempotent.
    public func close() {
        guard isAvailable else { return }
        isAvailable = false
        device.close()
        target.mixer = nil
    }

    /// Relates game time `gameTime` (the time passed to the engines' `update(at:)` this frame) to the
    /// device's sample clock. Call once per frame before updating the engines; `GameHaptics` does.
    /// O(1), no allocation.
    public func synchronize(gameTime: Double) {
        let stamp = mixer.latestStamp
        clock.synchronize(gameTime: gameTime, hostTicks: backend.performanceCounter(), stamp: stamp)
    }

    /// The mixer's counters: buffers, frames, late onsets, stolen voices.
    @_spi(HapticsTools) public var statistics: AudioMixerStatistics { mixer.statistics }

    /// Frames the callback has rendered so far.
    public var framesRendered: Int64 { mixer.framesRendered }

    // MARK: - HapticAudioOutput

    public func makeVoiceID() -> UInt32 {
        nextVoiceID = nextVoiceID == UInt32.max ? 1 : nextVoiceID + 1
        return nextVoiceID
    }

    @_spi(HapticsTools) public func waveform(forPath path: String) -> AudioWaveform? {
        waveforms[SDLAudioOutput.key(path)]?.waveform
    }

    @discardableResult
    @_spi(HapticsTools) public func send(_ command: AudioCommand) -> Bool {
        guard isAvailable else { return false }
        var command = command
        command.frame = clock.frame(forTime: command.time)
        guard mixer.enqueue(command, onsets: &onsets) else {
            droppedCommands += 1
            return false
        }
        return true
    }

    // MARK: - Waveforms

    /// Loads the waveform `path` (as a pattern writes it) from `folder`, or else from the asset
    /// root, converted to the device format, and keeps it for patterns that name `path`. Loading a
    /// path already loaded from the same file does nothing.
    /// - Throws: `WaveformLoadError` naming the file: refused path, not found, too big, too long,
    ///   truncated or malformed, or a path already loaded from another file.
    @discardableResult
    @_spi(HapticsTools) public func loadWaveform(_ path: String, folder: String) throws(WaveformLoadError) -> AudioWaveform {
        let file = try WaveformFiles.resolve(path, folder: folder, assetRoot: configuration.assetRoot)
        let key = SDLAudioOutput.key(path)
        if let existing = waveforms[key] {
            guard existing.file == file else {
                throw WaveformLoadError(path: path, file: file, reason:
                    "another file with this name is already loaded (\(existing.file)); patterns that share a waveform name must share the file")
            }
            return existing.waveform
        }
        let waveform = try WaveformFiles.load(path, folder: folder, assetRoot: configuration.assetRoot,
                                              sampleRate: Int(sampleRate), limits: configuration.waveformLimits, backend: backend)
        waveforms[key] = (file, waveform)
        return waveform
    }

    /// Loads every waveform `pattern` names, from `folder` (see `loadWaveform`). Stops at the first error.
    public func loadWaveforms(for pattern: HapticPattern, folder: String) throws(WaveformLoadError) {
        for path in pattern.waveformPaths { try loadWaveform(path, folder: folder) }
    }

    /// `pattern` with the length of loaded waveforms as the duration of `AudioCustom` events that
    /// have none, so that a player lasts as long as its sounds (`HapticPattern.fillingWaveformDurations`).
    public func prepared(_ pattern: HapticPattern) -> HapticPattern {
        pattern.fillingWaveformDurations { self.waveform(forPath: $0)?.durationSeconds }
    }

    /// The paths of every loaded waveform.
    public var loadedWaveformPaths: [String] { waveforms.keys.sorted() }

    static func key(_ path: String) -> String {
        (WaveformPath.normalizedComponents(path) ?? []).joined(separator: "/")
    }
}

/// The engine's audio seam (`HapticAudioOutput`, SPI: machinery games do not call).
@_spi(HapticsTools) extension SDLAudioOutput: HapticAudioOutput {}
