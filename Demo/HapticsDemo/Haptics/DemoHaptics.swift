import Foundation
import Haptics
import HapticsSDL

/// The demo's one door to SDLHaptics: the game says what happened, in its own terms
/// (`GameEvent`s), and the mapping config `Assets/Haptics/haptics.toml` decides how it feels. The
/// config is watched: save an edit while the demo runs and it swaps in between two frames; a broken
/// edit shows on screen and in the log, and the last good config keeps playing.
///
/// Keeps a log of every haptic moment for the HUD and for `--events`, and makes a `VisualCue` for
/// every event it posts, so what the eye sees (dust, sparks, the screen shake) follows the same
/// events as what the hand feels.
final class DemoHaptics {
    typealias Moment = HapticEventDirector.Moment

    let haptics: GameHaptics
    /// The config in use (nil when none could be found).
    let configPath: String?
    var time = 0.0
    private(set) var recent: [Moment] = []
    /// Every moment, when `--events` asked for them (nil otherwise: a demo left in its attract mode
    /// all day keeps the same memory).
    var all: [Moment]? = nil
    /// How many moments played.
    private(set) var momentCount = 0
    /// The config's problems to show on screen: at start-up, or of the last broken save.
    private(set) var configErrors: [String] = []
    /// Game time of the last good reload, for the HUD.
    private(set) var lastReload: Double?
    /// How many players the game has (1 or 2).
    var playerCount = 1
    /// Wall-clock seconds spent in this type's posting methods (SDLHaptics' share of the game's update).
    private(set) var postingSeconds = 0.0
    private var rollingTextures: Set<Int> = []
    /// This frame's cues, in posting order; the renderer takes them (`takeCues`).
    private(set) var cues: [VisualCue] = []
    /// Every game event posted, as event-script lines (docs/events.md), when `--game-events` asked for
    /// them; nil otherwise. Positions are written relative to player 0's character (the listener), so
    /// a replay with the listener at the origin attenuates as the game did (the felt comparison,
    /// `make felt`, replays the tour this way).
    var gameEventLines: [String]? = nil
    private var listener0 = (x: 0.0, y: 0.0)
    /// Game time each player's sling was last drawn (`slingDrawn(player:)`).
    private var slingDrawnAt: [Int: Double] = [:]

