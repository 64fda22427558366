/// Hot reload for a mapping config: notices that the file, or a pattern or sound file its rules name,
/// changed, waits until the save has settled, loads and validates the config off the game thread,
/// and hands the result to a `HapticEventDirector`, which swaps a valid mapping in at the start of its
/// next update and keeps the last good one when the new files are broken.
///
/// `start()` runs a background thread that looks every `interval` seconds (default 0.25);
/// `checkNow()` does one look on the calling thread (for games that prefer to ask, and for tests).
/// Loading never runs on the per-frame path.
///
/// **What a look costs** (issue 31, item 12): one `stat` of the config, one of each file whose
/// change is settling, and one of at most `filesPerLook` (64) of the pattern and sound files, taken
/// in turn; a file is read (and hashed, in 64 KiB chunks) only when its stamp (`FileStamp`: device,
/// inode, size, modification and status-change times in nanoseconds) differs from the last one seen,
/// plus once `verificationDelay` (2 s) after its last change. So a config and patterns that do not
/// change cost a few `stat`s a look, whatever their size; a pattern edit among n files is noticed
/// within ceil(n / 64) looks.
///
/// **What is noticed**: any change of content, of the file at the path (renamed over, deleted,
/// recreated, replaced by a folder or a pipe) or of what a symbolic link there points to. A write
/// that keeps the size within the same tick of the file system's clock as the previous write (a few
/// milliseconds; 2 s on FAT) leaves the stamp equal: the read `verificationDelay` after the last
/// change finds it. Content is compared by a 64-bit FNV-1a hash with the length mixed in, not byte
/// for byte: two versions of one file that differ and hash alike (which takes a deliberate search)
/// would look the same.
///
/// **When a save has settled** (issue 26): a look that finds a file different from the version last
/// loaded does not load; it remembers what it saw. The next look loads once every file it remembered
/// shows the same content again (and no other file changed), so a save is loaded once it stayed
/// unchanged for one whole `interval`. A half-written file that happens to parse is never swapped in
/// while the writer keeps writing; a writer that stalls mid-save for longer than `interval` can still
/// be caught (save by writing a temporary file and renaming it over, as most editors do, to rule
/// that out). An empty or blank config is a save in progress (editors that truncate first leave one)
/// and is never loaded. A file that is missing counts as a version too: a config or pattern that
/// appears later (after a failed first load) is loaded once it has settled.
///
/// **Patterns and sounds** (issue 31): every `.ahap` and `.wav` file the config's rules name (also
/// those the last load could not read) is watched like the config, so a pattern a designer saves is
/// hot-reloaded, and a broken one is reported like a broken config, never replacing the last good one.
///
/// Threads: `start`, `stop` and `checkNow` from any thread; the director receives results through
/// its thread-safe `offer`. The watcher keeps its own preset library (loaded from `presetsFolder`,
/// or the built-in copy) so it never shares one with the game thread. Memory: a fingerprint and a
/// stamp per watched file, never their bytes.
@_spi(HapticsTools) public final class MappingConfigWatcher: @unchecked Sendable {
    /// The config file watched.
    public let file: String
    /// Seconds between two looks at the file (> 0); a save is loaded after two looks see the same content.
    public let interval: Double
    /// The most pattern and sound files one look examines, besides the config and the files whose
    /// change is settling (taken in turn, so a look costs the same however many files a config names).
    public static let filesPerLook = 64
    /// How long after a file's last change it is read once more, whatever its stamp says, in
    /// seconds: longer than a tick of any file system's clock (FAT: 2 s), so a write that left the
    /// stamp equal is found.
    public static let verificationDelay = 2.0
    private weak var director: HapticEventDirector?
    private let presets: PresetLibrary
    private let sounds: SoundPatternLoader
    // pthread mutexes (`NSLock`), which ThreadSanitizer understands (see `GameEventQueue`).
    private let stateLock = PthreadLock()
    private var state = State()          // guarded by `stateLock`
    private let checking = PthreadLock()      // one look at a time

    /// What one look saw of one file.
    struct Observation: Equatable {
        /// Nil until a look took it (a pattern as the last load read it).
        var stamp: FileStamp?
        var content: FileBytes.Fingerprint
        /// Read within `verificationDelay` of its last change: read again once that has passed.
        var needsVerification = false
    }

    /// A watched pattern or sound file.
    struct WatchedFile {
        /// The version the last load knew (nil: not known yet, taken at the next look).
        var known: Observation?
        /// Its reader's limit in bytes: more is read only to tell versions apart.
        var limit: Int
    }

