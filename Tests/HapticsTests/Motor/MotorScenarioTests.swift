@_spi(HapticsTools) import Haptics
import Testing

/// Scenario fixtures for the motor stage, Lofelt style (their clip player's tests write the expected
/// gamepad rumble of a clip as arrays): small scenes a game makes, run through a real engine with the
/// generic pad's profile at 60 frames per second, and the drive each frame must send, written out here
/// (low motor, then high motor, per frame; 4 decimals). A change to the planned drive changes these
/// arrays on purpose, and the diff of this file shows how (docs/engine.md, "The planned drive").
@Suite("Motor scenarios")
struct MotorScenarioTests {
    /// One scene: voices started at given times with given intensities, the frames to run.
    struct Scene {
        var starts: [(time: Double, pattern: HapticPattern, intensity: Double)]
        var frames: Int
        var profile: MotorProfile = .genericDualMotor
    }

    /// The drive sent each frame (low, high), rounded to 4 decimals.
    static func drive(_ scene: Scene) throws -> (low: [Double], high: [Double]) {
        let rig = EngineTestRig(profiles: [scene.profile])
        try rig.engine.start()
        var players: [(time: Double, player: HapticAdvancedPatternPlayer, intensity: Double)] = []
        for start in scene.starts {
            players.append((start.time, try rig.engine.makeAdvancedPlayer(with: start.pattern), start.intensity))
        }
        var low: [Double] = [], high: [Double] = []
        for frame in 0..<scene.frames {
            let time = Double(frame) / 60
            for entry in players where abs(entry.time - time) < 1e-9 {
                try entry.player.sendParameters([DynamicParameter(.hapticIntensityControl, value: entry.intensity, at: 0)], atTime: 0)
                try entry.player.start(atTime: 0)
            }
            let levels = rig.frame(at: time)
            low.append((levels.lowFrequency * 10_000).rounded() / 10_000)
            high.append((levels.highFrequency * 10_000).rounded() / 10_000)
        }
        return (low, high)
    }

    static func expect(_ scene: Scene, low: [Double], high: [Double], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let actual = try drive(scene)
        #expect(actual.low == low, "low: \(actual.low)", sourceLocation: sourceLocation)
        #expect(actual.high == high, "high: \(actual.high)", sourceLocation: sourceLocation)
    }

    static let tap = HapticPattern(events: [.transient(at: 0, intensity: 1, sharpness: 0.5)])

    @Test("a tap posted on a texture: the texture is held, the tap bursts above it, then the texture again")
    func tapOnTexture() throws {
        let texture = HapticPattern(events: [.continuous(at: 0, duration: 0.5, intensity: 1, sharpness: 0.5)])
        let scene = Scene(starts: [(0, texture, 0.6), (0.2, Self.tap, 0.8)], frames: 36)
        try Self.expect(scene, low: [
            1, 1, 0.7784, 0.572, 0.572, 0.572, 0.572, 0.572, 0.572, 0.572, 0.572, 0.572,
            1, 1, 1, 1, 0.4057, 0.4057, 0.423, 0.5416, 0.572, 0.572, 0.572, 0.572,
            0.572, 0.572, 0.572, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        ], high: [
            1, 1, 0.5798, 0.572, 0.572, 0.572, 0.572, 0.572, 0.572, 0.572, 0.572, 0.572,
            1, 1, 1, 1, 0.4057, 0.4057, 0.4794, 0.572, 0.572, 0.572, 0.572, 0.572,
            0.572, 0.572, 0.572, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        ])
    }

    @Test("a tap posted on two textures that would hold the motors at full: the mixer keeps headroom, the tap rises")
    func tapOnTwoFullTextures() throws {
        let texture = HapticPattern(events: [.continuous(at: 0, duration: 0.5, intensity: 1, sharpness: 0.5)])
        let scene = Scene(starts: [(0, texture, 0.75), (0, texture, 0.75), (0.2, Self.tap, 0.5)], frames: 36)
        try Self.expect(scene, low: [
            1, 0.5686, 0.5686, 0.5686, 0.5686, 0.5686, 0.5686, 0.5686, 0.5686, 0.5686, 0.5686, 0.5686,
            1, 1, 1, 1, 0.4606, 0.4606, 0.5684, 0.5686, 0.5686, 0.5686, 0.5686, 0.5686,
            0.5686, 0.5686, 0.5686, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        ], high: [
            1, 0.5686, 0.5686, 0.5686, 0.5686, 0.5686, 0.5686, 0.5686, 0.5686, 0.5686, 0.5686, 0.5686,
            1, 1, 1, 1, 0.4606, 0.4606, 0.5686, 0.5686, 0.5686, 0.5686, 0.5686, 0.5686,
            0.5686, 0.5686, 0.5686, 0.5686, 0, 0, 0, 0, 0, 0, 0, 0,
        ])
    }

