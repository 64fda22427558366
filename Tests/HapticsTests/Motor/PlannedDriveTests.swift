@_spi(HapticsTools) import Haptics
import Testing

/// The motor stage's planned drive (`DrivePlanner`, `MotorDriver`; docs/engine.md, "The planned drive"),
/// through the engine: what each shipped profile sends for small scenarios, and what the motor stage
/// predicts the hand feels (`HapticEngine.predictedFeltLevels(ofOutput:)`).
@Suite("Planned drive")
struct PlannedDriveTests {
    /// Runs `pattern` from time 0 on one output with `profile` at 60 frames per second through `seconds`,
    /// returning per frame the drive sent and the predicted felt level (low motor, or `actuator`).
    static func run(_ pattern: HapticPattern, profile: MotorProfile = .genericDualMotor, seconds: Double,
                    actuator: Actuator = .lowFrequency) throws -> (drive: [Double], felt: [Double]) {
        let rig = EngineTestRig(profiles: [profile])
        try rig.engine.start()
        try rig.engine.makePlayer(with: pattern).start(atTime: 0)
        var drive: [Double] = []
        var felt: [Double] = []
        for frame in 0...Int((seconds * 60).rounded()) {
            drive.append(rig.frame(at: Double(frame) / 60)[actuator])
            felt.append(rig.engine.predictedFeltLevels(ofOutput: 0)?[actuator] ?? -1)
        }
        return (drive, felt)
    }

    /// The generic pad's drive that holds the large motor at `level`.
    static func hold(_ level: Double) -> Double {
        MotorMapping.quantize(MotorResponse.largeERM.drive(forSteadyLevel: level), profile: .genericDualMotor)
    }

    @Test("a rise is overdriven at full, then held at the drive that feels like the intent")
    func riseThenHold() throws {
        let pattern = HapticPattern(events: [.continuous(at: 0, duration: 1, intensity: 0.5, sharpness: 0)])
        let (drive, felt) = try Self.run(pattern, seconds: 0.6)
        #expect(drive[0] == 1, "the first frame overdrives")
        let settled = try #require(drive.firstIndex { $0 == Self.hold(0.5) })
        #expect(settled <= 6, "held at the level that feels like 0.5 within 100 ms: \(drive.prefix(8))")
        #expect(drive[settled...].dropLast(12).allSatisfy { $0 == Self.hold(0.5) }, "\(drive)")
        #expect(abs(felt[12] - 0.5) < 0.02, "predicted felt 0.5 after 200 ms: \(felt[12])")
        #expect(drive.allSatisfy { $0 <= 1 && $0 >= 0 })
    }

    @Test("a tap gets a burst sized to its strength, then the motor coasts")
    func tapBurst() throws {
        func tap(_ intensity: Double) throws -> (drive: [Double], felt: [Double]) {
            try Self.run(HapticPattern(events: [.transient(at: 0, intensity: intensity, sharpness: 0)]), seconds: 0.3)
        }
        let strong = try tap(1)
        let light = try tap(0.3)
        #expect(strong.drive[0] == 1, "a strong tap starts at full drive: \(strong.drive)")
        // A light one starts lower, but above the start threshold of the stiffest motor of the range.
        #expect(light.drive[0] < 1 && light.drive[0] > MotorResponse.largeERM.ranges.startThreshold.upperBound, "\(light.drive)")
        // One drive for the tap's length (a mapped burst, issue 33): the strong tap's is full, the light
        // one's lower, for as long; so on any motor whose felt level grows with its drive the strong tap
        // is felt stronger.
        let strongBurst = strong.drive.prefix { $0 > 0 }.count
        let lightBurst = light.drive.prefix { $0 > 0 }.count
        #expect(strongBurst == lightBurst && strongBurst >= 3, "\(strong.drive) vs \(light.drive)")
        let lightDrive = light.drive[0]
        #expect(light.drive.prefix(lightBurst).allSatisfy { abs($0 - lightDrive) < 1e-3 }, "one drive for the light tap's burst: \(light.drive)")
        #expect(strong.drive.prefix(strongBurst).allSatisfy { $0 == 1 })
        #expect(strong.drive.dropFirst(strongBurst).allSatisfy { $0 == 0 }, "then it coasts: \(strong.drive)")
        #expect(light.drive.dropFirst(lightBurst).allSatisfy { $0 == 0 }, "\(light.drive)")
        let strongPeak = try #require(strong.felt.max())
        let lightPeak = try #require(light.felt.max())
        #expect(lightPeak >= 0.1 && lightPeak < strongPeak, "felt peaks: light \(lightPeak), strong \(strongPeak)")
        #expect(strongPeak >= 0.45, "a strong tap reaches about half its strength at least")
    }

