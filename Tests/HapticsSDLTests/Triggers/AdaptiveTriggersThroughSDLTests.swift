import CHapticsSDL2
import Haptics
@testable import HapticsSDL
import Testing

extension SDLTests {
    @Suite("Adaptive triggers through real SDL: a virtual DualSense records the effect bytes")
    struct AdaptiveTriggersThroughSDLTests {
        static let off: [UInt8] = [0x05, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]

        /// The right (bytes 10-20) and left (21-31) blocks of a recorded effects state.
        static func blocks(_ bytes: [UInt8]?) -> (right: [UInt8], left: [UInt8])? {
            guard let bytes, bytes.count == 47 else { return nil }
            return (Array(bytes[10...20]), Array(bytes[21...31]))
        }

        @Test("SDL reports the virtual DualSense as a PS5 pad with adaptive triggers; a weapon on R2 arrives as exact bytes")
        func weaponOnR2() throws {
            let pad = try VirtualGameController(model: .ps5)
            let rig = try GameHapticsRig()
            rig.pump()
            #expect(rig.haptics.pads.controller(forPlayer: 0)?.kind == .ps5)
            #expect(rig.haptics.pads.controller(forPlayer: 0)?.adaptiveTriggers == .adaptive)
            #expect(rig.haptics.pads.triggerOutput(forPlayer: 0)?.support == .adaptive)
            #expect(rig.haptics.pads.triggerWatchdog?.isStarted == true, "a DualSense starts the watchdog")
            #expect(pad.effectCalls.count == 1, "attaching sends off: a known state")
            #expect(Self.blocks(pad.lastEffect)?.right == Self.off)
            let triggers = try #require(rig.haptics.pads.adaptiveTriggers(forPlayer: 0))
            triggers.right.setModeWeaponWithStartPosition(0.2, endPosition: 0.6, resistiveStrength: 1)
            rig.frames(1)
            var expected = [UInt8](repeating: 0, count: 47)
            expected[0] = 0x0C
            expected[10] = 0x25; expected[11] = 0x24; expected[13] = 0x07
            expected[21] = 0x05
            #expect(pad.lastEffect == expected)
            #expect(pad.rumbleCalls.isEmpty, "trigger effects never touch the rumble")
        }

        @Test("every mode, set from Swift, reaches the pad as its block; bytes 1-9 (rumble, audio) stay 0")
        func everyMode() throws {
            let pad = try VirtualGameController(model: .ps5)
            let rig = try GameHapticsRig()
            rig.pump()
            let triggers = try #require(rig.haptics.pads.adaptiveTriggers(forPlayer: 0))
            var ramp = AdaptiveTrigger.PositionalValues()
            for zone in 1...8 { ramp[zone] = Double(zone - 1) / 8 + 0.125 }
            let cases: [(AdaptiveTrigger.Effect, [UInt8])] = [
                (.feedback(startPosition: 0.5, resistiveStrength: 0.5), [0x21, 0xE0, 0x03, 0x00, 0x80, 0x6D, 0x1B, 0, 0, 0, 0]),
                (.weapon(startPosition: 0, endPosition: 1, resistiveStrength: 0.5), [0x25, 0x04, 0x01, 0x03, 0, 0, 0, 0, 0, 0, 0]),
                (.vibration(startPosition: 0.3, amplitude: 0.25, frequency: 0.1), [0x26, 0xF8, 0x03, 0x00, 0x92, 0x24, 0x09, 0, 0, 0x1A, 0]),
                (.positionalFeedback(resistiveStrengths: ramp), [0x21, 0xFE, 0x01, 0x40, 0x34, 0xD6, 0x07, 0, 0, 0, 0]),
                (.slopeFeedback(startPosition: 0, endPosition: 1, startStrength: 0, endStrength: 1), [0x21, 0xFF, 0x03, 0x88, 0x34, 0xB6, 0x3E, 0, 0, 0, 0]),
                (.off, Self.off),
            ]
            for (effect, block) in cases {
                triggers.left.setEffect(effect)
                rig.frames(1)
                let sent = try #require(pad.lastEffect)
                #expect(Self.blocks(sent)?.left == block, "\(effect)")
                #expect(Self.blocks(sent)?.right == Self.off)
                #expect(sent[0] == 0x0C && sent[1...9].allSatisfy { $0 == 0 } && sent[32...].allSatisfy { $0 == 0 })
            }
            var ends = AdaptiveTrigger.PositionalValues()
            ends[0] = 1
            ends[9] = 1
            triggers.right.setModeVibration(amplitudes: ends, frequency: 0.5)
            rig.frames(1)
            #expect(Self.blocks(pad.lastEffect)?.right == [0x26, 0x01, 0x02, 0x07, 0x00, 0x00, 0x38, 0, 0, 0x80, 0])
        }

