import Haptics

/// One timed command of a generated stream: start a voice, change its intensity, stop it.
public struct VoiceCommand {
    public enum Action {
        case start(HapticPattern, intensity: Double, loop: Bool)
        case intensity(Double)
        case stop
    }
    /// Game time, seconds.
    public var time: Double
    /// The stream's own voice number (a later start with the same number makes a new voice).
    public var voice: Int
    public var action: Action

    public init(time: Double, voice: Int, action: Action) {
        self.time = time
        self.voice = voice
        self.action = action
    }
}
