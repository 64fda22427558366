/// How each walking surface looks, painted pixel by pixel so each is known without a label: grass
/// with blades and flowers over soil, a wooden boardwalk on posts, a riveted steel bridge of tread
/// plate on a truss, loose gravel, and stone bricks (the hill and the walls).
///
/// `pixel(_:x:depth:)` is the colour `depth` art pixels under the surface's top row at layer column
/// `x`; `tuft(_:x:)` is what stands on top of the surface there (blades, pebbles), bottom first.
enum GroundArt {
    static func pixel(_ surface: Material, x: Int, depth: Int) -> Colour {
        let noise = ArtNoise.value(x, depth, seed: surface.rawValue)
        switch surface {
        case .grass:
            if depth == 0 { return noise < 0.3 ? Palette.grass : Palette.grassLight }
            if Double(depth) < 3.5 + ArtNoise.value(x, 0, seed: 11) * 2.5 { return noise < 0.2 ? Palette.grassDark : Palette.grass }
            if depth < 6 && noise < 0.5 { return Palette.grassDark }
            return soil(x: x, depth: depth, noise: noise)
        case .wood, .crate:
            if depth == 0 { return Palette.woodLight }
            if depth <= 4 {
                let row = (depth - 1) / 2
                if (x + row * 7) % 14 == 0 { return Palette.woodDark }              // board ends
                if depth == 2 && (x + row * 7) % 14 == 2 { return Palette.metalLight }   // nails
                return noise < 0.12 ? Palette.woodDark.shaded(1.15) : Palette.wood
            }
            if depth == 5 { return Palette.woodDark }
            if depth < 30 {
                let column = x % 40
                if column < 4 { return column == 0 ? Palette.woodDark : (column == 3 ? Palette.woodShadow : Palette.wood.shaded(0.8)) }   // posts
                if depth == 12 || depth == 13 { return Palette.woodDark.shaded(0.8) }                                                   // a beam
                return Palette.woodShadow.shaded(1 - Double(depth) * 0.008)
            }
            return soil(x: x, depth: depth, noise: noise)
        case .metal:
            if depth == 0 { return Palette.metalLight }
            if depth <= 4 {
                if (x + depth) % 4 == 0 { return Palette.metalLight.shaded(0.95) }      // tread plate
                if (x - depth + 64) % 4 == 2 { return Palette.metalDark }
                return Palette.metal
            }
            if depth == 5 { return Palette.metalDark }
            if depth < 24 {
                // A truss: diagonal bars between riveted joints.
                let column = x % 24, row = depth - 6
                let along = Double(row) * 24 / 18
                if abs(Double(column) - along) < 1.3 || abs(Double(column) - (24 - along)) < 1.3 { return row % 6 == 0 ? Palette.metalLight : Palette.metal }
                if column == 0 || column == 12 { return Palette.metalDark }
                return Palette.metalShadow.shaded(0.8)
            }
            if depth < 27 { return depth == 24 ? Palette.metal : Palette.metalDark }
            return soil(x: x, depth: depth, noise: noise)
        case .gravel:
            if depth < 8 {
                // Pebbles: 3×2 cells of their own shade, dark gaps between.
                let cell = ArtNoise.value((x + (depth / 2) * 2) / 3, depth / 2, seed: 44)
                if cell < 0.16 { return Palette.dirtDark }
                let shade = cell < 0.45 ? Palette.gravelDark : (cell < 0.8 ? Palette.gravel : Palette.gravelLight)
                return depth % 2 == 0 && noise < 0.5 ? shade.shaded(1.1) : shade
            }
            if noise > 0.86 { return Palette.gravel.shaded(0.85) }
            return soil(x: x, depth: depth, noise: noise)
        case .stone:
            return brick(x: x, row: depth)
        case .flesh, .rubber:
            return soil(x: x, depth: depth, noise: noise)
        }
    }

    /// Stone bricks on an absolute grid (`row` counts screen rows), shaded per brick with a lit
    /// top-left edge.
    static func brick(x: Int, row: Int) -> Colour {
        let course = row / 6
        let shifted = x + (course % 2) * 6
        let column = shifted % 12
        if row % 6 == 5 || column == 11 { return Palette.mortar }
        let brickNoise = ArtNoise.value(shifted / 12, course, seed: 9)
        var colour = brickNoise < 0.3 ? Palette.stoneDark : (brickNoise < 0.85 ? Palette.stone : Palette.stoneLight)
        if row % 6 == 0 || column == 0 { colour = colour.shaded(1.14) }
        if row % 6 == 4 { colour = colour.shaded(0.88) }
        return colour
    }

    /// Soil under the grounds: darker with depth, flecked with small stones.
    private static func soil(x: Int, depth: Int, noise: Double) -> Colour {
        let base = depth < 24 ? Palette.dirt : (depth < 44 ? Palette.dirtDark : Palette.dirtDeep)
        if noise < 0.1 { return base.shaded(0.82) }
        if noise > 0.97 { return Palette.dirtLight }
        return base
    }

    /// What stands on the surface at column `x`, bottom first (grass blades and the odd flower,
    /// pebbles); empty for flat surfaces.
    static func tuft(_ surface: Material, x: Int) -> [Colour] {
        let noise = ArtNoise.value(x, 99, seed: surface.rawValue)
        switch surface {
        case .grass:
            if noise > 0.985 { return [Palette.grassDark, Palette.grass, ArtNoise.value(x, 7) < 0.5 ? Palette.flowerRed : Palette.flowerYellow] }
            if noise > 0.7 { return [Palette.grass, Palette.grassLight] }
            if noise > 0.35 { return [Palette.grass] }
            return []
        case .gravel:
            return noise > 0.75 ? [noise > 0.9 ? Palette.gravelLight : Palette.gravel] : []
        default:
            return []
        }
    }
}
