@_spi(HapticsTools) import Haptics

extension GameHaptics {
    /// The mapping layer (`haptics.mapping`): the game posts what happened (`GameHaptics.post`), a
    /// config that designers own decides how it feels (docs/config.md), and `update` plays it on the
    /// right pads.
    ///
    ///     let haptics = try GameHaptics()
    ///     try haptics.mapping.load(file: "Assets/Haptics/haptics.toml")   // watched: saved edits swap in
    ///     haptics.post(.collision(massA: 40, massB: nil, speed: 6, materials: ("crate", "stone")))
    ///     haptics.update()
    public final class Mapping {
        let state: FrontDoorState
        private let playback: Playback
        /// The director, once made (`events`, or the first feedback played).
        var director: HapticEventDirector? { state.director }
        private var configWatcher: MappingConfigWatcher?

        /// Turns a mapping config's `.wav` patterns into haptics (decoded through SDL, analysed with the
        /// rule's options, cached by content); shared by `load` and its watcher.
        @_spi(HapticsTools) public let soundPatterns: SoundPatternLoader

        init(state: FrontDoorState, playback: Playback) {
            self.state = state
            self.playback = playback
            soundPatterns = SoundPatternLoader(decoder: SDLSoundDecoder(sampleRate: 48_000, limits: WaveformLimits(),
                                                                        backend: state.backend))
        }

        /// The mapping layer's director: posts, listeners, reload results, statistics, recent moments.
        /// Made on first use with the playback's presets. Game thread.
        public var events: HapticEventDirector { playback.director }

        /// The queue events are posted to. `Sendable`: give it to physics, audio or network threads so
        /// they can post directly (`queue.post(event)`); events are handled on the next `update`.
        public var eventQueue: GameEventQueue { events.queue }

        /// Posts a game event for the next `update` (what `GameHaptics.post(_:)` does). O(1), no allocation.
        @discardableResult
        public func post(_ event: GameEvent) -> Bool { events.post(event) }

        /// Loads the mapping config at `file` now and uses it from the next `update`; with `watch`, a
        /// background thread then notices saved edits (every `interval` seconds), waits until a save has
        /// settled (the same bytes on two looks, docs/config.md) and swaps valid ones in between frames,
        /// keeping the last good config when an edit is broken (`errors`, `events.reloadHandler`,
        /// `events.statistics.reloads` and `failedReloads`).
        ///
        /// `file` is made absolute against the working directory now, so every message names the file
        /// by its full path and a later `chdir` changes nothing. Throws `ConfigErrors` (every problem
        /// with file:line:column, and a `consequence`) when the file is missing or invalid now: the
        /// previous mapping, if any, stays in use (without one, events play nothing but feedback
        /// presets); with `watch`, the file is watched anyway (instead of the previous one), so a
        /// config that appears or is fixed while the game runs is loaded as soon as its save settles.
        ///
        /// A rule whose pattern is a `.wav` gets haptics analysed from the sound (`soundPatterns`,
        /// docs/audio-to-haptics.md); the watcher also notices a changed sound and re-analyses it, and a
        /// changed `.ahap` file, which it reloads (a broken one is reported like a broken config). With
        /// audio on, the sounds of `with_audio` rules are loaded here so the pattern plays them (a sound
        /// first named by a later hot reload plays its haptics only until the next `load`).
        public func load(file: String, watch: Bool = true, interval: Double = 0.25) throws(ConfigErrors) {
            let path = FileStatus.absolutePath(file)
            // Taken before the file is read, so a save made while it loads is noticed by the watcher.
            let seen = MappingConfigWatcher.Snapshot.of(file: path)
            let loaded: LoadedMapping
            var sources = MappingSources()
            do throws(ConfigErrors) {
                loaded = try LoadedMapping.load(file: path, presets: playback.presets, sounds: soundPatterns, sources: &sources)
            } catch {
                var failure = error
                let inUse = events.mapping.map { $0.file ?? "a config loaded from text" }
                var consequence = inUse.map { "the config in use (\($0)) stays until \(path) loads" }
                    ?? "no config is in use: events play nothing (feedback cases play their presets) until \(path) loads"
                if watch {
                    consequence += "; SDLHaptics watches it and loads its first good save"
                    watchFile(path, interval: interval, seen: seen, sources: sources)
                }
                failure.consequence = consequence
                throw failure
            }
            if let audio = state.audioOutput {
                let folder = FilePathText.deletingLastComponent(path)
                for pattern in loaded.patterns where pattern.hasAudioContent {
                    try? audio.loadWaveforms(for: pattern, folder: folder.isEmpty ? "." : folder)
                }
            }
            events.use(loaded)
            stopWatching()
            if watch { watchFile(path, interval: interval, seen: seen, sources: loaded.sources) }
        }

        /// The file watched for hot reload (absolute), or nil when none is.
        public var watchedFile: String? { configWatcher?.file }

        /// The pattern and sound files watched with it (the config's folder joined with the names its
        /// rules write, sorted): a saved pattern is hot-reloaded like the config.
        public var watchedPatternFiles: [String] { configWatcher?.watchedFiles ?? [] }

        /// Watches `path` and the pattern and sound files of `sources` (instead of any file watched
        /// before), counting `seen` as the version already loaded or already reported as broken.
        private func watchFile(_ path: String, interval: Double, seen: MappingConfigWatcher.Snapshot, sources: MappingSources) {
            stopWatching()
            let watcher = MappingConfigWatcher(file: path, director: events, presetsFolder: playback.presets.folder,
                                               interval: interval, seen: seen, sounds: soundPatterns, sources: sources)
            watcher.start()
            configWatcher = watcher
        }

        /// The problems of the last reload that failed (empty when the current file is good), for an
        /// on-screen message.
        public var errors: [ConfigDiagnostic] { director?.lastErrors ?? [] }

        /// Where `player` hears from, in world units, for distance attenuation and left/right
        /// direction (nil: events are not attenuated for that player).
        public func setListener(_ position: WorldPosition?, forPlayer player: Int) {
            events.setListener(position, forPlayer: player)
        }

        /// Stops the config watcher's thread, if any.
        func stopWatching() {
            configWatcher?.stop()
            configWatcher = nil
        }
    }
}