        @Test("sent only on change, and never faster than the DualSense's 10 ms")
        func changeOnlyAndInterval() throws {
            let pad = try VirtualGameController(model: .ps5)
            let rig = try GameHapticsRig()
            rig.pump()
            let triggers = try #require(rig.haptics.pads.adaptiveTriggers(forPlayer: 0))
            let output = try #require(rig.haptics.pads.triggerOutput(forPlayer: 0))
            #expect(output.minimumUpdateInterval == 0.010)
            pad.clearRecording()
            for _ in 0..<30 {
                triggers.right.setModeFeedbackWithStartPosition(0.2, resistiveStrength: 0.8)
                rig.frames(1)
            }
            #expect(pad.effectCalls.count == 1, "the same effect every frame is sent once")
            // A value that rounds to the same level sends nothing either.
            triggers.right.setModeFeedbackWithStartPosition(0.21, resistiveStrength: 0.81)
            rig.frames(3)
            #expect(pad.effectCalls.count == 1)
            // Two changes 2 ms apart: the second waits until 10 ms have passed since the first.
            triggers.right.setModeFeedbackWithStartPosition(0.2, resistiveStrength: 0.3)
            rig.frames(1, step: 0.002)
            triggers.right.setModeFeedbackWithStartPosition(0.2, resistiveStrength: 1)
            rig.frames(1, step: 0.002)
            #expect(pad.effectCalls.count == 2)
            #expect(output.statistics.deferred == 1)
            rig.frames(4, step: 0.002)
            #expect(pad.effectCalls.count == 3)
            #expect(Self.blocks(pad.lastEffect)?.right == DualSenseTriggerEncoder.block(for: .feedback(startPosition: 0.2, resistiveStrength: 1)).bytes)
            let times = pad.effectCalls.map(\.ticksMilliseconds)
            #expect(times == times.sorted())
        }

        @Test("a game value drives resistance frame by frame: one send per level change, none in between")
        func perFrameDrive() throws {
            let pad = try VirtualGameController(model: .ps5)
            let rig = try GameHapticsRig()
            rig.pump()
            let brake = try #require(rig.haptics.pads.adaptiveTriggers(forPlayer: 0)?.left)
            pad.clearRecording()
            // A cart speeding up from 0 to 10 m/s over 2 s; resistance = speed / 10.
            for frame in 0...120 {
                let speed = Double(frame) / 12
                brake.setModeFeedbackWithStartPosition(0.1, resistiveStrength: speed / 10)
                rig.frames(1)
            }
            let levels = pad.effectCalls.compactMap { Self.blocks($0.bytes)?.left }
            // The pad already holds off (sent on attach), so level 0 sends nothing; then one state per level 1...8.
            #expect(levels.count == 8)
            #expect(levels.first == DualSenseTriggerEncoder.block(for: .feedback(startPosition: 0.1, resistiveStrength: 0.125)).bytes)
            #expect(levels.last == DualSenseTriggerEncoder.block(for: .feedback(startPosition: 0.1, resistiveStrength: 1)).bytes)
            #expect(Set(levels).count == 8)
            #expect(levels.map { ($0[3] >> 3) & 0x07 } == [0, 1, 2, 3, 4, 5, 6, 7], "start 0.1 is zone 1 (bits 3-5); zone 1's level - 1 climbs one step per send")
        }

