@_spi(HapticsTools) import Haptics
import Testing

/// The motor stage plans on a grid counted from a recent frame, never on absolute game seconds
/// (issue 31, item 6): the drive a game's clock gives at any origin (1e12 s, 1e15 s, a negative odd
/// time) is the drive it gives from 0, frame for frame, on every shipped profile. On c8dcd09 the
/// lookahead was skipped from 1e12 s on, and a continuous pattern was felt for one frame, then (0,0).
@Suite("Planning origin")
struct PlanningOriginTests {
    /// A full continuous pattern with a tap on top, and a pattern that fades (what the lookahead foresees).
    static let pattern = HapticPattern(events: [
        .continuous(at: 0, duration: 0.75, intensity: 1, sharpness: 0.3),
        .transient(at: 0.4, intensity: 1, sharpness: 0.8),
        .continuous(at: 0.9, duration: 0.3, intensity: 0.6, sharpness: 0.6, extra: [.init(.releaseTime, 0.4)]),
    ])

    /// Every frame's drive (four actuators) for `pattern` started at the first frame, frames `step`
    /// apart from `origin` through `seconds` after it; `origin + k * step` must be exact in `Double`.
    static func drives(_ profile: MotorProfile, origin: Double, step: Double, seconds: Double = 1.5,
                       pattern: HapticPattern = pattern) throws -> [ActuatorLevels] {
        let output = RecordingOutput(name: "pad", profile: profile)
        let engine = HapticEngine(outputs: [output])
        try engine.start()
        try engine.makePlayer(with: pattern).start(atTime: 0)
        var levels: [ActuatorLevels] = []
        for k in 0...Int((seconds / step).rounded()) {
            let time = origin + Double(k) * step
            #expect(time - origin == Double(k) * step, "the test's frame times must be exact at \(origin)")
            engine.update(at: time)
            levels.append(output.lastLevels)
        }
        return levels
    }

    /// Origins and frame steps that are exact there: 1/64 s where the clock resolves it, 1/8 s at 1e15
    /// (a `Double` near 1e15 is 0.125 s coarse: a game's clock there cannot tick faster).
    static let origins: [(origin: Double, step: Double)] = [
        (1e12, 1.0 / 64), (-1e12, 1.0 / 64), (-123_456.765625, 1.0 / 64), (9e11, 1.0 / 64), (1e15, 0.125), (-1e15, 0.125),
        (3.0e9 + 0.5, 1.0 / 64),
    ]

    @Test("every shipped profile sends at any origin what it sends from 0, frame for frame", arguments: MotorProfile.shipped)
    func sameDriveAtAnyOrigin(profile: MotorProfile) throws {
        for (origin, step) in Self.origins {
            let reference = try Self.drives(profile, origin: 0, step: step)
            let shifted = try Self.drives(profile, origin: origin, step: step)
            #expect(reference.count == shifted.count)
            let first = reference.indices.first { reference[$0] != shifted[$0] }
            #expect(first == nil, "\(profile.name) at \(origin): frame \(first ?? -1) sends \(String(describing: first.map { shifted[$0] })), from 0 \(String(describing: first.map { reference[$0] }))")
        }
    }

    @Test("a full continuous pattern is felt on every frame it plays at 1e12 s and 1e15 s", arguments: MotorProfile.shipped)
    func feltWhilePlaying(profile: MotorProfile) throws {
        for (origin, step) in [(1e12, 1.0 / 64), (1e15, 0.125)] {
            let levels = try Self.drives(profile, origin: origin, step: step, seconds: 0.5)
            let silent = levels.indices.filter { levels[$0].lowFrequency == 0 && levels[$0].highFrequency == 0 }
            #expect(silent.isEmpty, "\(profile.name) at \(origin): silent frames \(silent) of \(levels.count)")
        }
    }

    @Test("the grid moves to a recent frame once the clock runs planningSpan past it; the pattern goes on", arguments: [MotorProfile.genericDualMotor, .ps5, .switchPro])
    func rebaseMidPattern(profile: MotorProfile) throws {
        let span = HapticEngine.planningSpan
        let step = 1.0 / 64
        // Continuous content only, its edges off both grids: a rebase moves the grid by rounding (1e-11 s),
        // which may move a tap that lies exactly on a grid point into the next step, never a level.
        let pattern = HapticPattern(events: [
            .continuous(at: 0, duration: 0.7731, intensity: 1, sharpness: 0.3),
            .continuous(at: 0.9123, duration: 0.3, intensity: 0.6, sharpness: 0.6, extra: [.init(.releaseTime, 0.4)]),
        ])
        // Crosses the span 0.5 s into the pattern; the reference crosses nothing.
        let crossing = try Self.drives(profile, origin: span - 0.5, step: step, pattern: pattern)
        let reference = try Self.drives(profile, origin: -0.5, step: step, pattern: pattern)
        let during = 1...Int(0.7 / step)
        #expect(during.allSatisfy { crossing[$0].lowFrequency > 0 || crossing[$0].highFrequency > 0 }, "\(String(describing: crossing))")
        for k in reference.indices {
            #expect(near(crossing[k], reference[k], 0.02), "frame \(k): \(String(describing: crossing[k])) against \(String(describing: reference[k]))")
        }
    }
}
