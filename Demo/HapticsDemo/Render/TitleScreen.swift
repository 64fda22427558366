import HapticsSDL

/// The title over the live level ("press A or Space"), and the attract mode's banner while the
/// demo plays its tour by itself.
struct TitleScreen {
    let draw: Draw
    let glyphs: ButtonGlyphs

    func title(time: Double, pad: ConnectedController?) {
        draw.shade(x: 0, y: 0, w: Viewport.width, h: Viewport.height, alpha: 128)
        let centre = Viewport.width / 2
        draw.centredText("SDLHAPTICS", x: centre, y: 34, scale: 5, Palette.accent, shadow: true)
        draw.centredText("THE DEMO: A SMALL GAME YOU CAN FEEL", x: centre, y: 78, scale: 1, Palette.text, shadow: true)
        draw.centredText("CRATES BY WEIGHT - FIVE GROUNDS - ENEMIES - A BOULDER - TRIGGERS", x: centre, y: 92, Palette.textDim, shadow: true)
        draw.panel(x: centre - 130, y: 118, w: 260, h: 52)
        if time.truncatingRemainder(dividingBy: 1) < 0.75 { pressToPlay(y: 126, suffix: "") }
        let status = pad.map { "PAD: \(HUD.padName($0))" } ?? "NO PAD: KEYBOARD (PLUG ONE IN ANY TIME)"
        draw.centredText(status, x: centre, y: 145, Palette.text)
        draw.centredText("LEFT ALONE 20 S, IT PLAYS ITSELF", x: centre, y: 157, Palette.textDim)
    }

    /// "PRESS [A] OR [SPACE]" centred at row y.
    func pressToPlay(y: Int, suffix: String) {
        let a = glyphs.glyph(.action(.jump), style: .xbox)
        let space = glyphs.glyph(.action(.jump), style: .keyboard)
        let parts: [(SpriteStrip?, String)] = [(nil, "PRESS"), (a, "OR"), (space, suffix)]
        var width = 0
        for part in parts { width += draw.hint(part.0, part.1, x: 0, y: 0, measure: true) + 5 }
        var cursor = Viewport.width / 2 - width / 2
        for part in parts { cursor = draw.hint(part.0, part.1, x: cursor, y: y) + 5 }
    }

    func attract(time: Double) {
        guard Int(time * 1.5) % 2 == 0 else { return }
        draw.panel(x: Viewport.width / 2 - 105, y: 48, w: 210, h: 17, fill: Colour(20, 22, 34, 230), edge: Palette.accent)
        pressToPlay(y: 53, suffix: "TO PLAY")
        draw.text("DEMO", x: Viewport.width / 2 - 100, y: 53, Palette.accent)
    }
}
