import CHapticsSDL2
import Foundation
import HapticsSDL
import Testing

extension SDLTests {
    @Suite("Virtual game controllers through real SDL")
    struct VirtualGameControllerTests {
        init() {
            setenv("SDL_VIDEODRIVER", "dummy", 1)
            setenv("SDL_AUDIODRIVER", "dummy", 1)
        }

        @Test("recordings keep the last recordingLimit calls of each kind: memory stays bounded (issue 31)")
        func boundedRecording() throws {
            let sdl = try SDLSubsystems([.gameController, .events])
            defer { sdl.stop() }
            let pad = try VirtualGameController(model: .ps5, recordingLimit: 10)
            let index = try #require(pad.deviceIndex)
            let controller = try #require(SDL_GameControllerOpen(index))
            defer { SDL_GameControllerClose(controller) }
            var effect = [UInt8](repeating: 0, count: 47)
            for value in 1...100 {
                #expect(SDL_GameControllerRumble(controller, UInt16(value), UInt16(value), 100) == 0)
                effect[11] = UInt8(value)
                #expect(SDL_GameControllerSendEffect(controller, effect, 47) == 0)
            }
            #expect(pad.rumbleCalls.map(\.low) == Array(91...100).map(UInt16.init), "the last 10, oldest first")
            #expect(pad.lastRumble?.low == 100)
            #expect(pad.effectCalls.map { $0.bytes[11] } == Array(91...100).map(UInt8.init))
            #expect(pad.effectCount == 100)
            #expect(pad.droppedCalls == 180)
            #expect(pad.summary.calls == 100, "the summary counts every call")
            pad.clearRecording()
            #expect(pad.rumbleCalls.isEmpty && pad.droppedCalls == 0)
        }

        @Test("a pad made with other ids is named after them, typed by SDL from them, and has body motors only")
        func ownIDs() throws {
            let sdl = try SDLSubsystems([.gameController, .events])
            defer { sdl.stop() }
            let series = try VirtualGameController(ids: (0x045E, 0x0B12))
            let index = try #require(series.deviceIndex)
            #expect(SDL_GameControllerTypeForIndex(index) == SDL_CONTROLLER_TYPE_XBOXONE)
            #expect(String(cString: SDL_JoystickNameForIndex(index)) == "SDLHaptics virtual 045e:0b12")
            #expect(series.profileName == "xboxOne")
            #expect((series.vendorID, series.productID) == (0x045E, 0x0B12))
            #expect(series.hasTriggerRumble == false)
            let ideal = try VirtualGameController(model: .generic)
            #expect(String(cString: SDL_JoystickNameForIndex(try #require(ideal.deviceIndex))) == "SDLHaptics virtual pad")
            #expect(ideal.profileName == "virtual")
        }

        @Test("a virtual pad opens as a game controller and records the exact rumble values", arguments: VirtualGameController.Model.allCases)
        func rumbleReachesCallback(model: VirtualGameController.Model) throws {
            let sdl = try SDLSubsystems([.gameController, .events])
            defer { sdl.stop() }
            let pad = try VirtualGameController(model: model)
            let index = try #require(pad.deviceIndex)
            #expect(SDL_IsGameController(index) == SDL_TRUE)
            let controller = try #require(SDL_GameControllerOpen(index))
            defer { SDL_GameControllerClose(controller) }
            #expect(SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(controller)) == pad.instanceID)
            #expect(SDL_GameControllerHasRumble(controller) == SDL_TRUE)
            #expect((SDL_GameControllerHasRumbleTriggers(controller) == SDL_TRUE) == (model == .xboxOne))

            #expect(SDL_GameControllerRumble(controller, 0x1234, 0xFEDC, 100) == 0)
            #expect(pad.lastRumble?.low == 0x1234)
            #expect(pad.lastRumble?.high == 0xFEDC)
            if model == .xboxOne {
                #expect(SDL_GameControllerRumbleTriggers(controller, 7, 65535, 100) == 0)
                #expect(pad.triggerCalls.map { [$0.low, $0.high] } == [[7, 65535]])
            }
            let expectedType: SDL_GameControllerType = switch model {
            case .xboxOne: SDL_CONTROLLER_TYPE_XBOXONE
            case .ps4: SDL_CONTROLLER_TYPE_PS4
            case .ps5: SDL_CONTROLLER_TYPE_PS5
            case .switchPro: SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_PRO
            case .generic: SDL_CONTROLLER_TYPE_VIRTUAL
            case .xbox360: SDL_CONTROLLER_TYPE_XBOX360
            }
            #expect(SDL_GameControllerGetType(controller) == expectedType)
        }