        @Test("off on pause and back on resume; off on focus loss (both policies); off when the engine stops or the mixer is disabled")
        func stopPaths() throws {
            let pad = try VirtualGameController(model: .ps5)
            let rig = try GameHapticsRig()
            rig.pump()
            let triggers = try #require(rig.haptics.pads.adaptiveTriggers(forPlayer: 0))
            let weapon = DualSenseTriggerEncoder.block(for: .weapon(startPosition: 0.2, endPosition: 0.6, resistiveStrength: 1)).bytes
            triggers.right.setModeWeaponWithStartPosition(0.2, endPosition: 0.6, resistiveStrength: 1)
            rig.frames(1)
            #expect(Self.blocks(pad.lastEffect)?.right == weapon)

            rig.haptics.playback.pause()
            #expect(Self.blocks(pad.lastEffect)?.right == Self.off, "pause: off at once, before any update")
            let callsWhilePaused = pad.effectCalls.count
            rig.frames(10)
            #expect(pad.effectCalls.count == callsWhilePaused, "stays off while paused, nothing more sent")
            rig.haptics.playback.resume()
            rig.frames(1)
            #expect(Self.blocks(pad.lastEffect)?.right == weapon, "resume: the game's effect again")

            rig.focus(false)
            #expect(Self.blocks(pad.lastEffect)?.right == Self.off, "focus loss (pause policy)")
            rig.focus(true)
            rig.frames(1)
            #expect(Self.blocks(pad.lastEffect)?.right == weapon)

            rig.haptics.pads.engine(forPlayer: 0)?.stop()
            rig.frames(1)
            #expect(Self.blocks(pad.lastEffect)?.right == Self.off, "engine stopped by the game")
            try rig.haptics.pads.engine(forPlayer: 0)?.start()
            rig.frames(1)
            #expect(Self.blocks(pad.lastEffect)?.right == weapon)

            rig.haptics.playback.mixer.isEnabled = false
            rig.frames(1)
            #expect(Self.blocks(pad.lastEffect)?.right == Self.off, "haptics disabled in the settings")
            rig.haptics.playback.mixer.isEnabled = true
            rig.frames(1)
            #expect(Self.blocks(pad.lastEffect)?.right == weapon)

            rig.haptics.playback.stopAll()
            #expect(Self.blocks(pad.lastEffect)?.right == Self.off, "stopAll: off, and the effect is cleared")
            rig.frames(3)
            #expect(Self.blocks(pad.lastEffect)?.right == Self.off)
            #expect(triggers.right.effect == .off)
        }

        @Test("focus loss with the stopEngines policy: off; focus back: on again")
        func focusStopEngines() throws {
            let pad = try VirtualGameController(model: .ps5)
            var configuration = GameHapticsConfiguration()
            configuration.focusPolicy = .stopEngines
            let rig = try GameHapticsRig(configuration: configuration)
            rig.pump()
            let triggers = try #require(rig.haptics.pads.adaptiveTriggers(forPlayer: 0))
            triggers.left.setModeVibrationWithStartPosition(0, amplitude: 1, frequency: 1)
            rig.frames(1)
            let vibration = DualSenseTriggerEncoder.block(for: triggers.left.effect).bytes
            #expect(Self.blocks(pad.lastEffect)?.left == vibration)
            rig.focus(false)
            rig.frames(2)
            #expect(Self.blocks(pad.lastEffect)?.left == Self.off)
            rig.focus(true)
            rig.frames(1)
            #expect(Self.blocks(pad.lastEffect)?.left == vibration)
        }

