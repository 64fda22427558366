@_spi(HapticsTools) import Haptics
import Testing

@Suite("Motor model")
struct MotorModelTests {
    @Test("sharpness moves energy from the low to the high motor")
    func bodyMapping() {
        #expect(MotorMapping.perceivedLevels(for: HapticSignal(intensity: 0.8, sharpness: 0)) == EngineTestRig.body(0.8, 0))
        #expect(MotorMapping.perceivedLevels(for: HapticSignal(intensity: 0.8, sharpness: 0.5)) == EngineTestRig.body(0.8, 0.8))
        #expect(MotorMapping.perceivedLevels(for: HapticSignal(intensity: 0.8, sharpness: 1)) == EngineTestRig.body(0, 0.8))
        #expect(MotorMapping.perceivedLevels(for: HapticSignal(intensity: 0.5, sharpness: 0.75)) == EngineTestRig.body(0.25, 0.5))
        #expect(MotorMapping.perceivedLevels(for: HapticSignal(intensity: 0.5, sharpness: 0.2), locality: .triggers)
                == ActuatorLevels(leftTrigger: 0.5, rightTrigger: 0.5))
        #expect(MotorMapping.perceivedLevels(for: HapticSignal(intensity: .nan, sharpness: 0.5)) == .zero)
    }

    @Test("a response's steady level is 0 up to the start threshold, half at the measured knee, 1 at the saturation; the drive inverts it")
    func steadyLevel() {
        let large = MotorResponse.largeERM
        #expect(large.steadyLevel(drive: 0) == 0)
        #expect(large.steadyLevel(drive: 0.3) == 0)
        #expect(large.steadyLevel(drive: .nan) == 0)
        // The measured pad (vpinball): half strength at drive 0.5, not half way (0.58) between 0.3 and 0.86.
        #expect(abs(large.steadyLevel(drive: 0.5) - 0.5) < 1e-12)
        #expect(abs(large.steadyLevel(drive: 0.4) - 0.25) < 1e-12)
        #expect(abs(large.steadyLevel(drive: 0.68) - 0.75) < 1e-12)
        // Without a knee the curve is a straight line.
        let straight = MotorResponse(startThreshold: 0.2, saturation: 0.8, spinUpSeconds: 0.05, spinDownSeconds: 0.05)
        #expect(abs(straight.steadyLevel(drive: 0.5) - 0.5) < 1e-12)
        #expect(abs(straight.halfStrengthFraction - 0.5) < 1e-12)
        #expect(large.steadyLevel(drive: 0.86) == 1)
        #expect(large.steadyLevel(drive: 1) == 1)
        #expect(large.drive(forSteadyLevel: 0) == 0)
        #expect(large.drive(forSteadyLevel: -1) == 0)
        #expect(large.drive(forSteadyLevel: 1e-9) >= 0.3)
        #expect(large.drive(forSteadyLevel: 1) == 0.86)
        for level in stride(from: 0.05, through: 1, by: 0.05) {
            #expect(abs(large.steadyLevel(drive: large.drive(forSteadyLevel: level)) - level) < 1e-12)
        }
        #expect(MotorResponse.instant.drive(forSteadyLevel: 0.37) == 0.37)
    }

    @Test("a response moves the felt level towards the drive's steady level with the spin-up or spin-down time constant")
    func firstOrder() {
        let large = MotorResponse.largeERM
        // Full drive from rest for one spin-up time constant: 1 - 1/e.
        #expect(abs(large.level(after: 0.050, holding: 1, from: 0) - (1 - 1 / 2.718281828459045)) < 1e-12)
        // Coasting (drive 0) from full for one spin-down time constant: 1/e.
        #expect(abs(large.level(after: 0.080, holding: 0, from: 1) - 1 / 2.718281828459045) < 1e-12)
        #expect(large.level(after: 0, holding: 1, from: 0.4) == 0.4)
        #expect(MotorResponse.instant.level(after: 0.001, holding: 0.6, from: 0) == 0.6)
        // The small motor is faster than the large one (an assumption, docs/engine.md).
        #expect(MotorResponse.smallERM.spinUpSeconds < large.spinUpSeconds)
        #expect(MotorResponse.smallERM.spinDownSeconds < large.spinDownSeconds)
    }

    @Test("every figure lies in its range; the slowest response takes each range's slow end")
    func ranges() {
        for response in [MotorResponse.largeERM, .smallERM, .linearResonant, .instant] {
            #expect(response.ranges.startThreshold.contains(response.startThreshold))
            #expect(response.ranges.saturation.contains(response.saturation))
            #expect(response.ranges.spinUpSeconds.contains(response.spinUpSeconds))
            #expect(response.ranges.spinDownSeconds.contains(response.spinDownSeconds))
            let slowest = response.slowest
            #expect(slowest.startThreshold >= response.startThreshold && slowest.spinDownSeconds >= response.spinDownSeconds)
            #expect(slowest.spinUpSeconds >= response.spinUpSeconds && slowest.saturation >= response.saturation)
        }
        // A range given narrower than its figure is widened to contain it; hostile numbers are clamped.
        let odd = MotorResponse(startThreshold: .nan, saturation: 5, spinUpSeconds: -1, spinDownSeconds: .infinity,
                                ranges: .init(startThreshold: 0.5...0.6, saturation: 0...0.1, spinUpSeconds: 1...2,
                                              spinDownSeconds: 0...100))
        #expect(odd.startThreshold == 0 && odd.saturation == 1 && odd.spinUpSeconds == 0 && odd.spinDownSeconds == 0)
        #expect(odd.ranges.startThreshold.contains(0) && odd.ranges.saturation.contains(1))
        #expect(odd.ranges.spinDownSeconds.upperBound <= 10)
    }

    @Test("quantization to the profile's resolution; a non-zero level never rounds to 0")
    func quantize() {
        #expect(MotorMapping.quantize(0.5, profile: .ps4) == 128.0 / 255.0)
        #expect(MotorMapping.quantize(0.0001, profile: .ps4) == 1.0 / 255.0)
        #expect(MotorMapping.quantize(0, profile: .ps4) == 0)
        #expect(MotorMapping.quantize(0.123456, profile: .virtual) == 0.123456)
    }

    @Test("trigger locality reaches trigger motors where the output has them, and folds into the same side's body motor where not")
    func triggers() throws {
        let rig = EngineTestRig(profiles: [.xboxOne, .ps4, .ps4])
        try rig.engine.start()
        let pattern = HapticPattern(events: [.continuous(at: 0, duration: 1, intensity: 1, sharpness: 0.5)])
        try rig.engine.makePlayer(with: pattern, output: 0, locality: .rightTrigger).start(atTime: 0)
        try rig.engine.makePlayer(with: pattern, output: 1, locality: .triggers).start(atTime: 0)
        try rig.engine.makePlayer(with: pattern, output: 2, locality: .leftTrigger).start(atTime: 0)
        rig.run(through: 0.5, step: 1.0 / 60)   // long enough to hold at full
        let full = MotorMapping.quantize(0.86, profile: .xboxOne)
        #expect(rig.outputs[0].lastLevels == ActuatorLevels(rightTrigger: full))
        let fullPS4 = MotorMapping.quantize(0.86, profile: .ps4)
        #expect(rig.outputs[1].lastLevels == ActuatorLevels(lowFrequency: fullPS4, highFrequency: fullPS4))
        #expect(rig.outputs[2].lastLevels == ActuatorLevels(lowFrequency: fullPS4))   // left trigger -> left (low) motor
        #expect(rig.engine.capabilities(ofOutput: 0)?.supportsTriggers == true)
        #expect(rig.engine.capabilities(ofOutput: 1)?.supportsTriggers == false)
        #expect(rig.engine.capabilities(ofOutput: 3) == nil)
        #expect(rig.engine.capabilities(ofOutput: 0)?.attributes(of: .hapticIntensity).maximum == 1)
    }

    @Test("folding keeps the stronger of body and trigger per side, carries the onsets, and leaves pads with triggers alone")
    func foldRule() {
        let levels = ActuatorLevels(lowFrequency: 0.2, highFrequency: 0.7, leftTrigger: 0.5, rightTrigger: 0.4)
        #expect(MotorMapping.foldTriggers(levels, into: .body) == ActuatorLevels(lowFrequency: 0.5, highFrequency: 0.7))
        #expect(MotorMapping.foldTriggers([.leftTrigger], into: .body) == [.leftTrigger, .lowFrequency])
        #expect(MotorMapping.foldTriggers(levels, into: .bodyAndTriggers) == levels)
        #expect(MotorMapping.foldTriggers([.rightTrigger], into: .bodyAndTriggers) == [.rightTrigger])
    }
}
