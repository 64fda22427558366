import CHapticsSDL2
import Foundation
@_spi(HapticsTools) import Haptics
@testable import HapticsSDL
import Testing

extension SDLTests {
    @Suite("GameHaptics: rumble through real SDL with virtual pads")
    struct GameHapticsTests {
        @Test("the callback receives the engine's levels converted to Uint16 (round to nearest, never a positive level to 0)")
        func exactValues() throws {
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig()
            rig.pump()
            #expect(rig.haptics.pads.controller(forPlayer: 0)?.instanceID == pad.instanceID)
            #expect(rig.haptics.pads.controller(forPlayer: 0)?.profile.name == "virtual")
            #expect(rig.haptics.play(GameHapticsRig.texture(1, intensity: 0.6), player: 0) != nil)
            rig.frames(1)
            // Virtual profile: drive = perceived = 0.6 on both motors at sharpness 0.5; 0.6 * 65535 = 39321.
            #expect(pad.lastRumble?.pair == [39321, 39321])
            #expect(RumbleLevel.sdlValue(0) == 0)
            #expect(RumbleLevel.sdlValue(1) == 65535)
            #expect(RumbleLevel.sdlValue(0.5) == 32768)
            #expect(RumbleLevel.sdlValue(1e-9) == 1)
            #expect(RumbleLevel.sdlValue(.nan) == 0)
            #expect(RumbleLevel.sdlValue(7) == 65535)
            #expect(RumbleLevel.sdlValue(-1) == 0)
        }

        @Test("two pads, two players: each pad receives only its own player's haptics")
        func twoPlayers() throws {
            let first = try VirtualGameController()
            let second = try VirtualGameController()
            let rig = try GameHapticsRig()
            rig.pump()
            #expect(rig.haptics.pads.controller(forPlayer: 0)?.instanceID == first.instanceID)
            #expect(rig.haptics.pads.controller(forPlayer: 1)?.instanceID == second.instanceID)
            rig.haptics.play(GameHapticsRig.texture(0.1, intensity: 1), player: 1)
            rig.frames(3)
            #expect(first.rumbleCalls.isEmpty)
            #expect(second.lastRumble?.pair == [65535, 65535])
            rig.haptics.play(GameHapticsRig.texture(0.1, intensity: 0.5), player: 0)
            rig.frames(1)
            #expect(first.lastRumble?.pair == [32768, 32768])
            #expect(second.rumbleCalls.map(\.pair) == [[65535, 65535]])
            #expect(rig.haptics.play(GameHapticsRig.texture(0.1), player: 2) == nil, "no pad for player 3: ignored")
            #expect(rig.haptics.play(GameHapticsRig.texture(0.1), player: 99) == nil)
        }

        @Test("unplugged mid-pattern: stopped handler, the other pad plays on; plugged back: reset handler and playback goes on")
        func unplugAndReplug() throws {
            let first = try VirtualGameController()
            let second = try VirtualGameController()
            let rig = try GameHapticsRig()
            rig.pump()
            rig.haptics.play(GameHapticsRig.texture(10), player: 0)
            rig.haptics.play(GameHapticsRig.texture(10, intensity: 0.5), player: 1)
            rig.frames(2)
            #expect(first.lastRumble?.pair == [65535, 65535])
            first.detach()
            rig.pump()
            #expect(rig.stopped.map(\.player) == [0])
            #expect(rig.stopped.first?.reason == .gameControllerDisconnected)
            #expect(rig.haptics.pads.controller(forPlayer: 0) == nil)
            #expect(rig.haptics.play(GameHapticsRig.texture(1), player: 0) == nil)
            rig.frames(5)
            #expect(second.rumbleCalls.map(\.pair) == [[32768, 32768]], "the other pad is unaffected")
            #expect(rig.haptics.pads.engine(forPlayer: 1)?.isRunning == true)

            let back = try VirtualGameController()
            rig.pump()
            #expect(rig.haptics.pads.controller(forPlayer: 0)?.instanceID == back.instanceID, "the same player again")
            #expect(rig.resets == [0])
            #expect(rig.haptics.play(GameHapticsRig.texture(1, intensity: 0.25), player: 0) != nil)
            rig.frames(1)
            #expect(back.lastRumble?.pair == [16384, 16384])
        }

