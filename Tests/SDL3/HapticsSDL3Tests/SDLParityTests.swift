import CHapticsSDL3
import Foundation
import HapticsSDL3
import Testing

extension SDL3Tests {
    /// SDL3's half of the parity check: the scenario SDL2 runs (Tests/Shared/SDLParityScenario.swift, the
    /// same source compiled against SDL3) gives the committed lines, so trigger rumble, body rumble and
    /// DualSense effect bytes arrive with the same values and bytes as on SDL2.
    @Suite("The same values and bytes on SDL2 and SDL3: the SDL3 side")
    struct SDLParityTests {
        @Test("trigger rumble, body rumble and DualSense effect bytes through SDL3 are SDL2's")
        func sdl3MatchesSDL2() throws {
            var configuration = GameHapticsConfiguration()
            configuration.playerCount = 2
            let xbox = try VirtualGameController(model: .xboxOne)
            let dualSense = try VirtualGameController(model: .ps5)
            let rig = try SDL3Rig(configuration: configuration)
            rig.pump()
            let lines = SDLParityScenario.run(rig.haptics, xbox: xbox, dualSense: dualSense) { pad, value in
                pad.setAxis(Int32(SDL_GAMEPAD_AXIS_RIGHT_TRIGGER.rawValue), value: value)
                SDL_UpdateGamepads()
            }
            let expected = try #require(SDLParityScenario.expected(), "no \(SDLParityScenario.fixture.path)")
            #expect(lines.count == expected.count)
            for (index, line) in lines.enumerated() where index < expected.count && line != expected[index] {
                Issue.record("line \(index + 1): SDL3 \"\(line)\", SDL2 \"\(expected[index])\"")
            }
        }
    }
}
