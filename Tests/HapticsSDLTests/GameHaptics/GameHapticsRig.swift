import CHapticsSDL2
import Foundation
import Haptics
@testable import HapticsSDL

/// A GameHaptics fed from SDL's real event queue, with virtual pads, for the SDL suites.
final class GameHapticsRig {
    let haptics: GameHaptics
    var time = 0.0
    var stopped: [(player: Int, reason: HapticEngine.StoppedReason)] = []
    var resets: [Int] = []

    init(configuration: GameHapticsConfiguration = GameHapticsConfiguration()) throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        setenv("SDL_AUDIODRIVER", "dummy", 1)
        haptics = try GameHaptics(configuration: configuration)
        haptics.pads.stoppedHandler = { [unowned self] player, reason in stopped.append((player, reason)) }
        haptics.pads.resetHandler = { [unowned self] player in resets.append(player) }
    }

    /// Pumps SDL and hands every queued event to the haptics object.
    func pump() {
        SDL_PumpEvents()
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 { haptics.handle(event) }
    }

    /// Runs `count` frames of `step` seconds of game time (no real waiting).
    func frames(_ count: Int, step: Double = 1.0 / 60.0) {
        for _ in 0..<count {
            time += step
            haptics.update(at: time)
        }
    }

    /// Hands a window focus event over, as SDL would post it.
    func focus(_ gained: Bool) {
        var event = SDL_Event()
        event.type = SDL_WINDOWEVENT.rawValue
        event.window.event = UInt8((gained ? SDL_WINDOWEVENT_FOCUS_GAINED : SDL_WINDOWEVENT_FOCUS_LOST).rawValue)
        haptics.handle(event)
    }

    /// Hands a battery event over for pad `instanceID`.
    func battery(_ level: SDL_JoystickPowerLevel, instanceID: Int32) {
        var event = SDL_Event()
        event.type = SDL_JOYBATTERYUPDATED.rawValue
        event.jbattery.which = instanceID
        event.jbattery.level = level
        haptics.handle(event)
    }

    /// A continuous texture of `seconds` at `intensity` and sharpness 0.5 (equal low and high drive
    /// on the virtual profile).
    static func texture(_ seconds: Double, intensity: Double = 1) -> HapticPattern {
        HapticPattern(events: [.continuous(at: 0, duration: seconds, intensity: intensity, sharpness: 0.5)])
    }
}

extension VirtualGameController.RumbleCall {
    var pair: [UInt16] { [low, high] }
}