        @Test("the game stops calling update: the pad keeps its level while the safety window lasts, then gets (0,0) on the next pump")
        func stopsWhenUpdatesStop() throws {
            var configuration = GameHapticsConfiguration()
            configuration.safetyMilliseconds = 120
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig(configuration: configuration)
            rig.pump()
            rig.haptics.play(GameHapticsRig.texture(60), player: 0)
            rig.frames(1)
            let lastCall = SDL_GetTicks64()
            #expect(pad.lastRumble?.pair == [65535, 65535])
            SDL_Delay(20)
            rig.pump()
            #expect(pad.lastRumble?.pair == [65535, 65535], "still within the safety window")
            SDL_Delay(130)
            rig.pump()
            let stop = try #require(pad.lastRumble)
            #expect(stop.pair == [0, 0])
            #expect(stop.ticksMilliseconds - lastCall >= 120)
        }

        @Test("while the game keeps updating, keep-alive calls hold a steady level past the safety window without writing to the pad")
        func keepAlive() throws {
            var configuration = GameHapticsConfiguration()
            configuration.safetyMilliseconds = 60
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig(configuration: configuration)
            rig.pump()
            rig.haptics.play(GameHapticsRig.texture(60), player: 0)
            for _ in 0..<20 {   // 20 frames 10 ms apart in real time: 200 ms, over three safety windows
                rig.frames(1)
                SDL_Delay(10)
                rig.pump()
            }
            #expect(pad.rumbleCalls.map(\.pair) == [[65535, 65535]], "one write, no expiry")
            let statistics = try #require(rig.haptics.pads.rumbleOutput(forPlayer: 0)?.statistics)
            #expect(statistics.bodyChanges == 1)
            #expect(statistics.keepAlives >= 3)
        }

        @Test("pause, focus loss, engine stop and shutdown each deliver (0,0) at once")
        func explicitStops() throws {
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig()
            rig.pump()
            let loop = try #require(rig.haptics.play(GameHapticsRig.texture(10), player: 0))
            rig.frames(1)
            #expect(pad.lastRumble?.pair == [65535, 65535])

            rig.haptics.playback.pause()
            #expect(pad.lastRumble?.pair == [0, 0], "pause")
            rig.frames(3)
            #expect(pad.lastRumble?.pair == [0, 0], "stays silent while paused")
            let pausedAt = loop.currentPosition
            rig.haptics.playback.resume()
            rig.frames(1)
            #expect(pad.lastRumble?.pair == [65535, 65535], "resume")
            #expect(abs(loop.currentPosition - pausedAt) < 1e-9, "resumed where it paused (the resume takes effect at this frame)")
            rig.frames(1)
            #expect(abs(loop.currentPosition - pausedAt - 1.0 / 60.0) < 1e-9, "and moves on from there")

            rig.focus(false)
            #expect(pad.lastRumble?.pair == [0, 0], "focus loss")
            rig.frames(2)
            #expect(pad.lastRumble?.pair == [0, 0])
            rig.focus(true)
            rig.frames(1)
            #expect(pad.lastRumble?.pair == [65535, 65535], "focus gained")

            let engine = try #require(rig.haptics.pads.engine(forPlayer: 0))
            engine.stop()
            #expect(pad.lastRumble?.pair == [0, 0], "engine stop")
            try engine.start()
            rig.haptics.play(GameHapticsRig.texture(10), player: 0)
            rig.frames(1)
            #expect(pad.lastRumble?.pair == [65535, 65535])

            let callsBefore = pad.rumbleCalls.count
            rig.haptics.shutdown()
            #expect(pad.lastRumble?.pair == [0, 0], "shutdown")
            #expect(pad.rumbleCalls.count == callsBefore + 1)
            #expect(rig.stopped.map(\.reason) == [.engineDestroyed])
        }

