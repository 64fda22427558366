import CHapticsChipmunk

/// The little level, left to right: a crate yard, four walking surfaces (grass, wood, metal, gravel), a
/// meadow with a block and the slot it snaps into, an enemy yard, a stone hill with a boulder on top, and a
/// meadow for the boulder to roll out on.
/// Distances in metres; the ground is y = 0.
enum Level {
    static let left = -12.0
    static let right = 80.0
    static let spawnX = 2.0

    /// Flat ground strips: where each surface lies.
    static let strips: [(from: Double, to: Double, material: Material)] = [
        (-12, 0, .wood), (0, 10, .grass), (10, 18, .wood), (18, 26, .metal), (26, 34, .gravel), (34, 54, .grass),
        (66, 80, .grass),
    ]

    /// The hill: ramp up, plateau, ramp down (stone).
    static let hill = [cpv(54, 0), cpv(58, 1.5), cpv(60, 1.5), cpv(66, 0)]

    /// Crates standing in the yard, light to very heavy: mass kg, size m, x.
    static let crates: [(mass: Double, size: Double, x: Double)] = [(2, 0.5, -2), (20, 0.8, -4), (200, 1.0, -6.5), (1000, 1.4, -9.5)]
    /// What `drop` lets fall, in turn: light, very heavy, medium, heavy.
    static let drops: [(mass: Double, size: Double)] = [(2, 0.5), (1000, 1.4), (20, 0.8), (200, 1.0)]

    static let enemyStarts = [46.0, 51.0]
    static let boulderStart = cpv(59.2, 1.5 + 0.65)
    static let blockStart = 36.0
    /// Centre x of the slot the block snaps into: a notch in the ground the block seats in, flush.
    static let slotX = 40.0

    static func build(in world: PhysicsWorld) {
        for strip in strips {
            world.addSegment(from: cpv(strip.from, 0), to: cpv(strip.to, 0), material: strip.material)
        }
        for (a, b) in zip(hill, hill.dropFirst()) { world.addSegment(from: a, to: b, material: .stone) }
        world.addSegment(from: cpv(left, 0), to: cpv(left, 14), material: .stone)
        world.addSegment(from: cpv(right, 0), to: cpv(right, 14), material: .stone)
    }

    /// Height of the ground at world x, metres: the hill's slopes and top, else 0.
    static func height(at x: Double) -> Double {
        for (a, b) in zip(hill, hill.dropFirst()) where x >= a.x && x <= b.x && b.x > a.x {
            return a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x)
        }
        return 0
    }

    /// What the ground is made of at world x (the hill is stone).
    static func surface(at x: Double) -> Material {
        if x >= hill.first!.x && x < hill.last!.x { return .stone }
        return strips.first { x >= $0.from && x < $0.to }?.material ?? .stone
    }

    /// The resting height of a box's centre on flat ground (segment and box corner radii included).
    static func restingY(size: Double) -> Double { size / 2 + 0.07 }
}
