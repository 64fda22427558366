/// What one actuator's motor is predicted to feel now (internal): its `MotorResponse` run on the drive
/// actually sent, and the same on the slowest, stiffest and on the quickest, most sensitive motor of the
/// response's ranges (docs/engine.md, "Prediction"). Levels are 0...1 of the motor's full strength.
///
/// A small value inside each `DrivePlanner`; O(1) per frame, no allocation.
struct MotorPrediction: Sendable {
    /// On the response's own figures (what `HapticEngine.predictedFeltLevels(ofOutput:)` returns).
    private(set) var felt = 0.0
    /// On the slowest motor of the ranges (what a tap's salience is judged on), now and at the
    /// previous frame (an onset seen now began after it, so its rise is judged against the higher).
    private(set) var slow = 0.0
    private(set) var earlierSlow = 0.0
    /// On the quickest motor of the ranges (content must not fall silent there).
    private(set) var fast = 0.0

    /// Moves the prediction on by `seconds` of `drive` (a frame of exactly one planning step, the
    /// usual case, uses the model's precomputed decays).
    mutating func advance(by seconds: Double, holding drive: Double, model: DrivePlanner.Model) {
        earlierSlow = slow
        if abs(seconds - LookaheadGrid.step) < 1e-9 {
            felt = Self.settle(felt, toward: model.response.steadyLevel(drive: drive), up: model.up, down: model.down)
            slow = Self.settle(slow, toward: model.slowest.steadyLevel(drive: drive), up: model.slowUp, down: model.slowDown)
            fast = Self.settle(fast, toward: model.fastest.steadyLevel(drive: drive), up: model.fastUp, down: model.fastDown)
        } else {
            fast = model.fastest.level(after: seconds, holding: drive, from: fast)
            felt = model.response.level(after: seconds, holding: drive, from: felt)
            slow = model.slowest.level(after: seconds, holding: drive, from: slow)
        }
    }

    /// An instant motor is where its drive puts it at once.
    mutating func jump(to drive: Double, model: DrivePlanner.Model) {
        felt = model.response.steadyLevel(drive: drive)
        slow = model.slowest.steadyLevel(drive: drive)
        fast = model.fastest.steadyLevel(drive: drive)
    }

    /// One step of a first-order response from `level` towards `steady`.
    static func settle(_ level: Double, toward steady: Double, up: DrivePlanner.Decay, down: DrivePlanner.Decay) -> Double {
        steady + (level - steady) * (steady > level ? up.factor : down.factor)
    }
}
