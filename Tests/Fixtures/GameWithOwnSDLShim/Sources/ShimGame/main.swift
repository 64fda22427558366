// A game with its own `CSDL2` module: it runs SDL's event loop with its own SDL_Event values and hands
// them to SDLHaptics. Exit status 0 when a virtual pad rumbled with the config's collision and stopped at
// shutdown; 1 with a message otherwise.
import CSDL2
import Foundation
import Haptics
import HapticsSDL

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("shim-game: \(message)\n".utf8))
    exit(1)
}

setenv("SDL_VIDEODRIVER", "dummy", 0)
guard SDL_Init(UInt32(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS)) == 0 else {
    fail("SDL_Init: \(String(cString: SDL_GetError()))")
}
let haptics: GameHaptics
let pad: VirtualGameController
do {
    haptics = try GameHaptics()
    pad = try VirtualGameController(model: .xboxOne)
} catch {
    fail("\(error)")
}
// The game's own event loop: its SDL_Event comes from its CSDL2 module.
func pump(into haptics: GameHaptics) {
    var event = SDL_Event()
    while SDL_PollEvent(&event) != 0 { haptics.handle(event) }
}
pump(into: haptics)
guard haptics.pads.canRumble(player: 0) else { fail("the virtual pad was not assigned to player 0") }

haptics.play(.success, player: 0)
var felt = false
for frame in 0..<30 {
    pump(into: haptics)
    haptics.update(at: Double(frame) / 60)
    if let last = pad.lastRumble, last.low > 0 || last.high > 0 { felt = true }
}
guard felt else { fail("the pad never rumbled") }
haptics.shutdown()
guard let last = pad.lastRumble, last.low == 0, last.high == 0 else { fail("the pad did not end at (0, 0)") }
print("shim-game: \(pad.rumbleCalls.count) rumble calls, ended at (0, 0)")
pad.detach()
SDL_Quit()
