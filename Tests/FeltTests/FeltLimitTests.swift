import Foundation
@_spi(HapticsTools) import Haptics
import HapticsTools
import HapticsFelt
import Testing

/// The limit (issue 24): the offline optimiser loses no transient on small inputs and is at least as
/// good as every approach on its own objective; its calls pass the pad link as planned; its cache
/// gives back what was solved; the export carries every drive exactly.
@Suite("Felt limit and export")
struct FeltLimitTests {
    static let step = 0.001

    /// One channel: a strong tap at 0.1 s, a light one 100 ms later, a held level from 0.4 to 0.6 s.
    static func problem(motor: ERMParameters = .measured) -> FeltLimitSolver.Problem {
        let target = (0..<900).map { k -> Double in
            switch k {
            case 100..<150: return 0.8
            case 200..<250: return 0.3
            case 400..<600: return 0.4
            default: return 0
            }
        }
        let slots = (0...54).map { Double($0) / 60 }
        return FeltLimitSolver.Problem(slotTimes: slots, target: target, transients: [0.1, 0.2],
                                       drives: FeltLimit.candidateDrives(motor: motor, bits: 16), motor: motor, step: step)
    }

    @Test func theSolverLosesNoTransientAndBeatsSimpleDrives() {
        for motor in ERMParameters.range {
            let p = Self.problem(motor: motor)
            let solver = FeltLimitSolver(p)
            let drives = FeltLimitSolver.solve(p)
            #expect(drives.count == p.slotTimes.count - 1)
            #expect(drives.allSatisfy { p.drives.contains($0) })
            let best = solver.evaluate(drives)
            #expect(best.lost == 0, "\(motor.name)")
            // Nothing at all loses both taps; following the target slot by slot (the drive whose steady
            // amplitude is the target at the slot's start) tracks worse.
            #expect(solver.evaluate([Double](repeating: 0, count: drives.count)).lost == 2)
            let following = p.slotTimes.dropLast().map { t -> Double in
                let y = p.target[min(Int((t / Self.step).rounded()), p.target.count - 1)]
                return p.drives.min { abs(motor.steadyAmplitude(drive: $0) - y) < abs(motor.steadyAmplitude(drive: $1) - y) } ?? 0
            }
            let simple = solver.evaluate(following)
            #expect(best.lost < simple.lost || (best.lost == simple.lost && best.tracking <= simple.tracking), "\(motor.name)")
        }
    }

    @Test func theCandidateDrivesReachEvenStepsAtThePadsResolution() {
        let drives = FeltLimit.candidateDrives(motor: .measured, bits: 8)
        #expect(drives.first == 0 && drives.last == 1)
        #expect(drives.allSatisfy { abs($0 * 255 - ($0 * 255).rounded()) < 1e-9 })
        let amplitudes = drives.map { ERMParameters.measured.steadyAmplitude(drive: $0) }
        #expect(amplitudes == amplitudes.sorted() && Set(amplitudes).count == amplitudes.count)
        #expect(drives.count == FeltLimit.amplitudeSteps + 1)
    }

    /// Three taps of different strengths and a short held level: small enough to solve in a test.
    static func scenario() -> Scenario {
        let pattern = HapticPattern(events: [
            .transient(at: 0.05, intensity: 1, sharpness: 0.3),
            .transient(at: 0.25, intensity: 0.4, sharpness: 0.3),
            .transient(at: 0.32, intensity: 0.7, sharpness: 0.8),
            .continuous(at: 0.5, duration: 0.2, intensity: 0.5, sharpness: 0.5),
        ])
        return .pattern(pattern, name: "three taps", inputClass: "small")
    }

