#if SDLHAPTICS_SDL3
import CHapticsSDL3
import HapticsSDL3
#else
import CHapticsSDL2
import HapticsSDL
#endif
import Haptics

/// Every call the C API makes to `GameHaptics`, in this one file: the exported functions validate
/// C input and translate results; what happens is always `GameHaptics`' (and the core's) own logic.
/// When the front door's shape changes (facades such as `haptics.pads`, `.mapping`, `.audio`),
/// only this file follows.
///
/// Game thread only, like `GameHaptics`, except `queue`, which any thread may post to.
final class FrontDoor {
    let haptics: GameHaptics
    /// Where posted events wait for the next update. Thread-safe (`GameEventQueue`).
    let queue: GameEventQueue
    let playerCount: Int
    /// Hot reloads swapped in or refused during updates, waiting for `takeReloads` (game thread; one
    /// per update at most: the watcher hands over one result at a time).
    private var reloadsToReport: [Reload] = []

    /// One hot reload, as the director reported it, with what the C callback and log need.
    struct Reload {
        var result: Result<LoadedMapping, ConfigErrors>
        /// The config file (absolute): the mapping's, else the watched one.
        var file: String
        /// Whether a config is in use after it (on failure: the last good one).
        var configInUse: Bool
    }

    init(playerCount: Int, focusPolicy: GameHapticsConfiguration.FocusPolicy, safetyMilliseconds: UInt32?) throws(SDLError) {
        var configuration = GameHapticsConfiguration()
        configuration.playerCount = playerCount
        configuration.focusPolicy = focusPolicy
        if let safetyMilliseconds { configuration.safetyMilliseconds = safetyMilliseconds }
        haptics = try GameHaptics(configuration: configuration)
        self.playerCount = haptics.configuration.playerCount
        queue = haptics.mapping.eventQueue
        reloadsToReport.reserveCapacity(4)
        haptics.mapping.events.reloadHandler = { [unowned self] (result: Result<LoadedMapping, ConfigErrors>) in
            let file: String
            switch result {
            case .success(let loaded): file = loaded.file ?? haptics.mapping.watchedFile ?? ""
            case .failure(let errors): file = haptics.mapping.watchedFile ?? errors.diagnostics.first?.file ?? ""
            }
            reloadsToReport.append(Reload(result: result, file: file, configInUse: haptics.mapping.events.mapping != nil))
        }
        // A name no rule takes: one debug line in SDL's log, once per name and config (issue 31).
        haptics.mapping.events.unmatchedNameHandler = { [unowned self] name in
            UnmatchedNameLog.log(UnmatchedNameLog.line(name, file: haptics.mapping.events.mapping?.file))
        }
    }

    /// The names no rule of the config in use takes (`HapticEventDirector.unmatchedNames`).
    var unmatchedNames: [HapticEventDirector.UnmatchedName] { haptics.mapping.events.unmatchedNames }

    /// The hot reloads of the updates since the last call, oldest first.
    func takeReloads() -> [Reload] {
        guard !reloadsToReport.isEmpty else { return [] }
        defer { reloadsToReport.removeAll(keepingCapacity: true) }
        return reloadsToReport
    }

    // MARK: Lifecycle

    func handle(_ event: UnsafePointer<SDL_Event>) { haptics.handle(event) }
    func update() { haptics.update() }
    func update(at time: Double) { haptics.update(at: time) }
    func shutdown() { haptics.shutdown() }

    // MARK: Mapping

    /// Loads `file` (made absolute by the front door; a failed load is watched when `watch` is set).
    func loadMapping(file: String, watch: Bool, interval: Double) throws(ConfigErrors) {
        try haptics.mapping.load(file: file, watch: watch, interval: interval)
    }

    /// The hot reloads swapped in and refused since init (the director's counts).
    var reloads: Int { haptics.mapping.events.statistics.reloads }
    var failedReloads: Int { haptics.mapping.events.statistics.failedReloads }

    /// The problems of the last reload that failed (empty when the current file is good).
    var mappingErrors: [ConfigDiagnostic] { haptics.mapping.errors }
    var mappingStatistics: HapticEventDirector.Statistics { haptics.mapping.events.statistics }

    func setListener(_ position: WorldPosition?, player: Int) { haptics.mapping.setListener(position, forPlayer: player) }

    // MARK: Feedback, patterns, players

    func play(_ feedback: HapticFeedback, player: Int) -> Bool { haptics.play(feedback, player: player) }

    func loadPattern(file: String) throws -> HapticPattern { try haptics.playback.loadPattern(contentsOfFile: file) }

    func preset(named name: String) -> HapticPattern? { haptics.playback.presets.pattern(named: name) }
    var presetNames: [String] { haptics.playback.presets.names }

    /// How many patterns `play` started for `player` still play.
    func playingPatternCount(player: Int) -> Int { haptics.playback.playingPatternCount(forPlayer: player) }

    func play(_ pattern: HapticPattern, player: Int, intensity: Double, category: HapticCategory) -> HapticAdvancedPatternPlayer? {
        haptics.play(pattern, player: player, intensity: intensity, category: category)
    }

    // MARK: Settings

    var mixer: HapticMixer {
        get { haptics.playback.mixer }
        set { haptics.playback.mixer = newValue }
    }

    func pause() { haptics.playback.pause() }
    func resume() { haptics.playback.resume() }
    func stopAll() { haptics.playback.stopAll() }

    func enableAudio() throws(SDLError) { try haptics.audio.enable() }
    func disableAudio() { haptics.audio.disable() }
    var isAudioEnabled: Bool { haptics.audio.isEnabled }
    /// Sets the audio volume; false when audio is off.
    func setAudioVolume(_ volume: Double) -> Bool {
        guard let audio = haptics.audio.output else { return false }
        audio.volume = volume
        return true
    }

    // MARK: Pads

    var controllers: [ConnectedController] { haptics.pads.controllers }
    func assign(controller instanceID: Int32, toPlayer player: Int?) { haptics.pads.assign(controller: instanceID, toPlayer: player) }
    func rumbleStatistics(player: Int) -> (RumbleStatistics, RumbleValues)? {
        guard let output = haptics.pads.rumbleOutput(forPlayer: player) else { return nil }
        return (output.statistics, output.sentValues)
    }
}
