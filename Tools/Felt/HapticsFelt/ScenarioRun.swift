import Foundation
import Haptics

/// Running a scenario: once on the real engine with a pad's profile (what SDLHaptics ships), once
/// on `VoiceCapture` (what was intended, voice by voice). Frames at `rate` per second from 0.
public enum ScenarioRun {
    /// How long a run may go on after its driver is done, seconds.
    public static let maximumTailSeconds = 10.0

    /// The drive levels SDLHaptics sends, one per frame, on a pad with `profile`.
    public static func shipped(_ scenario: Scenario, profile: MotorProfile, rate: Double) -> [ActuatorLevels] {
        let output = RecordingOutput(name: "pad", profile: profile, reservingFrames: 4096)
        let engine = HapticEngine(outputs: [output], voiceCapacity: 256)
        try? engine.start()
        let driver = scenario.makeDriver(engine)
        var frame = 0
        var doneAt: Double? = nil
        while true {
            let time = Double(frame) / rate
            let more = driver(time)
            engine.update(at: time)
            frame += 1
            if !more && doneAt == nil { doneAt = time }
            if let doneAt {
                if output.lastLevels.isSilent && engine.activeVoiceCount == 0 { break }
                if time - doneAt >= maximumTailSeconds { break }
            }
        }
        return output.frames.map(\.levels)
    }

    /// Every voice alone, before any motor model.
    public static func captured(_ scenario: Scenario, rate: Double) -> VoiceCapture {
        let capture = VoiceCapture(rate: rate)
        let driver = scenario.makeDriver(capture)
        var frame = 0
        var doneAt: Double? = nil
        while true {
            let time = Double(frame) / rate
            let more = driver(time)
            capture.update(at: time)
            frame += 1
            if !more && doneAt == nil { doneAt = time }
            if let doneAt {
                let silent = capture.levels.allSatisfy { ($0.last ?? .zero).isSilent }
                if !capture.isPlaying && silent { break }
                if time - doneAt >= maximumTailSeconds { break }
            }
        }
        return capture
    }
}