        @Test("shutdown sends off; so does deinit")
        func shutdown() throws {
            let pad = try VirtualGameController(model: .ps5)
            do {
                let rig = try GameHapticsRig()
                rig.pump()
                rig.haptics.pads.adaptiveTriggers(forPlayer: 0)?.right.setModeFeedbackWithStartPosition(0, resistiveStrength: 1)
                rig.frames(1)
                #expect(Self.blocks(pad.lastEffect)?.right.first == 0x21)
                rig.haptics.shutdown()
                #expect(Self.blocks(pad.lastEffect)?.right == Self.off)
            }
            let second = try VirtualGameController(model: .ps5)
            do {
                let rig = try GameHapticsRig()
                rig.pump()
                rig.haptics.pads.adaptiveTriggers(forPlayer: 0)?.left.setModeFeedbackWithStartPosition(0, resistiveStrength: 1)
                rig.frames(1)
                let index = rig.haptics.pads.controllers.firstIndex { $0.instanceID == second.instanceID }
                #expect(index != nil)
            }
            #expect(Self.blocks(pad.lastEffect)?.left == Self.off, "deinit: every pad gets off")
            #expect(Self.blocks(second.lastEffect)?.left == Self.off)
        }

        @Test("unplugged: the output stops and forgets the pad; plugged back: off first, effects cleared, reset handler")
        func unplugAndReplug() throws {
            let pad = try VirtualGameController(model: .ps5)
            let rig = try GameHapticsRig()
            rig.pump()
            let triggers = try #require(rig.haptics.pads.adaptiveTriggers(forPlayer: 0))
            let output = try #require(rig.haptics.pads.triggerOutput(forPlayer: 0))
            triggers.right.setModeWeaponWithStartPosition(0.3, endPosition: 0.7, resistiveStrength: 1)
            rig.frames(1)
            let stopsBefore = output.statistics.stops
            pad.detach()
            rig.pump()
            #expect(output.statistics.stops == stopsBefore + 1, "an off was attempted (the pad is already gone)")
            #expect(!output.isConnected)
            #expect(output.support == .unsupported)
            rig.frames(3)

            let back = try VirtualGameController(model: .ps5)
            rig.pump()
            #expect(rig.resets == [0])
            #expect(back.effectCalls.count == 1)
            #expect(Self.blocks(back.lastEffect)?.right == Self.off, "the pad starts from off")
            #expect(triggers.right.effect == .off, "effects end on a reconnection, as players do")
            rig.frames(3)
            #expect(back.effectCalls.count == 1)
        }

        @Test("player reassignment: both pads get off and both players' effects are cleared")
        func reassignment() throws {
            let first = try VirtualGameController(model: .ps5)
            let second = try VirtualGameController(model: .ps5)
            let rig = try GameHapticsRig()
            rig.pump()
            rig.haptics.pads.adaptiveTriggers(forPlayer: 0)?.right.setModeFeedbackWithStartPosition(0, resistiveStrength: 1)
            rig.haptics.pads.adaptiveTriggers(forPlayer: 1)?.left.setModeFeedbackWithStartPosition(0, resistiveStrength: 0.5)
            rig.frames(1)
            #expect(Self.blocks(first.lastEffect)?.right.first == 0x21)
            #expect(Self.blocks(second.lastEffect)?.left.first == 0x21)
            rig.haptics.pads.assign(controller: first.instanceID, toPlayer: 1)
            #expect(rig.haptics.pads.controller(forPlayer: 1)?.instanceID == first.instanceID)
            #expect(Self.blocks(first.lastEffect)?.right == Self.off)
            #expect(Self.blocks(second.lastEffect)?.left == Self.off)
            rig.frames(2)
            #expect(Self.blocks(first.lastEffect)?.left == Self.off && Self.blocks(first.lastEffect)?.right == Self.off)
            #expect(Self.blocks(second.lastEffect)?.left == Self.off && Self.blocks(second.lastEffect)?.right == Self.off)
        }

