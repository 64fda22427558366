import CHapticsSDL2
import Haptics

/// The front door of SDLHaptics for an SDL2 game: create one, hand it SDL events, post haptics,
/// and call `update` once per frame.
///
///     let haptics = try GameHaptics()                 // starts SDL's game controller subsystem
///     while running {
///         while SDL_PollEvent(&event) != 0 { haptics.handle(event); ... }
///         if jumped { haptics.play(landing, player: 0, category: .impact) }
///         haptics.update()                            // once per frame
///     }
///     haptics.shutdown()                              // or let it go: deinit does the same
///
/// It never owns the game's event loop: it opens pads as `SDL_CONTROLLERDEVICEADDED` arrives and
/// closes them on `SDL_CONTROLLERDEVICEREMOVED`, assigns them to players, gives each player one
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
    /// Called when a player's engine stops by itself: the pad was unplugged
    /// (`.gameControllerDisconnected`), focus was lost with the `.stopEngines` policy
    /// (`.applicationSuspended`), or at shutdown (`.engineDestroyed`). Arguments: player (0-based), reason.
    public var stoppedHandler: ((Int, HapticEngine.StoppedReason) -> Void)?
    /// Called when a pad is plugged back in for a player whose pad was gone: the engine runs again,
    /// and this is where the game restarts the players it wants (Core Haptics' reset handler).
    public var resetHandler: ((Int) -> Void)?
    /// Called when a pad is assigned to a player or leaves one, after the change (player, pad or nil).
    public var controllerChangedHandler: ((Int, ConnectedController?) -> Void)?

    /// Global enable, master gain, per-category gains and voice cap, applied to every player's engine.
    /// The master gain is multiplied by the battery gain when `scalesForLowBattery` is on.
    public var mixer = HapticMixer() {
        didSet { applyMixer() }
    }
    /// Whether gameplay haptics are paused (`pause()`, or focus loss with the `.pause` policy).
    public private(set) var isPaused = false
    /// Whether the window has focus, as last reported by SDL events (true until told otherwise).
    public internal(set) var hasFocus = true
    /// The frame time of the last `update`, in seconds.
    public private(set) var currentTime: Double = 0

    var subsystems: SDLSubsystems?
    let hub: ControllerHub
    var slots: [PlayerSlot]
    /// Players started through `play`, so `pause` can pause them; finished ones are pruned per update.
    var livePlayers: [HapticAdvancedPatternPlayer] = []
    var pausedPlayers: [HapticAdvancedPatternPlayer] = []
    /// The preset patterns `play(_ feedback:player:)` uses. Default: the built-in copy of Assets/Patterns.
    /// Set a `PresetLibrary(folder:)` to tune presets from files while the game runs.
    public var presets = PresetLibrary.builtIn() {
        didSet {
            feedbackGenerators.removeAll()
            eventDirector?.presets = presets
        }
    }
    var feedbackGenerators: [Int: FeedbackGenerator] = [:]
    /// The mapping layer (`GameHaptics+Mapping.swift`), made on first use.
    var eventDirector: HapticEventDirector?
    var configWatcher: MappingConfigWatcher?
    /// Turns a mapping config's `.wav` patterns into haptics (decoded through SDL, analysed with the
    /// rule's options, cached by content); shared by `loadMapping` and its watcher.
    public let soundPatterns = SoundPatternLoader(decoder: SDLSoundDecoder())
    /// The sound device, once `enableAudio` opened it (`GameHaptics+Audio.swift`); nil: audio off,
    /// no device is opened and audio events are ignored.
    public internal(set) var audio: SDLAudioOutput?
    private let clockOrigin = SDL_GetPerformanceCounter()
    var suspendedByFocus = false
    var isShutDown = false
    /// Turns DualSense triggers off when `update` stops coming (nil when disabled).
    var triggerWatchdog: AdaptiveTriggerWatchdog?

    /// Starts SDL's game controller and event subsystems (reference-counted: a game that started
    /// them keeps its own reference) and opens every pad already connected.
    /// - Throws: `SDLError` when SDL is older than 2.26 or cannot start the subsystems.
    public init(configuration: GameHapticsConfiguration = GameHapticsConfiguration()) throws(SDLError) {
        self.configuration = configuration
        if configuration.enablesPlayStationBluetoothRumble {
            SDL_SetHint(SDL_HINT_JOYSTICK_HIDAPI_PS4_RUMBLE, "1")
            SDL_SetHint(SDL_HINT_JOYSTICK_HIDAPI_PS5_RUMBLE, "1")
        }
        do { subsystems = try SDLSubsystems([.gameController, .events]) } catch let error as SDLError { throw error } catch {
            throw SDLError(operation: "SDL_InitSubSystem", message: "\(error)")
        }
        hub = ControllerHub(playerCount: configuration.playerCount)
        slots = (0..<configuration.playerCount).map { PlayerSlot(player: $0, voiceCapacity: configuration.voiceCapacity) }
        livePlayers.reserveCapacity(configuration.voiceCapacity)
        pausedPlayers.reserveCapacity(configuration.voiceCapacity)
        for slot in slots { configure(slot) }
        for index in 0..<SDL_NumJoysticks() { controllerAdded(deviceIndex: index) }
    }

    /// Starts the trigger watchdog the first time a pad with adaptive triggers is attached (no thread
    /// for games that never see a DualSense), unless `triggerWatchdogMilliseconds` is 0.
    func startTriggerWatchdogIfNeeded() {
        guard triggerWatchdog == nil, !isShutDown, configuration.triggerWatchdogMilliseconds > 0 else { return }
        triggerWatchdog = AdaptiveTriggerWatchdog(links: slots.map(\.triggerOutput.link),
                                                  timeoutMilliseconds: UInt64(configuration.triggerWatchdogMilliseconds))
        triggerWatchdog?.feed()
    }

    deinit { shutdown() }

    // MARK: - Pads and players

    /// Every open pad, in the order they arrived.
    public var controllers: [ConnectedController] { hub.controllers }

    /// The pad assigned to `player` (0-based), or nil.
    public func controller(forPlayer player: Int) -> ConnectedController? { hub.entry(player: player)?.info }

    /// The engine that plays `player`'s haptics (for players, dynamic parameters, handlers), or nil for
    /// a player number out of range. It is replaced when a pad of another kind is plugged in for
    /// that player: fetch it again in `resetHandler`.
    public func engine(forPlayer player: Int) -> HapticEngine? {
        slots.indices.contains(player) ? slots[player].engine : nil
    }

    /// The rumble output of `player` (statistics, safety duration), or nil out of range.
    public func output(forPlayer player: Int) -> SDLRumbleOutput? {
        slots.indices.contains(player) ? slots[player].output : nil
    }

    /// The adaptive triggers of `player` (0-based), or nil out of range: set effects on them in Apple's
    /// spelling (`adaptiveTriggers(forPlayer: 0)?.right.setModeWeaponWithStartPosition(...)`). They
    /// belong to the player, not the pad: a pad plugged in for that player receives them.
    public func adaptiveTriggers(forPlayer player: Int) -> AdaptiveTriggers? {
        slots.indices.contains(player) ? slots[player].triggers : nil
    }

    /// The adaptive trigger output of `player` (support, statistics, last bytes sent), or nil out of range.
    public func triggerOutput(forPlayer player: Int) -> SDLAdaptiveTriggerOutput? {
        slots.indices.contains(player) ? slots[player].triggerOutput : nil
    }

    /// Whether haptics posted for `player` can be felt now (a pad that can rumble is assigned).
    public func canRumble(player: Int) -> Bool { slots.indices.contains(player) && slots[player].canRumble }

    /// Moves the pad with SDL instance id `instanceID` to `player` (nil: to no player). A pad already
    /// on that player takes the moved pad's old player. Both pads are stopped first.
    public func assign(controller instanceID: Int32, toPlayer player: Int?) {
        let changed = hub.assign(instanceID: instanceID, toPlayer: player)
        guard !changed.isEmpty else { return }
        for entry in changed {
            for slot in slots where slot.instanceID == entry.info.instanceID { release(slot, reason: nil) }
        }
        for entry in changed {
            if let player = entry.info.player { attach(entry, to: slots[player]) }
        }
    }

    // MARK: - Events

    /// Hands one SDL event over. Reacts to pads arriving and leaving, battery updates, window focus
    /// and the app entering the background or foreground; ignores everything else. O(pads), no
    /// allocation for events it ignores.
    public func handle(_ event: SDL_Event) {
        guard !isShutDown else { return }
        switch SDL_EventType(rawValue: event.type) {
        case SDL_CONTROLLERDEVICEADDED:
            controllerAdded(deviceIndex: event.cdevice.which)
        case SDL_CONTROLLERDEVICEREMOVED:
            controllerRemoved(instanceID: event.cdevice.which)
        case SDL_JOYBATTERYUPDATED:
            batteryChanged(instanceID: event.jbattery.which, level: event.jbattery.level)
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(rawValue: UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_FOCUS_LOST: focusChanged(hasFocus: false)
            case SDL_WINDOWEVENT_FOCUS_GAINED: focusChanged(hasFocus: true)
            default: break
            }
        case SDL_APP_WILLENTERBACKGROUND: focusChanged(hasFocus: false)
        case SDL_APP_DIDENTERFOREGROUND: focusChanged(hasFocus: true)
        default: break
        }
    }

    /// Hands one SDL event over by pointer (for C-style loops). See `handle(_:)`.
    public func handle(_ event: UnsafePointer<SDL_Event>) { handle(event.pointee) }

    // MARK: - Playing

    /// Plays `pattern` once for `player`, starting at the next update. Returns the player so the game
    /// can stop it or change it, or nil when nothing can be felt (no pad for that player, a pad
    /// without rumble, or after shutdown): the system decides, the game does not have to check.
    /// With audio on (`enableAudio`), the pattern's audio events play too, and a player without a pad
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
        guard !isShutDown, slots.indices.contains(player),
              slots[player].canRumble || audioPlays(pattern, forPlayer: player) else { return nil }
        let pattern = audio?.prepared(pattern) ?? pattern
        let engine = slots[player].engine
        guard engine.isRunning,
              let voice = try? engine.makeAdvancedPlayer(with: pattern, output: 0, locality: locality,
                                                         category: category, priority: priority) else { return nil }
        if intensity != 1 {
            let value = intensity.isFinite ? min(max(intensity, 0), 1) : 1
            try? voice.sendParameters([DynamicParameter(.hapticIntensityControl, value: value, at: 0)], atTime: 0)
        }
        do { try voice.start(atTime: 0) } catch { return nil }
        livePlayers.append(voice)
        if isPaused && category != .ui {
            try? voice.pause(atTime: 0)
            pausedPlayers.append(voice)
        }
        return voice
    }

    /// Plays `pattern` for every player that has a pad that can rumble. Returns how many play it.
    /// With audio on, its sound plays once, not once per player (see `playSoundOnce`).
    @discardableResult
    public func playForEveryPlayer(_ pattern: HapticPattern, intensity: Double = 1,
                                   category: HapticCategory = .custom, priority: Int = 0) -> Int {
        guard audio != nil, pattern.hasAudioContent else {
            return slots.indices.reduce(0) { count, player in
                count + (play(pattern, player: player, intensity: intensity, category: category, priority: priority) == nil ? 0 : 1)
            }
        }
        return playSoundOnce(pattern, intensity: intensity, category: category, priority: priority)
    }

    /// Stops every player on every pad at once (no fade), sends (0,0) to every pad, and turns every
    /// adaptive trigger off (the effects are cleared, not kept for later).
    public func stopAll() {
        for voice in livePlayers { voice.cancel() }
        livePlayers.removeAll(keepingCapacity: true)
        pausedPlayers.removeAll(keepingCapacity: true)
        for slot in slots {
            slot.triggers.setModeOff()
            if slot.instanceID != nil { silence(slot) }
        }
    }

    // MARK: - Pause

    /// Pauses gameplay haptics: every player started through `play`, except `.ui` ones, keeps its
    /// position, and every pad receives (0,0) at once. Adaptive triggers are turned off at once and
    /// stay off until `resume()`, which sends the effects the game set again. Players posted while
    /// paused play (`.ui`) or wait paused (others). Idempotent.
    public func pause() {
        guard !isPaused, !isShutDown else { return }
        isPaused = true
        for voice in livePlayers where voice.category != .ui && voice.isPlaying {
            try? voice.pause(atTime: 0)
            pausedPlayers.append(voice)
        }
        for slot in slots where slot.instanceID != nil { silence(slot) }
    }

    /// Resumes what `pause()` paused, from where it was. Idempotent.
    public func resume() {
        guard isPaused else { return }
        isPaused = false
        for voice in pausedPlayers { try? voice.resume(atTime: 0) }
        pausedPlayers.removeAll(keepingCapacity: true)
    }

    // MARK: - Frames

    /// Advances every player's engine to game time `time` (seconds, non-decreasing, any origin;
    /// use the same clock as the game's frame) and sends each pad what changed, adaptive trigger
    /// effects included (only while not paused, the engine runs and the mixer is enabled; "off"
    /// otherwise). Call once per frame.
    /// O(players × engine update), no allocation in steady state.
    public func update(at time: Double) {
        guard !isShutDown, time.isFinite else { return }
        currentTime = max(time, currentTime)
        audio?.synchronize(gameTime: currentTime)  // relate this frame to the sample clock first
        if let director = eventDirector {   // posted events start their voices on this frame
            director.start(director.update(at: currentTime, playerCount: slots.count), on: self)
        }
        for slot in slots where slot.instanceID != nil || audio != nil {
            slot.engine.update(at: currentTime)
            if !slot.engine.isRunning { slot.rumbleDelay.advance(to: currentTime) }
            if slot.instanceID != nil {
                slot.triggerOutput.update(slot.triggers, at: currentTime,
                                          isActive: !isPaused && slot.engine.isRunning && mixer.isEnabled)
            }
        }
        livePlayers.removeAll { !$0.isPlaying }
        triggerWatchdog?.feed()
    }

    /// Advances to now, measured with SDL's performance counter (seconds since this object was made).
    public func update() {
        let ticks = SDL_GetPerformanceCounter() &- clockOrigin
        update(at: Double(ticks) / Double(SDL_GetPerformanceFrequency()))
    }

    /// Stops every pad with (0,0) and its adaptive triggers with "off", closes every pad this object opened, destroys the engines
    /// (`stoppedHandler` with `.engineDestroyed` per player that had a pad) and releases the SDL
    /// subsystems. Idempotent; `deinit` calls it.
    public func shutdown() {
        guard !isShutDown else { return }
        configWatcher?.stop()
        configWatcher = nil
        triggerWatchdog?.stop()
        triggerWatchdog = nil
        disableAudio()
        for slot in slots {
            let hadPad = slot.instanceID != nil
            slot.triggerOutput.detach()
            slot.triggers.setModeOff()
            slot.output.detach()
            slot.instanceID = nil
            slot.engine.stoppedHandler = hadPad ? slot.engine.stoppedHandler : nil
            slot.engine.invalidate()
        }
        for entry in hub.entries { hub.close(instanceID: entry.info.instanceID) }
        livePlayers.removeAll()
        pausedPlayers.removeAll()
        isShutDown = true
        subsystems?.stop()
        subsystems = nil
    }
}