        @Test("a UI voice keeps playing while gameplay is paused")
        func uiPlaysWhilePaused() throws {
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig()
            rig.pump()
            rig.haptics.play(GameHapticsRig.texture(10, intensity: 1), player: 0, category: .impact)
            rig.frames(1)
            rig.haptics.playback.pause()
            rig.haptics.play(GameHapticsRig.texture(0.05, intensity: 0.5), player: 0, category: .ui)
            rig.frames(1)
            #expect(pad.lastRumble?.pair == [32768, 32768], "only the menu tick")
            rig.frames(5)
            #expect(pad.lastRumble?.pair == [0, 0])
        }

        @Test("focus policy stopEngines stops with applicationSuspended and restarts on focus")
        func focusStopsEngines() throws {
            var configuration = GameHapticsConfiguration()
            configuration.focusPolicy = .stopEngines
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig(configuration: configuration)
            rig.pump()
            rig.haptics.play(GameHapticsRig.texture(10), player: 0)
            rig.frames(1)
            rig.focus(false)
            #expect(pad.lastRumble?.pair == [0, 0])
            #expect(rig.stopped.map(\.reason) == [.applicationSuspended])
            #expect(rig.haptics.play(GameHapticsRig.texture(1), player: 0) == nil, "engine stopped")
            rig.focus(true)
            #expect(rig.haptics.pads.engine(forPlayer: 0)?.isRunning == true)
            #expect(rig.haptics.play(GameHapticsRig.texture(1), player: 0) != nil)
        }

        @Test("a pad with trigger motors receives trigger levels")
        func triggerRumble() throws {
            let pad = try VirtualGameController(model: .xboxOne)
            let rig = try GameHapticsRig()
            rig.pump()
            let controller = try #require(rig.haptics.pads.controller(forPlayer: 0))
            #expect(controller.kind == .xboxOne)
            #expect(controller.hasTriggerRumble)
            #expect(controller.profile.actuators == .bodyAndTriggers)
            rig.haptics.play(GameHapticsRig.texture(1), player: 0, locality: .rightTrigger)
            rig.frames(1)
            let trigger = try #require(pad.lastTriggerRumble)
            #expect(trigger.low == 0)
            #expect(trigger.high > 0)
            #expect(pad.rumbleCalls.isEmpty, "body motors untouched")
            rig.frames(120)
            #expect(pad.lastTriggerRumble?.pair == [0, 0], "trigger stop at the end")
        }

        @Test("a pad without trigger motors feels trigger haptics in its body motors")
        func triggerFold() throws {
            let pad = try VirtualGameController(model: .ps4)
            let rig = try GameHapticsRig()
            rig.pump()
            let controller = try #require(rig.haptics.pads.controller(forPlayer: 0))
            #expect(controller.kind == .ps4)
            #expect(!controller.hasTriggerRumble)
            rig.haptics.play(GameHapticsRig.texture(1), player: 0, locality: .triggers)
            rig.frames(2)
            let body = try #require(pad.lastRumble)
            #expect(body.low > 0 || body.high > 0)
            #expect(pad.triggerCalls.isEmpty)
        }

        @Test("a steady pattern costs one SDL write per change, counted at the pad")
        func callsOnlyOnChange() throws {
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig()
            rig.pump()
            rig.haptics.play(GameHapticsRig.texture(1), player: 0)
            rig.frames(90)   // 1.5 s of game time, in much less real time: no keep-alive due
            #expect(pad.rumbleCalls.map(\.pair) == [[65535, 65535], [0, 0]])
            let statistics = try #require(rig.haptics.pads.rumbleOutput(forPlayer: 0)?.statistics)
            #expect(statistics.bodyChanges == 2)
            #expect(statistics.totalCalls == statistics.bodyChanges + statistics.keepAlives)
            #expect(statistics.failures == 0)
        }

