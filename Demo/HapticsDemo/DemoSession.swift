import CHapticsSDL2
import Foundation
import Haptics
import HapticsSDL

/// One run of the demo: SDL set-up, the frame loop (input, game, haptics, draw), and the outputs a
/// headless run writes.
final class DemoSession {
    static let width = 960
    static let height = 540
    static let frameSeconds = 1.0 / 60.0

    let options: HapticsDemo
    let window: OpaquePointer
    let renderer: OpaquePointer
    let haptics: GameHaptics
    let demoHaptics: DemoHaptics
    let game: DemoGame
    var virtualPads: [VirtualGameController] = []
    var script: InputScript?
    var inputs = [InputState(), InputState()]
    var traceLines: [String] = ["time,output,low,high,left_trigger,right_trigger"]
    /// `--trigger-effects`: every effect a virtual DualSense received, with the frame it arrived in.
    var effectLines: [String] = ["frame,pad,bytes"]
    private var effectCounts: [Int: Int] = [:]
    var scene: SceneRenderer

    init(options: HapticsDemo) throws {
        self.options = options
        if options.headless {
            setenv("SDL_VIDEODRIVER", "dummy", 1)
            if getenv("SDL_AUDIODRIVER") == nil { setenv("SDL_AUDIODRIVER", "dummy", 1) }
        }
        // Pad input keeps flowing when the window has no keyboard focus (always so headless).
        SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1")
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw DemoError("SDL_Init: \(String(cString: SDL_GetError()))") }
        guard let window = SDL_CreateWindow("SDLHaptics demo", Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK),
                                            Int32(Self.width), Int32(Self.height), SDL_WINDOW_SHOWN.rawValue) else {
            throw DemoError("SDL_CreateWindow: \(String(cString: SDL_GetError()))")
        }
        self.window = window
        let flags = options.headless ? SDL_RENDERER_SOFTWARE.rawValue : SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        guard let renderer = SDL_CreateRenderer(window, -1, flags) ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            throw DemoError("SDL_CreateRenderer: \(String(cString: SDL_GetError()))")
        }
        self.renderer = renderer
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        do { haptics = try GameHaptics() } catch { throw DemoError("\(error)") }
        if options.headless {
            for index in 0..<options.pads {
                let first: VirtualGameController.Model = options.dualsense ? .ps5 : .xboxOne
                virtualPads.append(try VirtualGameController(model: index == 0 ? first : .ps4))
            }
        }
        if let path = options.script { script = try InputScript(contentsOfFile: path) }
        // Sound is the audio half of the patterns (docs/audio.md). A missing or broken sound device
        // is not a reason to stop: the demo says so and plays on with rumble only.
        if !options.silent {
            do {
                let output = try haptics.audio.enable()
                output.volume = PauseMenu().soundVolume
                print("audio: \(output.channelCount) channels at \(Int(output.sampleRate)) Hz, lookahead \(Int(output.lookaheadSeconds * 1000)) ms")
            } catch {
                FileHandle.standardError.write(Data("audio: \(error); playing on without sound\n".utf8))
            }
        }
        demoHaptics = DemoHaptics(haptics: haptics, configPath: options.config)
        if options.gameEvents != nil { demoHaptics.gameEventLines = [] }
        game = DemoGame(haptics: demoHaptics, players: 1)
        scene = SceneRenderer(renderer: renderer, width: Self.width, height: Self.height)
        // A pad assigned to a player (plugged in again, or swapped in the menu) starts with its
        // triggers off: the player's sling is drawn again for it.
        haptics.pads.controllerChangedHandler = { [unowned self] player, pad in
            if pad != nil, player < game.characters.count { demoHaptics.slingDrawn(player: player) }
        }
    }

    func run() throws {
        var frame = 0
        var time = 0.0
        var frameWork = 0.0
        var hapticsWork = 0.0
        var fps = 60.0
        let frequency = Double(SDL_GetPerformanceFrequency())
        var lastFrameStart = SDL_GetPerformanceCounter()
        let frameLimit = options.frames ?? (options.headless ? Int(((script?.endTime ?? 10) + 1.5) * 60) : Int.max)
        while frame < frameLimit && !game.wantsQuit {
            let start = SDL_GetPerformanceCounter()
            pollEvents()
            script?.apply(upTo: time, to: &inputs)
            game.setPlayers(haptics.pads.controllers.filter { $0.player != nil }.count)
            game.update(inputs: inputs, dt: Self.frameSeconds)
            let afterGame = SDL_GetPerformanceCounter()
            haptics.update(at: time)
            let afterHaptics = SDL_GetPerformanceCounter()
            recordTrace(time: time)
            recordEffects(frame: frame)
            scene.render(game, haptics: haptics, fps: fps)
            if frame == frameLimit - 1, let path = options.screenshot { try saveScreenshot(to: path) }
            SDL_RenderPresent(renderer)
            for index in inputs.indices { inputs[index].endFrame() }
            let end = SDL_GetPerformanceCounter()
            frameWork += Double(end - start) / frequency
            hapticsWork += Double(afterHaptics - afterGame) / frequency
            frame += 1
            time += Self.frameSeconds
            if !options.headless {
                let elapsed = Double(SDL_GetPerformanceCounter() - lastFrameStart) / frequency
                if elapsed < Self.frameSeconds { SDL_Delay(UInt32((Self.frameSeconds - elapsed) * 1000)) }
                let now = SDL_GetPerformanceCounter()
                fps = fps * 0.9 + 0.1 * frequency / Double(max(now - lastFrameStart, 1))
                lastFrameStart = now
            }
        }
        haptics.shutdown()
        recordEffects(frame: frame)   // what shutdown sent
        try writeOutputs()
        let averageFrame = frameWork / Double(max(frame, 1))
        // SDLHaptics' share: GameHaptics.update (engine, mixer, rumble output) plus the posts the game
        // made during its update (DemoHaptics times them itself).
        let averageHaptics = (hapticsWork + demoHaptics.postingSeconds) / Double(max(frame, 1))
        print(String(format: "frames: %d, average frame work %.3f ms (%.0f fps possible), SDLHaptics %.1f µs per frame (%.2f%% of the work, %.3f%% of a 60 Hz frame)",
                     frame, averageFrame * 1000, 1 / max(averageFrame, 1e-9), averageHaptics * 1e6,
                     100 * averageHaptics / max(averageFrame, 1e-12), 100 * averageHaptics / Self.frameSeconds))
        print("haptic moments: \(demoHaptics.all.count)")
        for pad in virtualPads {
            let strongest = pad.rumbleCalls.map { max($0.low, $0.high) }.max() ?? 0
            print("virtual \(pad.model.rawValue): \(pad.rumbleCalls.count) rumble calls, \(pad.triggerCalls.count) trigger calls, strongest \(strongest), last \(pad.lastRumble.map { "\($0.low),\($0.high)" } ?? "none")")
            if pad.acceptsEffects {
                // Each trigger's effect types in order, repeats folded: "5>25>5" is off, weapon, off.
                func sequence(_ offset: Int) -> String {
                    var types: [UInt8] = []
                    for call in pad.effectCalls where call.bytes.count == 47 && types.last != call.bytes[offset] {
                        types.append(call.bytes[offset])
                    }
                    return types.map { String($0, radix: 16) }.joined(separator: ">")
                }
                print("virtual \(pad.model.rawValue) triggers: \(pad.effectCalls.count) effects, R2 \(sequence(10)), L2 \(sequence(21))")
            }
        }
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    // MARK: - Input

    private func pollEvents() {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            haptics.handle(event)
            switch SDL_EventType(rawValue: event.type) {
            case SDL_QUIT: game.wantsQuit = true
            case SDL_KEYDOWN, SDL_KEYUP:
                if event.key.repeat == 0, let action = Self.action(forKey: event.key.keysym.sym) {
                    inputs[0].set(action, down: event.type == SDL_KEYDOWN.rawValue)
                    if action == .jump && game.menu.isOpen { inputs[0].set(.select, down: event.type == SDL_KEYDOWN.rawValue) }
                }
            case SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERBUTTONUP:
                guard let player = player(ofInstance: event.cbutton.which),
                      let action = Self.action(forButton: SDL_GameControllerButton(rawValue: Int32(event.cbutton.button))) else { break }
                inputs[player].set(action, down: event.type == SDL_CONTROLLERBUTTONDOWN.rawValue)
                if action == .jump { inputs[player].set(.select, down: event.type == SDL_CONTROLLERBUTTONDOWN.rawValue) }
            case SDL_CONTROLLERAXISMOTION:
                guard let player = player(ofInstance: event.caxis.which) else { break }
                let value = Double(event.caxis.value) / 32767
                switch SDL_GameControllerAxis(rawValue: Int32(event.caxis.axis)) {
                case SDL_CONTROLLER_AXIS_LEFTX:
                    inputs[player].set(.left, down: value < -0.4)
                    inputs[player].set(.right, down: value > 0.4)
                case SDL_CONTROLLER_AXIS_LEFTY:
                    inputs[player].set(.up, down: value < -0.6)
                    inputs[player].set(.down, down: value > 0.6)
                case SDL_CONTROLLER_AXIS_TRIGGERRIGHT:
                    // R2 is a sling: on a DualSense it clicks at this point of its travel (DemoHaptics).
                    inputs[player].set(.punch, down: value > demoHaptics.slingClick(player: player))
                default: break
                }
            default: break
            }
        }
    }

    private func player(ofInstance id: SDL_JoystickID) -> Int? {
        haptics.pads.controllers.first { $0.instanceID == id }?.player.flatMap { $0 < inputs.count ? $0 : nil }
    }

    static func action(forKey keycode: SDL_Keycode) -> InputState.Action? {
        let key = UInt32(bitPattern: keycode)
        switch key {
        case SDLK_LEFT.rawValue, SDLK_a.rawValue: return .left
        case SDLK_RIGHT.rawValue, SDLK_d.rawValue: return .right
        case SDLK_UP.rawValue, SDLK_w.rawValue: return .up
        case SDLK_DOWN.rawValue, SDLK_s.rawValue: return .down
        case SDLK_SPACE.rawValue: return .jump
        case SDLK_x.rawValue, SDLK_j.rawValue: return .punch
        case SDLK_c.rawValue, SDLK_k.rawValue: return .drop
        case SDLK_LSHIFT.rawValue, SDLK_RSHIFT.rawValue: return .run
        case SDLK_ESCAPE.rawValue: return .menu
        case SDLK_RETURN.rawValue: return .select
        case SDLK_BACKSPACE.rawValue: return .back
        case SDLK_r.rawValue: return .reset
        default: return nil
        }
    }

    static func action(forButton button: SDL_GameControllerButton) -> InputState.Action? {
        switch button {
        case SDL_CONTROLLER_BUTTON_A: return .jump
        case SDL_CONTROLLER_BUTTON_B: return .back
        case SDL_CONTROLLER_BUTTON_X: return .punch
        case SDL_CONTROLLER_BUTTON_Y: return .drop
        case SDL_CONTROLLER_BUTTON_START: return .menu
        case SDL_CONTROLLER_BUTTON_BACK: return .reset
        case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER: return .run
        case SDL_CONTROLLER_BUTTON_DPAD_LEFT: return .left
        case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: return .right
        case SDL_CONTROLLER_BUTTON_DPAD_UP: return .up
        case SDL_CONTROLLER_BUTTON_DPAD_DOWN: return .down
        default: return nil
        }
    }

    // MARK: - Outputs

    private func recordTrace(time: Double) {
        guard options.trace != nil else { return }
        for player in 0..<2 where haptics.pads.controller(forPlayer: player) != nil {
            let v = haptics.pads.rumbleOutput(forPlayer: player)?.sentValues ?? .off
            func level(_ value: UInt16) -> String { String(format: "%.4f", Double(value) / 65535) }
            traceLines.append(String(format: "%.4f", time) + ",player\(player),\(level(v.low)),\(level(v.high)),\(level(v.leftTrigger)),\(level(v.rightTrigger))")
        }
    }

    private func recordEffects(frame: Int) {
        guard options.triggerEffects != nil else { return }
        for (index, pad) in virtualPads.enumerated() where pad.acceptsEffects {
            let calls = pad.effectCalls
            let seen = effectCounts[index, default: 0]
            guard calls.count > seen else { continue }
            for call in calls[seen...] {
                effectLines.append("\(frame),\(index),\(call.bytes.map { String(format: "%02x", $0) }.joined())")
            }
            effectCounts[index] = calls.count
        }
    }

    private func saveScreenshot(to path: String) throws {
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(Self.width), Int32(Self.height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw DemoError("SDL_CreateRGBSurfaceWithFormat: \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(surface) }
        guard SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, surface.pointee.pixels, surface.pointee.pitch) == 0,
              SDL_SaveBMP_RW(surface, SDL_RWFromFile(path, "wb"), 1) == 0 else {
            throw DemoError("screenshot \(path): \(String(cString: SDL_GetError()))")
        }
    }

    private func writeOutputs() throws {
        if let path = options.trace {
            try (traceLines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        if let path = options.triggerEffects {
            try (effectLines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        if let path = options.gameEvents {
            let header = "// Game events posted by haptics-demo (positions relative to player 0's character)."
            let lines = [header] + (demoHaptics.gameEventLines ?? [])
            try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        if let path = options.events {
            let lines = ["time,player,name,intensity"] + demoHaptics.all.map {
                String(format: "%.4f", $0.time) + ",\($0.player),\($0.name),\(String(format: "%.3f", $0.intensity))"
            }
            try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}

struct DemoError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
