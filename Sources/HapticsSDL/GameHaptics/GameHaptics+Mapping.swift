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
        @_spi(HapticsTools) public let soundPatterns = SoundPatternLoader(decoder: SDLSoundDecoder())

        init(state: FrontDoorState, playback: Playback) {
            self.state = state
            self.playback = playback
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
        /// background thread then notices saved edits (every `interval` seconds) and swaps valid ones in
        /// between frames, keeping the last good config when an edit is broken (`errors`,
        /// `events.reloadHandler`). Throws `ConfigErrors` (every problem with file:line:column) when the
        /// file is invalid now; the previous mapping, if any, stays.
        ///
        /// A rule whose pattern is a `.wav` gets haptics analysed from the sound (`soundPatterns`,
        /// docs/audio-to-haptics.md); the watcher also notices a changed sound and re-analyses it. With
        /// audio on, the sounds of `with_audio` rules are loaded here so the pattern plays them (a sound
        /// first named by a later hot reload plays its haptics only until the next `load`).
        public func load(file: String, watch: Bool = true, interval: Double = 0.25) throws(ConfigErrors) {
            let loaded = try LoadedMapping.load(file: file, presets: playback.presets, sounds: soundPatterns)
            if let audio = state.audioOutput {
                let folder = FilePathText.deletingLastComponent(file)
                for pattern in loaded.patterns where pattern.hasAudioContent {
                    try? audio.loadWaveforms(for: pattern, folder: folder.isEmpty ? "." : folder)
                }
            }
            events.use(loaded)
            stopWatching()
            if watch {
                let watcher = MappingConfigWatcher(file: file, director: events, presetsFolder: playback.presets.folder,
                                                   interval: interval, sounds: soundPatterns, loaded: loaded)
                watcher.start()
                configWatcher = watcher
            }
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
