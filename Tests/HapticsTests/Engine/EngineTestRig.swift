import Haptics

/// An engine with one or more recording outputs and a manual clock, for engine scenario tests.
final class EngineTestRig {
    let outputs: [RecordingOutput]
    let engine: HapticEngine
    var clock = ManualClock()

    init(profiles: [MotorProfile] = [.virtual]) {
        outputs = profiles.enumerated().map { RecordingOutput(name: "pad\($0.offset + 1)", profile: $0.element) }
        engine = HapticEngine(outputs: outputs)
    }

    var output: RecordingOutput { outputs[0] }

    /// Updates at the clock's current time and returns output 0's levels.
    @discardableResult
    func frame() -> ActuatorLevels {
        engine.update(at: clock.now)
        return output.lastLevels
    }

    /// Moves the clock to `time`, updates, returns output 0's levels.
    @discardableResult
    func frame(at time: Double) -> ActuatorLevels {
        clock.advance(to: time)
        return frame()
    }

    /// Runs frames every `step` seconds from the clock's time (exclusive) through `end` (inclusive).
    func run(through end: Double, step: Double = 1.0 / 64.0) {
        while clock.now + step <= end + 1e-12 {
            clock.advance(by: step)
            frame()
        }
    }

    /// Body-motor levels.
    static func body(_ low: Double, _ high: Double) -> ActuatorLevels {
        ActuatorLevels(lowFrequency: low, highFrequency: high)
    }
}

func near(_ a: ActuatorLevels, _ b: ActuatorLevels, _ tolerance: Double = 1e-9) -> Bool {
    abs(a.lowFrequency - b.lowFrequency) <= tolerance && abs(a.highFrequency - b.highFrequency) <= tolerance
        && abs(a.leftTrigger - b.leftTrigger) <= tolerance && abs(a.rightTrigger - b.rightTrigger) <= tolerance
}
