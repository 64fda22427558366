@_spi(HapticsTools) import Haptics

extension GameHaptics {
    /// Playing on the pads (`haptics.playback`): patterns and feedback presets for one player or
    /// every player, the mixer (off switch, master and per-category intensity), pause and resume,
    /// stop everything, and loading patterns from files. `GameHaptics.play(_:player:)` forwards here.
    /// Game thread.
    public final class Playback {
        let state: FrontDoorState
        /// Plays feedback voices for the director and the generators.
        let target: FeedbackTarget
        private var feedbackGenerators: [Int: FeedbackGenerator] = [:]

        init(state: FrontDoorState) {
            self.state = state
            target = FeedbackTarget(state: state)
        }

        /// The target to bind feedback generators to (`ImpactFeedbackGenerator(target:
        /// haptics.playback.feedbackTarget, player: 0)`): player N's feedback plays on the pad
        /// assigned to player N, ignored silently when there is none. Owned by this object (generators
        /// hold it weakly).
        public var feedbackTarget: any HapticFeedbackTarget { target }

        /// Global enable (the off switch), master gain, per-category gains and voice cap, applied to
        /// every player's engine. The master gain is multiplied by the battery gain when
        /// `scalesForLowBattery` is on. Turning `isEnabled` off sends (0,0) to every pad and "off" to
        /// its adaptive triggers at once, as `pause()` does (players keep running, silent, until it
        /// is turned on again), not at the next update (issue 31).
        public var mixer: HapticMixer {
            get { state.mixer }
            set {
                let turnsOff = state.mixer.isEnabled && !newValue.isEnabled
                state.mixer = newValue
                state.applyMixer()
                if turnsOff && !state.isShutDown {
                    for seat in state.seats where seat.instanceID != nil { seat.silence() }
                }
            }
        }

        /// The preset patterns `play(_ feedback:player:)` uses. Default: the built-in copy of Assets/Haptics/Presets.
        /// Set a `PresetLibrary(folder:)` to tune presets from files while the game runs.
        public var presets = PresetLibrary.builtIn() {
            didSet {
                feedbackGenerators.removeAll()
                state.director?.presets = presets
            }
        }

        /// The mapping layer's director, made on first use with `presets`: posted events and feedback
        /// (from `play`, generators and `post(.feedback(...))`) start through its one set of feedback
        /// pools and their one rate limit. `GameHaptics.update` starts what it returns.
        var director: HapticEventDirector {
            if let made = state.director { return made }
            let made = HapticEventDirector(presets: presets)
            state.director = made
            return made
        }

        /// Whether gameplay haptics are paused (`pause()`, or focus loss with the `.pause` policy).
        public var isPaused: Bool { state.isPaused }

        /// The most patterns one player plays at once through `play` (kept or not by the game): 256.
        /// A start past it returns nil and plays nothing (the C API's `SDLH_PlayPattern` returns
        /// `SDLH_ERROR_LIMIT`, `SDLH_MAX_PLAYING_PATTERNS`). Every player the engine keeps costs it a little
        /// per frame, heard or not (issue 31: a game starting one per frame and never keeping it grew the
        /// frame without bound); the voice cap lets at most `mixer.maximumAudibleVoices` of them be heard.
        public static let maximumPlayingPatterns = 256

        /// How many patterns `play` started for `player` still play (started this frame, playing, paused
        /// or fading out), 0...`maximumPlayingPatterns`. O(that count).
        public func playingPatternCount(forPlayer player: Int) -> Int {
            guard state.playedPatterns.indices.contains(player) else { return 0 }
            state.playedPatterns[player].removeAll { !$0.isKeptByEngine }
            return state.playedPatterns[player].count
        }

