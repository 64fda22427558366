// SDLHaptics example: an AHAP pattern played on a gamepad.
//
// Press A on the pad (or Space) to play Assets/Haptics/Presets/Heartbeat.ahap on player 1's pad; P pauses
// and resumes; Escape quits. The bars show what each motor receives.
//
//     swift run example-pattern-on-pad                 # with a window and a real pad
//     example-pattern-on-pad --headless --frames 240   # no window, a virtual pad, A pressed at frame 10
//
// One file, four sections, raylib-style: Init, Update, Draw, Shutdown.

import CHapticsSDL2
import Foundation
import Haptics
import HapticsSDL

let arguments = CommandLine.arguments
let headless = arguments.contains("--headless")
let frameLimit = arguments.firstIndex(of: "--frames").flatMap { Int(arguments[$0 + 1]) } ?? .max
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("example-pattern-on-pad: \(message)\n".utf8))
    exit(1)
}

// MARK: - Init

if headless {
    setenv("SDL_VIDEODRIVER", "dummy", 1)
    // A dummy window never has keyboard focus, and SDL drops pad input without focus unless told not to.
    SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1")
}
guard SDL_Init(SDL_INIT_VIDEO) == 0 else { fail("SDL_Init: \(String(cString: SDL_GetError()))") }
let haptics: GameHaptics
do { haptics = try GameHaptics() } catch { fail("\(error)") }
// Headless runs bring their own pad: SDLHaptics ships a virtual controller for tests.
let virtualPad = headless ? try? VirtualGameController(model: .xboxOne) : nil

let patternPath = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().appendingPathComponent("../../../Assets/Haptics/Presets/Heartbeat.ahap").standardized.path
let heartbeat: HapticPattern
do { heartbeat = try HapticPattern(contentsOfFile: patternPath) } catch { fail("\(patternPath): \(error)") }

guard let window = SDL_CreateWindow("SDLHaptics: pattern on a pad", Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK),
                                    480, 200, SDL_WINDOW_SHOWN.rawValue),
      let renderer = SDL_CreateRenderer(window, -1, 0) else { fail("window: \(String(cString: SDL_GetError()))") }
var running = true
var frame = 0
var plays = 0

// MARK: - Update

@MainActor func handleInput(_ event: SDL_Event) {
    switch SDL_EventType(rawValue: event.type) {
    case SDL_QUIT: running = false
    case SDL_KEYDOWN where event.key.keysym.sym == SDLK_ESCAPE.rawValue: running = false
    case SDL_KEYDOWN where event.key.keysym.sym == SDLK_SPACE.rawValue: playHeartbeat()
    case SDL_KEYDOWN where event.key.keysym.sym == Int32(SDLK_p.rawValue): haptics.playback.isPaused ? haptics.playback.resume() : haptics.playback.pause()
    case SDL_CONTROLLERBUTTONDOWN where event.cbutton.button == UInt8(SDL_CONTROLLER_BUTTON_A.rawValue): playHeartbeat()
    default: break
    }
}

@MainActor func playHeartbeat() {
    if haptics.play(heartbeat, player: 0, category: .notification) != nil { plays += 1 }
}

while running && frame < frameLimit {
    var event = SDL_Event()
    while SDL_PollEvent(&event) != 0 {
        haptics.handle(event)   // pads arriving and leaving, focus
        handleInput(event)
    }
    if let virtualPad, frame == 10 || frame == 11 {
        // Headless: press and release A, as a player would.
        SDL_JoystickSetVirtualButton(SDL_JoystickFromInstanceID(virtualPad.instanceID),
                                     Int32(SDL_CONTROLLER_BUTTON_A.rawValue), frame == 10 ? 1 : 0)
    }
    if headless { haptics.update(at: Double(frame) / 60.0) } else { haptics.update() }

    // MARK: - Draw

    SDL_SetRenderDrawColor(renderer, 24, 24, 32, 255)
    SDL_RenderClear(renderer)
    let sent = haptics.pads.rumbleOutput(forPlayer: 0)?.sentValues ?? .off
    for (row, value) in [sent.low, sent.high, sent.leftTrigger, sent.rightTrigger].enumerated() {
        var bar = SDL_Rect(x: 20, y: Int32(30 + row * 40), w: Int32(440 * Double(value) / 65535), h: 24)
        SDL_SetRenderDrawColor(renderer, 90, 200, 140, 255)
        SDL_RenderFillRect(renderer, &bar)
    }
    SDL_RenderPresent(renderer)
    if !headless { SDL_Delay(16) }
    frame += 1
}

// MARK: - Shutdown

haptics.shutdown()   // every pad gets (0,0) before it closes
let statistics = haptics.pads.rumbleOutput(forPlayer: 0)?.statistics ?? RumbleStatistics()
print("frames: \(frame), plays: \(plays), rumble changes: \(statistics.bodyChanges), stops: \(statistics.stops)")
if let virtualPad {
    print("virtual pad received \(virtualPad.rumbleCalls.count) calls, last \(virtualPad.lastRumble.map { "\($0.low),\($0.high)" } ?? "none")")
}
SDL_DestroyRenderer(renderer)
SDL_DestroyWindow(window)
SDL_Quit()
