import Foundation
@_spi(HapticsTools) import Haptics
import HapticsFelt
import Testing

/// The robustness check's motor models (Tools/Felt: `RotorMotor`, `TwoLagMotor`, `FeltMotorModel`)
/// and its runner, so the check keeps meaning what docs/performance.md says it does.
@Suite("Felt robustness models")
struct FeltRobustnessTests {
    @Test("the rotor's steady response is 0 up to its friction, convex, and full at full drive")
    func rotorSteady() {
        let rotor = RotorParameters(inertiaSeconds: 0.05, friction: 0.12, breakaway: 0.2, drag: 0.35)
        func felt(_ d: Double) -> Double { let w = rotor.steadySpeed(drive: d) / rotor.fullSpeed; return w * w }
        #expect(felt(0.1) == 0)
        #expect(abs(felt(1) - 1) < 1e-12)
        #expect(felt(0.5) < 0.35, "little felt at half drive: \(felt(0.5))")
        var previous = -1.0
        for d in stride(from: 0.0, through: 1, by: 0.05) {
            #expect(felt(d) >= previous)
            previous = felt(d)
        }
    }

    @Test("a rotor at rest starts only above its breakaway, rises slowly at first, and coasts without braking")
    func rotorDynamics() {
        let parameters = RotorParameters(inertiaSeconds: 0.05, friction: 0.12, breakaway: 0.2, drag: 0.35)
        var stuck = RotorMotor(parameters: parameters)
        #expect(stuck.hold(drive: 0.18, seconds: 0.5) == 0, "below the breakaway nothing turns")
        var motor = RotorMotor(parameters: parameters)
        let early = motor.hold(drive: 1, seconds: 0.010)
        let later = motor.hold(drive: 1, seconds: 0.040)
        #expect(early < 0.1 && later > 3 * early, "the force grows with the speed squared: \(early), \(later)")
        let full = motor.hold(drive: 1, seconds: 1)
        #expect(abs(full - 1) < 1e-3)
        let coasting = motor.hold(drive: 0, seconds: 0.02)
        #expect(coasting > 0.5 && coasting < full, "no braking: \(coasting)")
        #expect(motor.hold(drive: 0, seconds: 2) == 0, "friction stops it")
    }

    @Test("the two-lag motor rises quickly, then keeps creeping up to its steady level")
    func twoLag() {
        let parameters = TwoLagParameters(startThreshold: 0.2, saturation: 0.9, exponent: 1.4, share: 0.55,
                                          quickUp: 0.025, quickDown: 0.05, slowUp: 0.11, slowDown: 0.22)
        var motor = TwoLagMotor(parameters: parameters)
        let quick = motor.hold(drive: 1, seconds: 0.05)
        #expect(quick > 0.5 && quick < 0.85)
        let settled = motor.hold(drive: 1, seconds: 2)
        #expect(abs(settled - 1) < 1e-6)
        #expect(parameters.steadyLevel(drive: 0.2) == 0)
        #expect(parameters.steadyLevel(drive: 0.55) < 0.5, "convex: \(parameters.steadyLevel(drive: 0.55))")
    }

    @Test("an ERM model in the robustness set feels exactly what the comparison's felt trace does")
    func ermMatchesTheComparison() {
        let steps = [DriveStep(time: 0, levels: [1, 0.5, 0, 0]), DriveStep(time: 0.07, levels: [0.2, 0.9, 0, 0])]
        let model = FeltMotorModel(name: "measured", family: "ERM", every: .erm(.measured))
        let channels = model.feltChannels(steps: steps, count: 300, step: 0.001)
        let trace = FeltTrace(steps: steps, parameters: .measured, count: 300, step: 0.001)
        #expect(channels == trace.channels)
    }

    @Test("the robustness set spans motors twice as quick and twice as slow and two other shapes")
    func set() {
        let families = Set(FeltMotorModel.robustnessSet.map(\.family))
        #expect(families.isSuperset(of: ["ERM ×0.5", "ERM ×2", "rotor", "two-lag"]))
    }

    @Test("the robustness check measures every approach but the limit on a stress stream")
    func runner() throws {
        let stream = try #require(FeltInputs.stressStreams().first { $0.name == "overlapping impact bursts" })
        var check = FeltRobustness(pads: [Pad(profile: .genericDualMotor, rate: 60)])
        check.run(stream)
        let report = check.report()
        for approach in FeltRobustness.approaches { #expect(report.contains(approach.rawValue)) }
        #expect(!report.contains(Approach.limit.rawValue))
        #expect(report.contains("rotor typical") && report.contains("ERM measured ×2"))
    }
}
