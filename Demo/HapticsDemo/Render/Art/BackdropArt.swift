import Foundation

/// The distance behind the level, in two layers that scroll slower than the play (parallax), each
/// 640 art pixels wide and seamless end to end: the far layer (sky, sun, clouds, snowy mountains;
/// opaque) and the near layer (green hills with trees; transparent above them).
enum BackdropArt {
    static let width = 640
    /// How fast each layer scrolls with the camera (1: with the level).
    static let farParallax = 0.15
    static let nearParallax = 0.4
    /// Height of the near layer; it sits with its bottom on the ground row.
    static let nearHeight = 84

    /// A ridge height at column x, seamless over `width`: a sum of waves whose periods divide it.
    private static func ridge(_ x: Int, waves: [(Double, Double, Double)]) -> Double {
        waves.reduce(0) { sum, wave in sum + wave.1 * sin(2 * .pi * Double(x) * wave.0 / Double(width) + wave.2) }
    }

    static func far() -> PixelImage {
        let height = Viewport.groundRow
        var image = PixelImage(width: width, height: height)
        // Sky: a gradient in dithered bands.
        for y in 0..<height {
            let t = Double(y) / Double(height - 1)
            for x in 0..<width {
                let dither = (x + y) % 2 == 0 ? 0.02 : -0.02
                let band = ((t + dither) * 10).rounded(.down) / 10
                image[x, y] = Palette.skyTop.mixed(with: Palette.skyBottom, min(max(band, 0), 1))
            }
        }
        image.disc(500, 44, radius: 17, Palette.sun.with(alpha: 90))
        image.disc(500, 44, radius: 13, Palette.sun)
        // Clouds: clusters of discs with a shaded underside.
        for (cx, cy, size) in [(60.0, 40.0, 1.0), (220.0, 26.0, 0.7), (360.0, 58.0, 1.2), (590.0, 30.0, 0.8)] {
            for (dx, dy, r) in [(-14.0, 4.0, 9.0), (0.0, -2.0, 12.0), (14.0, 3.0, 10.0), (26.0, 6.0, 7.0)] {
                image.disc(cx + dx * size, cy + dy * size + 2, radius: r * size, Palette.cloudShade)
            }
            for (dx, dy, r) in [(-14.0, 2.0, 8.0), (0.0, -4.0, 11.0), (14.0, 1.0, 9.0), (26.0, 4.0, 6.0)] {
                image.disc(cx + dx * size, cy + dy * size, radius: r * size, Palette.cloud)
            }
        }
        // Two mountain ranges, the farther paler, snow on the higher peaks.
        for (base, colour, waves, snow) in [
            (120.0, Palette.mountainFar, [(3.0, 22.0, 0.0), (7.0, 9.0, 1.3), (13.0, 4.0, 2.1)], true),
            (146.0, Palette.mountainNear, [(2.0, 16.0, 2.0), (5.0, 10.0, 0.4), (11.0, 5.0, 1.0)], false),
        ] {
            for x in 0..<width {
                let top = Int(base - ridge(x, waves: waves))
                for y in max(top, 0)..<height {
                    var c = colour
                    if snow && y < top + 5 && top < Int(base) - 18 { c = Palette.snow }
                    if y > top + 2 && y < top + 6 && !snow { c = c.shaded(1.06) }
                    image[x, y] = c
                }
            }
        }
        return image
    }

    static func near() -> PixelImage {
        var image = PixelImage(width: width, height: nearHeight)
        for x in 0..<width {
            let top = Int(40 - ridge(x, waves: [(2.0, 10.0, 0.7), (5.0, 6.0, 2.4), (9.0, 3.0, 0.2)]))
            for y in max(top, 0)..<nearHeight {
                image[x, y] = y == top ? Palette.hillFar.shaded(1.15) : (y > top + 24 ? Palette.hillShade : Palette.hillFar)
            }
        }
        // Round trees along the hills.
        for index in 0..<14 {
            let x = Double(index) * Double(width) / 14 + ArtNoise.value(index, 1, seed: 3) * 30
            let ground = 40 - ridge(Int(x) % width, waves: [(2.0, 10.0, 0.7), (5.0, 6.0, 2.4), (9.0, 3.0, 0.2)])
            let r = 5 + ArtNoise.value(index, 2, seed: 3) * 4
            image.fill(x: Int(x), y: Int(ground - 3), width: 2, height: 5, Palette.trunk)
            image.disc(x + 1, ground - 3 - r, radius: r, Palette.treeDark)
            image.disc(x - r * 0.3, ground - 4 - r * 1.3, radius: r * 0.5, Palette.treeLight)
        }
        return image
    }
}
