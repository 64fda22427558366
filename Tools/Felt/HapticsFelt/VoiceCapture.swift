import Foundation
@_spi(HapticsTools) import Haptics

/// A `HapticFeedbackTarget` whose devices give every voice its own engine with the ideal `virtual` profile
/// (instant actuators with no start threshold, so no planned drive; exact levels), so each voice's levels
/// are exactly what its pattern asks for, alone, before any mixing or motor model: the intended signal,
/// and the input the other approaches (raw SDL, clip stepping, per-channel max) are given.
///
/// The driver of a scenario makes and starts voices here exactly as it does on a real engine; a
/// voice that is started again (the mapping's voice pools reuse voices) makes a new `Effect`.
public final class VoiceCapture: HapticFeedbackTarget {
    /// One voice: its pattern and its own engine.
    final class Voice {
        let pattern: HapticPattern
        let engine: HapticEngine
        let output: RecordingOutput
        let player: HapticAdvancedPatternPlayer
        let transientTimes: [Double]
        var previousPosition: Double? = nil
        var wasPlaying = false
        init(pattern: HapticPattern, engine: HapticEngine, output: RecordingOutput, player: HapticAdvancedPatternPlayer) {
            self.pattern = pattern
            self.engine = engine
            self.output = output
            self.player = player
            transientTimes = pattern.events.filter { $0.type == .hapticTransient }.map(\.time)
        }
    }

    /// One start of a voice: what a game without middleware would hand to its rumble code.
    public struct Effect {
        /// Index of the voice (into `levels`).
        public var voice: Int
        /// Frame of the start.
        public var frame: Int
        /// The pattern and the intensity it was started with.
        public var pattern: HapticPattern
        public var intensity: Double
    }

    /// An intended transient: the moment a pattern's transient plays.
    public struct Transient {
        /// Game time, seconds (exact, between frames as the pattern places it).
        public var time: Double
        public var voice: Int
    }

    var voices: [Voice] = []
    public private(set) var effects: [Effect] = []
    public private(set) var transients: [Transient] = []
    /// Per voice, per frame: the voice's levels (perceived, 0...1; low, high, left trigger, right trigger).
    public private(set) var levels: [[ActuatorLevels]] = []
    /// Per voice, the frame it was made in (its levels before that frame are 0).
    public private(set) var firstFrames: [Int] = []
    private var frame = 0
    private var time = 0.0
    private let rate: Double

    public init(rate: Double) { self.rate = rate }

    package var feedbackTime: Double { time }

    /// One player whose every voice gets an engine of its own (`makeVoice`).
    package private(set) lazy var feedbackDevices = FeedbackDevices(playerCount: 1) { [unowned self] pattern, _, category, locality, priority in
        makeVoice(for: pattern, category: category, locality: locality, priority: priority)
    }

    private func makeVoice(for pattern: HapticPattern, category: HapticCategory,
                           locality: HapticLocality, priority: Int) -> HapticAdvancedPatternPlayer? {
        let output = RecordingOutput(name: "voice\(voices.count)", profile: .virtual, reservingFrames: 64)
        let engine = HapticEngine(outputs: [output], voiceCapacity: 1)
        engine.mixer.maximumAudibleVoices = 1
        guard (try? engine.start()) != nil,
              let player = try? engine.makeAdvancedPlayer(with: pattern, output: 0, locality: locality,
                                                          category: category, priority: priority) else { return nil }
        if frame > 0 { engine.update(at: time) }   // the voice's clock starts where the game's is
        voices.append(Voice(pattern: pattern, engine: engine, output: output, player: player))
        levels.append([ActuatorLevels](repeating: .zero, count: frame))
        firstFrames.append(frame)
        return player
    }

    /// Records the start as an `Effect` and restarts the voice's transient tracking.
    public func feedbackVoiceStarted(_ voice: HapticAdvancedPatternPlayer, intensity: Double) {
        guard let index = voices.firstIndex(where: { $0.player === voice }) else { return }
        effects.append(Effect(voice: index, frame: frame, pattern: voices[index].pattern, intensity: intensity))
        voices[index].previousPosition = nil
        voices[index].wasPlaying = false
    }

    /// Advances every voice to frame time `time` and records its levels and transient onsets.
    public func update(at time: Double) {
        for (index, voice) in voices.enumerated() {
            voice.engine.update(at: time)
            levels[index].append(voice.output.lastLevels)
            let playing = voice.player.isPlaying
            if playing {
                let position = voice.player.currentPosition
                let from = voice.wasPlaying ? voice.previousPosition : nil
                for te in voice.transientTimes {
                    let passed: Bool
                    if let from {
                        passed = position >= from ? (te > from && te <= position)
                            : (te > from || te <= position)   // wrapped around a loop
                    } else {
                        passed = te <= position
                    }
                    if passed {
                        let back = position >= te ? position - te : 0
                        transients.append(Transient(time: time - back, voice: index))
                    }
                }
                voice.previousPosition = position
            }
            voice.wasPlaying = playing
        }
        self.time = time
        frame += 1
    }

    /// Frames recorded so far.
    public var frameCount: Int { frame }

    /// Whether any voice still plays.
    public var isPlaying: Bool { voices.contains { $0.player.isPlaying } }
}
