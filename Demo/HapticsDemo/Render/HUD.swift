import Foundation
// The motor meters read `MotorFeel` per actuator (`Actuator` is SPI: see MotorFeel.swift).
@_spi(HapticsTools) import Haptics
import HapticsSDL

/// The heads-up display, kept out of the way: per player a small panel in a top corner (pad,
/// health, a tiny meter per motor, the last haptic moment), the station's prompt at the top, and,
/// toggled with a button, the detailed view under the ground: per motor the drive sent and the
/// level the hand is predicted to feel (`MotorFeel`), the trigger effects, the haptic moments and
/// the frame cost. Also the pause menu and the config's errors.
struct HUD {
    let draw: Draw
    let glyphs: ButtonGlyphs
    /// The virtual pad standing in for a missing one, if any.
    var standIn: Int32?

    /// The name shown for a player's pad.
    func name(of pad: ConnectedController?) -> String? {
        guard let pad else { return nil }
        return pad.instanceID == standIn ? "NO PAD: VIRTUAL" : Self.padName(pad)
    }

    /// A pad's name for people: "XBOX ONE", "DUALSENSE", ...
    static func padName(_ pad: ConnectedController) -> String {
        switch pad.kind {
        case .xbox360: return "XBOX 360"
        case .xboxOne: return "XBOX ONE"
        case .ps3: return "DUALSHOCK 3"
        case .ps4: return "DUALSHOCK 4"
        case .ps5: return "DUALSENSE"
        case .switchPro: return "SWITCH PRO"
        case .joyCon: return "JOY-CON"
        case .virtual: return "VIRTUAL PAD"
        case .other: return String(pad.name.uppercased().prefix(14))
        }
    }

    static let motorLabels: [(Actuator, String, String)] = [
        (.lowFrequency, "L", "LOW"), (.highFrequency, "H", "HIGH"), (.leftTrigger, "<", "LT"), (.rightTrigger, ">", "RT"),
    ]

    // MARK: - Compact

    /// Player `player`'s corner panel.
    func playerPanel(player: Int, game: DemoGame, haptics: GameHaptics, feel: MotorFeel, time: Double, showsDetailsHint: Bool) {
        let w = 124, h = 29
        let x = player == 0 ? 4 : Viewport.width - 4 - w, y = 4
        draw.panel(x: x, y: y, w: w, h: h)
        let pad = haptics.pads.controller(forPlayer: player)
        let end = draw.text("P\(player + 1)", x: x + 4, y: y + 4, Palette.shirts[player % 2])
        let padName = pad.map { $0.instanceID == standIn ? "VIRTUAL" : Self.padName($0) } ?? "KEYBOARD"
        draw.text(String(padName.prefix(9)), x: end + 5, y: y + 4, Palette.textDim)
        if game.characters.indices.contains(player) {
            let health = game.characters[player].health / 100
            draw.meter(x: x + 4, y: y + 15, w: 72, h: 4, value: health, health < 0.35 ? Palette.healthLow : Palette.health)
        }
        let reading = feel.readings.indices.contains(player) ? feel.readings[player] : MotorFeel.Reading()
        for (index, (actuator, label, _)) in Self.motorLabels.enumerated() {
            let mx = x + 84 + index * 10
            let has = reading.actuators.contains(actuator)
            draw.verticalMeter(x: mx, y: y + 4, w: 6, h: 14, value: reading.drive[actuator], has ? Palette.drive : Palette.meterBack)
            draw.text(label, x: mx, y: y + 20, has ? Palette.textDim : Palette.meterBack)
        }
        // The last haptic moment of this player, fading.
        if let moment = game.haptics.recent.last(where: { $0.player == player }), time - moment.time < 1.5 {
            let fade = min(1, (1.5 - (time - moment.time)) / 0.5)
            draw.rect(x: x, y: y + h + 1, w: w, h: 11, Palette.panel.with(alpha: UInt8(Double(Palette.panel.a) * fade)))
            draw.rect(x: x + 4, y: y + h + 4, w: Int(20 * min(moment.intensity, 1)) + 1, h: 5, Palette.drive.with(alpha: UInt8(255 * fade)))
            draw.text(String(moment.name.uppercased().prefix(15)), x: x + 28, y: y + h + 3, Palette.text.with(alpha: UInt8(255 * fade)))
        } else if showsDetailsHint && player == 0 {
            draw.hint(glyphs.glyph(.action(.hud), style: pad?.instanceID == standIn ? .keyboard : ButtonGlyphs.Style(pad)), "DETAILS",
                      x: x + 4, y: y + h + 4)
        }
    }

