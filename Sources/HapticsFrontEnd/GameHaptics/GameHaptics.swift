@_spi(HapticsTools) import Haptics

/// The front door of SDLHaptics for an SDL game: create one, hand it SDL events, post haptics,
/// and call `update` once per frame. The same front door serves SDL2 (`import HapticsSDL`) and SDL3
/// (`import HapticsSDL3`): each module adds `init(configuration:)` and `handle(_:)` for its SDL's
/// `SDL_Event`, and a backend (`SDLBackend`) that makes the SDL calls; everything else is here, once.
///
///     let haptics = try GameHaptics()                 // starts SDL's game controller subsystem
///     while running {
///         while SDL_PollEvent(&event) != 0 { haptics.handle(event); ... }
///         if jumped { haptics.play(landing, player: 0, category: .impact) }
///         haptics.update()                            // once per frame
///     }
///     haptics.shutdown()                              // or let it go: deinit does the same
///
/// Those three calls (`handle`, `post`/`play`, `update`) are all most games need. Everything else
/// lives in four parts, found by name:
/// - ``pads``: which pad each player has, each player's engine, rumble output and adaptive
///   triggers, reassignment, and the handlers for pads coming and going.
/// - ``playback``: patterns and feedback for one or every player, the mixer (off switch, master and
///   per-category intensity), pause/resume, stop everything, loading pattern files.
/// - ``mapping``: the config that turns posted game events into haptics, its hot reload and errors,
///   listeners.
/// - ``audio``: the opt-in sound device that plays the audio half of patterns.
///
/// It never owns the game's event loop: it opens pads as SDL announces them (SDL2's
/// `SDL_CONTROLLERDEVICEADDED`, SDL3's `SDL_EVENT_GAMEPAD_ADDED`) and closes them as they leave, assigns them to players, gives each player one
/// `HapticEngine` driving one `SDLRumbleOutput`, and turns focus changes into pause/resume or stop
/// (`GameHapticsConfiguration.focusPolicy`). Haptics for a player without a pad that can rumble are
/// ignored silently. Rumble never sticks: see `SDLRumbleOutput`.
///
/// Threads: everything on the thread that runs the game's SDL event loop (SDL wants
/// `SDL_PumpEvents` there). Cost: `handle` and `update` allocate nothing in steady state;
/// `update` is one `HapticEngine.update(at:)` per player with a pad. `play` allocates (a player).
public final class GameHaptics {
    /// The settings this object was created with.
    public let configuration: GameHapticsConfiguration
    /// Pads, players' engines, rumble and trigger outputs, pad handlers.
    public let pads: Pads
    /// Playing patterns and feedback, the mixer, pause and resume.
    public let playback: Playback
    /// The config that maps posted game events to haptics.
    public let mapping: Mapping
    /// The opt-in sound device.
    public let audio: Audio

    package let state: FrontDoorState
    /// The SDL this front door runs on (`SDL2Backend`, `SDL3Backend`).
    package let backend: any SDLBackend.Type
    private var subsystems: (any SDLSubsystemHold)?
    private let clockOrigin: UInt64

    /// Starts SDL's gamepad and event subsystems through `backend` (reference-counted: a game that
    /// started them keeps its own reference) and opens every pad already connected. Each SDL's module
    /// calls it from its public `init(configuration:)`.
    /// - Throws: `SDLError` when SDL is older than the backend supports or cannot start the subsystems.
    package init(configuration: GameHapticsConfiguration, backend: any SDLBackend.Type) throws(SDLError) {
        self.configuration = configuration
        self.backend = backend
        clockOrigin = backend.performanceCounter()
        backend.applyHints(playStationBluetoothRumble: configuration.enablesPlayStationBluetoothRumble)
        subsystems = try backend.startSubsystems(audio: false)
        PadOutputGate.prepare()   // its state exists before any exit path may need it
        state = FrontDoorState(configuration: configuration, backend: backend)
        pads = Pads(state: state)
        playback = Playback(state: state)
        mapping = Mapping(state: state, playback: playback)
        audio = Audio(state: state)
        for seat in state.seats { pads.configure(seat) }
        for arrival in backend.connectedPads() { pads.controllerAdded(arrival) }
        ExitStop.register(backend)
    }

    /// Shuts down without calling the pad handlers: the game that owned this object is letting it
    /// go, and whatever its handlers captured may be going with it (call `shutdown()` first to hear
    /// `.engineDestroyed`).
    deinit {
        pads.stoppedHandler = nil
        pads.resetHandler = nil
        pads.controllerChangedHandler = nil
        shutdown()
    }

    /// The frame time of the last `update`, in seconds.
    public var currentTime: Double { state.currentTime }

    /// Whether the window has focus, as last reported by SDL events (true until told otherwise).
    public var hasFocus: Bool { state.hasFocus }

    // MARK: - Events

    /// Hands over one SDL event as the backend translated it (`handle(_:)` of `HapticsSDL` or
    /// `HapticsSDL3`): pads arriving and leaving, battery updates, focus. O(pads), no allocation.
    package func handle(_ event: FrontEndEvent) {
        guard !state.isShutDown else { return }
        switch event {
        case .padAdded(let arrival): pads.controllerAdded(arrival)
        case .padRemoved(let instanceID): pads.controllerRemoved(instanceID: instanceID)
        case .battery(let instanceID, let level): pads.batteryChanged(instanceID: instanceID, level: level)
        case .focus(let focused): focusChanged(hasFocus: focused)
        }
    }

