import CHapticsSDL2
import Haptics
@testable import HapticsSDL
import Testing

extension SDLTests {
    @Suite("The front door's parts through real SDL: one rumble rule for body and triggers, pause bookkeeping once")
    struct FrontDoorTests {
        @Test("body and trigger motors go through one rule: what the policy recorded as sent is exactly what both SDL callbacks received, and a stop reaches both")
        func bodyAndTriggersOneRule() throws {
            let pad = try VirtualGameController(model: .xboxOne)
            let rig = try GameHapticsRig()
            rig.pump()
            #expect(rig.haptics.pads.controller(instanceID: pad.instanceID)?.player == 0)
            #expect(rig.haptics.pads.controller(instanceID: -12345) == nil)
            rig.haptics.play(GameHapticsRig.texture(1, intensity: 0.7), player: 0)
            rig.haptics.play(GameHapticsRig.texture(1, intensity: 0.4), player: 0, locality: .leftTrigger)
            rig.frames(3)
            let output = try #require(rig.haptics.pads.rumbleOutput(forPlayer: 0))
            let body = try #require(pad.lastRumble)
            let triggers = try #require(pad.lastTriggerRumble)
            #expect(body.low > 0 && triggers.low > 0 && triggers.high == 0)
            #expect(output.sentValues == RumbleValues(low: body.low, high: body.high,
                                                      leftTrigger: triggers.low, rightTrigger: triggers.high))
            #expect(output.statistics.bodyChanges == pad.rumbleCalls.count)
            #expect(output.statistics.triggerChanges == pad.triggerCalls.count)
            rig.haptics.playback.pause()
            #expect(pad.lastRumble?.pair == [0, 0])
            #expect(pad.lastTriggerRumble?.pair == [0, 0])
            #expect(output.statistics.stops == 1, "one stop counts once, though it calls both pairs")
            #expect(output.sentValues == .off)
        }

        @Test("feedback and patterns started while paused wait paused, through the same bookkeeping, and play on resume")
        func pauseBookkeepingOnce() throws {
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig()
            rig.pump()
            rig.haptics.playback.pause()
            #expect(rig.haptics.playback.isPaused)
            pad.clearRecording()
            let pattern = try #require(rig.haptics.play(GameHapticsRig.texture(1), player: 0))
            rig.frames(10)
            #expect(pad.rumbleCalls.allSatisfy { $0.pair == [0, 0] }, "a gameplay pattern waits paused: nothing felt")
            #expect(rig.haptics.state.pausedPlayers.count == 1)
            #expect(rig.haptics.play(.success, player: 0), "a feedback case is accepted while paused")
            #expect(rig.haptics.state.pausedPlayers.count == 2, "and recorded as paused by the same bookkeeping")
            rig.frames(10)
            #expect(pad.rumbleCalls.allSatisfy { $0.pair == [0, 0] },
                    "a transient preset started while paused is not felt, not even its onset frame")
            #expect(rig.haptics.state.livePlayers.contains { $0 === pattern })
            rig.haptics.playback.resume()
            rig.frames(2)
            #expect(rig.haptics.state.pausedPlayers.isEmpty)
            #expect(pad.rumbleCalls.contains { $0.low > 0 || $0.high > 0 }, "both play after resume")
        }

        @Test("the parts are where a reader looks: audio off until enabled, the mixer reaches every engine")
        func partsByName() throws {
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig()
            rig.pump()
            #expect(rig.haptics.pads.controller(forPlayer: 0)?.instanceID == pad.instanceID)
            #expect(!rig.haptics.audio.isEnabled && rig.haptics.audio.output == nil)
            rig.haptics.playback.mixer.masterGain = 0.5
            #expect(rig.haptics.pads.engine(forPlayer: 0)?.mixer.masterGain == 0.5)
            #expect(rig.haptics.pads.engine(forPlayer: 3)?.mixer.masterGain == 0.5)
            #expect(rig.haptics.mapping.errors.isEmpty)
            #expect(rig.haptics.pads.canRumble(player: 0) && !rig.haptics.pads.canRumble(player: 1))
        }
    }
}
