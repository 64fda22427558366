@_spi(HapticsTools) import Haptics
import Testing

/// The motor stage's tuning as one value (`DriveTuning`, `MotorProfile.driveTuning`): what a tool may
/// vary, by name, and that the planner plans with the profile's tuning.
@Suite("Drive tuning")
struct DriveTuningTests {
    @Test("every constant is named once, can be set by its name, and an unknown name is refused")
    func byName() throws {
        let names = DriveTuning.parameters.map(\.name)
        #expect(Set(names).count == names.count)
        for name in names {
            let set = try #require(DriveTuning.shipped.setting(name, to: 0.123))
            #expect(set != DriveTuning.shipped, "\(name)")
        }
        #expect(DriveTuning.shipped.setting("noSuchConstant", to: 1) == nil)
        #expect(MotorProfile.shipped.allSatisfy { $0.driveTuning == .shipped })
    }

    @Test("the planner plans with the profile's tuning")
    func profileTuningIsUsed() throws {
        let texture = HapticPattern(events: [
            .continuous(at: 0, duration: 0.6, intensity: 0.5, sharpness: 0.5),
            .transient(at: 0.3, intensity: 0.5, sharpness: 0.5),
        ])
        func drive(_ profile: MotorProfile) throws -> [ActuatorLevels] {
            let rig = EngineTestRig(profiles: [profile])
            try rig.engine.start()
            try rig.engine.makePlayer(with: texture).start(atTime: 0)
            return (0...45).map { rig.frame(at: Double($0) / 60) }
        }
        var shipped = MotorProfile.genericDualMotor
        shipped.driveTuning = .shipped
        #expect(try drive(shipped) == drive(.genericDualMotor))
        var varied = MotorProfile.genericDualMotor
        varied.driveTuning = try #require(DriveTuning.shipped.setting("fadeShare", to: 0.2)?.setting("liftShare", to: 0.2))
        #expect(try drive(varied) != drive(.genericDualMotor))
    }
}
