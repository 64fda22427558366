import CHapticsSDL2
import Foundation
// The felt recording (--felt) writes each actuator of the motor stage: `Actuator` is SPI, for tools.
@_spi(HapticsTools) import Haptics
import HapticsSDL

/// One run of the demo: SDL set-up, the frame loop (input, game, haptics, draw), the title and the
/// attract mode, and the outputs a headless run writes.
final class DemoSession {
    static let width = 960
    static let height = 540
    static let frameSeconds = 1.0 / 60.0

    let options: HapticsDemo
    let window: OpaquePointer
    let renderer: OpaquePointer
    let haptics: GameHaptics
    let demoHaptics: DemoHaptics
    private(set) var game: DemoGame
    var virtualPads: [VirtualGameController] = []
    var script: InputScript?
    /// What the players do with keyboard and pads (or `--script`).
    var inputs = [InputState(), InputState()]
    /// What the attract mode's tour does.
    var tourInputs = [InputState(), InputState()]
    var traceLines: [String] = ["time,output,low,high,left_trigger,right_trigger"]
    var feltLines: [String] = ["time,player,drive_low,drive_high,drive_lt,drive_rt,felt_low,felt_high,felt_lt,felt_rt"]
    /// `--trigger-effects`: every effect a virtual DualSense received, with the frame it arrived in.
    var effectLines: [String] = ["frame,pad,bytes"]
    private var effectCounts: [Int: Int] = [:]
    let scene: SceneRenderer
    let feel = MotorFeel(players: 2)
    private(set) var screen: SceneRenderer.Screen
    private var attract = AttractMode()
    /// Whether the title and the attract mode run (not while a `--script` plays, unless `--title`).
    private let cabinet: Bool
    /// A key, button or stick moved this frame.
    private var deviceActivity = false
    /// A key or button went down this frame (what ends the title and the attract mode).
    private var devicePress = false
    /// In a window with no pad, a virtual Xbox pad stands in for player 1 so the HUD shows what a
    /// pad would get; it leaves when a real pad arrives.
    private var standIn: VirtualGameController?
    private var leavingStandIn: SDL_JoystickID?
    private var screenshots: [(time: Double, path: String)]

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
        guard let renderer = SDL_CreateRenderer(window, -1, flags | SDL_RENDERER_TARGETTEXTURE.rawValue)
                ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue | SDL_RENDERER_TARGETTEXTURE.rawValue) else {
            throw DemoError("SDL_CreateRenderer: \(String(cString: SDL_GetError()))")
        }
        self.renderer = renderer
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        print("video: \(String(cString: SDL_GetCurrentVideoDriver())), renderer: \(String(cString: info.name))"
              + (info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0 ? ", vsync" : ""))
        do { haptics = try GameHaptics() } catch { throw DemoError("\(error)") }
        if options.headless {
            for index in 0..<options.pads {
                let first: VirtualGameController.Model = options.dualsense ? .ps5 : .xboxOne
                virtualPads.append(try VirtualGameController(model: index == 0 ? first : .ps4))
            }
        }
        if let path = options.script { script = try InputScript(contentsOfFile: path) }
        screenshots = try options.screenshotAt.map { try Self.screenshot($0) }.sorted { $0.time < $1.time }
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
        if options.events != nil { demoHaptics.all = [] }
        game = DemoGame(haptics: demoHaptics, players: 1)
        scene = SceneRenderer(renderer: renderer, width: Self.width, height: Self.height)
        scene.reset(game)
        cabinet = options.script == nil || options.title
        if !cabinet {
            screen = .playing
        } else if options.headless && !options.title && attract.isAvailable {
            screen = .attract
        } else {
            screen = .title
        }
        // A pad assigned to a player (plugged in again, or swapped in the menu) starts with its
        // triggers off: the player's sling is drawn again for it.
        haptics.pads.controllerChangedHandler = { [unowned self] player, pad in
            if pad != nil, player < game.characters.count { demoHaptics.slingDrawn(player: player) }
        }
        if screen == .attract { beginAttract(at: 0) }
    }

    /// `--screenshot-at TIME:FILE`.
    static func screenshot(_ argument: String) throws -> (time: Double, path: String) {
        guard let colon = argument.firstIndex(of: ":"), let time = Double(argument[..<colon]), time >= 0, time.isFinite,
              argument.index(after: colon) < argument.endIndex else {
            throw DemoError("--screenshot-at \(argument): expected TIME:FILE, seconds >= 0 and a file name (3.5:crates.bmp)")
        }
        return (time, String(argument[argument.index(after: colon)...]))
    }

    func run() throws {
        var frame = 0
        var time = 0.0
        var fps = 60.0
        var cost = FrameCost()
        let frequency = Double(SDL_GetPerformanceFrequency())
        var lastFrameStart = SDL_GetPerformanceCounter()
        let frameLimit = options.frames ?? (options.headless ? Int(((script?.endTime ?? 10) + 1.5) * 60) : Int.max)
        while frame < frameLimit && !game.wantsQuit {
            cost.beginFrame()
            pollEvents()
            if frame == 0 && !options.headless { attachStandInIfNoPad() }
            script?.apply(upTo: time, to: &inputs)
            if script != nil && inputs.contains(where: \.anyPressed) { deviceActivity = true; devicePress = true }
            let playing = advanceScreen(at: time)
            if playing.contains(where: { $0.wasPressed(.hud) }) { scene.showsDetails.toggle() }
            cost.end(.input)
            game.setPlayers(playerCount())
            game.update(inputs: playing, dt: Self.frameSeconds)
            scene.update(game, cues: demoHaptics, dt: Self.frameSeconds)
            cost.end(.game)
            haptics.update(at: time)
            cost.end(.haptics)
            feel.update(haptics)
            recordTrace(time: time)
            recordFelt(time: time)
            recordEffects(frame: frame)
            scene.render(game, haptics: haptics, feel: feel, screen: screen, time: time, frameCost: cost.smoothed, fps: fps,
                         standIn: standIn?.instanceID)
            while let shot = screenshots.first, shot.time <= time + 1e-9 {
                screenshots.removeFirst()
                try saveScreenshot(to: shot.path)
            }
            if frame == frameLimit - 1, let path = options.screenshot { try saveScreenshot(to: path) }
            SDL_RenderFlush(renderer)   // SDL queues drawing until present: run it here, in the drawing phase
            cost.end(.drawing)
            SDL_RenderPresent(renderer)
            cost.end(.present)
            for index in inputs.indices { inputs[index].endFrame() }
            for index in tourInputs.indices { tourInputs[index].endFrame() }
            cost.endFrame()
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
        // SDLHaptics' share: GameHaptics.update (engine, mixer, rumble output) plus the posts the game
        // made during its update (DemoHaptics times them itself).
        let averageHaptics = cost.mean(.haptics) + demoHaptics.postingSeconds / Double(max(frame, 1))
        print("frames: \(frame), " + cost.summary)
        print(String(format: "SDLHaptics %.1f µs per frame (%.2f%% of the frame cost, %.3f%% of a 60 Hz frame)",
                     averageHaptics * 1e6, 100 * averageHaptics / max(cost.mean, 1e-12), 100 * averageHaptics / Self.frameSeconds))
        print("haptic moments: \(demoHaptics.momentCount)")
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

    // MARK: - Title, play, attract

    /// Moves between the title, play and the attract mode, and returns the input the game plays
    /// with this frame: the players' in play, the tour's in the attract mode, none on the title.
    private func advanceScreen(at time: Double) -> [InputState] {
        if deviceActivity { attract.noteInput() } else { attract.tick(Self.frameSeconds) }
        let pressed = devicePress
        deviceActivity = false
        devicePress = false
        guard cabinet else { return inputs }
        switch screen {
        case .title:
            if inputs[0].wasPressed(.menu) { game.wantsQuit = true }
            if pressed { startPlaying(at: time) } else if attract.isIdle && attract.isAvailable { beginAttract(at: time) }
        case .playing:
            if attract.isIdle && attract.isAvailable { beginAttract(at: time) }
        case .attract:
            if pressed {
                startPlaying(at: time)
            } else if attract.isFinished(at: time) {
                if let details = attract.restoreForLoop(haptics: haptics) { scene.showsDetails = details }
                beginAttract(at: time)
            }
        }
        switch screen {
        case .title: return [InputState(), InputState()]
        case .playing: return inputs
        case .attract:
            attract.apply(at: time, to: &tourInputs)
            return tourInputs
        }
    }

    /// A fresh game at session time `time` (the old one ends first).
    private func newGame(at time: Double) {
        game.end()
        game = DemoGame(haptics: demoHaptics, players: playerCount(), startTime: time)
        scene.reset(game)
    }

    private func beginAttract(at time: Double) {
        newGame(at: time)
        attract.begin(at: time, haptics: haptics, showsDetails: scene.showsDetails)
        tourInputs = [InputState(), InputState()]
        screen = .attract
        print(String(format: "attract: the demo plays its tour by itself from %.2f s (press a button to play)", time))
    }

    private func startPlaying(at time: Double) {
        if screen == .attract {
            if let details = attract.end(haptics: haptics) { scene.showsDetails = details }
            print(String(format: "attract: a button was pressed at %.2f s; a new game starts", time))
        }
        attract.noteInput()
        newGame(at: time)
        for index in inputs.indices { inputs[index].consumePresses() }
        screen = .playing
    }

    /// Players with a pad (at least one: the keyboard plays player 1), a leaving stand-in not counted.
    private func playerCount() -> Int {
        haptics.pads.controllers.filter { $0.player != nil && $0.instanceID != leavingStandIn }.count
    }

    /// In a window with no pad, a virtual Xbox One pad stands in for player 1 (`standIn`).
    private func attachStandInIfNoPad() {
        guard haptics.pads.controllers.isEmpty else { return }
        do {
            standIn = try VirtualGameController(model: .xboxOne)
            print("no pad: a virtual Xbox One pad stands in for player 1, so the HUD shows what a pad would get; plug in a pad to play with it")
        } catch {
            print("no pad, and no virtual stand-in: \(error)")
        }
    }

    // MARK: - Input

    private func pollEvents() {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            haptics.handle(event)
            switch SDL_EventType(rawValue: event.type) {
            case SDL_QUIT: game.wantsQuit = true
            case SDL_KEYDOWN, SDL_KEYUP:
                deviceActivity = true
                if event.type == SDL_KEYDOWN.rawValue && event.key.repeat == 0 { devicePress = true }
                if event.key.repeat == 0, let action = Self.action(forKey: event.key.keysym.sym) {
                    inputs[0].set(action, down: event.type == SDL_KEYDOWN.rawValue)
                    if action == .jump && game.menu.isOpen { inputs[0].set(.select, down: event.type == SDL_KEYDOWN.rawValue) }
                }
            case SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERBUTTONUP:
                deviceActivity = true
                if event.type == SDL_CONTROLLERBUTTONDOWN.rawValue { devicePress = true }
                guard let player = player(ofInstance: event.cbutton.which),
                      let action = Self.action(forButton: SDL_GameControllerButton(rawValue: Int32(event.cbutton.button))) else { break }
                inputs[player].set(action, down: event.type == SDL_CONTROLLERBUTTONDOWN.rawValue)
                if action == .jump { inputs[player].set(.select, down: event.type == SDL_CONTROLLERBUTTONDOWN.rawValue) }
            case SDL_CONTROLLERAXISMOTION:
                guard let player = player(ofInstance: event.caxis.which) else { break }
                let value = Double(event.caxis.value) / 32767
                if abs(value) > 0.4 { deviceActivity = true }
                switch SDL_GameControllerAxis(rawValue: Int32(event.caxis.axis)) {
                case SDL_CONTROLLER_AXIS_LEFTX:
                    inputs[player].set(.left, down: value < -0.4)
                    inputs[player].set(.right, down: value > 0.4)
                case SDL_CONTROLLER_AXIS_LEFTY:
                    inputs[player].set(.up, down: value < -0.6)
                    inputs[player].set(.down, down: value > 0.6)
                case SDL_CONTROLLER_AXIS_TRIGGERRIGHT:
                    // R2 is a sling: on a DualSense it clicks where the config's sling rule says
                    // (DemoHaptics.slingClick), and pulling past the click throws.
                    inputs[player].set(.punch, down: value > demoHaptics.slingClick(player: player))
                default: break
                }
            case SDL_CONTROLLERDEVICEADDED:
                // A real pad arrived: the stand-in leaves, and the real pad takes its player.
                if let standIn, SDL_JoystickGetDeviceInstanceID(event.cdevice.which) != standIn.instanceID {
                    leavingStandIn = standIn.instanceID
                    standIn.detach()
                    self.standIn = nil
                }
            case SDL_CONTROLLERDEVICEREMOVED:
                if event.cdevice.which == leavingStandIn { leavingStandIn = nil }
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
        case SDLK_h.rawValue, SDLK_TAB.rawValue: return .hud
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
        case SDL_CONTROLLER_BUTTON_LEFTSHOULDER: return .hud
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

    private func recordFelt(time: Double) {
        guard options.felt != nil else { return }
        for player in 0..<2 where haptics.pads.controller(forPlayer: player) != nil {
            let reading = feel.readings[player]
            let values = Actuator.allCases.map { reading.drive[$0] } + Actuator.allCases.map { reading.felt[$0] }
            feltLines.append(String(format: "%.4f", time) + ",\(player)," + values.map { String(format: "%.4f", $0) }.joined(separator: ","))
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
        if let path = options.felt {
            try (feltLines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
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
            let lines = ["time,player,name,intensity"] + (demoHaptics.all ?? []).map {
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
