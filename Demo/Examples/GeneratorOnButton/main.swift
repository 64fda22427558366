// SDLHaptics example: feedback generators on buttons, the UIKit way.
//
// A: impact (heavy), B: notification (success), X: notification (error), d-pad up/down: selection ticks
// through a list of ten items (throttled), Y: alignment. Keyboard: 1 impact, 2 success, 3 error,
// Up/Down selection, 4 alignment. Escape quits.
//
//     swift run example-generator-on-button                 # window, real pad
//     example-generator-on-button --headless --frames 180   # no window, a virtual pad presses every button
//
// One file, four sections, raylib-style: Init, Update, Draw, Shutdown.

import CHapticsSDL2
import Foundation
import Haptics
import HapticsSDL

let arguments = CommandLine.arguments
let headless = arguments.contains("--headless")
let frameLimit = arguments.firstIndex(of: "--frames").flatMap { Int(arguments[$0 + 1]) } ?? .max

// MARK: - Init

if headless {
    setenv("SDL_VIDEODRIVER", "dummy", 1)
    SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1")
}
guard SDL_Init(SDL_INIT_VIDEO) == 0, let haptics = try? GameHaptics(),
      let window = SDL_CreateWindow("SDLHaptics: generators", 100, 100, 480, 240, SDL_WINDOW_SHOWN.rawValue),
      let renderer = SDL_CreateRenderer(window, -1, 0) else {
    FileHandle.standardError.write(Data("example-generator-on-button: SDL: \(String(cString: SDL_GetError()))\n".utf8))
    exit(1)
}
let virtualPad = headless ? try? VirtualGameController(model: .ps5) : nil

// Generators are bound to a player; they play on whatever pad that player has, or nowhere.
let impact = ImpactFeedbackGenerator(style: .heavy, haptics: haptics, player: 0)
let notification = NotificationFeedbackGenerator(haptics: haptics, player: 0)
let selection = SelectionFeedbackGenerator(haptics: haptics, player: 0)
let canvas = CanvasFeedbackGenerator(haptics: haptics, player: 0)
impact.prepare()
var selected = 0
var played: [String: Int] = [:]
var running = true
var frame = 0

// MARK: - Update

@MainActor func press(_ name: String, _ occurred: Bool) {
    if occurred { played[name, default: 0] += 1 }
}

@MainActor func moveSelection(by step: Int) {
    selected = (selected + step + 10) % 10
    press("selection", selection.selectionChanged())
}

@MainActor func handle(_ event: SDL_Event) {
    switch SDL_EventType(rawValue: event.type) {
    case SDL_QUIT: running = false
    case SDL_CONTROLLERBUTTONDOWN:
        switch SDL_GameControllerButton(rawValue: Int32(event.cbutton.button)) {
        case SDL_CONTROLLER_BUTTON_A: press("impact", impact.impactOccurred())
        case SDL_CONTROLLER_BUTTON_B: press("success", notification.notificationOccurred(.success))
        case SDL_CONTROLLER_BUTTON_X: press("error", notification.notificationOccurred(.error))
        case SDL_CONTROLLER_BUTTON_Y: press("alignment", canvas.alignmentOccurred())
        case SDL_CONTROLLER_BUTTON_DPAD_UP: moveSelection(by: -1)
        case SDL_CONTROLLER_BUTTON_DPAD_DOWN: moveSelection(by: 1)
        default: break
        }
    case SDL_KEYDOWN:
        switch UInt32(bitPattern: event.key.keysym.sym) {
        case SDLK_ESCAPE.rawValue: running = false
        case SDLK_1.rawValue: press("impact", impact.impactOccurred())
        case SDLK_2.rawValue: press("success", notification.notificationOccurred(.success))
        case SDLK_3.rawValue: press("error", notification.notificationOccurred(.error))
        case SDLK_4.rawValue: press("alignment", canvas.alignmentOccurred())
        case SDLK_UP.rawValue: moveSelection(by: -1)
        case SDLK_DOWN.rawValue: moveSelection(by: 1)
        default: break
        }
    default: break
    }
}

/// Headless: the virtual pad presses A, B, X, Y once each, then sweeps down the list every frame.
@MainActor func scriptedPresses() {
    guard let virtualPad, let joystick = SDL_JoystickFromInstanceID(virtualPad.instanceID) else { return }
    let script: [Int: SDL_GameControllerButton] = [10: SDL_CONTROLLER_BUTTON_A, 40: SDL_CONTROLLER_BUTTON_B,
                                                   70: SDL_CONTROLLER_BUTTON_X, 100: SDL_CONTROLLER_BUTTON_Y]
    for (start, button) in script where frame == start || frame == start + 1 {
        SDL_JoystickSetVirtualButton(joystick, Int32(button.rawValue), frame == start ? 1 : 0)
    }
    if frame >= 120 && frame < 150 {   // 15 presses in 0.5 s: the throttle lets about 10 through
        SDL_JoystickSetVirtualButton(joystick, Int32(SDL_CONTROLLER_BUTTON_DPAD_DOWN.rawValue), frame % 2 == 0 ? 1 : 0)
    }
}

while running && frame < frameLimit {
    var event = SDL_Event()
    while SDL_PollEvent(&event) != 0 {
        haptics.handle(event)
        handle(event)
    }
    scriptedPresses()
    if headless { haptics.update(at: Double(frame) / 60) } else { haptics.update() }

    // MARK: - Draw

    SDL_SetRenderDrawColor(renderer, 20, 22, 30, 255)
    SDL_RenderClear(renderer)
    for item in 0..<10 {
        var row = SDL_Rect(x: 20, y: Int32(12 + item * 20), w: 180, h: 16)
        if item == selected { SDL_SetRenderDrawColor(renderer, 90, 140, 220, 255) } else { SDL_SetRenderDrawColor(renderer, 45, 48, 60, 255) }
        SDL_RenderFillRect(renderer, &row)
    }
    let sent = haptics.pads.rumbleOutput(forPlayer: 0)?.sentValues ?? .off
    for (index, value) in [sent.low, sent.high].enumerated() {
        var bar = SDL_Rect(x: 230, y: Int32(40 + index * 40), w: Int32(230 * Double(value) / 65535), h: 24)
        SDL_SetRenderDrawColor(renderer, 90, 200, 140, 255)
        SDL_RenderFillRect(renderer, &bar)
    }
    SDL_RenderPresent(renderer)
    if !headless { SDL_Delay(16) }
    frame += 1
}

// MARK: - Shutdown

haptics.shutdown()
print("played: " + played.keys.sorted().map { "\($0) \(played[$0]!)" }.joined(separator: ", "))
if let virtualPad {
    print("virtual pad received \(virtualPad.rumbleCalls.count) calls, last \(virtualPad.lastRumble.map { "\($0.low),\($0.high)" } ?? "none")")
}
SDL_DestroyRenderer(renderer)
SDL_DestroyWindow(window)
SDL_Quit()
