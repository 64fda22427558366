import Foundation

/// The level's unmoving picture, painted once at start-up, left wall to right wall: the grounds
/// (`GroundArt`), the stone hill, the slot, the walls, and the scenery behind the play (the crate
/// yard's shed, boardwalk and bridge rails, fences, trees, signposts, the flag at the end). One
/// image as wide as the level and as tall as the screen; the renderer shows the camera's part.
enum LevelArt {
    /// World x of the image's first column (a metre left of the left wall, for its pillar).
    static let left = Level.left - 1
    static let right = Level.right + 1
    static var width: Int { Viewport.column(right - left) }

    /// Column of world x in the image.
    static func column(_ x: Double) -> Int { Viewport.column(x - left) }

    /// World x at the middle of image column `column`.
    static func worldX(_ column: Int) -> Double { left + (Double(column) + 0.5) / Viewport.pixelsPerMetre }

    /// The surface row (top row of the ground) at world x: flat ground, or the hill.
    static func surfaceRow(at x: Double) -> Int {
        Viewport.row(Level.height(at: x)) - 1
    }

    static func paint() -> PixelImage {
        var image = PixelImage(width: width, height: Viewport.height)
        paintScenery(&image)
        for column in 0..<image.width {
            let x = worldX(column)
            if x < Level.left || x >= Level.right {
                // The walls: stone pillars from the ground to the sky.
                for row in 0..<image.height {
                    var colour = GroundArt.brick(x: column, row: row).shaded(0.9)
                    if Int(abs(x < Level.left ? x - Level.left : x - Level.right) * Viewport.pixelsPerMetre) == 0 { colour = Palette.outline }
                    image[column, row] = colour
                }
                continue
            }
            let top = surfaceRow(at: x)
            let surface = Level.surface(at: x)
            for row in top..<image.height {
                if surface == .stone {
                    image[column, row] = row == top ? (ArtNoise.value(column, 5) < 0.3 ? Palette.moss : Palette.stoneLight) : GroundArt.brick(x: column, row: row)
                } else {
                    image[column, row] = GroundArt.pixel(surface, x: column, depth: row - top)
                }
            }
            let tuft = surface == .stone ? (ArtNoise.value(column, 77) > 0.8 ? [Palette.moss] : []) : GroundArt.tuft(surface, x: column)
            for (index, colour) in tuft.enumerated() { image[column, top - 1 - index] = colour }
        }
        paintSlot(&image)
        return image
    }

    // MARK: - The slot

    private static func paintSlot(_ image: inout PixelImage) {
        let from = column(Level.slotX - 0.4), to = column(Level.slotX + 0.4)
        let top = Viewport.groundRow - 1
        for column in (from - 1)...to {
            for row in top..<(top + 9) {
                let edge = column == from - 1 || column == to
                image[column, row] = edge ? Palette.metalLight : (row == top + 8 ? Palette.metalDark : Palette.outline.shaded(1.3))
            }
        }
        for column in (from - 2)...(to + 1) { image[column, top] = Palette.hazard }
    }

    // MARK: - Scenery

