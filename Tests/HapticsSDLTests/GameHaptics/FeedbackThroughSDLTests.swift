import CHapticsSDL2
import Haptics
import HapticsSDL
import Testing

extension SDLTests {
    @Suite("Feedback generators through real SDL")
    struct FeedbackThroughSDLTests {
        @Test("each generator's feedback reaches the bound player's pad only")
        func boundPlayerOnly() throws {
            let first = try VirtualGameController()
            let second = try VirtualGameController(model: .ps4)
            let rig = try GameHapticsRig()
            rig.pump()
            let plays: [(String, () -> Bool)] = [
                ("impact", { ImpactFeedbackGenerator(style: .heavy, target: rig.haptics.playback.feedbackTarget, player: 1).impactOccurred() }),
                ("selection", { SelectionFeedbackGenerator(target: rig.haptics.playback.feedbackTarget, player: 1).selectionChanged() }),
                ("notification", { NotificationFeedbackGenerator(target: rig.haptics.playback.feedbackTarget, player: 1).notificationOccurred(.warning) }),
                ("canvas", { CanvasFeedbackGenerator(target: rig.haptics.playback.feedbackTarget, player: 1).alignmentOccurred() }),
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
            let trigger = SensoryFeedbackTrigger<Int>(.selection, generator: rig.haptics.playback.feedbackGenerator(forPlayer: 0))
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

        @Test("feedback for a player without a pad is ignored silently")
        func noPad() throws {
            let rig = try GameHapticsRig()
            rig.pump()
            #expect(!rig.haptics.play(.success, player: 3))
            #expect(!ImpactFeedbackGenerator(target: rig.haptics.playback.feedbackTarget, player: 2).impactOccurred())
        }
    }
}
