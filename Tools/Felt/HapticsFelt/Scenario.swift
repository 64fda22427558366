import Foundation
import Haptics
import HapticsTools

/// One input of the comparison: something that asks for haptics over time, run identically
/// against every approach.
///
/// A scenario drives a `HapticFeedbackTarget` frame by frame: `makeDriver` builds a fresh driver
/// for one run (so the run owns its voices and, for game events, its own mapping director); the
/// driver is called once per frame with the frame time before the target's update, and returns
/// false once it has nothing more to ask. The same scenario runs once on the real engine (what
/// SDLHaptics ships) and once on `VoiceCapture` (each voice alone, before any motor model: what
/// was intended, and what the other approaches get as their input).
public struct Scenario {
    /// The input class it belongs to ("presets", "fixtures", ...).
    public var inputClass: String
    /// A short name (a file name, a stream's name).
    public var name: String
    /// Builds a driver for one run on `target`.
    package var makeDriver: (any HapticFeedbackTarget) -> (Double) -> Bool

    package init(inputClass: String, name: String, makeDriver: @escaping (any HapticFeedbackTarget) -> (Double) -> Bool) {
        self.inputClass = inputClass
        self.name = name
        self.makeDriver = makeDriver
    }

    /// One pattern played once from time 0 at full intensity (a preset, a fixture file).
    public static func pattern(_ pattern: HapticPattern, name: String, inputClass: String) -> Scenario {
        Scenario(inputClass: inputClass, name: name) { target in
            var started = false
            return { _ in
                guard !started else { return false }
                started = true
                if let voice = target.feedbackDevices.makeVoice(for: pattern, player: 0, category: .custom) {
                    target.startFeedbackVoice(voice, intensity: 1)
                }
                return false
            }
        }
    }

    /// Game events through a mapping config, as `hapticsctl simulate` runs them: each event is
    /// posted on the first frame at or after its time, then the director processes the frame.
    /// Player 0's listener sits at the origin (scripts captured from the demo carry positions
    /// relative to player 0's character).
    public static func gameEvents(_ script: EventScript, mapping: LoadedMapping, presets: PresetLibrary,
                                  name: String, inputClass: String) -> Scenario {
        Scenario(inputClass: inputClass, name: name) { target in
            let director = HapticEventDirector(target: target, mapping: mapping, presets: presets)
            director.setListener(WorldPosition(x: 0, y: 0), forPlayer: 0)
            var next = 0
            return { time in
                while next < script.entries.count && script.entries[next].time <= time + 1e-9 {
                    director.post(script.entries[next].event)
                    next += 1
                }
                director.update(at: time)
                return next < script.entries.count || director.activeTextureCount > 0
            }
        }
    }

    /// A timed list of voice commands (the generated stress streams).
    public static func commands(_ commands: [VoiceCommand], name: String, inputClass: String) -> Scenario {
        let sorted = commands.sorted { $0.time < $1.time }
        return Scenario(inputClass: inputClass, name: name) { target in
            var voices: [Int: HapticAdvancedPatternPlayer] = [:]
            var next = 0
            return { time in
                while next < sorted.count && sorted[next].time <= time + 1e-9 {
                    let command = sorted[next]
                    next += 1
                    switch command.action {
                    case .start(let pattern, let intensity, let loop):
                        guard let voice = target.feedbackDevices.makeVoice(for: pattern, player: 0, category: .custom) else { continue }
                        voice.loopEnabled = loop
                        voices[command.voice] = voice
                        target.startFeedbackVoice(voice, intensity: intensity)
                    case .intensity(let value):
                        try? voices[command.voice]?.sendParameters([DynamicParameter(.hapticIntensityControl, value: value, at: 0)], atTime: 0)
                    case .stop:
                        try? voices[command.voice]?.stop(atTime: 0)
                    }
                }
                return next < sorted.count
            }
        }
    }
}
