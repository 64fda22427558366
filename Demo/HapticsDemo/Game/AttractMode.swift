import Haptics
import HapticsSDL

/// The demo playing its tour by itself, like an arcade cabinet: after `idleSeconds` without input
/// (and from the start when run `--headless` without a script) a fresh game plays
/// `Demo/Scripts/tour.jsonl`, again and again, until a button is pressed. The haptics are real:
/// the pad rumbles as the tour plays. What the tour changes in the pause menu (the mixer, the sound
/// volume) is put back when the attract mode ends or loops, and so is the HUD's detailed view.
struct AttractMode {
    static let idleSeconds = 20.0
    /// Seconds the finished tour stays on screen before it plays again.
    static let pauseAfterTour = 3.0
    static let tourPath = "Demo/Scripts/tour.jsonl"

    /// The tour as loaded (nil when the file is missing or broken: then there is no attract mode).
    let tour: InputScript?
    private var script: InputScript?
    private var startedAt = 0.0
    /// Seconds since the last input (key, button, stick) anywhere.
    private(set) var idle = 0.0
    private var saved: (mixer: HapticMixer, volume: Double?, details: Bool)?

    init() {
        guard let path = DemoFiles.find(Self.tourPath) else {
            print("attract: no tour at \(Self.tourPath); the demo will not play by itself")
            tour = nil
            return
        }
        do { tour = try InputScript(contentsOfFile: path) } catch {
            print("attract: \(error); the demo will not play by itself")
            tour = nil
        }
    }

    var isAvailable: Bool { tour != nil }
    var isIdle: Bool { idle >= Self.idleSeconds }

    mutating func noteInput() { idle = 0 }
    mutating func tick(_ dt: Double) { idle += dt }

    /// Starts (or restarts) the tour at session time `time`; remembers what the tour may change
    /// the first time.
    mutating func begin(at time: Double, haptics: GameHaptics, showsDetails: Bool) {
        if saved == nil { saved = (haptics.playback.mixer, haptics.audio.output?.volume, showsDetails) }
        script = tour
        startedAt = time
    }

    /// Puts back what the tour changed; returns the detailed view's state from before.
    mutating func end(haptics: GameHaptics) -> Bool? {
        idle = 0
        guard let saved else { return nil }
        haptics.playback.mixer = saved.mixer
        if let volume = saved.volume { haptics.audio.output?.volume = volume }
        self.saved = nil
        return saved.details
    }

    /// Restores the settings the last loop changed before the next loop begins.
    mutating func restoreForLoop(haptics: GameHaptics) -> Bool? {
        guard let saved else { return nil }
        haptics.playback.mixer = saved.mixer
        if let volume = saved.volume { haptics.audio.output?.volume = volume }
        return saved.details
    }

    /// The tour's input at session time `time`.
    mutating func apply(at time: Double, to inputs: inout [InputState]) {
        script?.apply(upTo: time - startedAt, to: &inputs)
    }

    /// Whether the tour has played out (and its last moments been seen).
    func isFinished(at time: Double) -> Bool {
        guard let tour else { return true }
        return time - startedAt > tour.endTime + Self.pauseAfterTour
    }
}
