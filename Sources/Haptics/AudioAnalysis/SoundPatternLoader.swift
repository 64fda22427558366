/// Why a sound pattern could not be made. Names the path as written and says why.
@_spi(HapticsTools) public struct SoundPatternError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path as the config wrote it.
    public var path: String
    /// What is wrong.
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "the sound '\(path)' \(reason)" }
}

/// Makes haptic patterns from sound files for mapping configs (a rule whose `pattern` names a
/// `.wav`): resolves the path inside the config's folder, reads the file (at most
/// `decoder.maximumBytes`), decodes it through `decoder`, analyses it with the rule's options
/// (`SoundAnalyzer`) and caches the result by file content, options and `withAudio`, so a reload
/// with the same sound and options does not analyse again, and a changed sound is analysed anew.
///
/// Thread-safe (one lock around the cache; the analysis runs outside it): the game thread and the
/// config watcher's thread may share one. Load time only: reads files and allocates. The cache holds
/// at most `capacity` patterns (oldest dropped first).
@_spi(HapticsTools) public final class SoundPatternLoader: @unchecked Sendable {
    /// Reads and decodes the files.
    @_spi(HapticsTools) public let decoder: any SoundFileDecoder
    /// Most patterns kept. Default 64.
    public let capacity: Int
    private let lock = PthreadLock()
    private var cache: [Key: HapticPattern] = [:]     // guarded by `lock`
    private var order: [Key] = []                     // guarded by `lock`, oldest first
    private var analyses = 0                          // guarded by `lock`

    private struct Key: Hashable {
        var file: String
        var fingerprint: UInt64
        var options: AudioHapticsOptions
        var audioPath: String?
    }

    /// The loader `LoadedMapping` and `MappingConfigWatcher` use when given none: the core's own
    /// `PCMWAVDecoder` (plain PCM and float WAV), one cache shared by every config.
    public static let pcm = SoundPatternLoader(decoder: PCMWAVDecoder())

    @_spi(HapticsTools) public init(decoder: any SoundFileDecoder, capacity: Int = 64) {
        self.decoder = decoder
        self.capacity = max(1, capacity)
    }

    /// How many sounds have been analysed (cache misses) so far.
    public var analysisCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return analyses
    }

    /// The pattern for the sound `path` (relative to `folder`) with `options`; with `withAudio`, the
    /// pattern also plays the sound (an `AudioCustom` event naming `path`). `file` receives the real
    /// path read and `fingerprint` its content hash, for change detection.
    public func pattern(path: String, folder: String, options: AudioHapticsOptions, withAudio: Bool = false)
        throws(SoundPatternError) -> (pattern: HapticPattern, file: String, fingerprint: UInt64) {
        let file: String
        do { file = try decoder.resolve(path, folder: folder) } catch {
            throw SoundPatternError(path: path, reason: "cannot be read: \(error)")
        }
        let bytes = try read(file, path: path)
        let key = Key(file: file, fingerprint: Self.fingerprint(bytes), options: options, audioPath: withAudio ? path : nil)
        lock.lock()
        let cached = cache[key]
        lock.unlock()
        if let cached { return (cached, file, key.fingerprint) }
        let sound: MonoSound
        do { sound = try decoder.decodeMono(bytes, name: path) } catch {
            throw SoundPatternError(path: path, reason: "does not decode: \(error)")
        }
        let analysis: SoundAnalysis
        do {
            analysis = try SoundAnalyzer.analyze(samples: sound.samples, sampleRate: sound.sampleRate, options: options)
        } catch {
            throw SoundPatternError(path: path, reason: "cannot be analysed: \(error)")
        }
        let pattern = analysis.pattern(options: options, audioPath: key.audioPath,
                                       metadata: ["Description": .string("Generated from \(path) by SDLHaptics' SoundAnalyzer")])
        lock.lock()
        analyses += 1
        if cache.updateValue(pattern, forKey: key) == nil { order.append(key) }
        while order.count > capacity { cache[order.removeFirst()] = nil }
        lock.unlock()
        return (pattern, file, key.fingerprint)
    }

    /// The current content hash of `file`, or nil when it cannot be read (missing, too big).
    public func fingerprint(ofFile file: String) -> UInt64? {
        guard let bytes = try? FileReading.readRegularFile(file, maximumBytes: decoder.maximumBytes) else { return nil }
        return Self.fingerprint(bytes)
    }

    private func read(_ file: String, path: String) throws(SoundPatternError) -> [UInt8] {
        do { return try FileReading.readRegularFile(file, maximumBytes: decoder.maximumBytes) } catch {
            throw SoundPatternError(path: path, reason: "cannot be read: \(error.message)")
        }
    }

    /// FNV-1a, 64 bits, with the length mixed in.
    static func fingerprint(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash ^ UInt64(bytes.count)
    }
}
