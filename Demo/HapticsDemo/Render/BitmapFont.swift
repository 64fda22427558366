import CHapticsSDL2

/// The demo's 5×7 pixel font (uppercase, digits, a little punctuation), so it needs no font library
/// and its screenshots are the same on every machine. Drawn from one texture of glyphs
/// (`FontAtlas`), tinted per call.
enum BitmapFont {
    static let glyphWidth = 5
    static let glyphHeight = 7
    /// Horizontal distance from one glyph to the next, font pixels.
    static let advance = glyphWidth + 1

    /// Rows top to bottom, 5 bits each (bit 4 is the leftmost pixel).
    static let glyphs: [Swift.Character: [UInt8]] = [
        "A": [14, 17, 17, 31, 17, 17, 17], "B": [30, 17, 17, 30, 17, 17, 30], "C": [14, 17, 16, 16, 16, 17, 14],
        "D": [30, 17, 17, 17, 17, 17, 30], "E": [31, 16, 16, 30, 16, 16, 31], "F": [31, 16, 16, 30, 16, 16, 16],
        "G": [14, 17, 16, 23, 17, 17, 15], "H": [17, 17, 17, 31, 17, 17, 17], "I": [14, 4, 4, 4, 4, 4, 14],
        "J": [7, 2, 2, 2, 2, 18, 12], "K": [17, 18, 20, 24, 20, 18, 17], "L": [16, 16, 16, 16, 16, 16, 31],
        "M": [17, 27, 21, 21, 17, 17, 17], "N": [17, 17, 25, 21, 19, 17, 17], "O": [14, 17, 17, 17, 17, 17, 14],
        "P": [30, 17, 17, 30, 16, 16, 16], "Q": [14, 17, 17, 17, 21, 18, 13], "R": [30, 17, 17, 30, 20, 18, 17],
        "S": [15, 16, 16, 14, 1, 1, 30], "T": [31, 4, 4, 4, 4, 4, 4], "U": [17, 17, 17, 17, 17, 17, 14],
        "V": [17, 17, 17, 17, 17, 10, 4], "W": [17, 17, 17, 21, 21, 21, 10], "X": [17, 17, 10, 4, 10, 17, 17],
        "Y": [17, 17, 10, 4, 4, 4, 4], "Z": [31, 1, 2, 4, 8, 16, 31],
        "0": [14, 17, 19, 21, 25, 17, 14], "1": [4, 12, 4, 4, 4, 4, 14], "2": [14, 17, 1, 2, 4, 8, 31],
        "3": [31, 2, 4, 2, 1, 17, 14], "4": [2, 6, 10, 18, 31, 2, 2], "5": [31, 16, 30, 1, 1, 17, 14],
        "6": [6, 8, 16, 30, 17, 17, 14], "7": [31, 1, 2, 4, 8, 8, 8], "8": [14, 17, 17, 14, 17, 17, 14],
        "9": [14, 17, 17, 15, 1, 2, 12],
        ".": [0, 0, 0, 0, 0, 12, 12], ",": [0, 0, 0, 0, 12, 4, 8], ":": [0, 12, 12, 0, 12, 12, 0],
        "-": [0, 0, 0, 31, 0, 0, 0], "/": [1, 1, 2, 4, 8, 16, 16], "%": [24, 25, 2, 4, 8, 19, 3],
        "(": [2, 4, 8, 8, 8, 4, 2], ")": [8, 4, 2, 2, 2, 4, 8], ">": [8, 4, 2, 1, 2, 4, 8],
        "<": [2, 4, 8, 16, 8, 4, 2], "+": [0, 4, 4, 31, 4, 4, 0], "=": [0, 0, 31, 0, 31, 0, 0],
        "!": [4, 4, 4, 4, 4, 0, 4], "?": [14, 17, 1, 2, 4, 0, 4], "'": [4, 4, 8, 0, 0, 0, 0], " ": [0, 0, 0, 0, 0, 0, 0],
        "[": [14, 8, 8, 8, 8, 8, 14], "]": [14, 2, 2, 2, 2, 2, 14], "_": [0, 0, 0, 0, 0, 0, 31],
        "*": [0, 21, 14, 31, 14, 21, 0], "#": [10, 31, 10, 10, 10, 31, 10], "&": [12, 18, 20, 8, 21, 18, 13],
        "\"": [10, 10, 0, 0, 0, 0, 0], "µ": [0, 17, 17, 17, 19, 29, 16],
    ]

    /// Every character the font draws, in atlas order.
    static let characters: [Swift.Character] = glyphs.keys.sorted()

    /// A character's rows; `?` for one the font lacks.
    static func rows(of character: Swift.Character) -> [UInt8] { glyphs[character] ?? glyphs["?"]! }

    /// Width in screen pixels of `text` at `scale`.
    static func width(of text: String, scale: Int = 1) -> Int { max(text.count * advance - 1, 0) * scale }
}

/// The font as one white texture, one glyph per cell, tinted with `SDL_SetTextureColorMod` when
/// drawn: a glyph is one `SDL_RenderCopy`. Made once per renderer.
final class FontAtlas {
    let texture: OpaquePointer
    private var cells: [UInt8: Int] = [:]
    private var unicodeCells: [Swift.Character: Int] = [:]
    private let questionCell: Int

    init(renderer: OpaquePointer) {
        var image = PixelImage(width: BitmapFont.characters.count * BitmapFont.advance, height: BitmapFont.glyphHeight)
        for (index, character) in BitmapFont.characters.enumerated() {
            image.text(String(character), x: index * BitmapFont.advance, y: 0, Colour(255, 255, 255))
            if let ascii = character.asciiValue { cells[ascii] = index } else { unicodeCells[character] = index }
        }
        texture = SpriteTexture.make(renderer: renderer, image: image)
        questionCell = BitmapFont.characters.firstIndex(of: "?") ?? 0
    }

    deinit { SDL_DestroyTexture(texture) }

    /// Draws `text` (uppercased) with its top-left corner at (x, y), each font pixel `scale`
    /// pixels, in `colour`. No allocation for ASCII text.
    func draw(_ text: String, x: Int, y: Int, scale: Int = 1, colour: Colour, renderer: OpaquePointer) {
        SDL_SetTextureColorMod(texture, colour.r, colour.g, colour.b)
        SDL_SetTextureAlphaMod(texture, colour.a)
        var cursor = x
        for scalar in text.unicodeScalars {
            var cell = questionCell
            if scalar.isASCII {
                var byte = UInt8(scalar.value)
                if byte >= 97 && byte <= 122 { byte -= 32 }
                cell = cells[byte] ?? questionCell
            } else {
                cell = unicodeCells[Swift.Character(scalar)] ?? questionCell
            }
            if scalar != " " {
                var source = SDL_Rect(x: Int32(cell * BitmapFont.advance), y: 0, w: Int32(BitmapFont.glyphWidth), h: Int32(BitmapFont.glyphHeight))
                var target = SDL_Rect(x: Int32(cursor), y: Int32(y), w: Int32(BitmapFont.glyphWidth * scale), h: Int32(BitmapFont.glyphHeight * scale))
                SDL_RenderCopy(renderer, texture, &source, &target)
            }
            cursor += BitmapFont.advance * scale
        }
    }
}
