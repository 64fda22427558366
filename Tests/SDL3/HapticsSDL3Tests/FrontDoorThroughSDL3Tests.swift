import CHapticsSDL3
import Foundation
import Haptics
import HapticsSDL3
import Testing

extension SDL3Tests {
    /// The front door on SDL3, through the real SDL 3.4 with `SDL_AttachVirtualJoystick` gamepads whose
    /// callbacks receive the exact values (issue 32, "Done when").
    @Suite("GameHaptics through real SDL 3")
    struct FrontDoorThroughSDL3Tests {
        static let config = SDL3Rig.root.appendingPathComponent("Assets/Haptics/haptics.toml").path

        @Test("it runs on SDL 3, not 2: the linked library reports 3.2 or later and the headers are SDL3's")
        func linkedSDL3() throws {
            let linked = SDLVersion.linked
            #expect(linked.major == 3 && linked >= SDLVersion.minimumSupported, "\(linked)")
            #expect(SDLVersion.compiled.major == 3)
            #expect(SDLVersion.minimumSupported == SDLVersion(major: 3, minor: 2, patch: 0))
        }

        @Test("an action posted in frame N is felt in frame N: the jump rule of the shipped config reaches the pad inside that update")
        func actionFeltInItsFrame() throws {
            let pad = try VirtualGameController()
            let rig = try SDL3Rig()
            rig.pump()
            try rig.haptics.mapping.load(file: Self.config, watch: false)
            rig.frames(3)
            #expect(pad.rumbleCalls.isEmpty, "nothing before the action")
            rig.haptics.post(.action("jump", player: 0))
            rig.frames(1)
            let felt = try #require(pad.lastRumble, "felt on the update of the frame it was posted in")
            #expect(max(felt.low, felt.high) > 0)
            rig.frames(120)
            #expect(pad.lastRumble?.pair == [0, 0], "and it ends")
        }

        @Test("a collision through the config: the player's pad rumbles on the same update, stronger for the heavier crate; the other pad stays still")
        func collisionToPad() throws {
            let first = try VirtualGameController()
            let second = try VirtualGameController()
            let rig = try SDL3Rig()
            rig.pump()
            try rig.haptics.mapping.load(file: Self.config, watch: false)
            rig.haptics.post(.collision(massA: 1, massB: nil, speed: 6, materials: ("crate", "stone"), player: 1))
            rig.frames(1)
            let light = try #require(second.lastRumble)
            rig.frames(60)
            rig.haptics.post(.collision(massA: 1000, massB: nil, speed: 6, materials: ("crate", "stone"), player: 1))
            rig.frames(1)
            let heavy = try #require(second.lastRumble)
            #expect(max(heavy.low, heavy.high) > max(light.low, light.high))
            #expect(first.rumbleCalls.isEmpty)
        }

        @Test("pads come and go: added on SDL_EVENT_GAMEPAD_ADDED, stopped and released on SDL_EVENT_GAMEPAD_REMOVED, back on the same player with a reset")
        func padsComeAndGo() throws {
            let rig = try SDL3Rig()
            var pad: VirtualGameController? = try VirtualGameController(model: .xboxOne)
            rig.pump()
            let info = try #require(rig.haptics.pads.controller(forPlayer: 0))
            #expect(info.kind == .xboxOne && info.hasRumble && info.hasTriggerRumble && info.bus == .virtual)
            #expect(info.instanceID == Int32(bitPattern: pad!.instanceID))
            #expect(rig.haptics.pads.canRumble(player: 0))
            #expect(rig.haptics.play(SDL3Rig.texture(5), player: 0) != nil)
            rig.frames(2)
            #expect(pad!.lastRumble.map { $0.low > 0 || $0.high > 0 } == true)
            let calls = pad!.rumbleCalls.count
            pad!.detach()
            rig.pump()
            #expect(rig.haptics.pads.controllers.isEmpty)
            #expect(!rig.haptics.pads.canRumble(player: 0))
            #expect(rig.stopped.map(\.player) == [0] && rig.stopped.first?.reason == .gameControllerDisconnected)
            rig.frames(2)
            #expect(pad!.rumbleCalls.count == calls, "nothing reaches a pad that left")
            pad = nil
            let again = try VirtualGameController(model: .xboxOne)
            rig.pump()
            #expect(rig.haptics.pads.controller(forPlayer: 0)?.instanceID == Int32(bitPattern: again.instanceID))
            #expect(rig.resets == [0], "a pad back on player 0 resets its engine")
            #expect(rig.haptics.play(SDL3Rig.texture(1), player: 0) != nil)
            rig.frames(2)
            #expect(again.lastRumble.map { $0.low > 0 || $0.high > 0 } == true)
        }

