// Rumbles a virtual gamepad through HapticsSDL3 at full strength, then leaves the way its argument says;
// the pad's rumble callback writes every value SDL passes on to standard output, one "low high" line
// each, so the test that runs it (SDL3ExitTests) reads the last value the pad got after the process is
// gone. Written for the tests only.
//
//   exit       exit(0) without shutdown: HapticsFrontEnd's atexit handler sends (0,0)
//   quit       shutdown(), then exit(0)
//   sdl-quit   SDL_Quit(), then exit(0), without shutdown: SDL closes the pad
//   kill       SIGKILL: nothing runs, the last level stays (shows the test can tell)
import CHapticsSDL3
import Glibc
import Haptics
import HapticsSDL3

setenv("SDL_VIDEO_DRIVER", "dummy", 1)
setenv("SDL_AUDIO_DRIVER", "dummy", 1)
let way = CommandLine.arguments.dropFirst().first ?? "exit"
guard SDL_Init(SDL_INIT_GAMEPAD | SDL_INIT_EVENTS) else { fatalError("SDL_Init: \(String(cString: SDL_GetError()))") }

var description = SDL_VirtualJoystickDesc()
description.version = UInt32(MemoryLayout<SDL_VirtualJoystickDesc>.size)
description.type = UInt16(SDL_JOYSTICK_TYPE_GAMEPAD.rawValue)
description.naxes = UInt16(SDL_GAMEPAD_AXIS_COUNT.rawValue)
description.nbuttons = UInt16(SDL_GAMEPAD_BUTTON_COUNT.rawValue)
description.Rumble = { _, low, high in
    var line = Array("\(low) \(high)\n".utf8)
    _ = write(1, &line, line.count)
    return true
}
guard SDL_AttachVirtualJoystick(&description) != 0 else { fatalError("SDL_AttachVirtualJoystick: \(String(cString: SDL_GetError()))") }

let haptics = try GameHaptics()
var event = SDL_Event()
while SDL_PollEvent(&event) { haptics.handle(event) }
haptics.play(HapticPattern(events: [.continuous(at: 0, duration: 30, intensity: 1, sharpness: 0.5)]), player: 0)
for frame in 1...5 { haptics.update(at: Double(frame) / 60) }

switch way {
case "quit":
    haptics.shutdown()
    exit(0)
case "sdl-quit":
    SDL_Quit()
    exit(0)
case "kill":
    kill(getpid(), SIGKILL)
default:
    exit(0)
}
