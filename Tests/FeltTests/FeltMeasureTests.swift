import Foundation
@_spi(HapticsTools) import Haptics
import HapticsTools
import HapticsFelt
import Testing

/// The measures of issue 24 on hand-made traces whose answers are known (1 ms samples).
@Suite("Felt measures")
struct FeltMeasureTests {
    static let step = 0.001

    /// `value` from sample `from` to sample `to` (exclusive), 0 elsewhere, `count` samples.
    static func pulse(_ value: Double, from: Int, to: Int, count: Int = 600) -> [Double] {
        (0..<count).map { $0 >= from && $0 < to ? value : 0 }
    }

    static func measures(_ channels: [[Double]], intended: [Double], transients: [Double] = [], onsets: [Double] = [],
                         end: Double = 0.3) -> FeltMeasures {
        FeltMeasures(channels: channels, intended: intended, step: step, transientTimes: transients, onsetTimes: onsets,
                     intendedEnd: end, callTimes: [])
    }

    @Test func aTransientFeltOnlyOnTheSmallMotorCounts() {
        let intended = Self.pulse(0.6, from: 100, to: 150)
        let silent = [Double](repeating: 0, count: 600)
        // The big motor is already running at 0.8: on the strongest channel alone the tap would
        // need 0.96. The small motor rises from 0 to 0.3 on its own: felt.
        let big = [Double](repeating: 0.8, count: 600)
        let small = Self.pulse(0.3, from: 110, to: 200)
        let m = Self.measures([big, small], intended: intended, transients: [0.1], onsets: [0.1])
        #expect(m.transients == 1 && m.lostTransients == 0)
        #expect(m.onsets == 1 && m.onsetDelays.count == 1 && abs(m.onsetDelays[0] - 0.010) < 1e-9)
        // The same big motor with the small one silent: lost, and the onset is not felt.
        let lost = Self.measures([big, silent], intended: intended, transients: [0.1], onsets: [0.1])
        #expect(lost.lostTransients == 1 && lost.missedOnsets == 1 && lost.onsetDelays.isEmpty)
        // A rise on the small motor too weak for the Weber fraction of its own level is not a rise.
        let weak = (0..<600).map { $0 < 110 ? 0.3 : 0.35 }
        #expect(Self.measures([silent, weak], intended: intended, transients: [0.1]).lostTransients == 1)
    }

    @Test func theLagTolerantCorrelationFindsTheShift() {
        let intended = Self.pulse(0.8, from: 50, to: 150)
        let late = Self.pulse(0.8, from: 80, to: 180)   // the intent, 30 ms later
        let m = Self.measures([late], intended: intended, end: 0.15)
        #expect(abs(m.lagCorrelation - 1) < 1e-9)
        #expect(abs(m.correlationLag - 0.030) < 1e-9)
        #expect(m.trackingError < 1e-12 && abs(m.trackingLag - 0.030) < 1e-9)
        #expect(m.correlation < 0.8)   // at zero lag the shift costs
        // 120 ms late is beyond the 80 ms allowed: the best lag is 80 ms and it is not perfect.
        let later = Self.pulse(0.8, from: 170, to: 270)
        let n = Self.measures([later], intended: intended, end: 0.15)
        #expect(abs(n.correlationLag - 0.080) < 1e-9)
        #expect(n.lagCorrelation < 0.9 && n.lagCorrelation > 0)
        // At the best lag 60 of the 100 samples overlap: |0.8 - 0| on 2 × 40 of the 400 samples.
        #expect(abs(n.trackingError - 0.8 * 80 / 400) < 1e-9)
    }

