#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Hot reload for a mapping config: notices that the file changed, loads and validates it off the
/// game thread, and hands the result to a `HapticEventDirector`, which swaps a valid mapping in at
/// the start of its next update and keeps the last good one when the new file is broken.
///
/// `start()` runs a background thread that reads the file every `interval` seconds (default 0.25)
/// and compares its bytes with the last version it saw (modification times are too coarse: two
/// saves within a few milliseconds can share one, and an editor may keep the size), and, when the
/// config has `.wav` patterns, the content hashes of those sounds, so a re-exported sound is
/// re-analysed (through `sounds`, which caches unchanged ones); `checkNow()` does one look on the calling thread (for games
/// that prefer to ask, and for tests). Loading never runs on the per-frame path.
///
/// Threads: `start`, `stop` and `checkNow` from any thread; the director receives results through
/// its thread-safe `offer`. The watcher keeps its own preset library (loaded from `presetsFolder`,
/// or the built-in copy) so it never shares one with the game thread.
@_spi(HapticsTools) public final class MappingConfigWatcher: @unchecked Sendable {
    /// The config file watched.
    public let file: String
    /// Seconds between two looks at the file (> 0).
    public let interval: Double
    private weak var director: HapticEventDirector?
    private let presets: PresetLibrary
    private let sounds: SoundPatternLoader
    // pthread mutexes (`NSLock`), which ThreadSanitizer understands (see `GameEventQueue`).
    private let stateLock = PthreadLock()
    private var state = State()          // guarded by `stateLock`
    private let checking = PthreadLock()      // one look at a time

    private struct State {
        var stamp: FileStamp?
        /// The sounds the last loaded version used, real path → content hash.
        var soundStamps: [String: UInt64] = [:]
        var running = false
        var generation = 0
    }

    /// What the watcher last saw of the file: its bytes (nil: missing or unreadable).
    private typealias FileStamp = Data

    /// Watches `file` for `director`. The file's current state counts as already loaded when
    /// `loadedNow` is true (the game loaded it itself at start-up; pass that `loaded` mapping so
    /// its sounds are watched too). `sounds` analyses `.wav` patterns (nil: `SoundPatternLoader.pcm`).
    public init(file: String, director: HapticEventDirector, presetsFolder: String? = nil,
                interval: Double = 0.25, loadedNow: Bool = true, sounds: SoundPatternLoader? = nil,
                loaded: LoadedMapping? = nil) {
        self.file = file
        self.sounds = sounds ?? .pcm
        self.director = director
        self.interval = interval > 0 ? interval : 0.25
        if let presetsFolder {
            presets = PresetLibrary(folder: presetsFolder)
            presets.load()
        } else {
            presets = .builtIn()
        }
        if loadedNow {
            withState {
                $0.stamp = Self.stamp(of: file)
                $0.soundStamps = loaded?.soundFingerprints ?? [:]
            }
        }
    }

    deinit { stop() }

    /// Starts looking at the file every `interval` seconds on a background thread.
    public func start() {
        let generation: Int? = withState { state in
            guard !state.running else { return nil }
            state.running = true
            state.generation += 1
            return state.generation
        }
        guard let generation else { return }
        // The thread holds the watcher only while it looks, never while it sleeps: a stopped and
        // released watcher (and its copy of the config text) is freed at once, not left to a
        // thread that may outlive the process's last frame.
        BackgroundThread.start(name: "SDLHaptics config watcher") { [weak self] in
            while let interval = self?.look(generation) { BackgroundThread.sleep(seconds: interval) }
        }
    }

    /// One look of the background thread: the seconds to sleep before the next, or nil when the
    /// thread should end (stopped, or restarted as another generation).
    private func look(_ generation: Int) -> Double? {
        guard isRunning(generation) else { return nil }
        checkNow()
        return interval
    }

    /// Stops the background thread (it exits after its current look).
    public func stop() {
        withState { $0.running = false }
    }

    /// Looks at the file once; when it changed since the last look, loads it and offers the result
    /// (the mapping, or its errors) to the director. Returns true when it offered something.
    @discardableResult
    public func checkNow() -> Bool {
        checking.lock()
        defer { checking.unlock() }
        do {
            let current = Self.stamp(of: file)
            // An editor that saves by truncating and then writing leaves the file empty for a moment:
            // an empty (or blank) file is a save in progress, never a config to swap in. It is looked
            // at again next time, and the mapping in use stays.
            if let current, Self.isBlank(current) { return false }
            let watched = withState { $0.soundStamps }
            // A missing or unreadable sound hashes as 0, so its return is noticed too.
            let currentSounds = Dictionary(uniqueKeysWithValues: watched.keys.map { ($0, self.sounds.fingerprint(ofFile: $0) ?? 0) })
            let soundChanged = currentSounds != watched
            let changed = withState { state -> Bool in
                guard current != state.stamp || soundChanged else { return false }
                state.stamp = current
                return true
            }
            guard changed, let director else { return false }
            do throws(ConfigErrors) {
                let loaded = try LoadedMapping.load(file: file, presets: presets, sounds: self.sounds)
                withState { $0.soundStamps = loaded.soundFingerprints }
                director.offer(.success(loaded))
            } catch {
                withState { $0.soundStamps = currentSounds }   // report a broken sound once, not every look
                director.offer(.failure(error))
            }
            return true
        }
    }

    private func isRunning(_ generation: Int) -> Bool {
        withState { $0.running && $0.generation == generation }
    }

    private func withState<T>(_ body: (inout State) -> T) -> T {
        stateLock.lock()
        defer { stateLock.unlock() }
        return body(&state)
    }

    private static func isBlank(_ contents: FileStamp) -> Bool {
        contents.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    private static func stamp(of file: String) -> FileStamp? {
        FileManager.default.contents(atPath: file)
    }
}
