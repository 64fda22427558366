import CHapticsChipmunk
import CHapticsSDL2
import Foundation
import Haptics
import HapticsSDL

/// Draws the level, its bodies, the HUD (live actuator meters per pad, health, the last haptic moments
/// by name) and the pause menu.
struct SceneRenderer {
    var draw: Draw

    init(renderer: OpaquePointer, width: Int, height: Int) {
        draw = Draw(renderer: renderer, width: width, height: height)
    }

    mutating func render(_ game: DemoGame, haptics: GameHaptics, fps: Double) {
        let xs = game.characters.map { $0.position.x }
        let mid = xs.reduce(0, +) / Double(max(xs.count, 1))
        let halfView = Double(draw.width) / 2 / Draw.pixelsPerMetre
        draw.cameraX = min(max(mid, Level.left + halfView), Level.right - halfView)

        draw.color((34, 40, 58))
        SDL_RenderClear(draw.renderer)
        draw.rect(x: 0, y: 0, w: draw.width, h: Int(draw.groundY) - 120, (28, 32, 48))
        drawLevel(game)
        drawBodies(game)
        drawHUD(game, haptics: haptics, fps: fps)
        if game.menu.isOpen { drawMenu(game, haptics: haptics) }
    }

    private func drawLevel(_ game: DemoGame) {
        for strip in Level.strips {
            draw.polygon([cpv(strip.from, 0), cpv(strip.to, 0), cpv(strip.to, -1.2), cpv(strip.from, -1.2)], strip.material.color)
            let label = strip.material.name.uppercased()
            let p = draw.screen(cpv((strip.from + strip.to) / 2, -0.5))
            draw.text(label, x: Int(p.x) - BitmapFont.width(of: label) / 2, y: Int(p.y), (20, 22, 28))
        }
        let stone = Material.stone.color
        draw.polygon([cpv(54, -1.2), cpv(66, -1.2)] + Level.hill.reversed(), stone)
        let hillLabel = draw.screen(cpv(60, -0.5))
        draw.text("STONE", x: Int(hillLabel.x) - 30, y: Int(hillLabel.y), (20, 22, 28))
        draw.polygon([cpv(Level.slotX - 0.4, 0.02), cpv(Level.slotX + 0.4, 0.02), cpv(Level.slotX + 0.4, -0.5), cpv(Level.slotX - 0.4, -0.5)], (30, 30, 36))
        let slot = draw.screen(cpv(Level.slotX, 1.2))
        draw.text("SLOT", x: Int(slot.x) - 22, y: Int(slot.y), (200, 200, 120))
    }

    private func drawBodies(_ game: DemoGame) {
        for crate in game.crates {
            draw.box(crate.body, width: crate.size, height: crate.size, Material.crate.color)
            let p = draw.screen(cpBodyGetPosition(crate.body))
            let label = "\(Int(cpBodyGetMass(crate.body)))KG"
            draw.text(label, x: Int(p.x) - BitmapFont.width(of: label, scale: 1) / 2, y: Int(p.y) - 3, scale: 1, (60, 40, 20))
        }
        draw.circle(game.boulder.body, radius: DemoGame.boulderRadius, (125, 120, 130))
        draw.box(game.block.body, width: 0.7, height: 0.5, game.blockSnapped ? (120, 220, 140) : Material.metal.color)
        for enemy in game.enemies where enemy.isDefeated {
            let p = enemy.position
            draw.polygon([cpv(p.x - 0.6, 0.05), cpv(p.x + 0.6, 0.05), cpv(p.x + 0.6, 0.45), cpv(p.x - 0.6, 0.45)], (80, 50, 50))
        }
        for enemy in game.enemies where !enemy.isDefeated {
            let colour: (UInt8, UInt8, UInt8) = enemy.isDefeated ? (70, 60, 60) : (enemy.hitFlash > 0 ? (255, 240, 200) : (200, 70, 70))
            draw.box(enemy.body, width: 0.9, height: 1.2, colour)
        }
        let colours: [(UInt8, UInt8, UInt8)] = [(90, 160, 240), (240, 200, 80)]
        for character in game.characters {
            draw.box(character.body, width: PlayerCharacter.width, height: PlayerCharacter.height, colours[character.player % 2])
            let eye = cpvadd(character.position, cpv(character.facing * 0.2, 0.45))
            draw.polygon([cpvadd(eye, cpv(-0.08, -0.08)), cpvadd(eye, cpv(0.08, -0.08)), cpvadd(eye, cpv(0.08, 0.08)), cpvadd(eye, cpv(-0.08, 0.08))], (20, 20, 30))
            if character.punchFlash > 0 {
                let fist = cpvadd(character.position, cpv(character.facing * 0.9, 0.1))
                draw.polygon([cpvadd(fist, cpv(-0.15, -0.15)), cpvadd(fist, cpv(0.15, -0.15)), cpvadd(fist, cpv(0.15, 0.15)), cpvadd(fist, cpv(-0.15, 0.15))], (255, 255, 255))
            }
        }
    }

    /// "L2 FEEDBACK 45%  R2 WEAPON" (what the game set; "OFF" while paused, as the pad has it), with
    /// how the pad feels it.
    static func triggerLine(_ haptics: GameHaptics, player: Int) -> String {
        guard let pad = haptics.pads.controller(forPlayer: player), let triggers = haptics.pads.adaptiveTriggers(forPlayer: player),
              let output = haptics.pads.triggerOutput(forPlayer: player) else { return "" }
        func describe(_ effect: AdaptiveTriggerEffect, sent: DualSenseTriggerBlock?) -> String {
            if haptics.playback.isPaused || (output.support == .adaptive && sent == .off && effect != .off) { return "OFF" }
            guard effect != .off else { return "OFF" }
            return "\(effect.mode.rawValue.uppercased()) \(Int((effect.peakForce * 100).rounded()))%"
        }
        let how: String
        switch pad.adaptiveTriggers {
        case .adaptive: how = ""
        case .triggerRumble: how = "  (TRIGGER RUMBLE)"
        case .unsupported: how = "  (NOT ON THIS PAD)"
        }
        return "L2 \(describe(triggers.left.effect, sent: output.sentLeft))  R2 \(describe(triggers.right.effect, sent: output.sentRight))\(how)"
    }