        @Test("players: first come first served, a replugged pad gets its player back, assign swaps, no-rumble pads are ignored silently")
        func playerAssignment() throws {
            let a = try VirtualGameController()
            let b = try VirtualGameController(model: .ps5)
            let rig = try GameHapticsRig()
            rig.pump()
            #expect(rig.haptics.pads.controllers.map(\.instanceID) == [a.instanceID, b.instanceID])
            #expect(rig.haptics.pads.controllers.map(\.player) == [0, 1])
            #expect(SDL_GameControllerGetPlayerIndex(SDL_GameControllerFromInstanceID(b.instanceID)) == 1)

            rig.haptics.pads.assign(controller: b.instanceID, toPlayer: 0)
            #expect(rig.haptics.pads.controller(forPlayer: 0)?.instanceID == b.instanceID)
            #expect(rig.haptics.pads.controller(forPlayer: 1)?.instanceID == a.instanceID)
            #expect(rig.haptics.pads.controller(forPlayer: 0)?.profile.name == "ps5")
            rig.haptics.play(GameHapticsRig.texture(1), player: 0)
            rig.frames(1)
            #expect(b.lastRumble != nil)
            #expect(a.rumbleCalls.isEmpty)

            let mute = try VirtualGameController(hasRumble: false)
            rig.pump()
            #expect(rig.haptics.pads.controller(forPlayer: 2)?.hasRumble == false)
            #expect(rig.haptics.pads.canRumble(player: 2) == false)
            #expect(rig.haptics.play(GameHapticsRig.texture(1), player: 2) == nil)
            _ = mute
        }

        @Test("master gain, per-category gain and the off switch reach the pad; low battery scales when asked")
        func policy() throws {
            var configuration = GameHapticsConfiguration()
            configuration.scalesForLowBattery = true
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig(configuration: configuration)
            rig.pump()
            rig.haptics.playback.mixer.masterGain = 0.5
            rig.haptics.play(GameHapticsRig.texture(10), player: 0, category: .texture)
            rig.frames(1)
            #expect(pad.lastRumble?.pair == [32768, 32768])
            rig.haptics.playback.mixer[.texture] = 0.5
            rig.frames(1)
            #expect(pad.lastRumble?.pair == [16384, 16384])
            rig.battery(SDL_JOYSTICK_POWER_LOW, instanceID: pad.instanceID)
            rig.frames(1)
            #expect(pad.lastRumble?.pair == [8192, 8192])
            rig.haptics.playback.mixer.isEnabled = false
            rig.frames(1)
            #expect(pad.lastRumble?.pair == [0, 0])
        }

        @Test("a pad's update interval holds: a Switch Pro pad (30 ms) gets at most one change per 30 ms of game time")
        func updateRate() throws {
            let pad = try VirtualGameController(model: .switchPro)
            let rig = try GameHapticsRig()
            rig.pump()
            #expect(rig.haptics.pads.controller(forPlayer: 0)?.profile.minimumUpdateInterval == 0.030)
            // Intensity ramps from 0.1 to 1 over 1 s: the level changes on every 120 Hz frame.
            let ramp = HapticPattern(events: [.continuous(at: 0, duration: 1, intensity: 1, sharpness: 0.5)],
                                     parameterCurves: [ParameterCurve(.hapticIntensityControl, at: 0,
                                                                      points: [.init(time: 0, value: 0.1), .init(time: 1, value: 1)])])
            rig.haptics.play(ramp, player: 0)
            var changeTimes: [Double] = []
            var last = pad.rumbleCalls.count
            for _ in 0..<120 {
                rig.frames(1, step: 1.0 / 120.0)
                if pad.rumbleCalls.count != last { changeTimes.append(rig.time); last = pad.rumbleCalls.count }
            }
            #expect(changeTimes.count >= 20, "the ramp is followed")
            #expect(changeTimes.count <= 35, "but no faster than every 30 ms: \(changeTimes.count) changes")
            for (earlier, later) in zip(changeTimes, changeTimes.dropFirst()) {
                #expect(later - earlier >= 0.030 - 1e-9)
            }
        }

        @Test("a GameHaptics that goes away releases SDL, also after feedback generators were used through it")
        func releasesSDL() throws {
            #expect(!SDLSubsystems.areRunning(.gameController), "no one else holds SDL at the start")
            do {
                let pad = try VirtualGameController()
                let rig = try GameHapticsRig()
                rig.pump()
                rig.haptics.play(.success, player: 0)
                ImpactFeedbackGenerator(haptics: rig.haptics).impactOccurred()
                rig.frames(2)
                #expect(pad.lastRumble != nil)
            }
            #expect(!SDLSubsystems.areRunning(.gameController), "deinit shut down and released the subsystem")
        }
    }
}
