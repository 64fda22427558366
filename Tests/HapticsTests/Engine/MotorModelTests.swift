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

    @Test("perceived levels remap into dead zone ... saturation; 0 stays exactly 0")
    func remap() {
        let generic = MotorProfile.genericDualMotor
        #expect(MotorMapping.drive(perceived: 0, profile: generic) == 0)
        #expect(MotorMapping.drive(perceived: -1, profile: generic) == 0)
        #expect(MotorMapping.drive(perceived: .nan, profile: generic) == 0)
        #expect(MotorMapping.drive(perceived: 1e-9, profile: generic) >= 0.3)
        #expect(MotorMapping.drive(perceived: 1, profile: generic) == 0.86)
        #expect(abs(MotorMapping.drive(perceived: 0.5, profile: generic) - 0.58) < 1e-12)
        #expect(MotorMapping.drive(perceived: 0.5, profile: .virtual) == 0.5)
    }

    @Test("quantization to the profile's resolution; a non-zero level never rounds to 0")
    func quantize() {
        #expect(MotorMapping.quantize(0.5, profile: .ps4) == 128.0 / 255.0)
        #expect(MotorMapping.quantize(0.0001, profile: .ps4) == 1.0 / 255.0)
        #expect(MotorMapping.quantize(0, profile: .ps4) == 0)
        #expect(MotorMapping.quantize(0.123456, profile: .virtual) == 0.123456)
    }

    @Test("a transient on a real profile: kick at onset, held to the minimum on-time, then exactly 0")
    func transientShaping() throws {
        let rig = EngineTestRig(profiles: [.genericDualMotor])
        try rig.engine.start()
        try rig.engine.makePlayer(with: HapticPattern(events: [.transient(at: 0, intensity: 0.5, sharpness: 0)]))
            .start(atTime: 0)
        let held = MotorMapping.quantize(0.58, profile: .genericDualMotor)
        // The kick scales with the transient's strength: 0.58 + (1 - 0.58) * 0.5 = 0.79.
        let kicked = MotorMapping.quantize(0.79, profile: .genericDualMotor)
        #expect(rig.frame() == EngineTestRig.body(kicked, 0))              // kick (50 ms)
        #expect(rig.frame(at: 0.03125) == EngineTestRig.body(kicked, 0))   // still kicking
        #expect(rig.frame(at: 0.0625) == EngineTestRig.body(held, 0)) // past the 50 ms pulse, held to 120 ms
        #expect(rig.frame(at: 0.09375) == EngineTestRig.body(held, 0))
        #expect(rig.frame(at: 0.125) == .zero)
    }

    @Test("the kick reaches kickLevel only at full strength; a light tap gets a small overdrive")
    func kickScaling() throws {
        let generic = MotorProfile.genericDualMotor
        #expect(MotorMapping.kicked(drive: 0.86, perceived: 1, profile: generic) == 1)
        #expect(abs(MotorMapping.kicked(drive: 0.3 * 0.9 + 0.86 * 0.1, perceived: 0.1, profile: generic) - 0.4204) < 1e-12)
        #expect(MotorMapping.kicked(drive: 0, perceived: 0, profile: generic) == 0)          // silence stays silent
        #expect(MotorMapping.kicked(drive: 0.5, perceived: 0.5, profile: .switchPro) == 0.5) // no kick on that profile
        let rig = EngineTestRig(profiles: [generic])
        try rig.engine.start()
        try rig.engine.makePlayer(with: HapticPattern(events: [.transient(at: 0, intensity: 1, sharpness: 0)]))
            .start(atTime: 0)
        #expect(rig.frame() == EngineTestRig.body(1, 0))
        let light = EngineTestRig(profiles: [generic])
        try light.engine.start()
        try light.engine.makePlayer(with: HapticPattern(events: [.transient(at: 0, intensity: 0.1, sharpness: 0.5)]))
            .start(atTime: 0)
        let tap = light.frame()
        #expect(tap.lowFrequency < 0.45 && tap.highFrequency < 0.45)
        #expect(tap.lowFrequency > MotorMapping.drive(perceived: 0.1, profile: generic))
    }

    @Test("changes closer than the minimum update interval are held back")
    func updateInterval() throws {
        let rig = EngineTestRig(profiles: [.switchPro])   // 30 ms between changes, saturation 1
        try rig.engine.start()
        try rig.engine.makePlayer(with: HapticPattern(events: [.continuous(at: 0, duration: 0.02, intensity: 1, sharpness: 0)]))
            .start(atTime: 0)
        #expect(rig.frame() == EngineTestRig.body(1, 0))          // first change: sent
        #expect(rig.frame(at: 0.02) == EngineTestRig.body(1, 0))  // the event ended, but 0 is held back (20 ms < 30 ms)
        #expect(rig.frame(at: 0.03) == .zero)                     // interval over: 0 goes out
    }

    @Test("trigger locality reaches trigger motors where the output has them, and folds into the same side's body motor where not")
    func triggers() throws {
        let rig = EngineTestRig(profiles: [.xboxOne, .ps4, .ps4])
        try rig.engine.start()
        let pattern = HapticPattern(events: [.continuous(at: 0, duration: 1, intensity: 1, sharpness: 0.5)])
        try rig.engine.makePlayer(with: pattern, output: 0, locality: .rightTrigger).start(atTime: 0)
        try rig.engine.makePlayer(with: pattern, output: 1, locality: .triggers).start(atTime: 0)
        try rig.engine.makePlayer(with: pattern, output: 2, locality: .leftTrigger).start(atTime: 0)
        rig.frame()
        #expect(rig.outputs[0].lastLevels == ActuatorLevels(rightTrigger: MotorMapping.quantize(0.86, profile: .xboxOne)))
        let full = MotorMapping.quantize(0.86, profile: .ps4)
        #expect(rig.outputs[1].lastLevels == ActuatorLevels(lowFrequency: full, highFrequency: full))
        #expect(rig.outputs[2].lastLevels == ActuatorLevels(lowFrequency: full))   // left trigger -> left (low) motor
        #expect(rig.engine.capabilities(ofOutput: 0)?.supportsTriggers == true)
        #expect(rig.engine.capabilities(ofOutput: 1)?.supportsTriggers == false)
        #expect(rig.engine.capabilities(ofOutput: 3) == nil)
        #expect(rig.engine.capabilities(ofOutput: 0)?.attributes(of: .hapticIntensity).maximum == 1)
    }

    @Test("folding keeps the stronger of body and trigger per side, carries the kick, and leaves pads with triggers alone")
    func foldRule() {
        let levels = ActuatorLevels(lowFrequency: 0.2, highFrequency: 0.7, leftTrigger: 0.5, rightTrigger: 0.4)
        let (folded, kick) = MotorMapping.foldTriggers(levels, kick: [.leftTrigger], into: .body)
        #expect(folded == ActuatorLevels(lowFrequency: 0.5, highFrequency: 0.7))
        #expect(kick == [.leftTrigger, .lowFrequency])
        let (kept, keptKick) = MotorMapping.foldTriggers(levels, kick: [.rightTrigger], into: .bodyAndTriggers)
        #expect(kept == levels)
        #expect(keptKick == [.rightTrigger])
    }
}
