// One scenario, run through SDL2 (HapticsSDLTests/Parity) and SDL3 (Tests/SDL3): this file is linked into
// both test targets and compiled in each against its own SDL's module, so the same lines of code drive
// both SDLs. Every distinct value the two virtual pads receive (body and trigger rumble, DualSense effect
// bytes) is written as a line; both suites compare the lines with one committed file,
// Tests/Fixtures/sdl-parity.txt, so SDL3 must give what SDL2 gives, value for value and byte for byte.
// Keep-alive repeats are left out: they follow the wall clock, not the game's.
import Foundation
import Haptics
#if SDLHAPTICS_SDL3
import HapticsSDL3
#else
import HapticsSDL
#endif

enum SDLParityScenario {
    /// The committed lines (Tests/Fixtures/sdl-parity.txt; this file is Tests/Shared/SDLParityScenario.swift).
    static let fixture = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/sdl-parity.txt").standardized

    /// Runs 90 frames at 1/60 s on `haptics` (two players) with an Xbox One pad on player 0 and a
    /// DualSense on player 1, already attached and handed over. `pressRightTrigger(pad, value)` sets the
    /// pad's right trigger axis and updates SDL's gamepads (SDL-specific, so the caller's).
    static func run(_ haptics: GameHaptics, xbox: VirtualGameController, dualSense: VirtualGameController,
                    pressRightTrigger: (VirtualGameController, Int16) -> Void) -> [String] {
        var lines: [String] = []
        var last: [String: String] = [:]
        func note(_ key: String, _ value: String, frame: Int) {
            guard last[key] != value else { return }
            last[key] = value
            lines.append("frame \(frame) \(key) \(value)")
        }
        var effectsSeen = 0
        func record(_ frame: Int) {
            if let call = xbox.lastRumble { note("xboxOne body", "\(call.low) \(call.high)", frame: frame) }
            if let call = xbox.lastTriggerRumble { note("xboxOne triggers", "\(call.low) \(call.high)", frame: frame) }
            if let call = dualSense.lastRumble { note("ps5 body", "\(call.low) \(call.high)", frame: frame) }
            let effects = dualSense.effectCalls
            for effect in effects[effectsSeen...] {
                lines.append("frame \(frame) ps5 effect " + effect.bytes.map { String(format: "%02x", $0) }.joined())
            }
            effectsSeen = effects.count
        }
        record(0)
        let body = HapticPattern(events: [
            .continuous(at: 0, duration: 0.3, intensity: 0.8, sharpness: 0.3),
            .transient(at: 0.1, intensity: 1, sharpness: 0.7),
            .continuous(at: 0.4, duration: 0.2, intensity: 0.4, sharpness: 0.9),
        ])
        let triggers = HapticPattern(events: [.continuous(at: 0, duration: 0.25, intensity: 0.6, sharpness: 0.2),
                                              .transient(at: 0.3, intensity: 0.9, sharpness: 0.5)])
        for frame in 1...90 {
            switch frame {
            case 2:
                haptics.play(body, player: 0)
                haptics.play(triggers, player: 0, locality: .triggers)
                haptics.play(body, player: 1)
            case 5: haptics.pads.adaptiveTriggers(forPlayer: 1)?.right.setModeWeaponWithStartPosition(0.2, endPosition: 0.6, resistiveStrength: 1)
            case 10: haptics.pads.adaptiveTriggers(forPlayer: 1)?.left.setModeFeedbackWithStartPosition(0.3, resistiveStrength: 0.7)
            case 15: haptics.pads.adaptiveTriggers(forPlayer: 1)?.right.setModeVibrationWithStartPosition(0.1, amplitude: 0.8, frequency: 0.4)
            case 20: haptics.pads.adaptiveTriggers(forPlayer: 1)?.left.setModeSlopeFeedback(startPosition: 0.1, endPosition: 0.9,
                                                                                               startStrength: 0.2, endStrength: 1)
            case 25:
                haptics.pads.adaptiveTriggers(forPlayer: 0)?.right.setModeVibrationWithStartPosition(0.5, amplitude: 0.5, frequency: 0.5)
                pressRightTrigger(xbox, 32767)
            case 40: pressRightTrigger(xbox, -32768)
            case 50: haptics.play(.impact(), player: 1)
            case 60: haptics.pads.adaptiveTriggers(forPlayer: 1)?.right.setModeOff()
            case 70: haptics.playback.pause()
            case 75: haptics.playback.resume()
            default: break
            }
            haptics.update(at: Double(frame) / 60)
            record(frame)
        }
        haptics.shutdown()
        record(91)
        return lines
    }

    /// The committed lines, or nil when the fixture is missing.
    static func expected() -> [String]? {
        (try? String(contentsOf: fixture, encoding: .utf8)).map { $0.split(separator: "\n").map(String.init) }
    }
}
