import Foundation

/// An sRGB colour with alpha, 0...255 per channel.
struct Colour: Hashable, Sendable {
    var r: UInt8
    var g: UInt8
    var b: UInt8
    var a: UInt8 = 255

    init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    static let clear = Colour(0, 0, 0, 0)

    /// Packed as SDL's ARGB8888.
    var argb: UInt32 { UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }

    init(argb: UInt32) {
        self.init(UInt8(argb >> 16 & 0xFF), UInt8(argb >> 8 & 0xFF), UInt8(argb & 0xFF), UInt8(argb >> 24))
    }

    /// Brighter (factor > 1) or darker (< 1), alpha kept.
    func shaded(_ factor: Double) -> Colour {
        func channel(_ value: UInt8) -> UInt8 { UInt8(min(max(Double(value) * factor, 0), 255).rounded()) }
        return Colour(channel(r), channel(g), channel(b), a)
    }

    /// `t` of the way from this colour to `other` (0...1).
    func mixed(with other: Colour, _ t: Double) -> Colour {
        func channel(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) + (Double(y) - Double(x)) * t).rounded()) }
        return Colour(channel(r, other.r), channel(g, other.g), channel(b, other.b), channel(a, other.a))
    }

    func with(alpha: UInt8) -> Colour { Colour(r, g, b, alpha) }
}

/// A small picture the demo paints its art into at start-up (tiles, sprites, scenery, the font)
/// before it becomes an SDL texture: one `UInt32` ARGB pixel per art pixel, (0, 0) top left.
/// Start-up only; nothing here runs per frame.
struct PixelImage {
    let width: Int
    let height: Int
    var pixels: [UInt32]

