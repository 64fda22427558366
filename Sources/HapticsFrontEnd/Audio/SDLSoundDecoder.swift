@_spi(HapticsTools) import Haptics

/// Decodes sound files for audio-to-haptics analysis through SDL: what SDL's WAV loader reads (WAV:
/// PCM 8/16/24/32-bit, IEEE float, IMA and MS ADPCM, µ-law, A-law), converted by an SDL audio stream
/// to 32-bit float at `sampleRate`, then mixed to mono (channels averaged). `HapticsSDL` and
/// `HapticsSDL3` each add `init(sampleRate:limits:)` with their SDL.
///
/// The same rules as `WaveformFiles`: the path must stay inside its folder (no absolute path, no
/// `..`, no link out of it), and a file over `limits.maximumBytes` (4.2 MB), a truncated or
/// malformed one, or a sound longer than `limits.maximumSeconds` (23 s) is refused with the reason.
/// Used by `SoundPatternLoader` (mapping configs) and `hapticsctl from-audio`; load time only.
/// Needs no SDL subsystem; safe from any thread (SDL's loader and stream keep no shared state).
public struct SDLSoundDecoder {
    /// The rate sounds are converted to before analysis, in Hz. Default 48,000.
    public var sampleRate: Int
    /// Size and length limits. Default: the waveform limits (4.2 MB, 23 s).
    public var limits: WaveformLimits
    /// The SDL that decodes.
    let backend: any SDLBackend.Type

    package init(sampleRate: Int, limits: WaveformLimits, backend: any SDLBackend.Type) {
        self.sampleRate = sampleRate
        self.limits = limits
        self.backend = backend
    }

    public var maximumBytes: Int { limits.maximumBytes }

    public func resolve(_ path: String, folder: String) throws -> String {
        try WaveformFiles.resolve(path, folder: folder, assetRoot: nil)
    }

    @_spi(HapticsTools) public func decodeMono(_ bytes: [UInt8], name: String) throws -> MonoSound {
        func failure(_ reason: String) -> WaveformLoadError { WaveformLoadError(path: name, file: nil, reason: reason) }
        guard bytes.count <= limits.maximumBytes else {
            throw failure("the file is \(bytes.count) bytes; the limit is \(limits.maximumBytes) bytes")
        }
        if let problem = WaveformFiles.riffProblem(bytes) { throw failure(problem) }
        return Self.mono(try backend.decodeWAV(bytes, sampleRate: sampleRate, limits: limits, name: name, failure: failure))
    }

    /// Reads the sound file at `path` (a path the caller chose; it is resolved inside its own
    /// folder, with every limit of `WaveformFiles.load`) as mono.
    /// - Throws: `WaveformLoadError` naming the file.
    @_spi(HapticsTools) public func readMono(file path: String) throws(WaveformLoadError) -> MonoSound {
        let folder = FilePathText.deletingLastComponent(path)
        let name = FilePathText.lastComponent(path)
        return Self.mono(try WaveformFiles.load(name, folder: folder.isEmpty ? "." : folder, assetRoot: nil,
                                                sampleRate: sampleRate, limits: limits, backend: backend))
    }

    /// Channels averaged.
    static func mono(_ waveform: AudioWaveform) -> MonoSound {
        let interleaved = waveform.samples
        guard waveform.channelCount == 2 else { return MonoSound(samples: interleaved, sampleRate: waveform.sampleRate) }
        var mono = [Float](repeating: 0, count: waveform.frameCount)
        for i in 0..<waveform.frameCount { mono[i] = 0.5 * (interleaved[2 * i] + interleaved[2 * i + 1]) }
        return MonoSound(samples: mono, sampleRate: waveform.sampleRate)
    }
}

/// The core's seam for `.wav` patterns (`SoundFileDecoder`, SPI: machinery games do not call).
@_spi(HapticsTools) extension SDLSoundDecoder: SoundFileDecoder {}
