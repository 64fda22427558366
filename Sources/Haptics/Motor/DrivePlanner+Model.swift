extension DrivePlanner {
    /// A first-order response over one planning step (time constant τ): the decay `e^(−step/τ)`, the
    /// gain the dead-beat needs, and the coefficients of the step's squared error (`stepError`).
    struct Decay: Sendable {
        var seconds: Double
        var factor: Double
        /// 1 / (1 − factor): steady level = (target − level · factor) · gain reaches target in a step.
        var gain: Double
        /// 2τ(1 − factor) and τ/2 · (1 − factor²).
        var cross: Double
        var square: Double

        init(seconds: Double) {
            self.seconds = seconds
            factor = seconds > 0 ? CMath.exp(-LookaheadGrid.step / seconds) : 0
            gain = 1 / (1 - factor)
            cross = 2 * seconds * (1 - factor)
            square = seconds / 2 * (1 - factor * factor)
        }
    }

    /// What a planner knows of its motor and never changes: the response, the slowest and the fastest
    /// motor of its ranges, their one-step decays, and the tuning it plans with. A class, so that the
    /// planner (a value the motor stage keeps per actuator and updates every frame) stays small and is
    /// never copied whole.
    final class Model: Sendable {
        let response: MotorResponse
        let up: Decay
        let down: Decay
        /// The slowest, stiffest motor of the response's ranges, on which taps must still stand out.
        let slowest: MotorResponse
        let slowUp: Decay
        let slowDown: Decay
        /// The quickest, most sensitive motor of the ranges, on which content must not fall silent.
        let fastest: MotorResponse
        let fastUp: Decay
        let fastDown: Decay
        /// The constants the plans are weighed with.
        let tuning: DriveTuning
        /// The highest felt level (on the slowest motor) from which two steps at full drive still make
        /// a tap stand out.
        let readyLevel: Double
        /// What full drive reaches, steady, on the profile's figures, and the decay of two steps of its
        /// spin-up (a ranged tap target's reach, `tapTarget`).
        let fullLevel: Double
        let twoStepsUp: Double

        init(response: MotorResponse, tuning: DriveTuning) {
            self.response = response
            self.tuning = tuning
            up = Decay(seconds: response.spinUpSeconds)
            down = Decay(seconds: response.spinDownSeconds)
            slowest = response.slowest
            slowUp = Decay(seconds: slowest.spinUpSeconds)
            slowDown = Decay(seconds: slowest.spinDownSeconds)
            fastest = response.fastest
            fastUp = Decay(seconds: fastest.spinUpSeconds)
            fastDown = Decay(seconds: fastest.spinDownSeconds)
            let twoSteps = slowUp.factor * slowUp.factor
            readyLevel = (1 - twoSteps) / (tuning.riseFactor * (1 + tuning.margin) - twoSteps)
            fullLevel = response.steadyLevel(drive: 1)
            twoStepsUp = up.factor * up.factor
        }
    }
}
