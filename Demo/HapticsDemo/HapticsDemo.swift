import ArgumentParser
import CHapticsSDL2
import Foundation
import Haptics
import HapticsSDL

/// `haptics-demo`: a small game that shows every part of SDLHaptics. Play it with a gamepad (keyboard
/// works too), or run it headless with scripted input for tests and CI.
@main
struct HapticsDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "haptics-demo",
        abstract: "The SDLHaptics demo game.",
        discussion: """
        Keyboard: arrows or A/D walk, Shift runs, Space jumps, X punches, C drops a crate, R resets the block, \
        H or Tab shows the detailed HUD, Esc opens the menu (Up/Down/Left/Right/Enter in it). Gamepad: stick or \
        d-pad, A jump, X punch, Y drop, right shoulder run, left shoulder detailed HUD, Start menu, B back. \
        Left alone for 20 seconds (and headless without a script) the demo plays its tour by itself until a \
        button is pressed.
        """
    )

    @Option(help: "The haptics mapping config (TOML), hot-reloaded while the demo runs (default: Assets/Haptics/haptics.toml).")
    var config: String?

    @Flag(help: "Do not open a sound device (rumble only).")
    var silent = false

    @Flag(help: "Run without a window (SDL's dummy video driver) with virtual controllers.")
    var headless = false

    @Option(help: "Stop after this many frames (default: run until quit; headless: until the script ends).")
    var frames: Int?

    @Option(help: "Scripted input, JSON Lines: {\"time\": 1.0, \"action\": \"right\", \"down\": true}.")
    var script: String?

    @Option(help: "Write the actuator trace as CSV (time,output,low,high,left_trigger,right_trigger).")
    var trace: String?

    @Option(help: "Write a screenshot of the last frame as BMP.")
    var screenshot: String?

    @Option(help: "Write a screenshot of the first frame at or after TIME seconds as BMP (TIME:FILE; repeat for more).")
    var screenshotAt: [String] = []

    @Flag(help: "Start at the title screen even headless or with --script (the script then plays a player at the title; 20 s without input start the attract mode).")
    var title = false

    @Option(help: "Write what the detailed HUD shows per frame and player as CSV: each motor's drive sent and predicted felt level (time,player,drive_low,drive_high,drive_lt,drive_rt,felt_low,felt_high,felt_lt,felt_rt).")
    var felt: String?

    @Option(help: "Write every haptic moment (time, player, name, intensity) as CSV.")
    var events: String?

    @Option(help: "Write every game event the demo posts as an event script (JSON Lines, docs/events.md), positions relative to player 0.")
    var gameEvents: String?

    @Option(help: "Headless: write every effect a virtual DualSense received as CSV (frame,pad,bytes in hex), to compare trigger sequences byte for byte.")
    var triggerEffects: String?

    @Flag(help: "Headless: the first virtual controller is a DualSense (adaptive triggers) instead of an Xbox One pad.")
    var dualsense = false

    @Option(help: "Virtual controllers to attach in headless mode (0...2).")
    var pads: Int = 1

    func validate() throws {
        if let frames, frames < 1 { throw ValidationError("--frames must be at least 1") }
        guard (0...2).contains(pads) else { throw ValidationError("--pads must be 0, 1 or 2") }
    }

    func run() throws {
        let session = try DemoSession(options: self)
        try session.run()
    }
}