        @Test("each model gets the motor profile it names, through GameHaptics; a summary of what it received",
              arguments: VirtualGameController.Model.allCases)
        func profileOfModel(model: VirtualGameController.Model) throws {
            #expect(VirtualGameController.Model(profileName: model.profileName) == model)
            let rig = try GameHapticsRig()
            defer { rig.haptics.shutdown() }
            let pad = try VirtualGameController(model: model, recordsRumble: false)
            rig.pump()
            let controller = try #require(rig.haptics.pads.controller(instanceID: pad.instanceID))
            #expect(controller.profile.name == model.profileName)
            _ = rig.haptics.play(GameHapticsRig.texture(0.5), player: controller.player ?? 0)
            rig.frames(3)
            let summary = pad.summary
            #expect(summary.calls > 0 && summary.peakLow > 0 && summary.peakHigh > 0)
            #expect(pad.rumbleCalls.isEmpty, "recordsRumble: false keeps the summary only")
            rig.frames(60)
            #expect(pad.summary.low == 0 && pad.summary.high == 0)
            #expect(pad.summary.peakLow >= summary.peakLow, "peaks are kept")
            pad.clearRecording()
            #expect(pad.summary == VirtualGameController.RumbleSummary())
        }

        @Test("profile names no virtual pad can have are refused")
        func impossibleProfiles() {
            #expect(VirtualGameController.Model(profileName: "xboxOneBluetooth") == nil, "SDL's virtual bus is never Bluetooth")
            #expect(VirtualGameController.Model(profileName: "Xbox") == nil)
            #expect(Set(VirtualGameController.Model.allCases.map(\.profileName)) == ["xboxOne", "ps4", "ps5", "switchPro", "generic", "virtual"])
        }

        @Test("identical values are not re-sent; an expired rumble is stopped with (0,0) when SDL pumps")
        func expiryAfterPump() throws {
            let sdl = try SDLSubsystems([.gameController, .events])
            defer { sdl.stop() }
            let pad = try VirtualGameController()
            let index = try #require(pad.deviceIndex)
            let controller = try #require(SDL_GameControllerOpen(index))
            defer { SDL_GameControllerClose(controller) }
            SDL_GameControllerRumble(controller, 1000, 2000, 30)
            SDL_GameControllerRumble(controller, 1000, 2000, 30)
            #expect(pad.rumbleCalls.count == 1, "SDL extends the expiry of identical values without calling the pad")
            SDL_Delay(60)
            SDL_PumpEvents()
            #expect(pad.rumbleCalls.map { [$0.low, $0.high] } == [[1000, 2000], [0, 0]])
        }

        @Test("detaching removes the pad and posts a removal event")
        func detach() throws {
            let sdl = try SDLSubsystems([.gameController, .events])
            defer { sdl.stop() }
            let before = SDL_NumJoysticks()
            let pad = try VirtualGameController()
            #expect(SDL_NumJoysticks() == before + 1)
            let id = pad.instanceID
            SDL_PumpEvents()
            SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
            pad.detach()
            #expect(pad.deviceIndex == nil)
            #expect(SDL_NumJoysticks() == before)
            SDL_PumpEvents()
            var event = SDL_Event()
            var removed = false
            while SDL_PollEvent(&event) != 0 {
                if event.type == SDL_JOYDEVICEREMOVED.rawValue, event.jdevice.which == id { removed = true }
            }
            #expect(removed)
            pad.detach()  // idempotent
        }
    }
}
