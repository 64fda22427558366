/// Hot reload for a mapping config: notices that the file changed, waits until the save has settled,
/// loads and validates it off the game thread, and hands the result to a `HapticEventDirector`, which
/// swaps a valid mapping in at the start of its next update and keeps the last good one when the new
/// file is broken.
///
/// `start()` runs a background thread that looks at the file every `interval` seconds (default 0.25):
/// it reads the file's bytes (modification times are too coarse: two saves within a few milliseconds
/// can share one, and an editor may keep the size) and, when the config has `.wav` patterns, the
/// content hashes of those sounds, so a re-exported sound is re-analysed (through `sounds`, which
/// caches unchanged ones). `checkNow()` does one look on the calling thread (for games that prefer to
/// ask, and for tests). Loading never runs on the per-frame path.
///
/// **When a save has settled** (issue 26): a look that finds the file (or a sound) different from the
/// version last loaded does not load it; it remembers what it read. The next look loads it only if it
/// reads exactly the same bytes (and sound hashes) again, so a save is loaded once it stayed unchanged
/// for one whole `interval`. A half-written file that happens to parse is never swapped in while the
/// writer keeps writing; a writer that stalls mid-save for longer than `interval` can still be caught
/// (save by writing a temporary file and renaming it over the config, as most editors do, to rule that
/// out). An empty or blank file is a save in progress (editors that truncate first leave one) and is
/// never loaded. A file that is missing counts as a version too: a config that appears later (after a
/// failed first load) is loaded once it has settled.
///
/// Threads: `start`, `stop` and `checkNow` from any thread; the director receives results through
/// its thread-safe `offer`. The watcher keeps its own preset library (loaded from `presetsFolder`,
/// or the built-in copy) so it never shares one with the game thread. Memory: the bytes of the
/// version last loaded and of the one settling (each at most the config limit, 8 MiB).
@_spi(HapticsTools) public final class MappingConfigWatcher: @unchecked Sendable {
    /// The config file watched.
    public let file: String
    /// Seconds between two looks at the file (> 0); a save is loaded after two looks see the same bytes.
    public let interval: Double
    private weak var director: HapticEventDirector?
    private let presets: PresetLibrary
    private let sounds: SoundPatternLoader
    // pthread mutexes (`NSLock`), which ThreadSanitizer understands (see `GameEventQueue`).
    private let stateLock = PthreadLock()
    private var state = State()          // guarded by `stateLock`
    private let checking = PthreadLock()      // one look at a time

    private struct State {
        /// The version last loaded or reported (a missing file for a watcher made with
        /// `loadedNow: false` or `seen: nil`).
        var loaded = Snapshot(bytes: nil)
        /// The sounds the last loaded version used, real path → content hash.
        var soundStamps: [String: UInt64] = [:]
        /// A version that differs from `loaded`, seen by the last look, waiting for a look that sees
        /// it again (with the sound hashes of that look).
        var settling: (snapshot: Snapshot, sounds: [String: UInt64])?
        var running = false
        var generation = 0
    }

    /// What one look saw of the config file: its bytes, or nil when it is missing, unreadable, larger
    /// than a config may be, or not a regular file. Compared byte for byte.
    public struct Snapshot: Equatable, Sendable {
        let bytes: [UInt8]?

        /// Reads `file` now (at most 8 MiB + 1 bytes).
        public static func of(file: String) -> Snapshot {
            guard case .regular = FileStatus.kind(of: file),
                  case .bytes(let bytes) = FileBytes.contents(of: file, upTo: TOMLLimits().maximumBytes + 1) else {
                return Snapshot(bytes: nil)
            }
            return Snapshot(bytes: bytes)
        }

        /// Whether the file is there but holds only spaces, tabs and line breaks (or nothing).
        var isBlank: Bool {
            guard let bytes else { return false }
            return bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        }
    }

    /// Watches `file` for `director`. The file's current state counts as already loaded when
    /// `loadedNow` is true (the game loaded it itself at start-up; pass that `loaded` mapping so
    /// its sounds are watched too). `sounds` analyses `.wav` patterns (nil: `SoundPatternLoader.pcm`).
    public convenience init(file: String, director: HapticEventDirector, presetsFolder: String? = nil,
                            interval: Double = 0.25, loadedNow: Bool = true, sounds: SoundPatternLoader? = nil,
                            loaded: LoadedMapping? = nil) {
        self.init(file: file, director: director, presetsFolder: presetsFolder, interval: interval,
                  seen: loadedNow ? Snapshot.of(file: file) : nil, sounds: sounds, loaded: loaded)
    }

    /// Watches `file` for `director`, counting `seen` as the version already loaded (or reported as
    /// broken): take it with `Snapshot.of(file:)` *before* loading the file yourself, so a save made
    /// while you load is noticed; nil: the first look treats a file it finds as new (a missing file
    /// is not reported until it appears). `loaded` is the
    /// mapping you loaded, if it loaded (its sounds are watched). A failed load passes its snapshot and
    /// no mapping: the file is watched and its first good save is loaded.
    public init(file: String, director: HapticEventDirector, presetsFolder: String? = nil,
                interval: Double = 0.25, seen: Snapshot?, sounds: SoundPatternLoader? = nil,
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
        state.loaded = seen ?? Snapshot(bytes: nil)
        state.soundStamps = loaded?.soundFingerprints ?? [:]
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

    /// Looks at the file once. When it differs from the version last loaded and the previous look saw
    /// exactly this version too (the save has settled), loads it and offers the result (the mapping,
    /// or its errors) to the director, and returns true. A first look at a change only remembers it
    /// (false): call again after the writer had time to finish.
    @discardableResult
    public func checkNow() -> Bool {
        checking.lock()
        defer { checking.unlock() }
        let current = Snapshot.of(file: file)
        // An editor that saves by truncating and then writing leaves the file empty for a moment:
        // an empty (or blank) file is a save in progress, never a config to swap in. It is looked
        // at again next time, and the mapping in use stays.
        if current.isBlank {
            withState { $0.settling = nil }
            return false
        }
        let watched = withState { $0.soundStamps }
        // A missing or unreadable sound hashes as 0, so its return is noticed too.
        let currentSounds = Dictionary(uniqueKeysWithValues: watched.keys.map { ($0, self.sounds.fingerprint(ofFile: $0) ?? 0) })
        let settled = withState { state -> Bool in
            guard current != state.loaded || currentSounds != watched else {
                state.settling = nil   // back to the version in use: nothing to wait for
                return false
            }
            guard let settling = state.settling, settling.snapshot == current, settling.sounds == currentSounds else {
                state.settling = (current, currentSounds)   // changed since the last look: wait one more
                return false
            }
            state.settling = nil
            state.loaded = current
            return true
        }
        guard settled, let director else { return false }
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

    private func isRunning(_ generation: Int) -> Bool {
        withState { $0.running && $0.generation == generation }
    }

    private func withState<T>(_ body: (inout State) -> T) -> T {
        stateLock.lock()
        defer { stateLock.unlock() }
        return body(&state)
    }
}
