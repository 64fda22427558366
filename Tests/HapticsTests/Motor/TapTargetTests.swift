@_spi(HapticsTools) @testable import Haptics
import Foundation
import Testing

/// The strength a tap's plan must reach (`DrivePlanner.tapTarget`, the weakness cost's target): ranged over
/// what full drive reaches (`DriveTuning.rangedTapTargets`), or a fixed fraction of the rise.
@Suite("Tap targets")
struct TapTargetTests {
    static func planner(ranged: Bool) -> DrivePlanner {
        var tuning = DriveTuning.shipped
        tuning.rangedTapTargets = ranged ? 1 : 0
        return DrivePlanner(response: MotorProfile.genericDualMotor.lowFrequency, tuning: tuning)
    }

    /// What full drive reaches from `base` on the generic low motor's figures in 2 steps of 1/60 s.
    static func reach(from base: Double) -> Double {
        let response = MotorProfile.genericDualMotor.lowFrequency
        let full = response.steadyLevel(drive: 1)
        let decay = exp(-2 * LookaheadGrid.step / response.spinUpSeconds)
        return full + (base - full) * decay
    }

    @Test("ranged: a tap asks for its share of what full drive reaches, so a light tap asks for less than a strong one")
    func ranged() {
        let planner = Self.planner(ranged: true)
        let base = 0.3
        let light = planner.tapTarget(base: base, rise: 0.3, before: 0, ranged: true)
        let strong = planner.tapTarget(base: base, rise: 0.6, before: 0, ranged: true)
        let full = planner.tapTarget(base: base, rise: 1, before: 0, ranged: true)
        #expect(abs(full - Self.reach(from: base)) < 1e-12, "a full tap asks for what full drive reaches")
        #expect(abs((light - base) - 0.3 * (full - base)) < 1e-12 && abs((strong - base) - 0.6 * (full - base)) < 1e-12)
        #expect(base < light && light < strong && strong < full)
        // On content: the share of the room above it (0.4 above 0.5 is 0.8 of the room).
        let onContent = planner.tapTarget(base: base, rise: 0.4, before: 0.5, ranged: true)
        #expect(abs((onContent - base) - 0.8 * (full - base)) < 1e-12)
        // At full already: no rise is asked (full drive reaches no higher).
        #expect(planner.tapTarget(base: 1, rise: 1, before: 0, ranged: true) == 1)
    }

    @Test("off, and on a pad written less often than every step, a tap keeps strengthFraction of its rise")
    func fraction() {
        let fraction = DriveTuning.shipped.strengthFraction
        let ranged = Self.planner(ranged: true), off = Self.planner(ranged: false)
        #expect(ranged.rangesTapTargets(writeSpacing: 1) && !ranged.rangesTapTargets(writeSpacing: 3))
        #expect(!off.rangesTapTargets(writeSpacing: 1))
        #expect(ranged.tapTarget(base: 0.2, rise: 0.5, before: 0, ranged: false) == 0.2 + fraction * 0.5)
    }
}