    @Test func onASmallInputTheLimitLosesNothingAndIsAtLeastAsGoodAsEveryApproachOnItsObjective() throws {
        for pad in [Pad(profile: .genericDualMotor, rate: 60), Pad(profile: .xboxOneBluetooth, rate: 60)] {
            var comparison = FeltComparison(motors: [.measured, .slow], pads: [pad])
            let run = comparison.run(Self.scenario())
            let record = try #require(run)
            let rows = try #require(comparison.results["small"])
            #expect(record.intent.transients.count == 3)
            for motor in comparison.motors {
                let limitRow = try #require(rows[.init(approach: .limit, pad: pad.name)]?[motor.name])
                #expect(limitRow.transients == 3 && limitRow.lostTransients == 0, "\(pad.name) \(motor.name)")
                func objective(_ drive: FeltRecord.Drive) -> (lost: Int, tracking: Double) {
                    let count = Int(((drive.steps.last?.time ?? 0) + 2) / Self.step)
                    let channels = FeltTrace(steps: drive.steps, parameters: motor, count: count, step: Self.step).channels
                    return FeltLimit.objective(channels: channels, intent: record.intent, pad: pad, step: Self.step)
                }
                let limit = try #require(record.drives.first { $0.approach == .limit && $0.motor == motor.name })
                let best = objective(limit)
                #expect(best.lost == 0)
                for approach in Approach.allCases where approach != .limit {
                    let drive = try #require(record.drives.first { $0.approach == approach })
                    let theirs = objective(drive)
                    #expect(best.lost < theirs.lost || (best.lost == theirs.lost && best.tracking <= theirs.tracking),
                            "\(pad.name) \(motor.name): limit \(best) vs \(approach.rawValue) \(theirs)")
                }
                // And it plays every tap no worse than SDLHaptics does (the measures' tracking error, an
                // absolute difference at the best lag, is not its objective: a renderer may beat it there).
                let ours = try #require(rows[.init(approach: .sdlHaptics, pad: pad.name)]?[motor.name])
                #expect(limitRow.lostTransients <= ours.lostTransients)
            }
        }
    }

    @Test func theLimitsCallsReachThePadAsPlannedOnItsGrid() throws {
        let capture = ScenarioRun.captured(Self.scenario(), rate: 60)
        let intent = try #require(FeltIntent(capture: capture, rate: 60))
        for profile in [MotorProfile.genericDualMotor, .ps4, .xboxOneBluetooth] {
            let pad = Pad(profile: profile, rate: 60)
            let calls = FeltLimit.calls(for: intent, pad: pad, motor: .measured, step: Self.step, cache: nil)
            #expect(!calls.isEmpty)
            let slotFrames = profile.minimumUpdateInterval > 1.0 / 60 + 1e-9 ? 3 : 1
            for call in calls {
                let frame = call.time * 60
                #expect(abs(frame - frame.rounded()) < 1e-6 && Int(frame.rounded()) % slotFrames == 0)
                #expect(call.duration == 0 && call.first >= 0 && call.first <= 1 && call.second >= 0 && call.second <= 1)
            }
            #expect(calls.last.map { $0.first == 0 && $0.second == 0 } == true)   // it ends at rest
            let steps = pad.link.driveSteps(for: calls, until: 3)
            // Nothing is held back or merged by the link: one step per call, at the call's time.
            #expect(steps.map(\.time) == calls.map(\.time))
            let levels = Double((1 << pad.link.bits) - 1)
            for (step, call) in zip(steps, calls) {
                #expect(abs(step.levels[0] - call.first) < 1e-12 && abs(step.levels[1] - call.second) < 1e-12)
                #expect(step.levels.allSatisfy { abs($0 * levels - ($0 * levels).rounded()) < 1e-6 })
            }
        }
    }

    @Test func theCacheGivesBackWhatWasSolvedAndNothingElse() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("felt-limit-cache-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let p = Self.problem()
        let drives = FeltLimitSolver.solve(p)
        let cache = FeltLimitCache(directory: directory)
        #expect(cache.drives(for: p) == nil)
        cache.store(drives, for: p)
        #expect(FeltLimitCache(directory: directory).drives(for: p) == drives)   // from disk
        var changed = p
        changed.target[120] = 0.7
        #expect(FeltLimitCache(directory: directory).drives(for: changed) == nil)
        // A damaged file is ignored.
        for file in try FileManager.default.contentsOfDirectory(atPath: directory) {
            try Data([1, 2, 3]).write(to: URL(fileURLWithPath: (directory as NSString).appendingPathComponent(file)))
        }
        #expect(FeltLimitCache(directory: directory).drives(for: p) == nil)
    }

    /// The export's schema (docs/performance.md, "The export"), read with `JSONDecoder` (which reads
    /// numbers bit-exact; Foundation's `JSONSerialization` on Linux does not).
    struct Exported: Decodable {
        struct Voice: Decodable { var first: Int; var levels: [[Double]] }
        struct Drive: Decodable {
            var approach: String
            var pad: String
            var motor: String?
            var interval: Double
            var bits: Int
            var steps: [[Double]]
            var callTimes: [Double]
        }
        var name: String
        var inputClass: String
        var identicalIntents: [String]
        var rate: Double
        var step: Double
        var intendedEnd: Double
        var intendedFrames: [Double]
        var intendedActuatorFrames: [[Double]]
        var transientTimes: [Double]
        var transientActuators: [Int]
        var onsetTimes: [Double]
        var voices: [Voice]
        var drives: [Drive]
    }

    @Test func theExportCarriesTheIntentVoicesAndEveryDriveExactly() throws {
        let pads = [Pad(profile: .genericDualMotor, rate: 60), Pad(profile: .ps4, rate: 60)]
        var comparison = FeltComparison(motors: [.measured, .fast], pads: pads)
        let run = comparison.run(Self.scenario())
        let record = try #require(run)
        let text = FeltExport.json(record, identical: ["copy \"1\".ahap"])
        let json = try JSONDecoder().decode(Exported.self, from: Data(text.utf8))
        #expect(json.name == "three taps" && json.inputClass == "small")
        #expect(json.rate == 60 && json.step == Self.step)
        #expect(json.identicalIntents == ["copy \"1\".ahap"])
        #expect(json.intendedEnd == record.intent.intendedEnd)
        #expect(json.intendedFrames == Array(record.intent.frames.prefix(json.intendedFrames.count)))
        #expect(json.intendedFrames.last.map { $0 > 0 } == true)
        #expect(json.intendedFrames.count == Int((record.intent.intendedEnd * 60).rounded()))
        #expect(json.intendedActuatorFrames.count == 4)
        #expect(json.transientTimes == record.intent.transientTimes)
        #expect(json.transientActuators == record.intent.transients.map(\.actuator))
        #expect(json.onsetTimes == record.intent.onsetTimes)
        #expect(json.voices.count == record.voices.count)
        for (exported, voice) in zip(json.voices, record.voices) {
            #expect(exported.first == voice.first)
            let levels = voice.levels[voice.first...].prefix(exported.levels.count).map { [$0.lowFrequency, $0.highFrequency, $0.leftTrigger, $0.rightTrigger] }
            #expect(exported.levels == levels)
            let rest = voice.levels[(voice.first + exported.levels.count)...]
            #expect(rest.allSatisfy { $0.isSilent })   // the rest is silent
        }
        // Four approaches on every pad, and the limit on every pad for every motor set.
        #expect(json.drives.count == pads.count * (4 + comparison.motors.count))
        #expect(Set(json.drives.map(\.approach)) == ["SDLHaptics", "raw SDL", "clip stepping (Nice Vibrations)",
                                                      "per-channel max (Unreal)", "limit (offline optimum)"])
        for (exported, drive) in zip(json.drives, record.drives) {
            #expect(exported.approach == drive.approach.rawValue && exported.pad == drive.pad.name && exported.motor == drive.motor)
            #expect(exported.interval == drive.pad.link.interval && exported.bits == drive.pad.link.bits)
            #expect(exported.steps == drive.steps.map { [$0.time] + $0.levels })   // bit-exact
            #expect(exported.callTimes == drive.callTimes)
        }
        #expect(FeltExport.fileName(record) == "small__three-taps.json")
    }
}
