import CHapticsSDL2

/// A 5×7 pixel font for the HUD (uppercase, digits, a little punctuation), drawn with rectangles so the
/// demo needs no font library and its screenshots are the same on every machine.
enum BitmapFont {
    static let glyphWidth = 5
    static let glyphHeight = 7

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
    ]

    /// Draws `text` (uppercased) with its top-left corner at (x, y), each font pixel `scale` screen pixels.
    static func draw(_ text: String, x: Int, y: Int, scale: Int = 2, renderer: OpaquePointer) {
        var cursor = x
        for character in text.uppercased() {
            let rows = glyphs[character] ?? glyphs["?"]!
            for (row, bits) in rows.enumerated() where bits != 0 {
                for column in 0..<glyphWidth where bits & (1 << (glyphWidth - 1 - column)) != 0 {
                    var rect = SDL_Rect(x: Int32(cursor + column * scale), y: Int32(y + row * scale), w: Int32(scale), h: Int32(scale))
                    SDL_RenderFillRect(renderer, &rect)
                }
            }
            cursor += (glyphWidth + 1) * scale
        }
    }

    static func width(of text: String, scale: Int = 2) -> Int { text.count * (glyphWidth + 1) * scale }
}
