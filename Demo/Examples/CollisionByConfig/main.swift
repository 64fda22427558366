// SDLHaptics example: a physics collision mapped to haptics by a config file.
//
// Crates of 1, 20 and 1000 kg fall onto the floor, one after another, in a Chipmunk2D world. The
// physics engine's collision callback posts what happened (masses, impulse, materials, where) and
// Assets/Haptics/haptics.toml decides how it feels. Edit the config while this runs and save: the
// next landing uses it. Space (or A) drops the crates again; Escape quits.
//
//     swift run example-collision-by-config                 # with a window and a real pad
//     example-collision-by-config --headless --frames 300   # no window, a virtual pad
//
// One file, four sections, raylib-style: Init, Update, Draw, Shutdown.

import CHapticsChipmunk
import CHapticsSDL2
import Foundation
import Haptics
import HapticsSDL

let arguments = CommandLine.arguments
let headless = arguments.contains("--headless")
let frameLimit = arguments.firstIndex(of: "--frames").flatMap { Int(arguments[$0 + 1]) } ?? .max
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("example-collision-by-config: \(message)\n".utf8))
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
let virtualPad = headless ? try? VirtualGameController(model: .xboxOne) : nil

let configPath = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().appendingPathComponent("../../../Assets/Haptics/haptics.toml").standardized.path
do { try haptics.mapping.load(file: configPath) } catch { fail("\(error)") }   // watched: saved edits swap in
haptics.mapping.setListener(WorldPosition(x: 0, y: 0), forPlayer: 0)                 // the player stands at the origin

// The physics world: metres, kilograms, seconds. A static floor and three crates.
let space = cpSpaceNew()!
cpSpaceSetGravity(space, cpv(0, -9.8))
let floor = cpSegmentShapeNew(cpSpaceGetStaticBody(space), cpv(-20, 0), cpv(20, 0), 0)!
cpShapeSetFriction(floor, 0.8)
cpSpaceAddShape(space, floor)
let masses = [1.0, 20.0, 1000.0]
let crates: [OpaquePointer] = masses.enumerated().map { index, mass in
    let body = cpSpaceAddBody(space, cpBodyNew(mass, cpMomentForBox(mass, 1, 1)))!
    cpSpaceAddShape(space, cpBoxShapeNew(body, 1, 1, 0))
    cpBodySetPosition(body, cpv(Double(index) * 3 - 3, 30))
    return body
}

// The collision callback runs inside cpSpaceStep: it posts to the thread-safe event queue, which
// is all a physics callback should do. Posting copies a small value, no allocation.
let queue = haptics.mapping.eventQueue
let handler = cpSpaceAddDefaultCollisionHandler(space)!
handler.pointee.userData = Unmanaged.passUnretained(queue).toOpaque()
handler.pointee.postSolveFunc = { arbiter, _, userData in
    guard let arbiter, let userData, cpArbiterIsFirstContact(arbiter) != 0 else { return }
    var a: OpaquePointer?, b: OpaquePointer?
    cpArbiterGetBodies(arbiter, &a, &b)
    func mass(_ body: OpaquePointer?) -> Double? {
        guard let body, cpBodyGetType(body) == CP_BODY_TYPE_DYNAMIC else { return nil }   // static: immovable
        return cpBodyGetMass(body)
    }
    let point = cpArbiterGetPointA(arbiter, 0)
    let event = GameEvent.collision(massA: mass(a), massB: mass(b), speed: 0,
                                    impulse: cpvlength(cpArbiterTotalImpulse(arbiter)),
                                    materials: ("crate", "stone"), position: WorldPosition(x: point.x, y: point.y))
    Unmanaged<GameEventQueue>.fromOpaque(userData).takeUnretainedValue().post(event)
}

guard let window = SDL_CreateWindow("SDLHaptics: collision by config", Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK),
                                    480, 320, SDL_WINDOW_SHOWN.rawValue),
      let renderer = SDL_CreateRenderer(window, -1, 0) else { fail("window: \(String(cString: SDL_GetError()))") }
var running = true
var frame = 0
var landings: [Double] = []   // the intensity of every haptic the mapping started
haptics.mapping.events.momentHandler = { moment in landings.append(moment.intensity) }

@MainActor func dropAgain() {
    for (index, body) in crates.enumerated() {
        cpBodySetPosition(body, cpv(Double(index) * 3 - 3, 30 + Double(index) * 12))
        cpBodySetVelocity(body, cpvzero)
    }
}
dropAgain()

// MARK: - Update

while running && frame < frameLimit {
    var event = SDL_Event()
    while SDL_PollEvent(&event) != 0 {
        haptics.handle(event)
        switch SDL_EventType(rawValue: event.type) {
        case SDL_QUIT: running = false
        case SDL_KEYDOWN where event.key.keysym.sym == SDLK_ESCAPE.rawValue: running = false
        case SDL_KEYDOWN where event.key.keysym.sym == SDLK_SPACE.rawValue: dropAgain()
        case SDL_CONTROLLERBUTTONDOWN where event.cbutton.button == UInt8(SDL_CONTROLLER_BUTTON_A.rawValue): dropAgain()
        default: break
        }
    }
    cpSpaceStep(space, 1.0 / 60.0)                                                    // posts collisions
    if headless { haptics.update(at: Double(frame) / 60.0) } else { haptics.update() }  // plays them

    // MARK: - Draw

    SDL_SetRenderDrawColor(renderer, 24, 24, 32, 255)
    SDL_RenderClear(renderer)
    SDL_SetRenderDrawColor(renderer, 120, 115, 105, 255)
    var ground = SDL_Rect(x: 0, y: 280, w: 480, h: 40)
    SDL_RenderFillRect(renderer, &ground)
    for body in crates {
        let p = cpBodyGetPosition(body)
        var box = SDL_Rect(x: Int32(240 + p.x * 40 - 20), y: Int32(280 - p.y * 8 - 8), w: 40, h: 8)
        SDL_SetRenderDrawColor(renderer, 170, 120, 70, 255)
        SDL_RenderFillRect(renderer, &box)
    }
    let sent = haptics.pads.rumbleOutput(forPlayer: 0)?.sentValues ?? .off
    for (row, value) in [sent.low, sent.high].enumerated() {
        var bar = SDL_Rect(x: 20, y: Int32(20 + row * 30), w: Int32(440 * Double(value) / 65535), h: 20)
        SDL_SetRenderDrawColor(renderer, 90, 200, 140, 255)
        SDL_RenderFillRect(renderer, &bar)
    }
    SDL_RenderPresent(renderer)
    if !headless { SDL_Delay(16) }
    frame += 1
}

// MARK: - Shutdown

haptics.shutdown()
cpSpaceFree(space)
print("frames: \(frame), landings felt: \(landings.count), intensities: \(landings.map { String(format: "%.2f", $0) }.joined(separator: " "))")
if let virtualPad {
    let strongest = virtualPad.rumbleCalls.map { max($0.low, $0.high) }.max() ?? 0
    print("virtual pad received \(virtualPad.rumbleCalls.count) calls, strongest \(strongest), last \(virtualPad.lastRumble.map { "\($0.low),\($0.high)" } ?? "none")")
}
SDL_DestroyRenderer(renderer)
SDL_DestroyWindow(window)
SDL_Quit()