    @Test("a tap just below full on a texture: its burst stays within what the quickest motor of the range still tells apart; a full one gets full drive")
    func tapBelowFullOnTexture() throws {
        let texture = HapticPattern(events: [.continuous(at: 0, duration: 0.5, intensity: 1, sharpness: 0.3)])
        func scene(_ strength: Double, cap: Bool = true) -> Scene {
            var profile = MotorProfile.genericDualMotor
            if !cap { profile.driveTuning.burstQuickCap = 0 }
            return Scene(starts: [(0, texture, 0.4), (0.2, Self.tap, strength)], frames: 24, profile: profile)
        }
        // Texture 0.4 and a tap of 0.58: an intent peaking at 0.98, a mapped burst of 4 frames from frame 12.
        try Self.expect(scene(0.58), low: [
            1, 0.6401, 0.4643, 0.4643, 0.4579, 0.4643, 0.4577, 0.4643, 0.4577, 0.4643, 0.4577, 0.4643,
            0.7846, 0.7846, 0.7846, 0.7846, 0.3371, 0.3371, 0.3371, 0.3986, 0.4466, 0.4577, 0.4643, 0.4577,
        ], high: [
            0.6165, 0.4186, 0.4003, 0.4024, 0.4029, 0.403, 0.403, 0.403, 0.403, 0.403, 0.403, 0.403,
            0.7333, 0.7333, 0.7333, 0.7333, 0.2823, 0.2823, 0.2823, 0, 0.4186, 0.4, 0.4023, 0.4029,
        ])
        let quickSaturation = MotorProfile.genericDualMotor.lowFrequency.fastest.drive(forSteadyLevel: 1)
        let capped = try Self.drive(scene(0.58)).low[12], uncapped = try Self.drive(scene(0.58, cap: false)).low[12]
        // Without the cap the burst saturates the quickest motor, as a full tap's does; with it, it stays below.
        #expect(uncapped > quickSaturation && capped <= quickSaturation)
        // Lighter, just below, full: the bursts keep the order of the taps.
        let lighter = try Self.drive(scene(0.5)).low[12], full = try Self.drive(scene(1)).low[13]
        #expect(lighter < capped && full == 1)
    }

    @Test("a light and a strong tap on two full textures: the same full kick, then the stronger tap's body drives harder")
    func lightAndStrongTapOnFullTextures() throws {
        let texture = HapticPattern(events: [.continuous(at: 0, duration: 0.5, intensity: 1, sharpness: 0.5)])
        func low(_ strength: Double) throws -> [Double] {
            try Self.drive(Scene(starts: [(0, texture, 0.75), (0, texture, 0.75), (0.2, Self.tap, strength)], frames: 24)).low
        }
        // The textures' sum is held below full (0.7 by the overlap limiter); the taps' intents peak at 0.85 and 0.95,
        // where only full drive over a tap stands out on the slowest motor of the range: a squeezed burst.
        let light = try low(0.15), strong = try low(0.25)
        // The kick (the 3 judged steps from frame 12) is full drive for both: the same rise for every tap there.
        #expect(light[12...14].allSatisfy { $0 == 1 } && strong[12...14].allSatisfy { $0 == 1 }, "light \(light), strong \(strong)")
        // The body (frame 15) holds each tap's own level: the stronger tap's is higher (without the body, burstBodySteps 0, both taps get the very same burst).
        #expect(strong[15] > light[15], "light \(light), strong \(strong)")
    }

