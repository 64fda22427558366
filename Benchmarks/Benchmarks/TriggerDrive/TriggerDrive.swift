import Benchmark
import Foundation
import Haptics
import HapticsSDL

/// Adaptive triggers driven every frame, through real SDL (dummy video, a virtual DualSense that
/// accepts effects without recording them), in steady state:
///
/// - "Swift drive": a cart's speed sweeps 0...10 m/s and back over 4 s; each frame sets the brake
///   (L2) to `setModeFeedbackWithStartPosition(0.1, resistiveStrength: speed / 10)` and calls
///   `GameHaptics.update(at:)`: encoding, change detection, and `SDL_GameControllerSendEffect`
///   whenever the level changes (16 sends per sweep).
/// - "config texture drive": the same speed posted as a texture `update` that a rule's curve turns
///   into the brake's resistance (`trigger_effect` on a texture rule), then `update(at:)`.
///
/// Each iteration is one frame (1/60 s of game time). Target (issue 18): 0 mallocs per frame.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 240,
        maxDuration: .seconds(3),
        maxIterations: 20_000
    )
    let zeroMallocs: [BenchmarkMetric: BenchmarkThresholds] = [
        .mallocCountTotal: .init(absolute: [.p0: 0, .p25: 0, .p50: 0, .p75: 0, .p90: 0, .p99: 0, .p100: 0]),
    ]

    Benchmark("Swift drive: brake resistance from speed, one frame (+ GameHaptics.update)",
              configuration: .init(thresholds: zeroMallocs)) { benchmark in
        let rig = TriggerRig.shared
        let brake = rig.triggers.left
        for _ in benchmark.scaledIterations {
            brake.setModeFeedbackWithStartPosition(0.1, resistiveStrength: rig.nextSpeed() / 10)
            rig.update()
        }
        blackHole(rig.pad.effectCount)
    }

    Benchmark("config texture drive: brake resistance through a curve, one frame (+ GameHaptics.update)",
              configuration: .init(thresholds: zeroMallocs)) { benchmark in
        let rig = TriggerRig.shared
        for _ in benchmark.scaledIterations {
            rig.haptics.post(.texture(id: 1, .update, value: rig.nextSpeed(), kind: "cart_brake", player: 0))
            rig.update()
        }
        blackHole(rig.pad.effectCount)
    }
}

/// One GameHaptics with a virtual DualSense on player 0 and the brake rule loaded.
final class TriggerRig: @unchecked Sendable {
    static let shared = TriggerRig()
    let subsystems: SDLSubsystems
    let haptics: GameHaptics
    let pad: VirtualGameController
    let triggers: AdaptiveTriggers
    private var time = 0.0
    private var frame = 0

    init() {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        setenv("SDL_AUDIODRIVER", "dummy", 1)
        do {
            // The pad first, so GameHaptics opens it at creation (no event loop needed here).
            subsystems = try SDLSubsystems([.gameController, .events])
            pad = try VirtualGameController(model: .ps5, recordsEffects: false)
            haptics = try GameHaptics()
        } catch {
            fatalError("SDL: \(error)")
        }
        guard let triggers = haptics.pads.adaptiveTriggers(forPlayer: 0), haptics.pads.triggerOutput(forPlayer: 0)?.support == .adaptive else {
            fatalError("the virtual DualSense was not assigned to player 0")
        }
        self.triggers = triggers
        let config = """
        [[rule]]
        event = "texture"
        texture = "cart_brake"
        trigger_effect = { side = "left", mode = "feedback", start = 0.1, strength = { input = "value", input_range = [0, 10], output_range = [0, 1] } }
        """
        do { haptics.mapping.events.use(try LoadedMapping.load(text: config, presets: .builtIn())) } catch {
            fatalError("config: \(error)")
        }
    }

    /// The cart's speed this frame, m/s: a triangle 0...10...0 over 240 frames.
    func nextSpeed() -> Double {
        frame = (frame + 1) % 240
        return frame < 120 ? Double(frame) / 12 : Double(240 - frame) / 12
    }

    func update() {
        time += 1.0 / 60.0
        haptics.update(at: time)
    }
}