        @Test("two pads take players 0 and 1 in order; a third waits for a free player and takes the one a leaving pad frees")
        func players() throws {
            let rig = try SDL3Rig(configuration: {
                var configuration = GameHapticsConfiguration()
                configuration.playerCount = 2
                return configuration
            }())
            let a = try VirtualGameController(), b = try VirtualGameController(), c = try VirtualGameController()
            rig.pump()
            #expect(rig.haptics.pads.controller(forPlayer: 0)?.instanceID == Int32(bitPattern: a.instanceID))
            #expect(rig.haptics.pads.controller(forPlayer: 1)?.instanceID == Int32(bitPattern: b.instanceID))
            #expect(rig.haptics.pads.controller(instanceID: Int32(bitPattern: c.instanceID))?.player == nil)
            a.detach()
            rig.pump()
            #expect(rig.haptics.pads.controller(forPlayer: 0)?.instanceID == Int32(bitPattern: c.instanceID))
            rig.haptics.play(.impact(), player: 0)
            rig.frames(1)
            #expect(c.lastRumble != nil && b.rumbleCalls.isEmpty)
        }

        @Test("focus loss stops the rumble at once with (0,0), under the pause policy and the stopEngines policy; focus back plays again")
        func focusLossStopsRumble() throws {
            for policy in [GameHapticsConfiguration.FocusPolicy.pause, .stopEngines] {
                var configuration = GameHapticsConfiguration()
                configuration.focusPolicy = policy
                let pad = try VirtualGameController()
                let rig = try SDL3Rig(configuration: configuration)
                rig.pump()
                let looping = try #require(rig.haptics.play(SDL3Rig.texture(10), player: 0))
                rig.frames(2)
                #expect(pad.lastRumble.map { $0.low > 0 || $0.high > 0 } == true, "\(policy)")
                rig.focus(false)
                #expect(pad.lastRumble?.pair == [0, 0], "\(policy): (0,0) at once")
                let calls = pad.rumbleCalls.count
                rig.frames(30)
                #expect(pad.rumbleCalls[calls...].allSatisfy { $0.pair == [0, 0] },
                        "\(policy): nothing while unfocused")
                rig.focus(true)
                if policy == .stopEngines { try looping.start(atTime: 0) }
                rig.frames(2)
                #expect(pad.lastRumble.map { $0.low > 0 || $0.high > 0 } == true, "\(policy): back")
                rig.haptics.shutdown()
            }
        }