    init(haptics: GameHaptics, configPath: String?) {
        self.haptics = haptics
        self.configPath = configPath ?? Self.findConfig()
        cues.reserveCapacity(64)
        haptics.mapping.events.momentHandler = { [unowned self] moment in
            all?.append(moment)
            momentCount += 1
            recent.append(moment)
            if recent.count > 8 { recent.removeFirst(recent.count - 8) }
        }
        haptics.mapping.events.reloadHandler = { [unowned self] result in
            switch result {
            case .success:
                configErrors = []
                lastReload = time
                print("haptics config reloaded: \(self.configPath ?? "")")
                // Trigger effects are states: the sling is drawn again so a tuned sling rule reaches R2
                // now (the brake follows on its own: the rolling texture posts every frame).
                for player in 0..<playerCount { slingDrawn(player: player) }
            case .failure(let errors):
                configErrors = errors.diagnostics.map(\.description)
                for line in configErrors { FileHandle.standardError.write(Data((line + "\n").utf8)) }
                FileHandle.standardError.write(Data("haptics config: keeping the last good version\n".utf8))
            }
        }
        guard let path = self.configPath else {
            configErrors = ["no haptics config found: pass --config FILE (Assets/Haptics/haptics.toml)"]
            return
        }
        do {
            try haptics.mapping.load(file: path, watch: true)
        } catch {
            configErrors = error.diagnostics.map(\.description)
            for line in configErrors { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        }
    }

    /// Assets/Haptics/haptics.toml from the working directory, else from the source tree this demo
    /// was built from.
    static func findConfig() -> String? { DemoFiles.find("Assets/Haptics/haptics.toml") }

    /// Runs `work`, adding its wall-clock time to `postingSeconds`.
    private func measured(_ work: () -> Void) {
        let start = DispatchTime.now().uptimeNanoseconds
        work()
        postingSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Where each player hears from (their character), for distance attenuation and direction.
    func setListeners(_ positions: [(x: Double, y: Double)]) {
        if let first = positions.first { listener0 = first }
        for (player, position) in positions.enumerated() {
            haptics.mapping.setListener(WorldPosition(x: position.x, y: position.y), forPlayer: player)
        }
    }

    // MARK: - Game events

    /// Appends one event-script line (when recording): `fields` after the time.
    private func record(_ fields: String) {
        guard gameEventLines != nil else { return }
        gameEventLines?.append("{\"time\": \(String(format: "%.4f", time)), \(fields)}")
    }

    private func relative(_ x: Double, _ y: Double) -> String {
        "\"position\": [\(String(format: "%.3f", x - listener0.x)), \(String(format: "%.3f", y - listener0.y))]"
    }

    private func number(_ value: Double?) -> String { value.map { String(format: "%.4g", $0) } ?? "null" }

    /// A collision with real masses (nil: immovable) and the impulse the physics solver applied, at
    /// a point in the world: every player feels it, fading with their distance. Crates of 200 kg or
    /// more are tagged "heavy".
    func collision(massA: Double?, massB: Double?, impulse: Double, materials: (Material, Material), x: Double, y: Double) {
        let heavy = max(massA ?? 0, massB ?? 0) >= 200
        cues.append(VisualCue(kind: .impact(materials.0, materials.1, heavy: heavy), x: x, y: y, strength: Self.impactStrength(impulse)))
        measured {
            record("\"event\": \"collision\", \"massA\": \(number(massA)), \"massB\": \(number(massB)), \"speed\": 0, "
                   + "\"impulse\": \(number(impulse)), \"materials\": [\"\(materials.0.name)\", \"\(materials.1.name)\"], "
                   + relative(x, y) + (heavy ? ", \"tag\": \"heavy\"" : ""))
            haptics.post(.collision(massA: massA, massB: massB, speed: 0, impulse: impulse,
                                    materials: (HapticName(materials.0.name), HapticName(materials.1.name)),
                                    position: WorldPosition(x: x, y: y), tag: heavy ? "heavy" : nil))
        }
    }

    /// A footstep of `player` on `surface` at `speed` m/s, their feet at (x, y).
    func footstep(surface: Material, speed: Double, player: Int, x: Double, y: Double) {
        cues.append(VisualCue(kind: .footstep(surface), x: x, y: y, strength: min(speed / 7, 1)))
        record("\"event\": \"footstep\", \"surface\": \"\(surface.name)\", \"speed\": \(number(speed)), \"player\": \(player)")
        measured { haptics.post(.footstep(surface: HapticName(surface.name), speed: speed, player: player)) }
    }

    /// A hit dealt or received at (x, y); `direction` -1 from the left, +1 from the right.
    func hit(damage: Double, critical: Bool, received: Bool, direction: Double, player: Int, x: Double, y: Double) {
        cues.append(VisualCue(kind: .hit(critical: critical, received: received), x: x, y: y, strength: min(damage / 40, 1)))
        record("\"event\": \"hit\", \"damage\": \(number(damage)), \"direction\": \(number(direction)), "
               + "\"critical\": \(critical), \"received\": \(received), \"player\": \(player)")
        measured { haptics.post(.hit(damage: damage, direction: direction, critical: critical, received: received, player: player)) }
    }

    /// A rolling texture driven by `speed` (m/s) at a point in the world; `rolling` false stops it.
    func rolling(id: Int, speed: Double, rolling: Bool, x: Double, y: Double) {
        measured {
            let position = WorldPosition(x: x, y: y)
            if !rolling {
                if rollingTextures.remove(id) != nil {
                    // With its kind, so the stop finds the rule the texture plays by: its trigger
                    // effect (the brake on L2) turns off with it.
                    record("\"event\": \"texture\", \"id\": \(id), \"action\": \"stop\", \"kind\": \"rolling\", " + relative(x, y))
                    haptics.post(.texture(id: id, .stop, kind: "rolling", position: position))
                }
                return
            }
            cues.append(VisualCue(kind: .rolling, x: x, y: y, strength: min(speed / 6, 1)))
            let action: GameEvent.Texture.Action = rollingTextures.insert(id).inserted ? .start : .update
            record("\"event\": \"texture\", \"id\": \(id), \"action\": \"\(action == .start ? "start" : "update")\", "
                   + "\"value\": \(number(speed)), \"kind\": \"rolling\", " + relative(x, y))
            haptics.post(.texture(id: id, action, value: speed, kind: "rolling", position: position))
        }
    }

    /// A custom event named in the config ("snap" when the block lands in its slot).
    func custom(_ name: String, value: Double = 1, player: Int? = nil) {
        record("\"event\": \"custom\", \"name\": \"\(name)\", \"value\": \(number(value))" + (player.map { ", \"player\": \($0)" } ?? ""))
        measured { haptics.post(.custom(HapticName(name), value: value, player: player)) }
    }

    /// The block seated in its slot at (x, y): the config's custom "snap", heard and felt.
    func snapped(player: Int, x: Double, y: Double) {
        cues.append(VisualCue(kind: .snap, x: x, y: y, strength: 1))
        custom("snap", player: player)
    }

    /// Hands this frame's cues to `body` and forgets them. No allocation.
    func takeCues(_ body: (VisualCue) -> Void) {
        for cue in cues { body(cue) }
        cues.removeAll(keepingCapacity: true)
    }

    /// An impulse (N·s) on the shipped config's collision scale: log, 0.5 → 0, 5000 → 1.
    static func impactStrength(_ impulse: Double) -> Double {
        guard impulse > 0.5 else { return 0 }
        return min(log(impulse / 0.5) / log(10_000), 1)
    }

    func feedback(_ feedback: HapticFeedback, player: Int) {
        record("\"event\": \"feedback\", \"kind\": \"\(feedback)\", \"player\": \(player)")
        measured { haptics.post(.feedback(feedback, player: player)) }
    }

    // MARK: - Adaptive triggers (docs/adaptive-triggers.md)

    /// The player has drawn the sling (their character appeared, or their pad changed): the config's
    /// "sling" rule (a `trigger_effect`) sets R2's resistance and click. The demo sets no trigger
    /// mode itself; the boulder's brake on L2 comes from the "rolling" rule with the boulder's speed.
    /// Once per player and frame (a character that appears with its pad is told once).
    func slingDrawn(player: Int) {
        guard slingDrawnAt[player] != time else { return }
        slingDrawnAt[player] = time
        custom("sling_drawn", player: player)
    }

    /// Where `player`'s R2 sling clicks, 0...1 of the travel, read back from the effect the config
    /// set (a weapon's end position), so tuning the click in the config moves the throw with it;
    /// `defaultSlingClick` without a weapon effect. The demo throws a punch when R2 passes it.
    func slingClick(player: Int) -> Double {
        if case .weapon(_, let end, _) = haptics.pads.adaptiveTriggers(forPlayer: player)?.right.effect { return end }
        return Self.defaultSlingClick
    }

    static let defaultSlingClick = 0.6
}