    @Test("the motor is cut before an end, so it has nearly stopped when the pattern has")
    func cutBeforeEnd() throws {
        let pattern = HapticPattern(events: [.continuous(at: 0, duration: 0.5, intensity: 1, sharpness: 0)])
        let (drive, felt) = try Self.run(pattern, seconds: 0.8)
        let end = 30   // frame at 0.5 s
        let cut = try #require(drive.firstIndex(of: 0))
        #expect(cut < end, "drive 0 from frame \(cut), before the end at frame \(end)")
        #expect(drive[cut...].allSatisfy { $0 == 0 })
        #expect(felt[end] < 0.6 * felt[cut - 1], "at the end the felt level has fallen well below its plateau: \(felt[end]) vs \(felt[cut - 1])")
    }

    @Test("on a fade the drive never lifts above what holds the fading intent")
    func noLiftOnFade() throws {
        // Not sustained: a linear decay from 0.9 to 0 over the event's second half.
        let pattern = HapticPattern(events: [.continuous(at: 0, duration: 0.8, intensity: 0.9, sharpness: 0,
                                                         extra: [.init(.sustained, 0), .init(.attackTime, 0)])])
        let rig = EngineTestRig(profiles: [.genericDualMotor])
        try rig.engine.start()
        let player = try rig.engine.makePlayer(with: pattern)
        try player.start(atTime: 0)
        var fading = 0
        for frame in 0...50 {
            let time = Double(frame) / 60
            let drive = rig.frame(at: time).lowFrequency
            // The prediction the frame planned from: the felt level at this frame's time.
            let feltBefore = rig.engine.predictedFeltLevels(ofOutput: 0)?.lowFrequency ?? 0
            let intent = player.evaluator.sample(at: time).signal.intensity
            // While the motor is at or above the fading intent, nothing lifts it: the drive asks for at
            // most what would hold that intent (catching up from below is a rise, not a lift).
            if time > 0.1 && feltBefore >= intent {
                fading += 1
                #expect(drive <= Self.hold(intent) + 1e-9, "at \(time) s: drive \(drive) above the hold of \(intent)")
            }
        }
        #expect(fading > 20)
    }

    @Test("a tap on a strong texture stands out: its felt rise is at least 20 % above the level before it")
    func tapOnTexture() throws {
        for texture in [0.5, 0.6, 0.7] {
            let pattern = HapticPattern(events: [
                .continuous(at: 0, duration: 1, intensity: texture, sharpness: 0),
                .transient(at: 0.5, intensity: 1 - texture, sharpness: 0),
            ])
            let (drive, felt) = try Self.run(pattern, seconds: 0.7)
            let tapFrame = 30   // the first frame at or after 0.5 s
            let before = felt[tapFrame - 1]
            let peak = try #require(felt[tapFrame...(tapFrame + 3)].max())
            // Just before the tap the motor may have coasted a little, so that the tap stands out on the
            // slowest motor of the range too, but the texture is still felt.
            #expect(before > 0.75 * texture, "the texture is still felt before the tap: \(before)")
            #expect(peak >= 1.2 * before, "texture \(texture): \(before) -> \(peak), drive \(drive[26...34])")
        }
    }

    @Test("a voice started in frame N moves every shipped pad in frame N")
    func frameSync() throws {
        for profile in MotorProfile.shipped {
            let rig = EngineTestRig(profiles: [profile])
            try rig.engine.start()
            rig.run(through: 0.1, step: 1.0 / 60)
            #expect(rig.output.lastLevels == .zero)
            try rig.engine.makePlayer(with: HapticPattern(events: [.transient(at: 0, intensity: 0.4, sharpness: 0.5)]))
                .start(atTime: 0)
            rig.clock.advance(by: 1.0 / 60)
            let levels = rig.frame()
            #expect(levels.lowFrequency > 0 && levels.highFrequency > 0, "\(profile.name): \(levels)")
        }
    }

    @Test("the virtual profile sends exactly the mixed intent")
    func virtualIsTheIntent() throws {
        let pattern = HapticPattern(events: [
            .continuous(at: 0, duration: 0.6, intensity: 0.4, sharpness: 0.3),
            .transient(at: 0.1, intensity: 0.9, sharpness: 0.8),
            .transient(at: 0.35, intensity: 0.2, sharpness: 0.1),
        ], parameterCurves: [ParameterCurve(.hapticIntensityControl, at: 0, points: [
            .init(time: 0, value: 1), .init(time: 0.6, value: 0.3),
        ])])
        let rig = EngineTestRig(profiles: [.virtual])
        try rig.engine.start()
        let player = try rig.engine.makePlayer(with: pattern)
        try player.start(atTime: 0)
        for frame in 0...45 {
            let time = Double(frame) / 60
            let levels = rig.frame(at: time)
            let intent = MotorMapping.perceivedLevels(for: player.evaluator.sample(at: time).signal)
            // On the frame a transient is first reached its pulse is a floor (it could fall between frames).
            #expect(near(levels, intent) || levels.maximum(with: intent) == levels, "at \(time) s")
            #expect(near(rig.engine.predictedFeltLevels(ofOutput: 0) ?? .zero, levels, 1e-12), "instant: felt is the drive")
        }
    }

