import CHapticsSDL2
import Foundation
import HapticsSDL
import Testing

extension SDLTests {
    @Suite("SDL starts headless")
    struct SDLStartupTests {
        @Test("the linked SDL is at least 2.26")
        func linkedVersion() {
            let linked = SDLVersion.linked
            #expect(linked >= SDLVersion(major: 2, minor: 26, patch: 0), "linked SDL \(linked)")
            #expect(linked.major == 2)
            #expect(SDLVersion.compiled.major == 2)
        }

        @Test("game controller, events and video start with the dummy video driver and stop again")
        func headlessInit() throws {
            setenv("SDL_VIDEODRIVER", "dummy", 1)
            setenv("SDL_AUDIODRIVER", "dummy", 1)
            let subsystems = try SDLSubsystems([.gameController, .events, .video])
            #expect(SDLSubsystems.areRunning([.gameController, .events, .video]))
            #expect(String(cString: SDL_GetCurrentVideoDriver()) == "dummy")
            subsystems.stop()
            #expect(!SDLSubsystems.areRunning(.gameController))
            subsystems.stop()  // idempotent
        }

        @Test("SDLSubsystems.Set's flags (the front end's, shared by both SDLs) are SDL2's SDL_INIT_ flags")
        func subsystemFlags() {
            #expect(SDLSubsystems.Set.gameController.rawValue == SDL_INIT_GAMECONTROLLER)
            #expect(SDLSubsystems.Set.audio.rawValue == SDL_INIT_AUDIO)
            #expect(SDLSubsystems.Set.events.rawValue == SDL_INIT_EVENTS)
            #expect(SDLSubsystems.Set.video.rawValue == SDL_INIT_VIDEO)
        }

        @Test("version ordering and description")
        func versionOrdering() {
            #expect(SDLVersion(major: 2, minor: 26, patch: 5) > SDLVersion(major: 2, minor: 26, patch: 0))
            #expect(SDLVersion(major: 2, minor: 9, patch: 0) < SDLVersion(major: 2, minor: 26, patch: 0))
            #expect(SDLVersion(major: 2, minor: 26, patch: 5).description == "2.26.5")
        }
    }
}