    @Test func theTrackingErrorSeesTheScaleTheCorrelationDoesNot() {
        let intended: [Double] = (0..<600).map { (k: Int) -> Double in
            k < 300 ? 0.2 + 0.6 * Double(k % 100) / 100 : 0
        }
        let faint = intended.map { $0 * 0.3 }
        let m = Self.measures([faint], intended: intended, end: 0.3)
        #expect(abs(m.correlation - 1) < 1e-9 && abs(m.lagCorrelation - 1) < 1e-9)
        // At lag 0: the mean of 0.7 · intended over the 550 samples measured (end + 250 ms).
        let expected = intended.prefix(550).reduce(0, +) * 0.7 / 550
        #expect(abs(m.trackingError - expected) < 1e-9)
        #expect(m.trackingLag == 0)
        let exact = Self.measures([intended], intended: intended, end: 0.3)
        #expect(exact.trackingError < 1e-12)
    }

    @Test func contentNotFeltAllowsEightyMilliseconds() {
        let intended = Self.pulse(0.5, from: 0, to: 200)
        let nothing = Self.measures([[Double](repeating: 0, count: 600)], intended: intended, end: 0.2)
        #expect(abs(nothing.contentTime - 0.2) < 1e-9 && abs(nothing.contentNotFelt - 0.2) < 1e-9)
        // Felt 50 ms late: every moment of the intent has something felt within 80 ms.
        let late = Self.measures([Self.pulse(0.5, from: 50, to: 250)], intended: intended, end: 0.2)
        #expect(late.contentNotFelt == 0)
        // Felt 100 ms late: the first 20 ms have nothing felt within 80 ms.
        let later = Self.measures([Self.pulse(0.5, from: 100, to: 300)], intended: intended, end: 0.2)
        #expect(abs(later.contentNotFelt - 0.020) < 1e-9)
        // Felt, but below the felt threshold: not felt.
        let faint = Self.measures([Self.pulse(0.09, from: 0, to: 200)], intended: intended, end: 0.2)
        #expect(abs(faint.contentNotFelt - 0.2) < 1e-9)
        // Intent below 0.15 is not content.
        let light = Self.measures([[Double](repeating: 0, count: 600)], intended: Self.pulse(0.14, from: 0, to: 200), end: 0.2)
        #expect(light.contentTime == 0)
    }

    @Test func levelFidelityRanksTheTapsAndIgnoresTooFewStrengths() {
        let strengths = [0.2, 0.8, 0.4, 0.6]
        let times = [0.1, 0.2, 0.3, 0.4]
        var intended = [Double](repeating: 0, count: 700)
        for (s, t) in zip(strengths, times) { for k in Int(t * 1000)..<Int(t * 1000) + 40 { intended[k] = s } }
        func felt(_ peaks: [Double]) -> [Double] {
            var f = [Double](repeating: 0, count: 700)
            for (p, t) in zip(peaks, times) { for k in Int(t * 1000) + 20..<Int(t * 1000) + 60 { f[k] = p } }
            return f
        }
        func fidelity(_ peaks: [Double]) -> Double? {
            FeltMeasures.levelFidelity(felt: felt(peaks), intended: intended, step: Self.step, transientTimes: times)
        }
        #expect(fidelity([0.3, 0.9, 0.5, 0.7]).map { abs($0 - 1) < 1e-9 } == true)
        // Every tap at full: nothing to rank, no reward.
        #expect(fidelity([1, 1, 1, 1]) == 0)
        #expect(fidelity([0.9, 0.3, 0.7, 0.5]).map { abs($0 + 1) < 1e-9 } == true)
        // Two distinct strengths: no fidelity.
        var two = intended
        for k in two.indices where two[k] == 0.4 || two[k] == 0.6 { two[k] = 0.8 }
        #expect(FeltMeasures.levelFidelity(felt: felt([0.3, 0.9, 0.5, 0.7]), intended: two, step: Self.step, transientTimes: times) == nil)
        // Through the measures: the fidelity is carried.
        let m = Self.measures([felt([0.3, 0.9, 0.5, 0.7])], intended: intended, transients: times, end: 0.45)
        #expect(m.levelFidelity.map { abs($0 - 1) < 1e-9 } == true)
        #expect(m.keptLevelFidelity.map { abs($0 - 1) < 1e-9 } == true)
        // A lost tap (the 0.4 one, felt as nothing) ranks lowest and costs the fidelity over every tap;
        // over the kept taps the other three are in order.
        let lost = Self.measures([felt([0.3, 0.9, 0, 0.7])], intended: intended, transients: times, end: 0.45)
        #expect(lost.lostTransients == 1)
        #expect(lost.levelFidelity.map { $0 < 0.9 } == true)
        #expect(lost.keptLevelFidelity.map { abs($0 - 1) < 1e-9 } == true)
        // Kept taps out of order.
        let swapped = Self.measures([felt([0.9, 0.3, 0, 0.7])], intended: intended, transients: times, end: 0.45)
        #expect(swapped.keptLevelFidelity.map { abs($0 + 1) < 1e-9 } == true)
        // Fewer than three distinct strengths among the kept, where the input had them: nothing told apart, 0.
        let twoKept = Self.measures([felt([0, 0.9, 0, 0.7])], intended: intended, transients: times, end: 0.45)
        #expect(twoKept.keptLevelFidelity == 0)
        #expect(twoKept.levelFidelity != nil)
        // An input without three distinct strengths has neither.
        let fewStrengths = Self.measures([felt([0.3, 0.9, 0.5, 0.7])], intended: two, transients: times, end: 0.45)
        #expect(fewStrengths.levelFidelity == nil && fewStrengths.keptLevelFidelity == nil)
    }

