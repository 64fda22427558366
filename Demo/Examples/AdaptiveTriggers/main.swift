// SDLHaptics example: DualSense adaptive triggers.
//
// R2 is a bow: it resists from 30 % of its travel and gives way with a click at 60 %, where the arrow
// flies. L2 is a cart's brake: its resistance follows the cart's speed, which rises and falls on its
// own. P pauses (both triggers go free at once) and resumes; Escape quits. The bars show the brake's
// resistance and how far each trigger is pressed.
//
//     swift run example-adaptive-triggers                  # with a window and a DualSense
//     example-adaptive-triggers --headless --frames 240    # no window, a virtual DualSense, R2 pulled at frame 60
//
// One file, four sections, raylib-style: Init, Update, Draw, Shutdown. docs/adaptive-triggers.md.

import CHapticsSDL2
import Foundation
import Haptics
import HapticsSDL

let arguments = CommandLine.arguments
let headless = arguments.contains("--headless")
let frameLimit = arguments.firstIndex(of: "--frames").flatMap { Int(arguments[$0 + 1]) } ?? .max
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("example-adaptive-triggers: \(message)\n".utf8))
    exit(1)
}

// MARK: - Init

if headless {
    setenv("SDL_VIDEODRIVER", "dummy", 1)
    SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1")
}
guard SDL_Init(SDL_INIT_VIDEO) == 0 else { fail("SDL_Init: \(String(cString: SDL_GetError()))") }
let haptics: GameHaptics
do { haptics = try GameHaptics() } catch { fail("\(error)") }
// Headless runs bring their own pad: a virtual DualSense that records the effect bytes SDL sends it.
let virtualPad = headless ? try? VirtualGameController(model: .ps5) : nil

guard let window = SDL_CreateWindow("SDLHaptics: adaptive triggers", Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK),
                                    480, 200, SDL_WINDOW_SHOWN.rawValue),
      let renderer = SDL_CreateRenderer(window, -1, 0) else { fail("window: \(String(cString: SDL_GetError()))") }
let bowClick = 0.6          // where R2 gives way, 0...1 of its travel
var running = true
var frame = 0
var arrows = 0
var bowWasPastClick = false

// MARK: - Update

@MainActor func handleInput(_ event: SDL_Event) {
    switch SDL_EventType(rawValue: event.type) {
    case SDL_QUIT: running = false
    case SDL_KEYDOWN where event.key.keysym.sym == SDLK_ESCAPE.rawValue: running = false
    case SDL_KEYDOWN where event.key.keysym.sym == Int32(SDLK_p.rawValue): haptics.playback.isPaused ? haptics.playback.resume() : haptics.playback.pause()
    default: break
    }
}

/// How far a trigger of player 0's pad is pressed, 0...1.
@MainActor func press(_ axis: SDL_GameControllerAxis) -> Double {
    guard let id = haptics.pads.controller(forPlayer: 0)?.instanceID, let pad = SDL_GameControllerFromInstanceID(id) else { return 0 }
    return max(Double(SDL_GameControllerGetAxis(pad, axis)) / 32767, 0)
}

while running && frame < frameLimit {
    var event = SDL_Event()
    while SDL_PollEvent(&event) != 0 {
        haptics.handle(event)   // pads arriving and leaving, focus
        handleInput(event)
    }
    if let virtualPad, frame == 60 || frame == 90 {
        // Headless: pull R2 all the way (past the click) and let it go, as a player would.
        virtualPad.setAxis(Int32(SDL_CONTROLLER_AXIS_TRIGGERRIGHT.rawValue), value: frame == 60 ? 32767 : -32768)
    }
    let time = Double(frame) / 60.0
    let cartSpeed = 5 + 5 * sin(time * 2)   // m/s, 0...10: the brake has more to hold when it is fast

    // Every frame, from game values: no allocation, and the pad is sent only what changed.
    if let triggers = haptics.pads.adaptiveTriggers(forPlayer: 0) {
        triggers.right.setModeWeaponWithStartPosition(0.3, endPosition: bowClick, resistiveStrength: 0.9)
        triggers.left.setModeFeedbackWithStartPosition(0.1, resistiveStrength: cartSpeed / 10)
    }
    let pastClick = press(SDL_CONTROLLER_AXIS_TRIGGERRIGHT) >= bowClick
    if pastClick && !bowWasPastClick && !haptics.playback.isPaused { arrows += 1 }
    bowWasPastClick = pastClick
    if headless { haptics.update(at: time) } else { haptics.update() }

    // MARK: - Draw

    SDL_SetRenderDrawColor(renderer, 24, 24, 32, 255)
    SDL_RenderClear(renderer)
    let brake = haptics.pads.adaptiveTriggers(forPlayer: 0)?.left.effect.peakForce ?? 0
    let bars: [(Double, (UInt8, UInt8, UInt8))] = [
        (brake, (220, 140, 60)), (press(SDL_CONTROLLER_AXIS_TRIGGERLEFT), (170, 175, 190)),
        (press(SDL_CONTROLLER_AXIS_TRIGGERRIGHT), (90, 200, 140)),
    ]
    for (row, bar) in bars.enumerated() {
        var rect = SDL_Rect(x: 20, y: Int32(30 + row * 50), w: Int32(440 * min(max(bar.0, 0), 1)), h: 30)
        SDL_SetRenderDrawColor(renderer, bar.1.0, bar.1.1, bar.1.2, 255)
        SDL_RenderFillRect(renderer, &rect)
    }
    SDL_RenderPresent(renderer)
    if !headless { SDL_Delay(16) }
    frame += 1
}

// MARK: - Shutdown

let statistics = haptics.pads.triggerOutput(forPlayer: 0)?.statistics ?? AdaptiveTriggerStatistics()
haptics.shutdown()   // both triggers get "off" before the pad closes: never left stiff
print("frames: \(frame), arrows: \(arrows), effect changes sent: \(statistics.changes), held back by the pad's interval: \(statistics.deferred)")
if let virtualPad, let last = virtualPad.lastEffect, last.count == 47 {
    print("virtual DualSense received \(virtualPad.effectCalls.count) effects, last R2 \(String(last[10], radix: 16)) L2 \(String(last[21], radix: 16))")
}
SDL_DestroyRenderer(renderer)
SDL_DestroyWindow(window)
SDL_Quit()
