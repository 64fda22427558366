import Foundation
import Haptics
import HapticsSDL

/// The demo's one door to SDLHaptics: the game says what happened, in its own terms, and this turns
/// it into haptics for the right player, and keeps a log of every haptic moment for the HUD and for
/// `--events`.
final class DemoHaptics {
    /// One haptic moment: what played, for whom, how strong.
    struct Moment {
        var time: Double
        var player: Int
        var name: String
        var intensity: Double
    }

    let haptics: GameHaptics
    var time = 0.0
    private(set) var recent: [Moment] = []
    private(set) var all: [Moment] = []
    /// How many players the game has (1 or 2).
    var playerCount = 1
    /// Wall-clock seconds spent in this type's posting methods (SDLHaptics' share of the game's update).
    private(set) var postingSeconds = 0.0
    private var textures: [String: HapticAdvancedPatternPlayer] = [:]
    private let footstepPatterns: [Material: HapticPattern]
    private let texturePattern: HapticPattern

    init(haptics: GameHaptics) {
        self.haptics = haptics
        func tap(_ intensity: Double, _ sharpness: Double) -> HapticEvent { .transient(at: 0, intensity: intensity, sharpness: sharpness) }
        footstepPatterns = [
            .grass: HapticPattern(events: [.continuous(at: 0, duration: 0.07, intensity: 0.4, sharpness: 0.1)]),
            .wood: HapticPattern(events: [tap(0.5, 0.4)]),
            .metal: HapticPattern(events: [tap(0.6, 0.95), .continuous(at: 0.02, duration: 0.08, intensity: 0.25, sharpness: 1)]),
            .gravel: HapticPattern(events: [.transient(at: 0, intensity: 0.35, sharpness: 0.6), .transient(at: 0.03, intensity: 0.3, sharpness: 0.7),
                                            .transient(at: 0.06, intensity: 0.35, sharpness: 0.5)]),
            .stone: HapticPattern(events: [tap(0.45, 0.55)]),
        ]
        texturePattern = HapticPattern(events: [.continuous(at: 0, duration: 1, intensity: 1, sharpness: 0.25)])
    }

    /// Runs `work`, adding its wall-clock time to `postingSeconds`.
    private func measured(_ work: () -> Void) {
        let start = DispatchTime.now().uptimeNanoseconds
        work()
        postingSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    private func log(_ name: String, player: Int, intensity: Double) {
        let moment = Moment(time: time, player: player, name: name, intensity: intensity)
        all.append(moment)
        recent.append(moment)
        if recent.count > 8 { recent.removeFirst(recent.count - 8) }
    }

    // MARK: - Game events

    /// A collision with real masses (nil: immovable) and the impulse the physics solver applied.
    /// Weighting: the impulse (≈ reduced mass × relative speed) on a log curve, so 2 kg and 1000 kg
    /// feel clearly different and neither clips; players farther than 25 m feel nothing.
    func collision(massA: Double?, massB: Double?, impulse: Double, materials: (Material, Material), x: Double, playerXs: [Double]) {
        measured { _collision(massA: massA, massB: massB, impulse: impulse, materials: materials, x: x, playerXs: playerXs) }
    }

    private func _collision(massA: Double?, massB: Double?, impulse: Double, materials: (Material, Material), x: Double, playerXs: [Double]) {
        let strength = min(1, log10(1 + impulse / 5) / log10(1 + 20_000 / 5))
        guard strength >= 0.08 else { return }
        let name = strength > 0.6 ? "impactHeavy" : (strength > 0.3 ? "impactMedium" : "impactLight")
        let weight: HapticFeedback.Weight = strength > 0.6 ? .heavy : (strength > 0.3 ? .medium : .light)
        for (player, playerX) in playerXs.enumerated() {
            let gain = max(0, 1 - abs(playerX - x) / 25)
            guard gain > 0 else { continue }
            let intensity = strength * gain
            haptics.play(HapticFeedback.impact(weight: weight, intensity: intensity), player: player)
            let heaviest = [massA, massB].compactMap { $0 }.max().map { " \(Int($0.rounded())) kg" } ?? ""
            log("collision\(heaviest) \(materials.0.name)/\(materials.1.name) \(name)", player: player, intensity: intensity)
        }
    }

    func footstep(surface: Material, speed: Double, player: Int) {
        measured { _footstep(surface: surface, speed: speed, player: player) }
    }

    private func _footstep(surface: Material, speed: Double, player: Int) {
        let intensity = min(1, 0.55 + speed / 16)
        if let pattern = footstepPatterns[surface] ?? footstepPatterns[.stone] {
            haptics.play(pattern, player: player, intensity: intensity, category: .footstep)
        }
        log("footstep \(surface.name)", player: player, intensity: intensity)
    }

    /// A hit dealt or received; `direction` -1 from the left, +1 from the right.
    func hit(damage: Double, critical: Bool, received: Bool, direction: Double, player: Int) {
        measured { _hit(damage: damage, critical: critical, received: received, direction: direction, player: player) }
    }

    private func _hit(damage: Double, critical: Bool, received: Bool, direction: Double, player: Int) {
        let intensity = min(1, damage / 40 * (critical ? 1.5 : 1))
        let feedback = HapticFeedback.impact(weight: received || critical ? .heavy : .medium, intensity: intensity)
        haptics.play(feedback, player: player)
        if received, let pattern = PresetLibrary.builtIn().pattern(named: "ImpactRigid") {
            haptics.play(pattern, player: player, intensity: intensity, category: .impact,
                         locality: direction < 0 ? .leftTrigger : .rightTrigger)
        }
        log("hit \(received ? "received" : "dealt")\(critical ? " critical" : "")", player: player, intensity: intensity)
    }

    /// A continuous texture driven by `value` 0...1; 0 stops it.
    func texture(id: String, value: Double, player: Int) {
        measured { _texture(id: id, value: value, player: player) }
    }

    private func _texture(id: String, value: Double, player: Int) {
        if value <= 0.02 {
            if let voice = textures.removeValue(forKey: id) {
                try? voice.stop(atTime: 0)
                log("texture \(id) stop", player: player, intensity: 0)
            }
            return
        }
        let intensity = min(1, value)
        if let voice = textures[id] {
            try? voice.sendParameters([DynamicParameter(.hapticIntensityControl, value: intensity, at: 0)], atTime: 0)
        } else if let voice = haptics.play(texturePattern, player: player, intensity: intensity, category: .texture) {
            voice.loopEnabled = true
            textures[id] = voice
            log("texture \(id) start", player: player, intensity: intensity)
        }
    }

    func feedback(_ feedback: HapticFeedback, player: Int) {
        measured { _feedback(feedback, player: player) }
    }

    private func _feedback(_ feedback: HapticFeedback, player: Int) {
        haptics.play(feedback, player: player)
        log(feedback.presetName, player: player, intensity: feedback.intensity)
    }
}
