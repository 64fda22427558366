import CHapticsSDL2
@_spi(HapticsTools) import Haptics
import HapticsFrontEnd

extension GameHaptics {
    /// Starts SDL's game controller and event subsystems (reference-counted: a game that started
    /// them keeps its own reference) and opens every pad already connected.
    /// - Throws: `SDLError` when SDL is older than 2.26 or cannot start the subsystems.
    public convenience init(configuration: GameHapticsConfiguration = GameHapticsConfiguration()) throws(SDLError) {
        try self.init(configuration: configuration, backend: SDL2Backend.self)
    }

    /// Hands one SDL event over. Reacts to pads arriving and leaving, battery updates, window focus
    /// and the app entering the background or foreground; ignores everything else. O(pads), no
    /// allocation for events it ignores.
    public func handle(_ event: SDL_Event) {
        if let translated = SDL2Backend.translate(event) { handle(translated) }
    }

    /// Hands one SDL event over by pointer (for C-style loops). See `handle(_:)`.
    public func handle(_ event: UnsafePointer<SDL_Event>) { handle(event.pointee) }
}

extension SDLAudioOutput {
    /// Opens the device. SDL's audio driver is chosen when the subsystem starts (`SDL_AUDIODRIVER`).
    /// - Throws: `SDLError` when SDL cannot start audio or open the device.
    public convenience init(configuration: SDLAudioConfiguration = SDLAudioConfiguration()) throws(SDLError) {
        try self.init(configuration: configuration, backend: SDL2Backend.self)
    }
}

extension SDLSoundDecoder {
    /// A decoder through SDL2 (`SDL_LoadWAV_RW`, `SDL_AudioStream`) converting to `sampleRate`
    /// (default 48,000 Hz) within `limits` (default: the waveform limits, 4.2 MB and 23 s).
    public init(sampleRate: Int = 48_000, limits: WaveformLimits = WaveformLimits()) {
        self.init(sampleRate: sampleRate, limits: limits, backend: SDL2Backend.self)
    }
}

/// `AudioCustom` waveforms through SDL2: `WaveformFiles` (paths, limits, RIFF checks) with SDL2's
/// decoder and converter. Load time only.
enum WaveformLoader {
    static func resolve(_ path: String, folder: String, assetRoot: String?) throws(WaveformLoadError) -> String {
        try WaveformFiles.resolve(path, folder: folder, assetRoot: assetRoot)
    }

    static func load(_ path: String, folder: String, assetRoot: String?, sampleRate: Int,
                     limits: WaveformLimits = WaveformLimits()) throws(WaveformLoadError) -> AudioWaveform {
        try WaveformFiles.load(path, folder: folder, assetRoot: assetRoot, sampleRate: sampleRate, limits: limits,
                               backend: SDL2Backend.self)
    }

    static func riffProblem(_ bytes: [UInt8]) -> String? { WaveformFiles.riffProblem(bytes) }
}

extension WaveformLoader {
    /// Decodes a whole WAV file with SDL2 and converts it to float at `sampleRate` (`SDL2Backend.decodeWAV`).
    static func decode(_ bytes: [UInt8], sampleRate: Int, limits: WaveformLimits, name: String,
                       failure: (String) -> WaveformLoadError) throws(WaveformLoadError) -> AudioWaveform {
        try SDL2Backend.decodeWAV(bytes, sampleRate: sampleRate, limits: limits, name: name, failure: failure)
    }
}