        /// Plays `pattern` once for `player`, starting at the next update. Returns the player so the game
        /// can stop it or change it, or nil when nothing can be felt (no pad for that player, a pad
        /// without rumble, or after shutdown): the system decides, the game does not have to check.
        /// Also nil when `maximumPlayingPatterns` patterns started here still play for that player.
        /// With audio on (`audio.enable`), the pattern's audio events play too, and a player without a pad
        /// still plays a pattern that has sound (or feeds the haptic-audio channel).
        /// - Parameters:
        ///   - intensity: multiplies the pattern's intensity, 0...1 (the `HapticIntensityControl`).
        ///   - category: the mixer category for its gain; `.ui` keeps playing while paused.
        ///   - priority: for the voice cap; higher is kept first.
        ///   - locality: body motors or trigger motors (folded into the body on pads without them).
        /// Cost: allocates a player (O(pattern events)); posting is not a per-frame path.
        @discardableResult
        public func play(_ pattern: HapticPattern, player: Int = 0, intensity: Double = 1,
                         category: HapticCategory = .custom, priority: Int = 0,
                         locality: HapticLocality = .body) -> HapticAdvancedPatternPlayer? {
            guard !state.isShutDown, state.seats.indices.contains(player),
                  state.seats[player].canRumble || audioPlays(pattern, forPlayer: player) else { return nil }
            if state.playedPatterns[player].count >= Self.maximumPlayingPatterns,
               playingPatternCount(forPlayer: player) >= Self.maximumPlayingPatterns { return nil }
            let pattern = state.audioOutput?.prepared(pattern) ?? pattern
            let engine = state.seats[player].engine
            guard engine.isRunning,
                  let voice = try? engine.makeAdvancedPlayer(with: pattern, output: 0, locality: locality,
                                                             category: category, priority: priority) else { return nil }
            if intensity != 1 {
                let value = intensity.isFinite ? min(max(intensity, 0), 1) : 1
                try? voice.sendParameters([DynamicParameter(.hapticIntensityControl, value: value, at: 0)], atTime: 0)
            }
            do { try voice.start(atTime: 0) } catch { return nil }
            state.track(voice, isNew: true)
            state.playedPatterns[player].append(voice)
            return voice
        }

        /// Plays a feedback case (a preset from `presets`) for `player`. Returns false when rate-limited
        /// (see `FeedbackGenerator`), or when nothing can be felt for that player.
        @discardableResult
        public func play(_ feedback: HapticFeedback, player: Int = 0) -> Bool {
            guard state.seats.indices.contains(player) else { return false }
            return feedbackGenerator(forPlayer: player).play(feedback)
        }

        /// The generator `play(_:player:)` uses for `player`: selection throttled to one tick per 0.05 s,
        /// no rate limit for other cases (change `minimumInterval` / `minimumIntervals` on it). It starts
        /// presets through the director's feedback pools, so `play` and `post(.feedback(...))` share
        /// one rate limit.
        public func feedbackGenerator(forPlayer player: Int) -> FeedbackGenerator {
            if let generator = feedbackGenerators[player] { return generator }
            let generator = director.feedbackGenerator(forPlayer: player, on: target)
            feedbackGenerators[player] = generator
            return generator
        }

        /// Plays `pattern` for every player that has a pad that can rumble. Returns how many play it.
        /// With audio on, its sound plays once, not once per player.
        @discardableResult
        public func playForEveryPlayer(_ pattern: HapticPattern, intensity: Double = 1,
                                       category: HapticCategory = .custom, priority: Int = 0) -> Int {
            guard state.audioOutput != nil, pattern.hasAudioContent else {
                return state.seats.indices.reduce(0) { count, player in
                    count + (play(pattern, player: player, intensity: intensity, category: category, priority: priority) == nil ? 0 : 1)
                }
            }
            return playSoundOnce(pattern, intensity: intensity, category: category, priority: priority)
        }