    @Test("no change reaches a pad sooner than its minimum update interval")
    func writeSpacing() throws {
        var events: [HapticEvent] = [.continuous(at: 0.2, duration: 0.9, intensity: 0.5, sharpness: 0.4)]
        for index in 0..<40 {
            let intensity = 0.3 + 0.35 * Double(index % 3)
            events.append(.transient(at: Double(index) * 0.037, intensity: intensity, sharpness: Double(index % 5) / 4))
        }
        let busy = HapticPattern(events: events)
        for profile in MotorProfile.shipped where profile.minimumUpdateInterval > 0 {
            let rig = EngineTestRig(profiles: [profile])
            try rig.engine.start()
            try rig.engine.makePlayer(with: busy).start(atTime: 0)
            rig.run(through: 1.8, step: 1.0 / 120)
            var lastChange = -Double.infinity
            var previous = ActuatorLevels.zero
            var changes = 0
            for frame in rig.output.frames where frame.levels != previous {
                #expect(frame.time - lastChange >= profile.minimumUpdateInterval - 1e-6, "\(profile.name) at \(frame.time)")
                lastChange = frame.time
                previous = frame.levels
                changes += 1
            }
            #expect(changes > 10, "\(profile.name) changed \(changes) times")
        }
    }

    @Test("a change inside the update interval is held back until the interval has passed")
    func updateInterval() throws {
        let rig = EngineTestRig(profiles: [.switchPro])   // 30 ms between changes
        try rig.engine.start()
        try rig.engine.makePlayer(with: HapticPattern(events: [.continuous(at: 0, duration: 0.02, intensity: 1, sharpness: 0)]))
            .start(atTime: 0)
        let first = rig.frame()
        #expect(first.lowFrequency > 0 && first.highFrequency == 0)   // first change: sent at once
        #expect(rig.frame(at: 0.02) == first)                         // the event ended, but 0 is held back (20 ms < 30 ms)
        #expect(rig.frame(at: 0.03) == .zero)                         // interval over: 0 goes out
    }

    @Test("the prediction follows the motor model: near full after a long full drive, coasting after a stop")
    func prediction() throws {
        let rig = EngineTestRig(profiles: [.genericDualMotor])
        try rig.engine.start()
        try rig.engine.makePlayer(with: HapticPattern(events: [.continuous(at: 0, duration: 2, intensity: 1, sharpness: 0.5)]))
            .start(atTime: 0)
        rig.run(through: 1, step: 1.0 / 60)
        let full = try #require(rig.engine.predictedFeltLevels(ofOutput: 0))
        #expect(full.lowFrequency > 0.99 && full.highFrequency > 0.99)
        rig.engine.stop()
        try rig.engine.start()
        rig.frame(at: 1 + 0.080)   // one large-motor spin-down time constant after the stop
        let coasting = try #require(rig.engine.predictedFeltLevels(ofOutput: 0))
        #expect(abs(coasting.lowFrequency - 1 / 2.718281828459045) < 0.03, "\(coasting)")
        #expect(coasting.highFrequency < coasting.lowFrequency, "the small motor coasts faster")
        #expect(rig.engine.predictedFeltLevels(ofOutput: 1) == nil)
    }
}

@Suite("Planned drive, hostile clocks")
struct PlannedDriveClockTests {
    @Test("evaluation times before 0, huge jumps, time going back and frame rates from 1 to 1000 Hz neither crash nor stick")
    func clocks() throws {
        let pattern = HapticPattern(events: [
            .continuous(at: 0, duration: 2, intensity: 0.6, sharpness: 0.3),
            .transient(at: 0.3, intensity: 1, sharpness: 0.7),
        ])
        for profile in [MotorProfile.genericDualMotor, .xboxOneBluetooth, .switchPro] {
            let rig = EngineTestRig(profiles: [profile])
            rig.engine.presentationLatency = 0.5   // evaluation runs 0.5 s behind: negative at first
            try rig.engine.start()
            let player = try rig.engine.makeAdvancedPlayer(with: pattern)
            player.loopEnabled = true
            try player.start(atTime: 0)
            var time = 0.0
            for step in [0.001, 0.001, 1.0 / 1000, 1.0 / 144, 1.0 / 30, 1, 3600, 1e9, -5, 0.016, 0.016] {
                time += step
                let levels = rig.frame(at: time)
                #expect([levels.lowFrequency, levels.highFrequency, levels.leftTrigger, levels.rightTrigger]
                    .allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 }, "\(profile.name) at \(time)")
                let felt = try #require(rig.engine.predictedFeltLevels(ofOutput: 0))
                #expect(felt.lowFrequency.isFinite && felt.lowFrequency >= 0 && felt.lowFrequency <= 1)
            }
            player.cancel()
            rig.run(through: rig.clock.now + 1, step: 1.0 / 60)
            #expect(rig.output.lastLevels == .zero, "\(profile.name): silent once nothing plays")
        }
    }
}
