import Haptics

/// An output that keeps only the last frame: what a device adapter costs at least, without a
/// growing trace (so the benchmark measures the engine, not the recording).
final class NullOutput: HapticOutput {
    let name: String
    let profile: MotorProfile
    let isConnected = true
    private(set) var last = HapticFrame(time: 0, levels: .zero)

    init(name: String, profile: MotorProfile) {
        self.name = name
        self.profile = profile
    }

    func receive(_ frame: HapticFrame) { last = frame }
}

/// An engine with `voices` looping advanced players spread round-robin over `outputs` generic pads,
/// already run for two seconds of frames (steady state).
final class EngineUpdateRig {
    let engine: HapticEngine
    let outputs: [NullOutput]
    let players: [HapticAdvancedPatternPlayer]
    private(set) var time = 0.0

    /// A 1 s loop: a texture under an intensity curve, with a transient every 0.25 s.
    static let pattern = HapticPattern(
        events: [
            .continuous(at: 0, duration: 1, intensity: 0.6, sharpness: 0.4),
            .transient(at: 0, intensity: 1, sharpness: 0.5),
            .transient(at: 0.25, intensity: 0.5, sharpness: 0.9),
            .transient(at: 0.5, intensity: 0.8, sharpness: 0.2),
            .transient(at: 0.75, intensity: 0.3, sharpness: 0.7),
        ],
        parameterCurves: [
            ParameterCurve(.hapticIntensityControl, at: 0, points: [
                .init(time: 0, value: 0.4), .init(time: 0.5, value: 1), .init(time: 1, value: 0.6),
            ]),
        ])

    init(voices: Int, outputs outputCount: Int) {
        outputs = (0..<outputCount).map { NullOutput(name: "pad\($0 + 1)", profile: .genericDualMotor) }
        engine = HapticEngine(outputs: outputs, voiceCapacity: voices)
        var made: [HapticAdvancedPatternPlayer] = []
        do {
            try engine.start()
            for index in 0..<voices {
                let player = try engine.makeAdvancedPlayer(with: Self.pattern, output: index % outputCount,
                                                           category: index % 2 == 0 ? .impact : .texture)
                player.loopEnabled = true
                try player.start(atTime: Double(index) * 0.001)
                made.append(player)
            }
        } catch {
            fatalError("EngineUpdate benchmark: could not set up the engine: \(error)")
        }
        players = made
        for _ in 0..<120 { step() }
        precondition(players.allSatisfy(\.isPlaying), "every voice plays in steady state")
    }

    /// One frame later (1/60 s of game time): one `update(at:)`.
    @inline(__always)
    func step() {
        time += 1.0 / 60.0
        engine.update(at: time)
    }

    /// Something of every output, so the work cannot be optimised away.
    var checksum: Double { outputs.reduce(0) { $0 + $1.last.levels.lowFrequency + $1.last.levels.highFrequency } }
}
