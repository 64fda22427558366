@_spi(HapticsTools) import Haptics

/// What the parts of the front door share (internal): the players' seats and pads, the frame clock,
/// the lifecycle flags, the mixer, the sound device, and the one record of the voices started for
/// the game (so pause can pause them). `GameHaptics` owns it; `pads`, `playback`, `mapping` and
/// `audio` hold it, never each other's owner. Game thread only.
package final class FrontDoorState {
    let configuration: GameHapticsConfiguration
    /// The SDL the front door runs on.
    let backend: any SDLBackend.Type
    let hub: ControllerHub
    let seats: [PlayerSeat]
    /// The frame time of the last `update`, in seconds (0 before the first).
    var currentTime: Double = 0
    /// Whether an `update` has set `currentTime` yet (the first one sets it whatever its sign).
    var hasClock = false
    var isShutDown = false
    /// Whether the window has focus, as last reported by SDL events.
    var hasFocus = true
    var suspendedByFocus = false
    /// Global enable, master gain, per-category gains and voice cap (see `GameHaptics.Playback.mixer`).
    var mixer = HapticMixer()
    /// The sound device, once `audio.enable` opened it; nil: audio off.
    var audioOutput: SDLAudioOutput?
    /// The mapping layer's director, once made (`Playback.director`): posted events and feedback.
    var director: HapticEventDirector?
    /// Whether gameplay haptics are paused.
    var isPaused = false
    /// Voices started for the game (patterns and feedback), so `pause` can pause them; finished ones
    /// are pruned per update.
    package var livePlayers: [HapticAdvancedPatternPlayer] = []
    package var pausedPlayers: [HapticAdvancedPatternPlayer] = []
    /// Voices the `.pause` focus policy paused that gameplay pause does not cover (`.ui`, or every
    /// voice after the game resumed while unfocused): resumed when focus comes back. Finished ones
    /// are pruned per update.
    var focusHeldPlayers: [HapticAdvancedPatternPlayer] = []
    /// Per player, the players `Playback.play` started that may still play (at most
    /// `Playback.maximumPlayingPatterns`); finished ones are pruned per update, as `livePlayers`.
    var playedPatterns: [[HapticAdvancedPatternPlayer]]
    /// Where the director and the generators make each player's voices: the engine of a player whose
    /// pad can rumble (output 0), and every player's adaptive triggers. Changed only when a pad is
    /// attached or released (`refreshFeedbackDevice(of:)`), never per frame.
    private(set) var feedbackDevices: FeedbackDevices

    init(configuration: GameHapticsConfiguration, backend: any SDLBackend.Type) {
        self.configuration = configuration
        self.backend = backend
        hub = ControllerHub(playerCount: configuration.playerCount, backend: backend)
        let seats = (0..<configuration.playerCount).map { PlayerSeat(player: $0, voiceCapacity: configuration.voiceCapacity) }
        self.seats = seats
        playedPatterns = Array(repeating: [], count: seats.count)
        var devices = FeedbackDevices(playerCount: seats.count)
        for seat in seats { devices.setTriggers(seat.triggers, forPlayer: seat.player) }
        feedbackDevices = devices
        livePlayers.reserveCapacity(configuration.voiceCapacity)
        pausedPlayers.reserveCapacity(configuration.voiceCapacity)
        focusHeldPlayers.reserveCapacity(configuration.voiceCapacity)
    }

    /// Whether focus loss stopped the engines on purpose (`.stopEngines`): nothing restarts them then.
    var staysStopped: Bool { suspendedByFocus && configuration.focusPolicy == .stopEngines }

    /// Whether the `.pause` focus policy holds every voice now (the window is unfocused).
    var isHeldByFocus: Bool { !hasFocus && configuration.focusPolicy == .pause }

    /// The pause bookkeeping, once for every voice started for the game: recorded as live, and
    /// paused at once (and recorded as paused) when gameplay is paused and it is not `.ui`, or
    /// when focus is lost under the `.pause` policy (any category). A voice `isNew` (made for this
    /// start: `Playback.play`'s) is known not to be recorded yet, so no search: a frame of many plays
    /// costs O(plays), not O(plays × live voices) (issue 31).
    func track(_ voice: HapticAdvancedPatternPlayer, isNew: Bool = false) {
        if isNew || !livePlayers.contains(where: { $0 === voice }) { livePlayers.append(voice) }
        if isPaused && voice.category != .ui {
            try? voice.pause(atTime: 0)
            if !pausedPlayers.contains(where: { $0 === voice }) { pausedPlayers.append(voice) }
        } else if isHeldByFocus {
            holdForFocus(voice)
        }
    }

    /// Pauses `voice` until focus comes back (`releaseFocusHold`).
    func holdForFocus(_ voice: HapticAdvancedPatternPlayer) {
        try? voice.pause(atTime: 0)
        if !focusHeldPlayers.contains(where: { $0 === voice }) { focusHeldPlayers.append(voice) }
    }

    /// Resumes what focus loss held, where each voice was.
    func releaseFocusHold() {
        for voice in focusHeldPlayers { try? voice.resume(atTime: 0) }
        focusHeldPlayers.removeAll(keepingCapacity: true)
    }

    /// Records where `seat`'s player's voices are made now: its engine while its pad can rumble (and
    /// not after shutdown), else nowhere. Call after a pad is attached to or released from `seat`.
    func refreshFeedbackDevice(of seat: PlayerSeat) {
        let device = !isShutDown && seat.canRumble ? FeedbackDevices.Device(engine: seat.engine, output: 0) : nil
        feedbackDevices.setDevice(device, forPlayer: seat.player)
    }

    /// Applies the mixer to every seat's engine.
    func applyMixer() {
        for seat in seats { applyMixer(to: seat) }
    }

    /// The mixer with the seat's battery gain folded into the master gain when the policy says so.
    func applyMixer(to seat: PlayerSeat) {
        var settings = mixer
        settings.masterGain = mixer.masterGain * (configuration.scalesForLowBattery ? seat.batteryGain : 1)
        seat.engine.mixer = settings
    }

    /// Gives `seat`'s engine the audio output, the haptic-audio channel if it is this player's, and
    /// the rumble delay that matches the lookahead (0 when audio is off).
    func configureAudio(_ seat: PlayerSeat) {
        seat.engine.audioOutput = audioOutput
        let channel = audioOutput?.configuration.hapticAudioChannel
        seat.engine.hapticAudioChannel = audioOutput?.configuration.hapticAudioPlayer == seat.player ? channel : nil
        seat.rumbleDelay.delaySeconds = audioOutput?.lookaheadSeconds ?? 0
        seat.rumbleDelay.keepsEngineRunningWithoutPad = audioOutput != nil
    }
}
