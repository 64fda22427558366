import CHapticsSDL2
import Foundation
import HapticsSDL

/// The buttons prompts show, as the pad in the player's hand labels them: Xbox letters in their
/// colours, PlayStation shapes, or keyboard keys when no pad is in use. Each glyph is painted once,
/// the first time it is asked for, and kept.
final class ButtonGlyphs {
    enum Style: Hashable {
        case xbox, playStation, keyboard

        init(_ pad: ConnectedController?) {
            switch pad?.kind {
            case nil: self = .keyboard
            case .ps3?, .ps4?, .ps5?: self = .playStation
            default: self = .xbox
            }
        }
    }

    private let renderer: OpaquePointer
    private struct Key: Hashable {
        var style: Style
        var face: String
    }

    private var cache: [Key: SpriteStrip] = [:]

    init(renderer: OpaquePointer) { self.renderer = renderer }

    /// The glyph of `control` in `style`, or nil when that control does not exist there (a
    /// keyboard has no triggers).
    func glyph(_ control: Station.Control, style: Style) -> SpriteStrip? {
        guard let face = Self.face(control, style: style) else { return nil }
        let key = Key(style: style, face: face)
        if let strip = cache[key] { return strip }
        let strip = SpriteStrip(renderer: renderer, frames: [Self.paint(face, style: style)])
        cache[key] = strip
        return strip
    }

    /// What is printed on the button.
    static func face(_ control: Station.Control, style: Style) -> String? {
        switch (control, style) {
        case (.stick, .keyboard): return "ARROWS"
        case (.stick, _): return "STICK"
        case (.leftTrigger, .xbox): return "LT"
        case (.rightTrigger, .xbox): return "RT"
        case (.leftTrigger, .playStation): return "L2"
        case (.rightTrigger, .playStation): return "R2"
        case (.leftTrigger, .keyboard), (.rightTrigger, .keyboard): return nil
        case (.action(let action), _):
            switch action {
            case .jump, .select: return style == .keyboard ? "SPACE" : (style == .xbox ? "A" : "CROSS")
            case .punch: return style == .keyboard ? "X" : (style == .xbox ? "X" : "SQUARE")
            case .drop: return style == .keyboard ? "C" : (style == .xbox ? "Y" : "TRIANGLE")
            case .back: return style == .keyboard ? "BKSP" : (style == .xbox ? "B" : "CIRCLE")
            case .run: return style == .keyboard ? "SHIFT" : (style == .xbox ? "RB" : "R1")
            case .hud: return style == .keyboard ? "H" : (style == .xbox ? "LB" : "L1")
            case .menu: return style == .keyboard ? "ESC" : (style == .xbox ? "MENU" : "OPTIONS")
            case .reset: return style == .keyboard ? "R" : (style == .xbox ? "VIEW" : "CREATE")
            case .left, .right, .up, .down: return style == .keyboard ? "ARROWS" : "DPAD"
            }
        }
    }

    private static func paint(_ face: String, style: Style) -> PixelImage {
        let faceColours: [String: Colour] = ["A": Palette.buttonA, "B": Palette.buttonB, "X": Palette.buttonX, "Y": Palette.buttonY]
        if style == .xbox, let colour = faceColours[face] {
            var image = PixelImage(width: 11, height: 11)
            image.disc(5.5, 5.5, radius: 5.5, colour.shaded(0.7))
            image.disc(5.5, 5, radius: 5, colour)
            image.text(face, x: 3, y: 2, Palette.white)
            return image
        }
        if style == .playStation, ["CROSS", "SQUARE", "TRIANGLE", "CIRCLE"].contains(face) {
            var image = PixelImage(width: 11, height: 11)
            image.disc(5.5, 5.5, radius: 5.5, Palette.outline.shaded(1.8))
            switch face {
            case "CROSS":
                image.line(3, 3, 8, 8, thickness: 1, Palette.buttonX.shaded(1.3)); image.line(8, 3, 3, 8, thickness: 1, Palette.buttonX.shaded(1.3))
            case "SQUARE":
                for i in 3...7 { image.plot(i, 3, Palette.flowerRed.shaded(1.2)); image.plot(i, 7, Palette.flowerRed.shaded(1.2)); image.plot(3, i, Palette.flowerRed.shaded(1.2)); image.plot(7, i, Palette.flowerRed.shaded(1.2)) }
            case "TRIANGLE":
                image.line(5.5, 2.5, 2.5, 7.5, thickness: 1, Palette.buttonA); image.line(5.5, 2.5, 8.5, 7.5, thickness: 1, Palette.buttonA)
                image.line(2.5, 7.5, 8.5, 7.5, thickness: 1, Palette.buttonA)
            default:
                for step in 0..<24 {
                    let a = Double(step) / 24 * 2 * .pi
                    image.plot(Int(5.5 + cos(a) * 3), Int(5.5 + sin(a) * 3), Palette.buttonB)
                }
            }
            return image
        }
        if face == "STICK" {
            var image = PixelImage(width: 11, height: 11)
            image.disc(5.5, 5.5, radius: 5.5, Palette.outline.shaded(1.8))
            image.disc(5.5, 5.5, radius: 3.5, Palette.keyCap.shaded(0.8))
            image.disc(5, 5, radius: 2.5, Palette.keyCap)
            return image
        }
        // A key cap (keyboard keys, shoulders, triggers, small buttons).
        let width = BitmapFont.width(of: face) + 6
        var image = PixelImage(width: width, height: 11)
        image.fill(x: 1, y: 0, width: width - 2, height: 11, Palette.keyCap.shaded(0.7))
        image.fill(x: 0, y: 1, width: width, height: 9, Palette.keyCap.shaded(0.7))
        image.fill(x: 1, y: 1, width: width - 2, height: 8, Palette.keyCap)
        image.text(face, x: 3, y: 2, Palette.outline)
        return image
    }
}