        @Test("the game stops calling update: the watchdog thread turns the triggers off; updates again: the effect comes back")
        func watchdog() throws {
            let pad = try VirtualGameController(model: .ps5)
            var configuration = GameHapticsConfiguration()
            configuration.triggerWatchdogMilliseconds = 50
            let rig = try GameHapticsRig(configuration: configuration)
            rig.pump()
            let triggers = try #require(rig.haptics.pads.adaptiveTriggers(forPlayer: 0))
            triggers.right.setModeFeedbackWithStartPosition(0, resistiveStrength: 1)
            rig.frames(1)
            let feedback = DualSenseTriggerEncoder.block(for: triggers.right.effect).bytes
            #expect(Self.blocks(pad.lastEffect)?.right == feedback)
            // No update (a hang); wait up to 2 s of real time for the watchdog.
            let deadline = SDL_GetTicks64() + 2000
            while Self.blocks(pad.lastEffect)?.right != Self.off && SDL_GetTicks64() < deadline { SDL_Delay(10) }
            #expect(Self.blocks(pad.lastEffect)?.right == Self.off)
            #expect(rig.haptics.pads.triggerWatchdog?.firings.load(ordering: .relaxed) == 1)
            SDL_Delay(120)
            #expect(rig.haptics.pads.triggerWatchdog?.firings.load(ordering: .relaxed) == 1, "fires once per stall")
            rig.frames(1)
            #expect(Self.blocks(pad.lastEffect)?.right == feedback)
        }

        @Test("from the config: an event rule puts a weapon on R2, a texture drives L2's resistance frame by frame, its stop turns it off")
        func fromConfig() throws {
            let pad = try VirtualGameController(model: .ps5)
            let rig = try GameHapticsRig()
            rig.pump()
            let config = """
            [[rule]]
            event = "custom"
            custom = "equip_bow"
            trigger_effect = { side = "right", mode = "weapon", start = 0.2, end = 0.6, strength = 1 }

            [[rule]]
            event = "texture"
            texture = "cart_brake"
            trigger_effect = { side = "left", mode = "feedback", start = 0, strength = { input = "value", input_range = [0, 8], output_range = [0, 1] } }
            """
            rig.haptics.mapping.events.use(try LoadedMapping.load(text: config, presets: .builtIn()))
            rig.haptics.post(.custom("equip_bow", player: 0))
            rig.frames(1)
            #expect(Self.blocks(pad.lastEffect)?.right == [0x25, 0x24, 0x00, 0x07, 0, 0, 0, 0, 0, 0, 0])
            pad.clearRecording()
            // Speed 1...8 m/s: strength speed/8 is level 1...8 exactly, one state per frame.
            for speed in 1...8 {
                rig.haptics.post(.texture(id: 1, .update, value: Double(speed), kind: "cart_brake", player: 0))
                rig.frames(1)
            }
            let left = pad.effectCalls.compactMap { Self.blocks($0.bytes)?.left }
            #expect(left.count == 8)
            #expect(left.map { $0[3] & 0x07 } == [0, 1, 2, 3, 4, 5, 6, 7], "zone 0's level - 1 follows the speed")
            #expect(pad.effectCalls.allSatisfy { Self.blocks($0.bytes)?.right == [0x25, 0x24, 0x00, 0x07, 0, 0, 0, 0, 0, 0, 0] },
                    "R2 keeps its weapon")
            rig.haptics.post(.texture(id: 1, .stop, kind: "cart_brake", player: 0))
            rig.frames(1)
            #expect(Self.blocks(pad.lastEffect)?.left == Self.off)
        }

