import Haptics
import Testing

@Suite("Adaptive triggers: the model (Apple's modes and 0...1 ranges)")
struct AdaptiveTriggerModelTests {
    @Test("each setMode method stores its effect and reports Apple's mode")
    func modes() {
        let trigger = AdaptiveTrigger(side: .right)
        #expect(trigger.mode == .off)
        trigger.setModeFeedbackWithStartPosition(0.2, resistiveStrength: 0.7)
        #expect(trigger.effect == .feedback(startPosition: 0.2, resistiveStrength: 0.7))
        #expect(trigger.mode == .feedback)
        trigger.setModeWeaponWithStartPosition(0.3, endPosition: 0.6, resistiveStrength: 1)
        #expect(trigger.effect == .weapon(startPosition: 0.3, endPosition: 0.6, resistiveStrength: 1))
        #expect(trigger.mode == .weapon)
        trigger.setModeVibrationWithStartPosition(0.1, amplitude: 0.5, frequency: 0.25)
        #expect(trigger.effect == .vibration(startPosition: 0.1, amplitude: 0.5, frequency: 0.25))
        #expect(trigger.mode == .vibration)
        var strengths = AdaptiveTrigger.PositionalValues()
        strengths[9] = 1
        trigger.setModeFeedback(resistiveStrengths: strengths)
        #expect(trigger.mode == .feedback, "positional feedback reports .feedback, as Apple's does")
        #expect(trigger.effect.name == "positionalFeedback")
        trigger.setModeVibration(amplitudes: AdaptiveTrigger.PositionalValues(repeating: 0.5), frequency: 0.5)
        #expect(trigger.mode == .vibration)
        #expect(trigger.effect.name == "positionalVibration")
        trigger.setModeSlopeFeedback(startPosition: 0, endPosition: 1, startStrength: 0.2, endStrength: 0.9)
        #expect(trigger.effect == .slopeFeedback(startPosition: 0, endPosition: 1, startStrength: 0.2, endStrength: 0.9))
        #expect(trigger.mode == .slopeFeedback)
        trigger.setModeOff()
        #expect(trigger.effect == .off)
    }

    @Test("values outside 0...1 are clamped and NaN becomes 0")
    func clamping() {
        let trigger = AdaptiveTrigger(side: .left)
        trigger.setModeVibrationWithStartPosition(-3, amplitude: 7, frequency: .nan)
        #expect(trigger.effect == .vibration(startPosition: 0, amplitude: 1, frequency: 0))
        trigger.setModeWeaponWithStartPosition(.infinity, endPosition: -.infinity, resistiveStrength: 0.5)
        #expect(trigger.effect == .weapon(startPosition: 1, endPosition: 0, resistiveStrength: 0.5))
        var values = AdaptiveTrigger.PositionalValues()
        values[0] = 2
        values[1] = -1
        values[2] = .nan
        values[10] = 1      // ignored
        values[-1] = 1      // ignored
        #expect(values.values == [1, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        #expect(values[10] == 0)
        #expect(AdaptiveTrigger.PositionalValues([0.5, 0.25]).values == [0.5, 0.25, 0, 0, 0, 0, 0, 0, 0, 0])
        #expect(AdaptiveTrigger.PositionalValues(Array(repeating: 0.1, count: 12)).values.count == 10)
    }

    @Test("the revision moves only when the effect changes; neutral effects are recognised")
    func revisionAndNeutral() {
        let triggers = AdaptiveTriggers()
        #expect(triggers.revision == 0)
        triggers.right.setModeFeedbackWithStartPosition(0.5, resistiveStrength: 0.5)
        triggers.right.setModeFeedbackWithStartPosition(0.5, resistiveStrength: 0.5)
        #expect(triggers.right.revision == 1)
        triggers[.left].setModeVibrationWithStartPosition(0, amplitude: 1, frequency: 1)
        #expect(triggers.revision == 2)
        triggers.setModeOff()
        #expect(triggers.left.effect == .off && triggers.right.effect == .off)
        #expect(triggers.revision == 4)
        #expect(AdaptiveTrigger.Effect.feedback(startPosition: 0.3, resistiveStrength: 0).isNeutral)
        #expect(AdaptiveTrigger.Effect.vibration(startPosition: 0, amplitude: 1, frequency: 0).isNeutral)
        #expect(AdaptiveTrigger.Effect.slopeFeedback(startPosition: 0, endPosition: 1, startStrength: 0, endStrength: 0).isNeutral)
        #expect(!AdaptiveTrigger.Effect.weapon(startPosition: 0.2, endPosition: 0.5, resistiveStrength: 0.1).isNeutral)
        #expect(AdaptiveTrigger.Effect.positionalFeedback(resistiveStrengths: AdaptiveTrigger.PositionalValues()).isNeutral)
    }
}