    private struct State {
        /// The config as last loaded or reported.
        var config = Observation(stamp: nil, content: .unreadable)
        /// The pattern and sound files of the last load, by path, and the order looks take them in.
        var files: [String: WatchedFile] = [:]
        var order: [String] = []
        var cursor = 0
        /// What the last look saw of each file that differs from the version loaded (`file` for the
        /// config), waiting for a look that sees the same again.
        var settling: [String: Observation] = [:]
        var running = false
        var generation = 0
        var statistics = Statistics()
    }

    /// What the watcher did so far: looks, `stat`s, and reads with the bytes they read.
    public struct Statistics: Sendable, Equatable {
        public var looks = 0
        public var filesExamined = 0
        public var filesRead = 0
        public var bytesRead = 0
        public var loads = 0
    }

    /// What one look saw of the config file: its stamp and a fingerprint of its content (at most 8
    /// MiB + 1 bytes read), or `.unreadable` when it is missing, unreadable or not a regular file.
    /// Two snapshots are equal when their content is (the stamp says only whether to read again).
    public struct Snapshot: Equatable, Sendable {
        let observation: Observation

        /// Reads `file` now (at most 8 MiB + 1 bytes, 64 KiB at a time).
        public static func of(file: String) -> Snapshot {
            Snapshot(observation: MappingConfigWatcher.observe(file, limit: TOMLLimits().maximumBytes, previous: nil,
                                                                now: FileStamp.now).observation)
        }

        public static func == (a: Snapshot, b: Snapshot) -> Bool { a.observation.content == b.observation.content }
    }

    /// Watches `file` for `director`. The file's current state counts as already loaded when
    /// `loadedNow` is true (the game loaded it itself at start-up; pass that `loaded` mapping so
    /// its patterns and sounds are watched too). `sounds` analyses `.wav` patterns (nil: `SoundPatternLoader.pcm`).
    public convenience init(file: String, director: HapticEventDirector, presetsFolder: String? = nil,
                            interval: Double = 0.25, loadedNow: Bool = true, sounds: SoundPatternLoader? = nil,
                            loaded: LoadedMapping? = nil) {
        self.init(file: file, director: director, presetsFolder: presetsFolder, interval: interval,
                  seen: loadedNow ? Snapshot.of(file: file) : nil, sounds: sounds, loaded: loaded)
    }

    /// Watches `file` for `director`, counting `seen` as the version already loaded (or reported as
    /// broken): take it with `Snapshot.of(file:)` *before* loading the file yourself, so a save made
    /// while you load is noticed; nil: the first look treats a file it finds as new (a missing file
    /// is not reported until it appears). `loaded` is the mapping you loaded, if it loaded: its
    /// pattern and sound files are watched. A failed load passes its snapshot, no mapping, and the
    /// `sources` the failed load looked for (`LoadedMapping.load(...sources:)`): the file is watched
    /// and its first good save (or its patterns' first good save) is loaded.
    public init(file: String, director: HapticEventDirector, presetsFolder: String? = nil,
                interval: Double = 0.25, seen: Snapshot?, sounds: SoundPatternLoader? = nil,
                loaded: LoadedMapping? = nil, sources: MappingSources? = nil) {
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
        state.config = seen?.observation ?? Observation(stamp: nil, content: .unreadable)
        watch(sources ?? loaded?.sources ?? MappingSources(), now: FileStamp.now)
    }

    deinit { stop() }

    /// The watched pattern and sound files, sorted.
    public var watchedFiles: [String] { withState { $0.order } }

    /// What the watcher did so far.
    public var statistics: Statistics { withState { $0.statistics } }

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
        // released watcher is freed at once, not left to a thread that may outlive the process's
        // last frame.
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