        @Test("shutdown (quit) leaves the pad at (0,0) and its DualSense triggers off; so does letting GameHaptics go")
        func quitStopsPads() throws {
            let pad = try VirtualGameController(model: .ps5)
            var rig: SDL3Rig? = try SDL3Rig()
            rig!.pump()
            rig!.haptics.play(SDL3Rig.texture(10), player: 0)
            rig!.haptics.pads.adaptiveTriggers(forPlayer: 0)?.right.setModeFeedbackWithStartPosition(0.2, resistiveStrength: 1)
            rig!.frames(2)
            #expect(pad.lastRumble.map { $0.low > 0 || $0.high > 0 } == true)
            #expect(pad.lastEffect.map { $0[10] != 0x05 } == true, "an effect on R2")
            rig!.haptics.shutdown()
            #expect(pad.lastRumble?.pair == [0, 0])
            #expect(pad.lastEffect.map { Array($0[10...31]) } == [0x05] + [UInt8](repeating: 0, count: 10) + [0x05] + [UInt8](repeating: 0, count: 10),
                    "both triggers off")
            rig = nil
            let second = try VirtualGameController()
            var other: SDL3Rig? = try SDL3Rig()
            other!.pump()
            other!.haptics.play(SDL3Rig.texture(10), player: 0)
            other!.frames(2)
            #expect(second.lastRumble.map { $0.low > 0 || $0.high > 0 } == true)
            other = nil
            #expect(second.lastRumble?.pair == [0, 0], "deinit shuts down")
        }

        @Test("a virtual pad with the xboxOne profile reads back what it received: its profile, the body and trigger levels SDL passed on")
        func xboxOneReadsBack() throws {
            let pad = try VirtualGameController(model: .xboxOne)
            let rig = try SDL3Rig()
            rig.pump()
            let info = try #require(rig.haptics.pads.controller(forPlayer: 0))
            #expect(info.profile.name == VirtualGameController.Model.xboxOne.profileName)
            #expect(info.profile.name == "xboxOne")
            #expect(rig.haptics.pads.triggerOutput(forPlayer: 0)?.support == .triggerRumble)
            let body = try #require(rig.haptics.play(SDL3Rig.texture(0.5, intensity: 1), player: 0))
            let triggers = HapticPattern(events: [.continuous(at: 0, duration: 0.5, intensity: 1, sharpness: 0.5)])
            #expect(rig.haptics.play(triggers, player: 0, locality: .triggers) != nil)
            rig.frames(12)
            let output = try #require(rig.haptics.pads.rumbleOutput(forPlayer: 0))
            let summary = pad.summary
            #expect(summary.calls == output.statistics.bodyChanges + output.statistics.keepAlives + output.statistics.stops)
            #expect([summary.low, summary.high] == [output.sentValues.low, output.sentValues.high], "the pad has what was sent")
            #expect([summary.leftTrigger, summary.rightTrigger] == [output.sentValues.leftTrigger, output.sentValues.rightTrigger])
            #expect(summary.peakLow > 0 && summary.peakLeftTrigger > 0 && summary.peakRightTrigger > 0)
            #expect(pad.triggerCalls.count == summary.triggerCalls)
            try body.stop(atTime: 0)
            rig.frames(60)
            #expect(pad.lastRumble?.pair == [0, 0] && pad.lastTriggerRumble?.pair == [0, 0])
        }

        @Test("DualSense: SDL 3 reports the virtual pad as a PS5 pad; a weapon on R2 arrives as exact bytes through SDL_SendGamepadEffect")
        func dualSenseWeapon() throws {
            let pad = try VirtualGameController(model: .ps5)
            let rig = try SDL3Rig()
            rig.pump()
            #expect(rig.haptics.pads.controller(forPlayer: 0)?.kind == .ps5)
            #expect(rig.haptics.pads.controller(forPlayer: 0)?.adaptiveTriggers == .adaptive)
            #expect(pad.effectCalls.count == 1, "attaching sends off: a known state")
            rig.haptics.pads.adaptiveTriggers(forPlayer: 0)?.right.setModeWeaponWithStartPosition(0.2, endPosition: 0.6, resistiveStrength: 1)
            rig.frames(1)
            var expected = [UInt8](repeating: 0, count: 47)
            expected[0] = 0x0C
            expected[10] = 0x25; expected[11] = 0x24; expected[13] = 0x07
            expected[21] = 0x05
            #expect(pad.lastEffect == expected)
            #expect(pad.rumbleCalls.isEmpty, "trigger effects never touch the rumble")
        }
    }
}
