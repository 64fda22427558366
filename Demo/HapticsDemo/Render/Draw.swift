import CHapticsSDL2

/// Flat drawing on the 480×270 scene (`Viewport`): filled rectangles, HUD panels, meters, text in
/// the demo's font and button glyphs. Screen coordinates in art pixels, (0, 0) top left.
struct Draw {
    let renderer: OpaquePointer
    let font: FontAtlas
    /// An opaque black texture the size of the scene: darkening a large area is copying part of it
    /// with an alpha modulation, which SDL's software renderer does far faster than a blended fill.
    let shadeTexture: OpaquePointer

    /// Darkens a rectangle by `alpha` (0...255).
    func shade(x: Int, y: Int, w: Int, h: Int, alpha: UInt8) {
        SDL_SetTextureAlphaMod(shadeTexture, alpha)
        var source = SDL_Rect(x: 0, y: 0, w: Int32(w), h: Int32(h))
        var target = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(w), h: Int32(h))
        SDL_RenderCopy(renderer, shadeTexture, &source, &target)
    }

    func rect(x: Int, y: Int, w: Int, h: Int, _ colour: Colour) {
        guard w > 0, h > 0 else { return }
        SDL_SetRenderDrawColor(renderer, colour.r, colour.g, colour.b, colour.a)
        var r = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(w), h: Int32(h))
        SDL_RenderFillRect(renderer, &r)
    }

    /// A HUD panel: translucent dark with a lighter edge and clipped corners.
    func panel(x: Int, y: Int, w: Int, h: Int, fill: Colour = Palette.panel, edge: Colour = Palette.panelEdge) {
        rect(x: x + 1, y: y, w: w - 2, h: 1, edge)
        rect(x: x + 1, y: y + h - 1, w: w - 2, h: 1, edge)
        rect(x: x, y: y + 1, w: 1, h: h - 2, edge)
        rect(x: x + w - 1, y: y + 1, w: 1, h: h - 2, edge)
        rect(x: x + 1, y: y + 1, w: w - 2, h: h - 2, fill)
    }

    /// A horizontal meter: `value` 0...1 of `w` filled.
    func meter(x: Int, y: Int, w: Int, h: Int, value: Double, _ colour: Colour) {
        rect(x: x, y: y, w: w, h: h, Palette.meterBack)
        let filled = Int((Double(w) * min(max(value.isFinite ? value : 0, 0), 1)).rounded())
        rect(x: x, y: y, w: filled, h: h, colour)
        if filled > 0 { rect(x: x, y: y, w: filled, h: 1, colour.shaded(1.25)) }
    }

    /// A vertical meter filling upwards.
    func verticalMeter(x: Int, y: Int, w: Int, h: Int, value: Double, _ colour: Colour) {
        rect(x: x, y: y, w: w, h: h, Palette.meterBack)
        let filled = Int((Double(h) * min(max(value.isFinite ? value : 0, 0), 1)).rounded())
        rect(x: x, y: y + h - filled, w: w, h: filled, colour)
    }

    /// `string` in the font, top-left at (x, y); returns the x after it.
    @discardableResult
    func text(_ string: String, x: Int, y: Int, scale: Int = 1, _ colour: Colour = Palette.text, shadow: Bool = false) -> Int {
        if shadow { font.draw(string, x: x + scale, y: y + scale, scale: scale, colour: Palette.outline, renderer: renderer) }
        font.draw(string, x: x, y: y, scale: scale, colour: colour, renderer: renderer)
        return x + BitmapFont.width(of: string, scale: scale)
    }

    /// `string` centred on x.
    func centredText(_ string: String, x: Int, y: Int, scale: Int = 1, _ colour: Colour = Palette.text, shadow: Bool = false) {
        text(string, x: x - BitmapFont.width(of: string, scale: scale) / 2, y: y, scale: scale, colour, shadow: shadow)
    }

    /// A glyph, then `label` after it; returns the x after both. Measures only when `measure`.
    @discardableResult
    func hint(_ glyph: SpriteStrip?, _ label: String, x: Int, y: Int, measure: Bool = false) -> Int {
        var cursor = x
        if let glyph {
            if !measure { glyph.draw(0, x: cursor, y: y - 2, renderer: renderer) }
            cursor += glyph.frameWidth + 3
        }
        if !measure { text(label, x: cursor, y: y, Palette.text, shadow: true) }
        return cursor + BitmapFont.width(of: label)
    }
}
