import CHapticsSDL2
import Foundation
import HapticsSDL
import Testing

extension SDLTests {
    /// SDL2's half of the parity check (issue 32): the shared scenario (Tests/Shared/SDLParityScenario.swift)
    /// through SDL2 gives exactly the committed lines, which Tests/SDL3's ParityTests expects of SDL3 too.
    /// SDLHAPTICS_WRITE_PARITY=1 rewrites the file from SDL2 (only after a deliberate change of what pads get).
    @Suite("The same values and bytes on SDL2 and SDL3: the SDL2 side")
    struct SDLParityTests {
        @Test("trigger rumble, body rumble and DualSense effect bytes through SDL2 are the committed ones")
        func sdl2MatchesFixture() throws {
            var configuration = GameHapticsConfiguration()
            configuration.playerCount = 2
            let xbox = try VirtualGameController(model: .xboxOne)
            let dualSense = try VirtualGameController(model: .ps5)
            let rig = try GameHapticsRig(configuration: configuration)
            rig.pump()
            let lines = SDLParityScenario.run(rig.haptics, xbox: xbox, dualSense: dualSense) { pad, value in
                pad.setAxis(Int32(SDL_CONTROLLER_AXIS_TRIGGERRIGHT.rawValue), value: value)
                SDL_GameControllerUpdate()
            }
            if ProcessInfo.processInfo.environment["SDLHAPTICS_WRITE_PARITY"] == "1" {
                try (lines.joined(separator: "\n") + "\n").write(to: SDLParityScenario.fixture, atomically: true, encoding: .utf8)
            }
            #expect(lines.contains { $0.contains("xboxOne triggers") && !$0.hasSuffix(" 0 0") }, "trigger motors were driven")
            #expect(lines.contains { $0.contains("ps5 effect 0c") }, "trigger effects were sent")
            let expected = try #require(SDLParityScenario.expected(), "no \(SDLParityScenario.fixture.path)")
            #expect(lines == expected)
        }
    }
}