    // MARK: - Posting and playing

    /// Posts a game event for the next `update`; the loaded mapping (`mapping.load(file:)`) decides
    /// how it feels. Any thread may post through `mapping.eventQueue`; this convenience is for the
    /// game thread. O(1), no allocation.
    @discardableResult
    public func post(_ event: GameEvent) -> Bool { mapping.post(event) }

    /// Plays `pattern` once for `player`, starting at the next update: see
    /// `Playback.play(_:player:intensity:category:priority:locality:)`. Returns the player, or nil
    /// when nothing can be felt.
    @discardableResult
    public func play(_ pattern: HapticPattern, player: Int = 0, intensity: Double = 1,
                     category: HapticCategory = .custom, priority: Int = 0,
                     locality: HapticLocality = .body) -> HapticAdvancedPatternPlayer? {
        playback.play(pattern, player: player, intensity: intensity, category: category, priority: priority, locality: locality)
    }

    /// Plays a feedback case (a preset) for `player`. Returns false when rate-limited or when
    /// nothing can be felt. See `Playback.play(_:player:)`.
    @discardableResult
    public func play(_ feedback: HapticFeedback, player: Int = 0) -> Bool { playback.play(feedback, player: player) }

    // MARK: - Frames

    /// Advances every player's engine to game time `time` (seconds, non-decreasing, any origin;
    /// use the same clock as the game's frame) and sends each pad what changed, adaptive trigger
    /// effects included (only while not paused, the engine runs and the mixer is enabled; "off"
    /// otherwise). Call once per frame.
    /// O(players × engine update), no allocation in steady state.
    public func update(at time: Double) {
        guard !state.isShutDown, time.isFinite else { return }
        state.currentTime = state.hasClock ? max(time, state.currentTime) : time   // any origin, below 0 too
        state.hasClock = true
        let now = state.currentTime
        state.audioOutput?.synchronize(gameTime: now)  // relate this frame to the sample clock first
        if let director = state.director {              // posted events start their voices on this frame
            let started = director.start(director.update(at: now, playerCount: state.seats.count),
                                         on: state.feedbackDevices, at: now)
            for index in started.indices { state.track(started[index].voice) }   // pause bookkeeping, after start
        }
        for seat in state.seats where seat.instanceID != nil || state.audioOutput != nil {
            seat.engine.update(at: now)
            if !seat.engine.isRunning { seat.rumbleDelay.advance(to: now) }
            if seat.instanceID != nil {
                seat.triggerOutput.update(seat.triggers, at: now,
                                          isActive: !state.isPaused && !state.isHeldByFocus && seat.engine.isRunning
                                              && state.mixer.isEnabled)
            }
        }
        state.livePlayers.removeAll { !$0.isPlaying }
        for player in state.playedPatterns.indices where !state.playedPatterns[player].isEmpty {
            state.playedPatterns[player].removeAll { !$0.isKeptByEngine }
        }
        if !state.focusHeldPlayers.isEmpty { state.focusHeldPlayers.removeAll { !$0.isPlaying } }
        pads.triggerWatchdog?.feed()
    }

    /// Advances to now, measured with SDL's performance counter (seconds since this object was made).
    public func update() {
        let ticks = backend.performanceCounter() &- clockOrigin
        update(at: Double(ticks) / Double(backend.performanceFrequency()))
    }

    /// Stops every pad with (0,0) and its adaptive triggers with "off", closes every pad this object opened, destroys the engines
    /// (`pads.stoppedHandler` with `.engineDestroyed` per player that had a pad) and releases the SDL
    /// subsystems. Idempotent; `deinit` calls it.
    public func shutdown() {
        guard !state.isShutDown else { return }
        mapping.stopWatching()
        audio.disable()
        pads.shutdown()
        state.livePlayers.removeAll()
        state.playedPatterns = state.playedPatterns.map { _ in [] }
        state.pausedPlayers.removeAll()
        state.focusHeldPlayers.removeAll()
        state.isShutDown = true
        subsystems?.stop()
        subsystems = nil
        ExitStop.unregister()
    }

    // MARK: - Focus

    func focusChanged(hasFocus focused: Bool) {
        guard focused != state.hasFocus else { return }
        state.hasFocus = focused
        switch configuration.focusPolicy {
        case .pause:
            // Gameplay pause for the gameplay voices (so `resume` after focus returns is the game's
            // own), and a focus hold for the rest (`.ui`): nothing of any category plays while away.
            if !focused {
                if !state.isPaused {
                    playback.pause()
                    state.suspendedByFocus = true
                }
                for voice in state.livePlayers where voice.isPlaying && !state.pausedPlayers.contains(where: { $0 === voice }) {
                    state.holdForFocus(voice)
                }
                for seat in state.seats where seat.instanceID != nil { seat.silence() }
            } else {
                state.releaseFocusHold()
                if state.suspendedByFocus {
                    state.suspendedByFocus = false
                    playback.resume()
                }
            }
        case .stopEngines:
            if !focused {
                state.suspendedByFocus = true
                for seat in state.seats where seat.instanceID != nil || state.audioOutput != nil {
                    seat.silence()
                    seat.engine.handleExternalStop(.applicationSuspended)
                }
            } else {
                state.suspendedByFocus = false
                for seat in state.seats where seat.instanceID != nil || state.audioOutput != nil { try? seat.engine.start() }
            }
        case .ignore:
            break
        }
    }
}