    /// The station's name and what to try there, top centre.
    func prompt(_ station: Station, style: ButtonGlyphs.Style, players: Int) {
        let room = players > 1 ? 200 : 220
        var width = 0
        var shown = 0
        for hint in station.hints {
            let glyph = glyphs.glyph(hint.control, style: style)
            if glyph == nil && hint.control != .stick { continue }
            let next = draw.hint(glyph, hint.text, x: 0, y: 0, measure: true) + (shown > 0 ? 10 : 0)
            if width + next > room { break }
            width += next
            shown += 1
        }
        let w = max(width, BitmapFont.width(of: station.name)) + 12
        let x = Viewport.width / 2 - w / 2
        draw.panel(x: x, y: 4, w: w, h: 29)
        draw.centredText(station.name, x: Viewport.width / 2, y: 7, Palette.accent)
        var cursor = Viewport.width / 2 - width / 2
        var drawn = 0
        for hint in station.hints where drawn < shown {
            let glyph = glyphs.glyph(hint.control, style: style)
            if glyph == nil && hint.control != .stick { continue }
            cursor = draw.hint(glyph, hint.text, x: cursor, y: 20) + 10
            drawn += 1
        }
    }

    /// What just happened ("DROPPED A 1000 KG CRATE"), under the prompt, fading after 2.5 s.
    func toast(_ message: String, age: Double) {
        guard !message.isEmpty, age < 2.5 else { return }
        let alpha = UInt8(255 * min(1, (2.5 - age) / 0.5))
        draw.centredText(message, x: Viewport.width / 2, y: 38, Palette.accent.with(alpha: alpha), shadow: alpha == 255)
    }

    // MARK: - Detailed

    /// Per player with a pad (player 1 always): per motor, the drive sent and the felt level, and
    /// the trigger effects; under the ground.
    func details(haptics: GameHaptics, feel: MotorFeel, players: Int) {
        for player in 0..<max(players, 1) {
            let w = 232, h = 56
            let x = 4 + player * (w + 8), y = Viewport.groundRow + 6
            draw.panel(x: x, y: y, w: w, h: h, fill: Palette.panel.with(alpha: 255))
            let pad = haptics.pads.controller(forPlayer: player)
            draw.text("P\(player + 1)", x: x + 4, y: y + 3, Palette.shirts[player % 2])
            draw.text("SENT", x: x + 44, y: y + 3, Palette.drive)
            draw.text("FELT", x: x + 132, y: y + 3, Palette.felt)
            let padName = pad.map { $0.instanceID == standIn ? "VIRTUAL PAD" : Self.padName($0) } ?? "NO PAD"
            draw.text(String(padName.prefix(11)), x: x + w - 4 - BitmapFont.width(of: String(padName.prefix(11))), y: y + 3, Palette.textDim)
            let reading = feel.readings.indices.contains(player) ? feel.readings[player] : MotorFeel.Reading()
            for (index, (actuator, _, name)) in Self.motorLabels.enumerated() {
                let row = y + 14 + index * 8
                let has = reading.actuators.contains(actuator)
                draw.text(name, x: x + 4, y: row - 1, has ? Palette.textDim : Palette.meterBack)
                guard has else {
                    draw.rect(x: x + 30, y: row + 2, w: 196, h: 1, Palette.meterBack)
                    continue
                }
                draw.meter(x: x + 30, y: row, w: 56, h: 5, value: reading.drive[actuator], Palette.drive)
                draw.text(Self.percent(reading.drive[actuator]), x: x + 89, y: row - 1, Palette.text)
                draw.meter(x: x + 118, y: row, w: 56, h: 5, value: reading.felt[actuator], Palette.felt)
                draw.text(Self.percent(reading.felt[actuator]), x: x + 177, y: row - 1, Palette.text)
            }
            draw.text(Self.triggerLine(haptics, player: player), x: x + 4, y: y + h - 9, Palette.textDim)
        }
    }

    static func percent(_ value: Double) -> String {
        let p = Int((min(max(value, 0), 1) * 100).rounded())
        return p < 10 ? "  \(p)%" : (p < 100 ? " \(p)%" : "\(p)%")
    }

