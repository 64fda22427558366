/// Why a sound pattern could not be made. Names the path as written and says why.
@_spi(HapticsTools) public struct SoundPatternError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path as the config wrote it.
    public var path: String
    /// What is wrong.
    public var reason: String

    public var description: String { "the sound '\(path)' \(reason)" }
}

/// Makes haptic patterns from sound files for mapping configs (a rule whose `pattern` names a
/// `.wav`): resolves the path inside the config's folder, reads the file (at most
/// `decoder.maximumBytes`), decodes it through `decoder`, analyses it with the rule's options
/// (`SoundAnalyzer`) and caches the result by file content, options and `withAudio`, so a reload
/// with the same sound and options does not analyse again, and a changed sound is analysed anew.
///
/// Two ways in: `pattern(path:folder:options:withAudio:)` does every step for one sound; a config
/// load (`LoadedMapping`, through `RulePatterns`) takes the steps one by one, so that each file is
/// read and hashed once however many rules name it (`source`), decoded and measured once
/// (`decode`, `measure`), and analysed once per distinct set of options (`pattern(from:...)`),
/// with the config's load budget checked in between.
///
/// Thread-safe (one lock around the cache and counts; the work runs outside it): the game thread
/// and the config watcher's thread may share one. Load time only: reads files and allocates. The
/// cache holds at most `capacity` patterns (oldest dropped first).
@_spi(HapticsTools) public final class SoundPatternLoader: @unchecked Sendable {
    /// Reads and decodes the files.
    @_spi(HapticsTools) public let decoder: any SoundFileDecoder
    /// Most patterns kept. Default 64.
    public let capacity: Int
    private let lock = PthreadLock()
    private var cache: [Key: Cached] = [:]            // guarded by `lock`
    private var order: [Key] = []                     // guarded by `lock`, oldest first
    private var analyses = 0                          // guarded by `lock`
    private var measurements = 0                      // guarded by `lock`

    private struct Key: Hashable {
        var file: String
        var fingerprint: UInt64
        var options: AudioHapticsOptions
        var audioPath: String?
    }

    private struct Cached {
        var pattern: HapticPattern
        var seconds: Double
    }

    /// A sound file read once: its real path, its bytes and their hash.
    public struct SoundSource: Sendable {
        /// The real path read (symbolic links resolved).
        public let file: String
        /// FNV-1a of the bytes, with the length mixed in.
        public let fingerprint: UInt64
        let bytes: [UInt8]
        /// The file's size in bytes.
        public var byteCount: Int { bytes.count }
    }

    /// The loader `LoadedMapping` and `MappingConfigWatcher` use when given none: the core's own
    /// `PCMWAVDecoder` (plain PCM and float WAV), one cache shared by every config.
    public static let pcm = SoundPatternLoader(decoder: PCMWAVDecoder())

    @_spi(HapticsTools) public init(decoder: any SoundFileDecoder, capacity: Int = 64) {
        self.decoder = decoder
        self.capacity = max(1, capacity)
    }

    /// How many sounds have been analysed with a set of options (cache misses) so far.
    public var analysisCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return analyses
    }

    /// How many sounds have been decoded and measured (their spectrum, `SoundAnalyzer.measure`) so far.
    public var measurementCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return measurements
    }

    /// The pattern for the sound `path` (relative to `folder`) with `options`; with `withAudio`, the
    /// pattern also plays the sound (an `AudioCustom` event naming `path`). `file` receives the real
    /// path read and `fingerprint` its content hash, for change detection.
    public func pattern(path: String, folder: String, options: AudioHapticsOptions, withAudio: Bool = false)
        throws(SoundPatternError) -> (pattern: HapticPattern, file: String, fingerprint: UInt64) {
        let sound = try source(path: path, folder: folder)
        let audioPath = withAudio ? path : nil
        if let cached = cached(sound, options: options, audioPath: audioPath) { return (cached.pattern, sound.file, sound.fingerprint) }
        let measurement = try measure(try decode(sound, path: path), path: path)
        return (pattern(from: measurement, of: sound, path: path, options: options, audioPath: audioPath), sound.file, sound.fingerprint)
    }

    /// Resolves `path` inside `folder` and reads and hashes the file (at most `decoder.maximumBytes`).
    public func source(path: String, folder: String) throws(SoundPatternError) -> SoundSource {
        try source(file: try resolve(path: path, folder: folder), path: path)
    }

    /// The real path of `path` inside `folder` (`decoder.resolve`), without reading it.
    public func resolve(path: String, folder: String) throws(SoundPatternError) -> String {
        do { return try decoder.resolve(path, folder: folder) } catch {
            throw SoundPatternError(path: path, reason: "cannot be read: \(error)")
        }
    }

    /// Reads and hashes `file`, a real path from `resolve` (`path` names it in messages).
    public func source(file: String, path: String) throws(SoundPatternError) -> SoundSource {
        let bytes = try read(file, path: path)
        return SoundSource(file: file, fingerprint: Self.fingerprint(bytes), bytes: bytes)
    }

    /// The cached pattern of `sound` with `options` (and the `AudioCustom` event naming
    /// `audioPath`, when given), with the sound's length in seconds; nil when not cached.
    public func cached(_ sound: SoundSource, options: AudioHapticsOptions, audioPath: String?) -> (pattern: HapticPattern, seconds: Double)? {
        let key = Key(file: sound.file, fingerprint: sound.fingerprint, options: options, audioPath: audioPath)
        lock.lock()
        defer { lock.unlock() }
        return cache[key].map { ($0.pattern, $0.seconds) }
    }

    /// `sound` decoded to mono through `decoder` (`path` names it in messages).
    public func decode(_ sound: SoundSource, path: String) throws(SoundPatternError) -> MonoSound {
        do { return try decoder.decodeMono(sound.bytes, name: path) } catch {
            throw SoundPatternError(path: path, reason: "does not decode: \(error)")
        }
    }

    /// What no analysis option changes in `sound` (`SoundAnalyzer.measure`): the costly step.
    public func measure(_ sound: MonoSound, path: String) throws(SoundPatternError) -> SoundMeasurement {
        let measurement: SoundMeasurement
        do { measurement = try SoundAnalyzer.measure(samples: sound.samples, sampleRate: sound.sampleRate) } catch {
            throw SoundPatternError(path: path, reason: "cannot be analysed: \(error)")
        }
        lock.lock()
        measurements += 1
        lock.unlock()
        return measurement
    }

    /// The pattern `measurement` (of `sound`, named `path`) makes with `options`, with an
    /// `AudioCustom` event naming `audioPath` when given; cached for `cached` and later loads.
    public func pattern(from measurement: SoundMeasurement, of sound: SoundSource, path: String,
                        options: AudioHapticsOptions, audioPath: String?) -> HapticPattern {
        let analysis = SoundAnalyzer.analyze(measurement, options: options)
        let pattern = analysis.pattern(options: options, audioPath: audioPath,
                                       metadata: ["Description": .string("Generated from \(path) by SDLHaptics' SoundAnalyzer")])
        let key = Key(file: sound.file, fingerprint: sound.fingerprint, options: options, audioPath: audioPath)
        lock.lock()
        analyses += 1
        if cache.updateValue(Cached(pattern: pattern, seconds: measurement.durationSeconds), forKey: key) == nil { order.append(key) }
        while order.count > capacity { cache[order.removeFirst()] = nil }
        lock.unlock()
        return pattern
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
        var hasher = FileBytes.FingerprintHasher()
        hasher.add(bytes)
        return hasher.value
    }
}