    @Test func ranksShareTiesAndSpearmanIsPearsonOfRanks() {
        #expect(FeltStatistics.ranks([3, 1, 2, 2]) == [4, 1, 2.5, 2.5])
        #expect(abs(FeltStatistics.spearman([1, 2, 3, 4], [10, 100, 1000, 10_000]) - 1) < 1e-12)
        #expect(FeltStatistics.spearman([1, 2, 3], [5, 5, 5]) == 0)
    }

    @Test func theCallPeakCountsAHalfOpenSecond() {
        // 21 calls 50 ms apart span exactly 1 s: at most 20 of them in any [t, t + 1 s).
        let times = (0...20).map { Double($0 * 3) / 60 }
        let m = FeltMeasures(channels: [[0]], intended: [0], step: Self.step, transientTimes: [], onsetTimes: [],
                             intendedEnd: 0, callTimes: times)
        #expect(m.peakCallsPerSecond == 20)
    }
}

/// Inputs with the same intent are counted once.
@Suite("Felt comparison: identical intents")
struct FeltIdentityTests {
    @Test func anIdenticalIntentInTheSameClassIsMergedAndADifferentOneIsNot() throws {
        let tap = HapticPattern(events: [.transient(at: 0, intensity: 0.8, sharpness: 0.5)])
        let same = HapticPattern(events: [.transient(at: 0, intensity: 0.8, sharpness: 0.5)])
        let other = HapticPattern(events: [.transient(at: 0, intensity: 0.4, sharpness: 0.5)])
        var comparison = FeltComparison(motors: [.measured], pads: [Pad(profile: .genericDualMotor, rate: 60)], includesLimit: false)
        #expect(comparison.run(.pattern(tap, name: "a.ahap", inputClass: "files")) != nil)
        #expect(comparison.run(.pattern(same, name: "b.ahap", inputClass: "files")) == nil)
        #expect(comparison.run(.pattern(other, name: "c.ahap", inputClass: "files")) != nil)
        #expect(comparison.run(.pattern(same, name: "d.ahap", inputClass: "elsewhere")) != nil)
        #expect(comparison.scenarioNames["files"] == ["a.ahap", "c.ahap"])
        #expect(comparison.merged["files"]?.map(\.name) == ["b.ahap"])
        #expect(comparison.merged["files"]?.map(\.sameAs) == ["a.ahap"])
        let rows = try #require(comparison.results["files"])
        #expect(rows[.init(approach: .sdlHaptics, pad: "generic")]?["measured"]?.scenarios == 2)
        #expect(rows[.init(approach: .limit, pad: "generic")] == nil)   // --no-limit
        #expect(FeltReport(comparison).tables().contains("b.ahap = a.ahap"))
    }
}