    /// "L2 FEEDBACK 45%  R2 WEAPON 80%" (what the config set; "OFF" while paused, as the pad has
    /// it), with how the pad feels it.
    static func triggerLine(_ haptics: GameHaptics, player: Int) -> String {
        guard let pad = haptics.pads.controller(forPlayer: player), let triggers = haptics.pads.adaptiveTriggers(forPlayer: player),
              let output = haptics.pads.triggerOutput(forPlayer: player) else { return "TRIGGERS: NO PAD" }
        func describe(_ effect: AdaptiveTrigger.Effect, sent: DualSenseTriggerBlock?) -> String {
            if haptics.playback.isPaused || (output.support == .adaptive && sent == .off && effect != .off) { return "OFF" }
            guard effect != .off else { return "OFF" }
            return "\(effect.mode.rawValue.uppercased()) \(Int((effect.peakForce * 100).rounded()))%"
        }
        if pad.adaptiveTriggers == .unsupported { return "TRIGGER EFFECTS: NOT ON THIS PAD" }
        // On a pad with trigger motors the effects are felt as trigger rumble (the LT/RT rows).
        return "L2 \(describe(triggers.left.effect, sent: output.sentLeft))  R2 \(describe(triggers.right.effect, sent: output.sentRight))"
    }

    /// The last haptic moments by the rule that played them, and the frame cost; top right.
    func moments(_ haptics: DemoHaptics, frameCost: Double, fps: Double, players: Int) {
        let w = 150, rows = 6
        let x = Viewport.width - 4 - w, y = players > 1 ? 50 : 37
        draw.panel(x: x, y: y, w: w, h: 13 + rows * 9 + 11)
        draw.text("HAPTIC MOMENTS", x: x + 4, y: y + 3, Palette.accent)
        for (row, moment) in haptics.recent.suffix(rows).reversed().enumerated() {
            let ry = y + 13 + row * 9
            draw.rect(x: x + 4, y: ry + 1, w: Int(16 * min(moment.intensity, 1)) + 1, h: 5, Palette.drive)
            draw.text("P\(moment.player + 1) " + String(moment.name.uppercased().prefix(19)), x: x + 24, y: ry, Palette.text)
        }
        draw.text(String(format: "FRAME %.2f MS  %.0f FPS", frameCost * 1000, fps), x: x + 4, y: y + 13 + rows * 9 + 1, Palette.textDim)
    }

    // MARK: - Config, menu

    /// The config's problems in red over the scene (the last good config keeps playing), or a
    /// short note after a good reload.
    func configStatus(_ haptics: DemoHaptics) {
        if !haptics.configErrors.isEmpty {
            let shown = haptics.configErrors.prefix(4)
            draw.panel(x: 4, y: 50, w: Viewport.width - 8, h: 14 + 9 * shown.count, fill: Colour(60, 12, 16, 236), edge: Palette.healthLow)
            let title = haptics.haptics.mapping.events.mapping == nil
                ? "CONFIG ERROR: NO MAPPING LOADED, ONLY FEEDBACK PRESETS PLAY. FIX AND SAVE"
                : "CONFIG ERROR: KEEPING THE LAST GOOD CONFIG. FIX THE FILE AND SAVE"
            draw.text(title, x: 8, y: 53, Palette.accent)
            for (row, line) in shown.enumerated() {
                draw.text(String(line.suffix(77)), x: 8, y: 63 + row * 9, Palette.error)
            }
        } else if let reload = haptics.lastReload, haptics.time - reload < 3 {
            draw.centredText("HAPTICS CONFIG RELOADED", x: Viewport.width / 2, y: 50, Palette.glow, shadow: true)
        }
    }

    func menu(_ game: DemoGame, haptics: GameHaptics, style: ButtonGlyphs.Style) {
        let items = PauseMenu.Item.allCases
        let w = 220, h = 30 + items.count * 11
        let x = Viewport.width / 2 - w / 2, y = 44
        draw.shade(x: 0, y: 0, w: Viewport.width, h: Viewport.height, alpha: 128)
        draw.panel(x: x, y: y, w: w, h: h)
        draw.centredText("PAUSED", x: Viewport.width / 2, y: y + 5, scale: 1, Palette.accent)
        let mixer = haptics.playback.mixer
        for item in items {
            let row = y + 18 + item.rawValue * 11
            var label = item.label
            switch item {
            case .haptics: label += mixer.isEnabled ? ": ON" : ": OFF"
            case .master: label += ": \(Int((mixer.masterGain * 100).rounded()))%"
            case .soundVolume: label += ": \(Int((game.menu.soundVolume * 100).rounded()))%"
            default:
                if let category = item.category { label += ": \(Int((mixer[category] * 100).rounded()))%" }
            }
            let selected = item.rawValue == game.menu.selection
            if selected { draw.rect(x: x + 6, y: row - 2, w: w - 12, h: 11, Palette.panelEdge.shaded(0.7)) }
            draw.text((selected ? "> " : "  ") + label, x: x + 10, y: row, selected ? Palette.text : Palette.textDim)
        }
        draw.hint(glyphs.glyph(.action(.back), style: style), "BACK", x: x + 10, y: y + h + 5)
    }
}