    private func drawHUD(_ game: DemoGame, haptics: GameHaptics, fps: Double) {
        let top = draw.height - 138
        draw.rect(x: 0, y: top - 6, w: draw.width, h: 144, (16, 17, 24))
        for player in 0..<2 {
            let x = 12 + player * 300
            let pad = haptics.pads.controller(forPlayer: player)
            let title = "P\(player + 1) " + (pad.map { "\($0.kind.rawValue.uppercased()) \($0.profile.name.uppercased())" } ?? "NO PAD")
            draw.text(title, x: x, y: top, scale: 2)
            if game.characters.indices.contains(player) {
                let health = game.characters[player].health
                draw.rect(x: x, y: top + 20, w: 200, h: 8, (60, 30, 30))
                draw.rect(x: x, y: top + 20, w: Int(2 * max(health, 0)), h: 8, health < 35 ? (230, 80, 60) : (80, 210, 100))
            }
            let values = haptics.pads.rumbleOutput(forPlayer: player)?.sentValues ?? .off
            let meters: [(String, UInt16)] = [("LOW", values.low), ("HIGH", values.high), ("LT", values.leftTrigger), ("RT", values.rightTrigger)]
            for (row, meter) in meters.enumerated() {
                let y = top + 36 + row * 22
                draw.text(meter.0, x: x, y: y + 2, scale: 2, (170, 175, 190))
                draw.rect(x: x + 60, y: y, w: 200, h: 16, (40, 42, 55))
                draw.rect(x: x + 60, y: y, w: Int(200 * Double(meter.1) / 65535), h: 16, (90, 200, 140))
            }
            draw.text(Self.triggerLine(haptics, player: player), x: x, y: top + 126, scale: 1, (170, 175, 190))
        }
        let logX = 620
        draw.text("HAPTICS", x: logX, y: top, scale: 2, (200, 200, 120))
        for (row, moment) in game.haptics.recent.reversed().enumerated() {
            let y = top + 18 + row * 14
            draw.rect(x: logX, y: y, w: Int(40 * moment.intensity), h: 10, (90, 200, 140))
            let name = moment.name.count > 30 ? String(moment.name.prefix(30)) : moment.name
            draw.text("P\(moment.player + 1) \(name)", x: logX + 46, y: y + 1, scale: 1)
        }
        draw.text(game.message, x: 12, y: 10, scale: 2, (220, 220, 230))
        drawConfigStatus(game.haptics)
        draw.text(String(format: "%.0f FPS", fps), x: draw.width - 70, y: top, scale: 1, (150, 150, 160))
    }

    /// The mapping config's state: its problems in red over the scene (the last good config keeps
    /// playing), or a short note after a good reload.
    private func drawConfigStatus(_ haptics: DemoHaptics) {
        if !haptics.configErrors.isEmpty {
            let shown = haptics.configErrors.prefix(4)
            draw.rect(x: 6, y: 30, w: draw.width - 12, h: 18 + 14 * shown.count, (60, 12, 12), alpha: 230)
            let title = haptics.haptics.mapping.events.mapping == nil
                ? "HAPTICS CONFIG ERROR: NO MAPPING LOADED, ONLY FEEDBACK PRESETS PLAY. FIX THE FILE AND SAVE"
                : "HAPTICS CONFIG ERROR: KEEPING THE LAST GOOD CONFIG. FIX THE FILE AND SAVE"
            draw.text(title, x: 12, y: 34, scale: 1, (255, 200, 120))
            for (row, line) in shown.enumerated() {
                let text = line.count > 150 ? String(line.prefix(150)) : line
                draw.text(text, x: 12, y: 48 + row * 14, scale: 1, (255, 150, 140))
            }
        } else if let reload = haptics.lastReload, haptics.time - reload < 3 {
            draw.text("HAPTICS CONFIG RELOADED", x: 12, y: 34, scale: 1, (140, 230, 160))
        }
    }

    private func drawMenu(_ game: DemoGame, haptics: GameHaptics) {
        draw.rect(x: draw.width / 2 - 220, y: 50, w: 440, h: 300, (10, 10, 16), alpha: 235)
        draw.text("PAUSED", x: draw.width / 2 - 36, y: 62, scale: 2, (200, 200, 120))
        for item in PauseMenu.Item.allCases {
            let y = 92 + item.rawValue * 24
            var label = item.label
            let mixer = haptics.playback.mixer
            switch item {
            case .haptics: label += mixer.isEnabled ? ": ON" : ": OFF"
            case .master: label += ": \(Int((mixer.masterGain * 100).rounded()))%"
            case .soundVolume: label += ": \(Int((game.menu.soundVolume * 100).rounded()))%"
            default:
                if let category = item.category { label += ": \(Int((mixer[category] * 100).rounded()))%" }
            }
            let selected = item.rawValue == game.menu.selection
            if selected { draw.rect(x: draw.width / 2 - 200, y: y - 4, w: 400, h: 22, (50, 60, 90)) }
            draw.text((selected ? "> " : "  ") + label, x: draw.width / 2 - 190, y: y, scale: 2)
        }
    }
}