    private static func paintScenery(_ image: inout PixelImage) {
        paintShed(&image)
        for x in stride(from: 10.5, through: 17.5, by: 2.0) { post(&image, x: x, height: 1.0, Palette.wood, width: 2) }
        rail(&image, from: 10.4, to: 17.7, height: 1.0, Palette.woodDark)
        rail(&image, from: 10.4, to: 17.7, height: 0.55, Palette.wood)
        for x in stride(from: 18.5, through: 25.5, by: 1.75) { post(&image, x: x, height: 1.05, Palette.metalDark, width: 1) }
        rail(&image, from: 18.3, to: 25.7, height: 1.05, Palette.metalLight)
        rail(&image, from: 18.3, to: 25.7, height: 0.6, Palette.metal)
        for x in stride(from: 42.5, through: 53.5, by: 1.5) { post(&image, x: x, height: 1.15, Palette.woodDark, width: 2) }
        rail(&image, from: 42.3, to: 53.7, height: 1.0, Palette.wood)
        rail(&image, from: 42.3, to: 53.7, height: 0.45, Palette.wood)
        for (x, size) in [(4.2, 1.0), (7.0, 0.75), (36.8, 1.1), (48.0, 0.9), (70.0, 1.15), (74.5, 0.85)] { tree(&image, x: x, size: size) }
        for x in [2.6, 31.5, 45.2, 68.2, 77.0] { bush(&image, x: x) }
        for (x, size) in [(27.6, 0.5), (29.0, 0.3), (32.4, 0.42)] { rock(&image, x: x, size: size) }
        for (x, text) in [(1.2, "WALK >"), (9.7, "GROUNDS"), (35.2, "SLOT"), (42.0, "ENEMIES"), (53.0, "HILL")] { sign(&image, x: x, text: text) }
        flag(&image, x: 78.6)
    }

    /// The crate yard's shed wall, left wall to the start: boards, windows, a sign.
    private static func paintShed(_ image: inout PixelImage) {
        let from = column(Level.left), to = column(-0.6)
        let roof = Viewport.row(4.6)
        let bottom = Viewport.groundRow - 2
        for column in from..<to {
            for row in roof...bottom {
                let board = (column / 5) % 2 == 0 ? Palette.woodDark : Palette.woodDark.shaded(0.9)
                image[column, row] = column % 5 == 0 ? Palette.woodShadow : board.shaded(0.82 + 0.1 * Double(row - roof) / Double(bottom - roof))
            }
        }
        for column in (from - 2)..<(to + 4) {
            for row in (roof - 6)..<roof { image[column, row] = row == roof - 6 ? Palette.outline : Palette.stoneDark.shaded(row % 2 == 0 ? 1 : 0.85) }
        }
        for x in [-10.3, -6.4, -2.6] {
            let cx = column(x), cy = Viewport.row(3.0)
            image.fill(x: cx - 11, y: cy - 8, width: 22, height: 15, Palette.woodShadow)
            image.fill(x: cx - 10, y: cy - 7, width: 20, height: 13, Palette.skyBottom.shaded(0.72))
            image.line(Double(cx - 6), Double(cy + 4), Double(cx + 2), Double(cy - 6), thickness: 1, Palette.skyBottom.shaded(0.95))
            image.fill(x: cx - 1, y: cy - 7, width: 2, height: 13, Palette.woodShadow)
            image.fill(x: cx - 10, y: cy - 1, width: 20, height: 1, Palette.woodShadow)
        }
        let label = "CRATE YARD"
        let w = BitmapFont.width(of: label) + 10
        let cx = column(-6.3), top = roof + 3
        image.fill(x: cx - w / 2, y: top, width: w, height: 12, Palette.outline)
        image.fill(x: cx - w / 2 + 1, y: top + 1, width: w - 2, height: 10, Palette.hazard)
        image.text(label, x: cx - w / 2 + 5, y: top + 3, Palette.outline)
    }

    private static func post(_ image: inout PixelImage, x: Double, height: Double, _ colour: Colour, width: Int) {
        let c = column(x), top = Viewport.row(height)
        image.fill(x: c - width / 2, y: top, width: width, height: Viewport.groundRow - 1 - top, colour)
        image.fill(x: c - width / 2 - 1, y: top, width: 1, height: Viewport.groundRow - 1 - top, Palette.outline.with(alpha: 140))
    }

    private static func rail(_ image: inout PixelImage, from: Double, to: Double, height: Double, _ colour: Colour) {
        let row = Viewport.row(height)
        image.fill(x: column(from), y: row, width: column(to) - column(from), height: 2, colour)
        image.fill(x: column(from), y: row + 2, width: column(to) - column(from), height: 1, Palette.outline.with(alpha: 120))
    }