    @Test("a tap posted between two writes of a 50 ms link, on two full textures: its first write is not held to the quickest motor's saturation")
    func tapBetweenSpacedWrites() throws {
        let texture = HapticPattern(events: [.continuous(at: 0, duration: 0.5, intensity: 1, sharpness: 0.5)])
        func scene(headroom: Bool) -> Scene {
            var profile = MotorProfile.xboxOneBluetooth
            if !headroom { profile.driveTuning.spacedTapHeadroom = 0 }
            // Writes go out every third frame (0, 3, ..., 12, 15); the tap rises on frame 13, between two.
            return Scene(starts: [(0, texture, 0.75), (0.2, texture, 0.75), (13.0 / 60, Self.tap, 1)], frames: 24, profile: profile)
        }
        // The second texture starts on frame 12 (a write); the tap rises on frame 13 and goes out on 15, at full.
        try Self.expect(scene(headroom: true), low: [
            1, 1, 1, 1, 1, 0.6293, 0.6293, 0.6293, 0.68, 0.68, 0.68, 0.68,
            0.5686, 0.5686, 0.5686, 1, 1, 1, 0.4963, 0.4963, 0.4963, 0.5686, 0.5686, 0.5686,
        ], high: [
            1, 1, 1, 1, 1, 0.5998, 0.5998, 0.5998, 0.68, 0.68, 0.68, 0.68,
            0.5686, 0.5686, 0.5686, 1, 1, 1, 0.5263, 0.5263, 0.5263, 0.5686, 0.5686, 0.5686,
        ])
        // Held like content (spacedTapHeadroom 0), the tap's first write stops at the quickest motor's saturation
        // drive, and a slow motor barely rises.
        let quickSaturation = MotorProfile.xboxOneBluetooth.lowFrequency.fastest.drive(forSteadyLevel: 1)
        let held = try Self.drive(scene(headroom: false))
        #expect(held.low[15] <= quickSaturation && held.high[15] <= quickSaturation, "\(held)")
    }

    @Test("a dense train of taps 40 ms apart, strong and light in turn")
    func denseTrain() throws {
        var events: [HapticEvent] = []
        for index in 0..<8 {
            events.append(.transient(at: Double(index) * 0.04, intensity: index % 2 == 0 ? 1 : 0.45, sharpness: 0.5))
        }
        let scene = Scene(starts: [(0, HapticPattern(events: events), 1)], frames: 30)
        try Self.expect(scene, low: [
            1, 1, 1, 1, 0, 1, 1, 0.3543, 0.3543, 0, 1, 1,
            0.3543, 0.3543, 1, 1, 0.7913, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0,
        ], high: [
            // (At the first frames the horizon holds the first two strong taps, 80 ms apart; the light one
            // between them falls from the strong one's level and is no tap. Not a dense train, so the first
            // tap gets its own burst on the high motor too, full, where a pulse of 0.6049 was chosen before.)
            1, 0.86, 1, 0, 0, 1, 1, 0.3543, 0.3543, 0, 1, 1,
            0.3543, 0.3543, 0, 1, 1, 0.3543, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0,
        ])
    }

    @Test("two taps 100 ms apart, a strong one and a light one: each its own burst, not a dense train's plan")
    func twoTapsApart() throws {
        let pattern = HapticPattern(events: [.transient(at: 0, intensity: 1, sharpness: 0.5),
                                             .transient(at: 0.1, intensity: 0.45, sharpness: 0.5)])
        func scene(denseTrainSteps: Double) -> Scene {
            var profile = MotorProfile.genericDualMotor
            profile.driveTuning.denseTrainSteps = denseTrainSteps
            return Scene(starts: [(0, pattern, 1)], frames: 12, profile: profile)
        }
        try Self.expect(scene(denseTrainSteps: DriveTuning.shipped.denseTrainSteps), low: [
            1, 1, 1, 0, 0, 0, 0.7516, 0.7516, 0.7516, 0.7516, 0, 0,
        ], high: [
            1, 1, 1, 0, 0, 0, 0.7516, 0.7516, 0.7516, 0.7516, 0, 0,
        ])
        // With a train's plans for any two taps of the horizon (0), the low motor only pulsed the strong tap (one
        // frame at the smallest drive that stands out: 0.6049), less than the light tap's burst there (0.5861 for
        // 4 frames).
        let asTrain = try Self.drive(scene(denseTrainSteps: 0))
        #expect(asTrain.low[0] < 1 && asTrain.low[1] == 0 && asTrain.low[6] > 0, "\(asTrain)")
    }

    @Test("a heavy crate, then a light one: the heavy one's burst is stronger")
    func heavyAndLightCrate() throws {
        let impact = try #require(PresetLibrary.builtIn().pattern(named: "ImpactHeavy"))
        let scene = Scene(starts: [(0, impact, 1), (0.5, impact, 0.4)], frames: 60)
        try Self.expect(scene, low: [
            1, 1, 1, 1, 0.3491, 0.3309, 0.3127, 0, 0.2764, 0.2582, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0.7083, 0.7083, 0.7083, 0.7083, 0.2596, 0.2524,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        ], high: [
            0.6349, 0.6349, 0.6349, 0.6349, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0.5145, 0.5145, 0.5145, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        ])
    }
}
