import Foundation
@_spi(HapticsTools) import Haptics
import HapticsTools
import HapticsFelt
import Testing

/// The felt model (Tools/Felt) against its analytic solution, and the comparison on a small input,
/// so `make felt` cannot rot unnoticed.
@Suite("Felt model and comparison")
struct FeltModelTests {
    @Test func stepUpThenDownFollowsTheFirstOrderSolution() {
        let motor = ERMParameters.measured
        let steps = [DriveStep(time: 0, levels: [1, 0, 0, 0]), DriveStep(time: 0.3, levels: [0, 0, 0, 0])]
        let trace = FeltTrace(steps: steps, parameters: motor, count: 700, step: 0.001)
        let atOff = 1 - exp(-0.3 / motor.spinUpSeconds)
        var worst = 0.0
        for k in 0..<700 {
            let t = Double(k) * 0.001
            let expected = t <= 0.3 ? 1 - exp(-t / motor.spinUpSeconds) : atOff * exp(-(t - 0.3) / motor.spinDownSeconds)
            worst = max(worst, abs(trace.channels[0][k] - expected))
            #expect(trace.channels[1][k] == 0)
        }
        #expect(worst < 1e-9)
    }

    @Test func aPartialStepRisesToItsSteadyAmplitude() {
        let motor = ERMParameters.slow
        let drive = 0.6
        let target = motor.steadyAmplitude(drive: drive)
        #expect(target > 0 && target < 1)
        let trace = FeltTrace(steps: [DriveStep(time: 0.01, levels: [0, drive, 0, 0])], parameters: motor, count: 400)
        for k in [5, 10, 50, 120, 399] {
            let t = Double(k) * 0.001
            let expected = t <= 0.01 ? 0 : target * (1 - exp(-(t - 0.01) / motor.spinUpSeconds))
            #expect(abs(trace.channels[1][k] - expected) < 1e-9)
        }
    }

    @Test func steadyAmplitudeHasTheMeasuredShape() {
        let motor = ERMParameters.measured
        #expect(motor.steadyAmplitude(drive: 0.25) == 0)
        #expect(motor.steadyAmplitude(drive: 0.3) == 0)
        #expect(abs(motor.steadyAmplitude(drive: 0.5) - 0.5) < 1e-12)
        #expect(motor.steadyAmplitude(drive: 0.86) == 1)
        #expect(motor.steadyAmplitude(drive: 1) == 1)
        // Below the start threshold a motor at rest never moves, however long the drive lasts.
        let trace = FeltTrace(steps: [DriveStep(time: 0, levels: [0.28, 0.28, 0, 0])], parameters: motor, count: 2000)
        #expect(trace.combined.allSatisfy { $0 == 0 })
    }

    @Test func padLinkReplacesThrottlesAndExpiresLikeSDL() {
        let link = PadLink(interval: 0.010, bits: 8, frameRate: 60)
        let calls = [
            RumbleCall(time: 0, first: 1, second: 0, duration: 0.040),
            RumbleCall(time: 0.004, first: 0.5, second: 0.5, duration: 0.040),   // replaces, held until 10 ms
        ]
        let steps = link.driveSteps(for: calls, until: 0.2)
        #expect(steps.count == 3)
        #expect(steps.first?.time == 0 && steps.first?.levels[0] == 1)
        if steps.count == 3 {
            #expect(abs(steps[1].time - 0.010) < 1e-12 && abs(steps[1].levels[0] - 128.0 / 255) < 1e-12)
            // The second call's 40 ms end at 44 ms; SDL stops it at the next pump, frame 3 (50 ms).
            #expect(abs(steps[2].time - 0.05) < 1e-9 && steps[2].levels == [0, 0, 0, 0])
        }
    }

    @Test func theComparisonRunsOnASmallInput() throws {
        let heavy = try #require(PresetLibrary.builtIn().pattern(named: "ImpactHeavy"))
        let faint = HapticPattern(events: [.transient(at: 0, intensity: 0.3, sharpness: 0.5)])
        var comparison = FeltComparison(motors: [.measured], pads: [Pad(profile: .genericDualMotor, rate: 60)])
        comparison.run(.pattern(heavy, name: "ImpactHeavy", inputClass: "small"))
        comparison.run(.pattern(faint, name: "faint tap", inputClass: "faint"))
        #expect(comparison.classes == ["small", "faint"])
        let rows = try #require(comparison.results["small"])
        #expect(rows.count == 1 + Approach.allCases.count)   // the intent, four approaches and the limit
        for (_, byMotor) in rows {
            let aggregate = try #require(byMotor["measured"])
            #expect(aggregate.transients == 1)
            #expect(aggregate.correlations.allSatisfy { $0 >= -1 && $0 <= 1 })
        }
        #expect(rows[.init(approach: nil, pad: nil)]?["measured"]?.lostTransients == 0)
        #expect(rows[.init(approach: .sdlHaptics, pad: "generic")]?["measured"]?.lostTransients == 0)
        // A tap at intensity 0.3, sent as drive 0.3 (raw SDL), sits at the measured start threshold:
        // nothing moves. SDLHaptics drives it into the usable range, so it is felt.
        let faintRows = try #require(comparison.results["faint"])
        #expect(faintRows[.init(approach: .rawSDL, pad: "generic")]?["measured"]?.lostTransients == 1)
        #expect(faintRows[.init(approach: .sdlHaptics, pad: "generic")]?["measured"]?.lostTransients == 0)
        let report = FeltReport(comparison)
        #expect(report.tables().contains("| SDLHaptics | generic |"))
    }
}

/// The game-event inputs of `make felt`: the captured tour parses, and a short script runs through the
/// shipped config and every approach.
@Suite("Felt comparison inputs")
struct FeltInputTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    @Test func theCapturedTourIsAValidEventScriptWithEveryKindTheTourPlays() throws {
        let path = Self.root.appendingPathComponent("Demo/Scripts/tour-events.jsonl").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let script = try EventScript.parse(text, file: path)
        let kinds = Set(script.entries.map { $0.event.kindName.rawValue })
        #expect(kinds.isSuperset(of: ["collision", "footstep", "hit", "texture", "feedback", "custom"]))
    }

    @Test func gameEventsRunThroughTheShippedConfig() throws {
        let scenario = try FeltInputs.gameEvents(script: Self.root.appendingPathComponent("Demo/Scripts/events.jsonl").path,
                                                 config: Self.root.appendingPathComponent("Assets/Haptics/haptics.toml").path,
                                                 inputClass: "game events")
        var comparison = FeltComparison(motors: [.measured], pads: [Pad(profile: .xboxOne, rate: 60)], includesLimit: false)
        comparison.run(scenario)
        let rows = try #require(comparison.results["game events"])
        let intended = try #require(rows[.init(approach: nil, pad: nil)]?["measured"])
        #expect(intended.transients > 5)
        let ours = try #require(rows[.init(approach: .sdlHaptics, pad: "xboxOne")]?["measured"])
        #expect(ours.peakCallsPerSecond > 0 && ours.peakCallsPerSecond <= 100)
        #expect(ours.meanCorrelation > 0)
    }
}