    private static func tree(_ image: inout PixelImage, x: Double, size: Double) {
        let c = Double(column(x)), ground = Double(Viewport.groundRow - 1)
        var tree = PixelImage(width: 60, height: 80)
        let trunkHeight = 22 * size
        tree.fill(x: 28, y: Int(80 - trunkHeight), width: 4, height: Int(trunkHeight), Palette.trunk)
        tree.fill(x: 28, y: Int(80 - trunkHeight), width: 1, height: Int(trunkHeight), Palette.trunk.shaded(1.2))
        let crown = 80 - trunkHeight - 10 * size
        for (dx, dy, r) in [(-9.0, 4.0, 10.0), (9.0, 5.0, 9.0), (0.0, -5.0, 12.0), (-4.0, 8.0, 9.0), (5.0, -1.0, 10.0)] {
            tree.disc(30 + dx * size, crown + dy * size, radius: r * size, Palette.treeDark)
        }
        for (dx, dy, r) in [(-5.0, -6.0, 6.0), (4.0, -9.0, 5.0), (-11.0, 1.0, 4.0)] {
            tree.disc(30 + dx * size, crown + dy * size, radius: r * size, Palette.treeLight)
        }
        image.draw(tree.outlined(Palette.outline), x: Int(c) - 30, y: Int(ground) - 80)
    }

    private static func bush(_ image: inout PixelImage, x: Double) {
        var bush = PixelImage(width: 24, height: 14)
        bush.disc(7, 9, radius: 5, Palette.treeDark)
        bush.disc(15, 8, radius: 6, Palette.treeDark)
        bush.disc(12, 6, radius: 4, Palette.treeLight)
        image.draw(bush.outlined(Palette.outline), x: column(x) - 12, y: Viewport.groundRow - 14)
    }

    private static func rock(_ image: inout PixelImage, x: Double, size: Double) {
        let r = size * Viewport.pixelsPerMetre
        var rock = PixelImage(width: Int(r * 2) + 4, height: Int(r) + 3)
        rock.ellipse(r + 2, r + 2, rx: r, ry: r * 0.8, Palette.gravelDark)
        rock.ellipse(r + 1, r, rx: r * 0.6, ry: r * 0.4, Palette.gravel)
        let outlined = rock.outlined(Palette.outline)
        image.draw(outlined, x: column(x) - outlined.width / 2, y: Viewport.groundRow - 1 - outlined.height)
    }

    private static func sign(_ image: inout PixelImage, x: Double, text: String) {
        let c = column(x)
        let w = BitmapFont.width(of: text) + 8
        let boardTop = Viewport.row(2.2)
        image.fill(x: c - 1, y: boardTop, width: 3, height: Viewport.groundRow - 1 - boardTop, Palette.woodDark)
        image.fill(x: c - w / 2 - 1, y: boardTop - 1, width: w + 2, height: 13, Palette.outline)
        image.fill(x: c - w / 2, y: boardTop, width: w, height: 11, Palette.signWood)
        image.fill(x: c - w / 2, y: boardTop + 9, width: w, height: 2, Palette.woodDark)
        image.text(text, x: c - w / 2 + 4, y: boardTop + 2, Palette.outline)
    }

    private static func flag(_ image: inout PixelImage, x: Double) {
        let c = column(x), top = Viewport.row(3.8)
        image.fill(x: c, y: top, width: 2, height: Viewport.groundRow - 1 - top, Palette.metalLight)
        image.fill(x: c + 2, y: top, width: 1, height: Viewport.groundRow - 1 - top, Palette.metalDark)
        for row in 0..<12 {
            let length = 16 - abs(row - 6) * 2
            image.fill(x: c + 3, y: top + 1 + row, width: length, height: 1, row < 6 ? Palette.flowerRed : Palette.flowerRed.shaded(0.8))
        }
        image.disc(Double(c) + 1, Double(top), radius: 2, Palette.hazard)
    }
}
