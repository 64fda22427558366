import CHapticsSDL3
import Foundation
import Haptics
import HapticsSDL3
import Testing

/// A GameHaptics on SDL3 fed from SDL's real event queue, with virtual gamepads: what GameHapticsRig is
/// for the SDL2 suites.
final class SDL3Rig {
    let haptics: GameHaptics
    var time = 0.0
    var stopped: [(player: Int, reason: HapticEngine.StoppedReason)] = []
    var resets: [Int] = []

    init(configuration: GameHapticsConfiguration = GameHapticsConfiguration()) throws {
        setenv("SDL_VIDEO_DRIVER", "dummy", 1)
        setenv("SDL_AUDIO_DRIVER", "dummy", 1)
        haptics = try GameHaptics(configuration: configuration)
        haptics.pads.stoppedHandler = { [unowned self] player, reason in stopped.append((player, reason)) }
        haptics.pads.resetHandler = { [unowned self] player in resets.append(player) }
    }

    /// Pumps SDL and hands every queued event to the haptics object.
    func pump() {
        SDL_PumpEvents()
        var event = SDL_Event()
        while SDL_PollEvent(&event) { haptics.handle(event) }
    }

    /// Runs `count` frames of `step` seconds of game time (no real waiting).
    func frames(_ count: Int, step: Double = 1.0 / 60.0) {
        for _ in 0..<count {
            time += step
            haptics.update(at: time)
        }
    }

    /// Hands a window focus event over, as SDL3 posts it (a top-level event type).
    func focus(_ gained: Bool) {
        var event = SDL_Event()
        event.type = (gained ? SDL_EVENT_WINDOW_FOCUS_GAINED : SDL_EVENT_WINDOW_FOCUS_LOST).rawValue
        haptics.handle(event)
    }

    /// A continuous texture of `seconds` at `intensity` and sharpness 0.5.
    static func texture(_ seconds: Double, intensity: Double = 1) -> HapticPattern {
        HapticPattern(events: [.continuous(at: 0, duration: seconds, intensity: intensity, sharpness: 0.5)])
    }

    /// The repository's root (this file is Tests/SDL3/HapticsSDL3Tests/SDL3Rig.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../..").standardized
}

extension VirtualGameController.RumbleCall {
    var pair: [UInt16] { [low, high] }
}

/// Serialises the suites: SDL3's joystick and audio state is per process.
@Suite("Through real SDL 3, headless", .serialized)
enum SDL3Tests {}
