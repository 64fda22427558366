@testable import Haptics
import Testing

/// The machinery every feedback case plays through (`FeedbackGenerator`: what `GameHaptics.play(_ feedback:)`,
/// the generators in UIKit's spelling and the mapping's feedback events use), on an engine.
@Suite("Feedback presets through FeedbackGenerator on an engine with recording outputs")
struct GeneratorTests {
    /// Two outputs (players 0 and 1) with the ideal profile, and a frame clock.
    final class Rig {
        let pads = [RecordingOutput(name: "pad1"), RecordingOutput(name: "pad2")]
        let engine: HapticEngine
        var time = 0.0
        init() throws {
            engine = HapticEngine(outputs: pads)
            try engine.start()
        }
        func frame(_ step: Double = 1.0 / 60.0) {
            time += step
            engine.update(at: time)
        }
        /// Frames whose levels are not silent, on pad `index`.
        func loudFrames(_ index: Int) -> Int { pads[index].frames.filter { !$0.levels.isSilent }.count }
    }

    @Test("a generator bound to player 1 plays on output 1 only, at the preset's levels times the intensity")
    func boundToPlayer() throws {
        let rig = try Rig()
        let generator = FeedbackGenerator(target: rig.engine, player: 1)
        #expect(generator.play(.impact(weight: .light, intensity: 0.5)))
        rig.frame()
        #expect(rig.pads[0].lastLevels.isSilent)
        // ImpactLight is one transient, intensity 0.45, sharpness 0.6. On the ideal profile:
        // low = I * min(1, 2(1 - S)) = 0.45 * 0.5 * 0.8, high = I * min(1, 2S) = 0.45 * 0.5 * 1.
        let levels = rig.pads[1].lastLevels
        #expect(abs(levels.lowFrequency - 0.18) < 1e-9, "\(levels)")
        #expect(abs(levels.highFrequency - 0.225) < 1e-9, "\(levels)")
    }

    @Test("quick repeats overlap instead of cutting each other off")
    func repeatsOverlap() throws {
        let rig = try Rig()
        let generator = FeedbackGenerator(target: rig.engine, minimumInterval: 0)
        generator.play(.impact(flexibility: .soft))
        rig.frame()
        rig.frame()
        let single = rig.pads[0].lastLevels.lowFrequency
        generator.play(.impact(flexibility: .soft))
        rig.frame()
        #expect(rig.pads[0].lastLevels.lowFrequency > single, "the second soft impact adds to the first")
    }

    @Test("sweeping through 100 menu items in one second makes at most 21 selection ticks")
    func selectionThrottled() throws {
        let rig = try Rig()
        let generator = FeedbackGenerator(target: rig.engine)
        var played = 0
        for _ in 0..<100 {
            if generator.play(.selection) { played += 1 }
            rig.frame(0.01)
        }
        #expect(played >= 19 && played <= 21, "\(played) ticks")
        generator.minimumIntervals = [:]
        var unthrottled = 0
        for _ in 0..<10 {
            if generator.play(.selection) { unthrottled += 1 }
            rig.frame(0.01)
        }
        #expect(unthrottled == 10, "the limit is configurable")
    }

    @Test("notifications: the three play three different presets; a rate limit holds per preset")
    func notifications() throws {
        let rig = try Rig()
        let generator = FeedbackGenerator(target: rig.engine, minimumInterval: 0.2)
        #expect(generator.play(.success))
        #expect(!generator.play(.success), "0.2 s limit per preset")
        #expect(generator.play(.error), "another preset is not limited by the first")
        for _ in 0..<30 { rig.frame() }
        #expect(generator.play(.success))
    }

    /// A target on `engine` (player N on output N) that counts the voices its devices make.
    final class CountingTarget: HapticFeedbackTarget {
        let engine: HapticEngine
        var made = 0
        init(engine: HapticEngine) { self.engine = engine }
        var feedbackTime: Double { engine.currentTime }
        lazy var feedbackDevices = FeedbackDevices(playerCount: engine.outputs.count) { [unowned self] pattern, player, category, locality, priority in
            made += 1
            return try? engine.makeAdvancedPlayer(with: pattern, output: player, locality: locality, category: category, priority: priority)
        }
    }

    @Test("prepare: prepared players start without making new ones")
    func prepared() throws {
        let rig = try Rig()
        let target = CountingTarget(engine: rig.engine)
        let generator = FeedbackGenerator(target: target)
        generator.prepare([.alignment, .pathComplete])
        let made = target.made
        #expect(made >= 2, "prepare made each case's pooled players")
        #expect(generator.play(.alignment))
        #expect(generator.play(.pathComplete))
        #expect(target.made == made, "the prepared players play: none is made")
        rig.frame()
        #expect(!rig.pads[0].lastLevels.isSilent)
    }

    @Test("a generator for a player with no output plays nothing and says so")
    func noOutput() throws {
        let rig = try Rig()
        #expect(!FeedbackGenerator(target: rig.engine, player: 5).play(.impact()))
        let missing = FeedbackGenerator(target: rig.engine, presets: PresetLibrary(folder: nil))
        #expect(!missing.play(.success), "no preset: nothing")
    }
}