    init(width: Int, height: Int, fill: Colour = .clear) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        pixels = [UInt32](repeating: fill.argb, count: self.width * self.height)
    }

    func contains(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

    subscript(x: Int, y: Int) -> Colour {
        get { contains(x, y) ? Colour(argb: pixels[y * width + x]) : .clear }
        set { if contains(x, y) { pixels[y * width + x] = newValue.argb } }
    }

    func isOpaque(_ x: Int, _ y: Int) -> Bool { contains(x, y) && pixels[y * width + x] >> 24 != 0 }

    /// Sets one pixel, blending a translucent colour over what is there.
    mutating func plot(_ x: Int, _ y: Int, _ colour: Colour) {
        guard contains(x, y), colour.a > 0 else { return }
        if colour.a == 255 { pixels[y * width + x] = colour.argb; return }
        let under = self[x, y]
        let t = Double(colour.a) / 255
        var over = under.a == 0 ? colour : under.mixed(with: colour, t)
        over.a = max(under.a, colour.a)
        self[x, y] = over
    }

    mutating func fill(x: Int, y: Int, width w: Int, height h: Int, _ colour: Colour) {
        for row in max(y, 0)..<min(y + h, height) where w > 0 {
            for column in max(x, 0)..<min(x + w, width) { plot(column, row, colour) }
        }
    }

    /// A filled disc centred at (cx, cy) (pixel centres at +0.5).
    mutating func disc(_ cx: Double, _ cy: Double, radius: Double, _ colour: Colour) {
        ellipse(cx, cy, rx: radius, ry: radius, colour)
    }

    mutating func ellipse(_ cx: Double, _ cy: Double, rx: Double, ry: Double, _ colour: Colour) {
        guard rx > 0, ry > 0 else { return }
        for y in Int((cy - ry).rounded(.down))...Int((cy + ry).rounded(.up)) {
            for x in Int((cx - rx).rounded(.down))...Int((cx + rx).rounded(.up)) {
                let dx = (Double(x) + 0.5 - cx) / rx
                let dy = (Double(y) + 0.5 - cy) / ry
                if dx * dx + dy * dy <= 1 { plot(x, y, colour) }
            }
        }
    }

    /// A line `thickness` pixels wide from (x0, y0) to (x1, y1), stamped with discs.
    mutating func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, thickness: Double, _ colour: Colour) {
        let length = hypot(x1 - x0, y1 - y0)
        let steps = max(Int(length * 2), 1)
        for step in 0...steps {
            let t = Double(step) / Double(steps)
            let x = x0 + (x1 - x0) * t
            let y = y0 + (y1 - y0) * t
            if thickness <= 1 { plot(Int(x.rounded(.down)), Int(y.rounded(.down)), colour) } else { disc(x, y, radius: thickness / 2, colour) }
        }
    }

    /// Draws `image` with its top-left corner at (x, y), blending over.
    mutating func draw(_ image: PixelImage, x: Int, y: Int) {
        for row in 0..<image.height {
            for column in 0..<image.width where image.isOpaque(column, row) { plot(x + column, y + row, image[column, row]) }
        }
    }

    /// Text in the demo's 5×7 font, each font pixel `scale` art pixels.
    mutating func text(_ string: String, x: Int, y: Int, scale: Int = 1, _ colour: Colour) {
        var cursor = x
        for character in string.uppercased() {
            let rows = BitmapFont.rows(of: character)
            for (row, bits) in rows.enumerated() {
                for column in 0..<BitmapFont.glyphWidth where bits & (1 << (BitmapFont.glyphWidth - 1 - column)) != 0 {
                    fill(x: cursor + column * scale, y: y + row * scale, width: scale, height: scale, colour)
                }
            }
            cursor += (BitmapFont.glyphWidth + 1) * scale
        }
    }

    /// Left and right swapped (a sprite facing the other way).
    func mirrored() -> PixelImage {
        var image = PixelImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { image.pixels[y * width + x] = pixels[y * width + (width - 1 - x)] }
        }
        return image
    }

    /// Every transparent pixel next to an opaque one (4-neighbourhood) becomes `colour`: the dark
    /// line around every sprite of the style.
    func outlined(_ colour: Colour) -> PixelImage {
        var image = self
        for y in 0..<height {
            for x in 0..<width where !isOpaque(x, y) {
                if isOpaque(x - 1, y) || isOpaque(x + 1, y) || isOpaque(x, y - 1) || isOpaque(x, y + 1) { image[x, y] = colour }
            }
        }
        return image
    }

    /// The same shape in one colour (a hit flash).
    func silhouette(_ colour: Colour) -> PixelImage {
        var image = PixelImage(width: width, height: height)
        for index in pixels.indices where pixels[index] >> 24 != 0 { image.pixels[index] = colour.argb }
        return image
    }

    /// Rotated by `angle` radians (counter-clockwise on screen, as a physics body turns with y up)
    /// about its centre, nearest neighbour, on a square canvas of side `side` (default: the diagonal).
    func rotated(by angle: Double, side: Int? = nil) -> PixelImage {
        let size = side ?? Int(hypot(Double(width), Double(height)).rounded(.up)) + 1
        var image = PixelImage(width: size, height: size)
        let c = cos(angle), s = sin(angle)
        let half = Double(size) / 2
        for y in 0..<size {
            for x in 0..<size {
                let dx = Double(x) + 0.5 - half
                let dy = Double(y) + 0.5 - half
                // Screen y grows downwards, so a counter-clockwise turn is clockwise in image space.
                let sx = c * dx - s * dy + Double(width) / 2
                let sy = s * dx + c * dy + Double(height) / 2
                let ix = Int(sx.rounded(.down)), iy = Int(sy.rounded(.down))
                if isOpaque(ix, iy) { image.pixels[y * size + x] = pixels[iy * width + ix] }
            }
        }
        return image
    }

    /// `count` images side by side in one strip (frames of one sprite).
    static func strip(_ frames: [PixelImage]) -> PixelImage {
        let frameWidth = frames.map(\.width).max() ?? 1
        let frameHeight = frames.map(\.height).max() ?? 1
        var image = PixelImage(width: frameWidth * frames.count, height: frameHeight)
        for (index, frame) in frames.enumerated() {
            image.draw(frame, x: index * frameWidth + (frameWidth - frame.width) / 2, y: frameHeight - frame.height)
        }
        return image
    }
}

/// A deterministic hash of integer coordinates to 0...1, for the art's texture noise: the same
/// picture on every run and machine.
enum ArtNoise {
    static func value(_ x: Int, _ y: Int, seed: Int = 0) -> Double {
        var h = UInt64(bitPattern: Int64(x)) &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(bitPattern: Int64(y)) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= UInt64(bitPattern: Int64(seed)) &* 0x1656_67B1_9E37_79F9
        h ^= h >> 29
        h = h &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 32
        return Double(h & 0xFFFFFF) / Double(0xFFFFFF)
    }
}