        @Test("Xbox pad: vibration rumbles the trigger motor past the start position; a weapon pulses when it gives way; resistance is not felt")
        func xboxFallback() throws {
            let pad = try VirtualGameController(model: .xboxOne)
            let rig = try GameHapticsRig()
            rig.pump()
            #expect(rig.haptics.pads.controller(forPlayer: 0)?.adaptiveTriggers == .triggerRumble)
            #expect(rig.haptics.pads.triggerWatchdog == nil, "no DualSense, no watchdog thread")
            let triggers = try #require(rig.haptics.pads.adaptiveTriggers(forPlayer: 0))
            triggers.right.setModeVibrationWithStartPosition(0.5, amplitude: 0.5, frequency: 0.5)
            pad.setAxis(Int32(SDL_CONTROLLER_AXIS_TRIGGERRIGHT.rawValue), value: -32768)   // released
            SDL_GameControllerUpdate()
            rig.frames(2)
            #expect(pad.triggerCalls.isEmpty, "released: below the start position")
            pad.setAxis(Int32(SDL_CONTROLLER_AXIS_TRIGGERRIGHT.rawValue), value: 32767)    // fully pressed
            SDL_GameControllerUpdate()
            rig.frames(1)
            #expect(pad.lastTriggerRumble.map { [$0.low, $0.high] } == [0, 32768])
            rig.haptics.playback.pause()
            #expect(pad.lastTriggerRumble.map { [$0.low, $0.high] } == [0, 0], "pause stops the fallback too")
            rig.haptics.playback.resume()
            rig.frames(1)
            #expect(pad.lastTriggerRumble.map { [$0.low, $0.high] } == [0, 32768])

            triggers.right.setModeFeedbackWithStartPosition(0, resistiveStrength: 1)
            rig.frames(1)
            #expect(pad.lastTriggerRumble.map { [$0.low, $0.high] } == [0, 0], "resistance has no trigger-motor equivalent")

            triggers.right.setModeWeaponWithStartPosition(0.2, endPosition: 0.6, resistiveStrength: 1)
            pad.setAxis(Int32(SDL_CONTROLLER_AXIS_TRIGGERRIGHT.rawValue), value: -32768)
            SDL_GameControllerUpdate()
            rig.frames(1)
            pad.setAxis(Int32(SDL_CONTROLLER_AXIS_TRIGGERRIGHT.rawValue), value: 32767)   // pulled past the end
            SDL_GameControllerUpdate()
            rig.frames(1)
            #expect(pad.lastTriggerRumble.map { [$0.low, $0.high] } == [0, 65535], "the release pulse")
            rig.frames(5)   // 83 ms > 60 ms pulse
            #expect(pad.lastTriggerRumble.map { [$0.low, $0.high] } == [0, 0])

            // Positional vibration: the amplitude of the zone the trigger is in (L2 here).
            var amplitudes = AdaptiveTrigger.PositionalValues()
            amplitudes[5] = 0.25
            amplitudes[9] = 1
            triggers.left.setModeVibration(amplitudes: amplitudes, frequency: 0.5)
            // SDL maps the raw axis -32768...32767 to a trigger's 0...32767; raw 1 is half pressed (zone 5).
            // (Raw 0 would be ignored: it equals the axis' initial value.)
            pad.setAxis(Int32(SDL_CONTROLLER_AXIS_TRIGGERLEFT.rawValue), value: 1)
            SDL_GameControllerUpdate()
            rig.frames(1)
            #expect(pad.lastTriggerRumble.map { [$0.low, $0.high] } == [16384, 0])
            pad.setAxis(Int32(SDL_CONTROLLER_AXIS_TRIGGERLEFT.rawValue), value: 32767)     // fully pressed: zone 9
            SDL_GameControllerUpdate()
            rig.frames(1)
            #expect(pad.lastTriggerRumble.map { [$0.low, $0.high] } == [65535, 0])
            rig.haptics.shutdown()
            #expect(pad.lastTriggerRumble.map { [$0.low, $0.high] } == [0, 0], "shutdown stops the trigger motors")
            #expect(pad.effectCalls.isEmpty)
        }

        @Test("a pad with neither (DualShock 4): nothing is sent, even if it would take raw effects")
        func otherPads() throws {
            let pad = try VirtualGameController(model: .ps4, acceptsEffects: true)
            let rig = try GameHapticsRig()
            rig.pump()
            #expect(rig.haptics.pads.controller(forPlayer: 0)?.adaptiveTriggers == .unsupported)
            rig.haptics.pads.adaptiveTriggers(forPlayer: 0)?.right.setModeFeedbackWithStartPosition(0, resistiveStrength: 1)
            rig.frames(5)
            rig.haptics.playback.pause()
            rig.haptics.shutdown()
            #expect(pad.effectCalls.isEmpty)
            #expect(pad.triggerCalls.isEmpty)
        }
    }
}
