import Haptics
import Testing

@Suite("Feedback generators and triggers on an engine with recording outputs")
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
        let generator = ImpactFeedbackGenerator(style: .light, target: rig.engine, player: 1)
        #expect(generator.impactOccurred(intensity: 0.5))
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
        let generator = ImpactFeedbackGenerator(style: .soft, target: rig.engine, minimumInterval: 0)
        generator.impactOccurred()
        rig.frame()
        rig.frame()
        let single = rig.pads[0].lastLevels.lowFrequency
        generator.impactOccurred()
        rig.frame()
        #expect(rig.pads[0].lastLevels.lowFrequency > single, "the second soft impact adds to the first")
    }

    @Test("sweeping through 100 menu items in one second makes at most 21 selection ticks")
    func selectionThrottled() throws {
        let rig = try Rig()
        let generator = SelectionFeedbackGenerator(target: rig.engine)
        var played = 0
        for _ in 0..<100 {
            if generator.selectionChanged() { played += 1 }
            rig.frame(0.01)
        }
        #expect(played >= 19 && played <= 21, "\(played) ticks")
        generator.minimumInterval = 0
        var unthrottled = 0
        for _ in 0..<10 {
            if generator.selectionChanged() { unthrottled += 1 }
            rig.frame(0.01)
        }
        #expect(unthrottled == 10, "the limit is configurable")
    }

    @Test("notification generator: the three types play three different presets; rate limit per type")
    func notifications() throws {
        let rig = try Rig()
        let generator = NotificationFeedbackGenerator(target: rig.engine)
        #expect(generator.notificationOccurred(.success))
        #expect(!generator.notificationOccurred(.success), "0.2 s limit per type")
        #expect(generator.notificationOccurred(.error), "another type is not limited by the first")
        for _ in 0..<30 { rig.frame() }
        #expect(generator.notificationOccurred(.success))
    }

    @Test("canvas generator and prepare: prepared players start without making new ones")
    func canvasAndPrepare() throws {
        let rig = try Rig()
        let generator = CanvasFeedbackGenerator(target: rig.engine)
        generator.prepare()
        #expect(generator.alignmentOccurred())
        #expect(generator.pathCompleted())
        rig.frame()
        #expect(!rig.pads[0].lastLevels.isSilent)
    }

    @Test("a generator for a player with no output plays nothing and says so")
    func noOutput() throws {
        let rig = try Rig()
        #expect(!ImpactFeedbackGenerator(target: rig.engine, player: 5).impactOccurred())
        let missing = FeedbackGenerator(target: rig.engine, presets: PresetLibrary(folder: nil))
        #expect(!missing.play(.success), "no preset: nothing")
    }

    @Test("a trigger fires exactly on change, never on unchanged frames, and not on the first frame")
    func triggerOnChange() throws {
        let rig = try Rig()
        let generator = FeedbackGenerator(target: rig.engine)
        let trigger = SensoryFeedbackTrigger<Int>(.levelChange, generator: generator)
        let values = [3, 3, 3, 4, 4, 5, 5, 5, 5, 2, 2]
        var fired: [Int] = []
        for (frame, value) in values.enumerated() {
            if trigger.check(value) != nil { fired.append(frame) }
            rig.frame()
        }
        #expect(fired == [3, 5, 9])
    }

    @Test("a trigger with a condition fires only when the condition holds on a change")
    func triggerCondition() throws {
        let rig = try Rig()
        let trigger = SensoryFeedbackTrigger<Int>(.increase, generator: FeedbackGenerator(target: rig.engine)) { old, new in new > old }
        var fired: [Int] = []
        for (frame, value) in [1, 2, 2, 1, 3, 3].enumerated() where trigger.check(value) != nil { fired.append(frame) }
        #expect(fired == [1, 4])
    }

    @Test("a trigger with a closure plays what it returns, or nothing")
    func triggerClosure() throws {
        let rig = try Rig()
        let trigger = SensoryFeedbackTrigger<Int>(generator: FeedbackGenerator(target: rig.engine)) { old, new in
            new > old ? .increase : (new < old ? .decrease : nil)
        }
        var played: [HapticFeedback?] = []
        for value in [5, 6, 6, 4, 4] { played.append(trigger.check(value)) }
        #expect(played == [nil, .increase, nil, .decrease, nil])
        rig.frame()
        #expect(!rig.pads[0].lastLevels.isSilent)
        trigger.reset()
        #expect(trigger.check(9) == nil, "after reset the first check only records")
    }
}
