import Foundation

/// The level's loose bodies, painted by code: crates that look heavier as they get heavier, the
/// boulder (its stone turns, its light stays), the metal block. Sizes in art pixels follow the
/// physics bodies (16 per metre).
enum BodyArt {
    static let pixelsPerMetre = 16.0

    /// How heavy a crate looks.
    enum CrateKind: Int, CaseIterable {
        /// Under 10 kg: a cardboard box with tape.
        case cardboard
        /// Under 100 kg: a wooden crate, planks and a brace.
        case wooden
        /// Under 500 kg: dark hardwood bound with iron, riveted.
        case ironBound
        /// 500 kg and more: a steel crate, riveted frame, hazard stripes and its tonnage stencilled.
        case steel

        init(mass: Double) {
            switch mass {
            case ..<10: self = .cardboard
            case ..<100: self = .wooden
            case ..<500: self = .ironBound
            default: self = .steel
            }
        }
    }

    /// A crate of `size` metres, looking its `mass` (kg), upright.
    static func crate(mass: Double, size: Double) -> PixelImage {
        let n = max(Int((size * pixelsPerMetre).rounded()), 4)
        var image = PixelImage(width: n, height: n)
        switch CrateKind(mass: mass) {
        case .cardboard:
            image.fill(x: 0, y: 0, width: n, height: n, Palette.cardboard)
            image.fill(x: 0, y: n - 2, width: n, height: 2, Palette.cardboardDark)
            image.fill(x: 0, y: 0, width: 1, height: n, Palette.cardboardDark)
            image.fill(x: n / 2 - 1, y: 0, width: 2, height: n / 2, Palette.tape)
            image.fill(x: 1, y: 0, width: n - 1, height: 1, Palette.cardboard.shaded(1.1))
        case .wooden:
            image.fill(x: 0, y: 0, width: n, height: n, Palette.wood)
            for y in stride(from: 3, to: n - 2, by: 3) { image.fill(x: 2, y: y, width: n - 4, height: 1, Palette.woodDark) }
            image.line(2, Double(n) - 3, Double(n) - 3, 2, thickness: 2, Palette.woodLight)
            frame(&image, n: n, Palette.woodDark, thickness: 2)
            for (x, y) in [(1, 1), (n - 2, 1), (1, n - 2), (n - 2, n - 2)] { image.plot(x, y, Palette.metalLight) }
        case .ironBound:
            image.fill(x: 0, y: 0, width: n, height: n, Palette.woodDark)
            for y in stride(from: 2, to: n, by: 3) { image.fill(x: 0, y: y, width: n, height: 1, Palette.woodShadow) }
            image.fill(x: 0, y: 2, width: n, height: 3, Palette.iron)
            image.fill(x: 0, y: n - 5, width: n, height: 3, Palette.iron)
            image.fill(x: n / 2 - 1, y: 0, width: 3, height: n, Palette.iron)
            frame(&image, n: n, Palette.iron, thickness: 1)
            for x in stride(from: 2, to: n - 1, by: 4) {
                image.plot(x, 3, Palette.ironLight)
                image.plot(x, n - 4, Palette.ironLight)
            }
        case .steel:
            image.fill(x: 0, y: 0, width: n, height: n, Palette.steel)
            image.fill(x: 2, y: 2, width: n - 4, height: 1, Palette.steelLight)
            image.fill(x: 2, y: 2, width: 1, height: n - 4, Palette.steelLight)
            // Hazard stripes along the bottom.
            for x in 0..<n {
                for y in (n - 5)..<(n - 2) where ((x + y) / 2) % 2 == 0 { image.plot(x, y, Palette.hazard) }
                for y in (n - 5)..<(n - 2) where ((x + y) / 2) % 2 != 0 { image.plot(x, y, Palette.outline) }
            }
            frame(&image, n: n, Palette.iron, thickness: 2)
            for x in stride(from: 1, to: n, by: 4) {
                image.plot(x, 0, Palette.steelLight)
                image.plot(x, n - 1, Palette.steelLight)
                image.plot(0, x, Palette.steelLight)
                image.plot(n - 1, x, Palette.steelLight)
            }
            let label = mass >= 1000 ? "\(Int(mass / 1000))T" : "\(Int(mass))"
            image.text(label, x: (n - BitmapFont.width(of: label)) / 2, y: (n - 5 - BitmapFont.glyphHeight) / 2 + 1, Palette.hazard)
        }
        return image.outlined(Palette.outline)
    }

