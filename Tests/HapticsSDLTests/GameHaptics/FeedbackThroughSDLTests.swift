import CHapticsSDL2
import Haptics
import HapticsSDL
import Testing

extension SDLTests {
    @Suite("Feedback generators through real SDL")
    struct FeedbackThroughSDLTests {
        @Test("each generator in UIKit's spelling plays through GameHaptics.play on the bound player's pad only")
        func boundPlayerOnly() throws {
            let first = try VirtualGameController()
            let second = try VirtualGameController(model: .ps4)
            let rig = try GameHapticsRig()
            rig.pump()
            let plays: [(String, () -> Bool)] = [
                ("impact", { ImpactFeedbackGenerator(style: .heavy, haptics: rig.haptics, player: 1).impactOccurred() }),
                ("selection", { SelectionFeedbackGenerator(haptics: rig.haptics, player: 1).selectionChanged() }),
                ("notification", { NotificationFeedbackGenerator(haptics: rig.haptics, player: 1).notificationOccurred(.warning) }),
                ("canvas", { CanvasFeedbackGenerator(haptics: rig.haptics, player: 1).alignmentOccurred() }),
                ("sensory feedback", { rig.haptics.play(.pathComplete, player: 1) }),
            ]
            for (name, play) in plays {
                second.clearRecording()
                #expect(play(), "\(name)")
                rig.frames(60)
                #expect(second.rumbleCalls.count >= 2, "\(name): on and off at the bound pad")
                #expect(second.lastRumble?.pair == [0, 0], "\(name) ends silent")
                #expect(first.rumbleCalls.isEmpty, "\(name) never reaches player 1's pad")
            }
        }

        @Test("a trigger checked every frame plays through GameHaptics only when the value changes")
        func triggerThroughSDL() throws {
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig()
            rig.pump()
            let trigger = SensoryFeedbackTrigger<Int>(.selection, haptics: rig.haptics, player: 0)
            var fired = 0
            for frame in 0..<120 {
                if trigger.check(frame / 30) != nil { fired += 1 }   // changes at frames 30, 60 and 90
                rig.frames(1)
            }
            #expect(fired == 3)
            let onsets = zip(pad.rumbleCalls, pad.rumbleCalls.dropFirst()).filter { $0.0.pair == [0, 0] && $0.1.pair != [0, 0] }.count
                + (pad.rumbleCalls.first.map { $0.pair != [0, 0] ? 1 : 0 } ?? 0)
            #expect(onsets == 3, "three separate ticks at the pad: \(pad.rumbleCalls.map(\.pair))")
        }

        @Test("a trigger fires exactly on change, never on unchanged frames, and not on the first frame")
        func triggerOnChange() throws {
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig()
            rig.pump()
            let trigger = SensoryFeedbackTrigger<Int>(.levelChange, haptics: rig.haptics)
            var fired: [Int] = []
            for (frame, value) in [3, 3, 3, 4, 4, 5, 5, 5, 5, 2, 2].enumerated() {
                if trigger.check(value) != nil { fired.append(frame) }
                rig.frames(1)
            }
            #expect(fired == [3, 5, 9])
            withExtendedLifetime(pad) {}
        }

        @Test("a trigger with a condition fires only when the condition holds on a change")
        func triggerCondition() throws {
            let rig = try GameHapticsRig()
            let trigger = SensoryFeedbackTrigger<Int>(.increase, haptics: rig.haptics) { old, new in new > old }
            var fired: [Int] = []
            for (frame, value) in [1, 2, 2, 1, 3, 3].enumerated() where trigger.check(value) != nil { fired.append(frame) }
            #expect(fired == [1, 4])
        }

        @Test("a trigger with a closure plays what it returns, or nothing; reset makes the next check only record")
        func triggerClosure() throws {
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig()
            rig.pump()
            let trigger = SensoryFeedbackTrigger<Int>(haptics: rig.haptics) { old, new in
                new > old ? .increase : (new < old ? .decrease : nil)
            }
            var played: [HapticFeedback?] = []
            for value in [5, 6, 6, 4, 4] { played.append(trigger.check(value)) }
            #expect(played == [nil, .increase, nil, .decrease, nil])
            rig.frames(2)
            #expect(pad.rumbleCalls.contains { $0.pair != [0, 0] }, "what it chose reached the pad")
            trigger.reset()
            #expect(trigger.check(9) == nil, "after reset the first check only records")
        }

        @Test("a generator's prepare, then its impact, plays through GameHaptics on the pad")
        func generatorPrepare() throws {
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig()
            rig.pump()
            let generator = ImpactFeedbackGenerator(style: .heavy, haptics: rig.haptics)
            generator.prepare()
            #expect(generator.impactOccurred())
            rig.frames(2)
            #expect(pad.rumbleCalls.contains { $0.pair != [0, 0] }, "the impact reached the pad: \(pad.rumbleCalls.map(\.pair))")
        }

        @Test("feedback for a player without a pad is ignored silently")
        func noPad() throws {
            let rig = try GameHapticsRig()
            rig.pump()
            #expect(!rig.haptics.play(.success, player: 3))
            #expect(!ImpactFeedbackGenerator(haptics: rig.haptics, player: 2).impactOccurred())
        }
    }
}