    /// Looks once. When the config or a pattern or sound file differs from the version last loaded
    /// and the previous look saw exactly this version too (the save has settled), loads the config
    /// and offers the result (the mapping, or its errors) to the director, and returns true. A first
    /// look at a change only remembers it (false): call again after the writer had time to finish.
    @discardableResult
    public func checkNow() -> Bool {
        checking.lock()
        defer { checking.unlock() }
        let now = FileStamp.now
        var (config, files, order, cursor, settling) = withState { ($0.config, $0.files, $0.order, $0.cursor, $0.settling) }
        var counts = Statistics(looks: 1)

        // The config, every file whose change is settling, and the next `filesPerLook` files in turn.
        var examine = [file] + settling.keys.filter { $0 != file }.sorted()
        if !order.isEmpty {
            for step in 0..<min(Self.filesPerLook, order.count) {
                let path = order[(cursor + step) % order.count]
                if settling[path] == nil { examine.append(path) }
            }
            cursor = (cursor + min(Self.filesPerLook, order.count)) % order.count
        }
        var changedNow = false
        for path in examine {
            let isConfig = path == file
            let limit = isConfig ? TOMLLimits().maximumBytes : files[path]?.limit ?? AHAPLimits().maximumFileBytes
            let known = isConfig ? config : files[path]?.known
            let (seen, read) = Self.observe(path, limit: limit, previous: settling[path] ?? known, now: now)
            counts.filesExamined += 1
            if let read { counts.filesRead += 1; counts.bytesRead += read }
            if isConfig, case .regular(_, _, true) = seen.content {
                // An editor that saves by truncating and then writing leaves the file empty for a
                // moment: an empty (or blank) file is a save in progress, never a config to swap in.
                // It is looked at again next time, and the mapping in use stays.
                withState { state in
                    state.settling = [:]
                    state.cursor = cursor
                    state.statistics.add(counts)
                }
                return false
            }
            guard let known else {   // a file the last load did not read: what is there now is the version it knew
                files[path]?.known = seen
                continue
            }
            if seen.content == known.content {
                settling[path] = nil   // back to (or still) the version in use: nothing to wait for
                if isConfig { config = seen } else { files[path]?.known = seen }
            } else if let waiting = settling[path], waiting.content == seen.content {
                settling[path] = seen  // the same as the last look: settled, as far as this file goes
            } else {
                settling[path] = seen  // changed since the last look: wait one more
                changedNow = true
            }
        }
        let settled = !settling.isEmpty && !changedNow
        if settled {
            for (path, seen) in settling {
                if path == file { config = seen } else { files[path]?.known = seen }
            }
            settling = [:]
        }
        withState {
            $0.config = config
            $0.files = files
            $0.cursor = cursor
            $0.settling = settling
            $0.statistics.add(counts)
        }
        guard settled, let director else { return false }
        var sources = MappingSources()
        let result: Result<LoadedMapping, ConfigErrors>
        do throws(ConfigErrors) {
            result = .success(try LoadedMapping.load(file: file, presets: presets, sounds: self.sounds, sources: &sources))
        } catch {
            result = .failure(error)
        }
        // A load that stopped before the patterns (a config that is not TOML) keeps the files watched before.
        if case .failure = result, sources.files.isEmpty {} else { watch(sources, now: FileStamp.now) }
        withState { $0.statistics.loads += 1 }
        director.offer(result)
        return true
    }

    /// Watches the pattern and sound files of `sources` from now on, each as its load read it; one
    /// the load did not read is looked at now (what is there is the version the load knew).
    private func watch(_ sources: MappingSources, now: Double) {
        var files: [String: WatchedFile] = [:]
        for (path, source) in sources.files {
            let known = source.fingerprint.map { Observation(stamp: nil, content: $0) }
                ?? Self.observe(path, limit: source.limit, previous: nil, now: now).observation
            files[path] = WatchedFile(known: known, limit: source.limit)
        }
        withState { state in
            state.files = files
            state.order = files.keys.sorted()
            state.cursor = 0
            state.settling = state.settling.filter { $0.key == file }
        }
    }

    /// What is at `path` now: its stamp, and its content, read (at most `limit` + 1 bytes) unless the
    /// stamp equals `previous`'s and no verification is due. Returns the bytes read, if it read.
    static func observe(_ path: String, limit: Int, previous: Observation?, now: Double) -> (observation: Observation, read: Int?) {
        let stamp = FileStamp.of(path)
        if let previous, previous.stamp == stamp, !previous.needsVerification || now < stamp.lastChange + verificationDelay {
            return (previous, nil)
        }
        guard stamp.isRegularFile else { return (Observation(stamp: stamp, content: .unreadable), nil) }
        let content = FileBytes.fingerprint(of: path, upTo: limit + 1)
        let read: Int
        if case .regular(_, let count, _) = content { read = count } else { read = 0 }
        return (Observation(stamp: stamp, content: content, needsVerification: now < stamp.lastChange + verificationDelay), read)
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

extension MappingConfigWatcher.Statistics {
    mutating func add(_ other: Self) {
        looks += other.looks
        filesExamined += other.filesExamined
        filesRead += other.filesRead
        bytesRead += other.bytesRead
        loads += other.loads
    }
}