    private static func frame(_ image: inout PixelImage, n: Int, _ colour: Colour, thickness: Int) {
        image.fill(x: 0, y: 0, width: n, height: thickness, colour)
        image.fill(x: 0, y: n - thickness, width: n, height: thickness, colour)
        image.fill(x: 0, y: 0, width: thickness, height: n, colour)
        image.fill(x: n - thickness, y: 0, width: thickness, height: n, colour)
    }

    /// The boulder (radius in metres) turned by each of `count` angles: the stone's spots and
    /// cracks turn with it, the light from the upper left does not.
    static func boulderTurns(radius: Double, count: Int) -> [PixelImage] {
        let r = radius * pixelsPerMetre
        let side = Int((r * 2).rounded(.up)) + 3
        let centre = Double(side) / 2
        // Spots on the stone, in the boulder's own coordinates (pixels from its centre) and radii.
        let spots: [(Double, Double, Double, Colour)] = [
            (-3.5, -2.5, 2.6, Palette.stoneDark), (3.2, 3.8, 2.2, Palette.stoneDark), (4.2, -3.8, 1.6, Palette.stoneLight),
            (-2.5, 4.6, 1.4, Palette.moss), (0.5, 0.5, 1.2, Palette.stoneDark),
        ]
        return (0..<count).map { frame in
            let angle = Double(frame) / Double(count) * 2 * .pi
            var image = PixelImage(width: side, height: side)
            for y in 0..<side {
                for x in 0..<side {
                    let dx = Double(x) + 0.5 - centre, dy = Double(y) + 0.5 - centre
                    let distance = hypot(dx, dy)
                    guard distance <= r else { continue }
                    // Into the boulder's frame: undo its turn (counter-clockwise with y up).
                    let u = cos(angle) * dx - sin(angle) * dy
                    let v = sin(angle) * dx + cos(angle) * dy
                    var colour = Palette.stone
                    for spot in spots where hypot(u - spot.0, v - spot.1) <= spot.2 { colour = spot.3 }
                    if abs(u * 0.8 - v + 1) < 0.5 && u > -1 && u < 5 { colour = Palette.mortar }   // a crack
                    let light = (-dx * 0.6 - dy * 0.8) / r
                    if light > 0.45 { colour = colour.shaded(1.18) } else if light < -0.4 { colour = colour.shaded(0.78) }
                    image[x, y] = distance > r - 1.1 ? Palette.stoneDark.shaded(0.8) : colour
                }
            }
            return image.outlined(Palette.outline)
        }
    }

    /// The metal block (width × height metres); `seated` glows green, as it does in its slot.
    static func block(width: Double, height: Double, seated: Bool) -> PixelImage {
        let w = Int((width * pixelsPerMetre).rounded()), h = Int((height * pixelsPerMetre).rounded())
        var image = PixelImage(width: w, height: h)
        let base = seated ? Palette.glow.shaded(0.8) : Palette.metal
        image.fill(x: 0, y: 0, width: w, height: h, base)
        image.fill(x: 0, y: 0, width: w, height: 1, seated ? Palette.glow : Palette.metalLight)
        image.fill(x: 0, y: h - 1, width: w, height: 1, seated ? Palette.glow.shaded(0.6) : Palette.metalDark)
        image.fill(x: 2, y: h / 2, width: w - 4, height: 1, seated ? Palette.glow.shaded(0.6) : Palette.metalDark)
        image.plot(1, 1, Palette.white)
        image.plot(w - 2, 1, Palette.white)
        return image.outlined(Palette.outline)
    }
}
