// SDLHaptics example for an SDL3 game in Swift: the front door on SDL3 (`import HapticsSDL3`), the shipped
// mapping config, one `handle` per SDL3 event, one `post` per thing that happened, one `update` per frame.
//
// Space (or the pad's south button) jumps, C crashes a crate into stone, Escape quits; each is felt the way
// Assets/Haptics/haptics.toml says.
//
//     swift run --package-path Demo/Examples/SDL3 example-sdl3            # with a window and a real pad
//     example-sdl3 --headless --frames 180                                # a virtual Xbox pad, scripted
//
// With --headless it jumps at frame 10 and crashes at frame 60 on a virtual pad (HapticsSDL3's
// VirtualGameController), prints what the pad received and exits 1 if either was not felt or the pad was
// not left at (0,0). One file, four sections, raylib-style: Init, Update, Draw, Shutdown.

import CHapticsSDL3
import Foundation
import Haptics
import HapticsSDL3

let arguments = CommandLine.arguments
let headless = arguments.contains("--headless")
let frameLimit = arguments.firstIndex(of: "--frames").flatMap { Int(arguments[$0 + 1]) } ?? .max
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("example-sdl3: \(message)\n".utf8))
    exit(1)
}

// MARK: - Init

if headless {
    // SDL3 reads the environment once: drivers are chosen with hints, before SDL_Init.
    SDL_SetHint(SDL_HINT_VIDEO_DRIVER, "dummy")
    SDL_SetHint(SDL_HINT_AUDIO_DRIVER, "dummy")
}
guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMEPAD) else { fail("SDL_Init: \(String(cString: SDL_GetError()))") }
let haptics: GameHaptics
do { haptics = try GameHaptics() } catch { fail("\(error)") }
let virtualPad = headless ? try? VirtualGameController(model: .xboxOne) : nil
let config = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
    .appendingPathComponent("../../../../../Assets/Haptics/haptics.toml").standardized.path
do { try haptics.mapping.load(file: config) } catch { print("haptics: \(error) (the game goes on without)") }
guard let window = SDL_CreateWindow("SDLHaptics on SDL3", 640, 360, 0),
      let renderer = SDL_CreateRenderer(window, nil) else { fail("window: \(String(cString: SDL_GetError()))") }
var running = true
var frame = 0
var felt = (jump: false, crash: false)

@MainActor func crash() {
    haptics.post(.collision(massA: 40, massB: nil, speed: 6, materials: ("crate", "stone"), player: 0))
}

// MARK: - Update

@MainActor func handle(_ event: SDL_Event) {
    haptics.handle(event)                                      // pads arrive and leave, focus
    switch SDL_EventType(rawValue: event.type) {
    case SDL_EVENT_QUIT: running = false
    case SDL_EVENT_KEY_DOWN where event.key.key == SDLK_ESCAPE: running = false
    case SDL_EVENT_KEY_DOWN where event.key.key == SDLK_SPACE: haptics.post(.action("jump", player: 0))
    case SDL_EVENT_KEY_DOWN where event.key.key == SDLK_C: crash()
    case SDL_EVENT_GAMEPAD_BUTTON_DOWN where event.gbutton.button == UInt8(SDL_GAMEPAD_BUTTON_SOUTH.rawValue):
        let player = haptics.pads.controller(instanceID: Int32(bitPattern: event.gbutton.which))?.player ?? 0
        haptics.post(.action("jump", player: player))
    default: break
    }
}

@MainActor func scripted() {
    guard let pad = virtualPad else { return }
    if frame == 10 { haptics.post(.action("jump", player: 0)) }
    if frame == 11 { felt.jump = pad.summary.peakLow > 0 || pad.summary.peakHigh > 0 }
    if frame == 59 { pad.clearRecording() }
    if frame == 60 { crash() }
    if frame == 61 { felt.crash = pad.summary.peakLow > 0 || pad.summary.peakHigh > 0 }
}

// MARK: - Draw

@MainActor func draw() {
    let output = haptics.pads.rumbleOutput(forPlayer: 0)?.sentValues
    SDL_SetRenderDrawColor(renderer, 20, 22, 30, 255)
    SDL_RenderClear(renderer)
    SDL_SetRenderDrawColor(renderer, 90, 200, 140, 255)
    var low = SDL_FRect(x: 40, y: 300, w: 260, h: -240 * Float(output?.low ?? 0) / 65535)
    var high = SDL_FRect(x: 340, y: 300, w: 260, h: -240 * Float(output?.high ?? 0) / 65535)
    SDL_RenderFillRect(renderer, &low)
    SDL_RenderFillRect(renderer, &high)
    SDL_RenderPresent(renderer)
}

var event = SDL_Event()
while running && frame < frameLimit {
    while SDL_PollEvent(&event) { handle(event) }
    frame += 1
    if headless {
        haptics.update(at: Double(frame) / 60)                 // the game's clock, no waiting
        scripted()
    } else {
        haptics.update()
        draw()
        SDL_Delay(16)
    }
}

// MARK: - Shutdown

haptics.shutdown()                                             // every pad gets (0,0)
if let pad = virtualPad {
    let last = pad.lastRumble.map { [$0.low, $0.high] } ?? []
    print("virtual xboxOne: \(pad.summary.calls) rumble calls, jump \(felt.jump ? "felt" : "NOT felt"), crash \(felt.crash ? "felt" : "NOT felt"), last \(last)")
    if !felt.jump || !felt.crash || last != [0, 0] { fail("the pad did not feel both, or was not left at (0,0)") }
}
SDL_DestroyRenderer(renderer)
SDL_DestroyWindow(window)
SDL_Quit()