        /// Reads an AHAP file and, with audio on, loads its waveforms from the file's folder (or the
        /// asset root). The result gives `AudioCustom` events without a duration their waveform's
        /// length, so a player lasts as long as its sounds.
        /// - Throws: `AHAPDecodingError` for the file, `WaveformLoadError` for a waveform.
        public func loadPattern(contentsOfFile file: String) throws -> HapticPattern {
            let path = FileStatus.absolutePath(file)   // errors name the file by its full path
            let pattern = try AHAPDecoder().decode(contentsOfFile: path).pattern
            guard let audio = state.audioOutput, pattern.hasAudioContent else {
                pattern.prepareForPlayback()   // once, here, for every player that plays it (issue 31)
                return pattern
            }
            let folder = FilePathText.deletingLastComponent(path)
            try audio.loadWaveforms(for: pattern, folder: folder.isEmpty ? "." : folder)
            let prepared = audio.prepared(pattern)
            prepared.prepareForPlayback()
            return prepared
        }

        /// Stops every player on every pad at once (no fade), sends (0,0) to every pad, and turns every
        /// adaptive trigger off (the effects are cleared, not kept for later).
        public func stopAll() {
            for voice in state.livePlayers { voice.cancel() }
            state.livePlayers.removeAll(keepingCapacity: true)
            for player in state.playedPatterns.indices { state.playedPatterns[player].removeAll(keepingCapacity: true) }
            state.pausedPlayers.removeAll(keepingCapacity: true)
            state.focusHeldPlayers.removeAll(keepingCapacity: true)
            for seat in state.seats {
                seat.triggers.setModeOff()
                if seat.instanceID != nil { seat.silence() }
            }
        }

        /// Pauses gameplay haptics: every player started through `play`, except `.ui` ones, keeps its
        /// position, and every pad receives (0,0) at once. Adaptive triggers are turned off at once and
        /// stay off until `resume()`, which sends the effects the game set again. Players posted while
        /// paused play (`.ui`) or wait paused (others). Idempotent.
        public func pause() {
            guard !state.isPaused, !state.isShutDown else { return }
            state.isPaused = true
            for voice in state.livePlayers where voice.category != .ui && voice.isPlaying {
                try? voice.pause(atTime: 0)
                state.pausedPlayers.append(voice)
            }
            // Gameplay voices held by focus loss are the game's to resume now, not focus's.
            if !state.focusHeldPlayers.isEmpty { state.focusHeldPlayers.removeAll { $0.category != .ui } }
            for seat in state.seats where seat.instanceID != nil { seat.silence() }
        }

        /// Resumes what `pause()` paused, from where it was. Idempotent. While the window is
        /// unfocused under the `.pause` focus policy, the voices stay held until focus returns.
        public func resume() {
            guard state.isPaused else { return }
            state.isPaused = false
            for voice in state.pausedPlayers {
                if state.isHeldByFocus { state.holdForFocus(voice) } else { try? voice.resume(atTime: 0) }
            }
            state.pausedPlayers.removeAll(keepingCapacity: true)
        }

        // MARK: - Internals

        /// Whether a player without a pad plays `pattern` because of audio: it has sound, or the player
        /// feeds the haptic-audio channel.
        private func audioPlays(_ pattern: HapticPattern, forPlayer player: Int) -> Bool {
            guard let audio = state.audioOutput else { return false }
            return pattern.hasAudioContent
                || (audio.configuration.hapticAudioChannel != nil && audio.configuration.hapticAudioPlayer == player)
        }

        /// Haptics for every player with a pad, the sound once (with the first of them, or alone on
        /// player 0 when no pad can rumble). Returns how many players feel it.
        private func playSoundOnce(_ pattern: HapticPattern, intensity: Double, category: HapticCategory, priority: Int) -> Int {
            let hapticOnly = pattern.removingAudioEvents()
            var count = 0
            var soundPlays = false
            for player in state.seats.indices where state.seats[player].canRumble {
                let played = play(soundPlays ? hapticOnly : pattern, player: player, intensity: intensity,
                                  category: category, priority: priority) != nil
                if played {
                    count += 1
                    soundPlays = true
                }
            }
            if !soundPlays { play(pattern, player: 0, intensity: intensity, category: category, priority: priority) }
            return count
        }
    }
}
