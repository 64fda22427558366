import CHapticsChipmunk

/// A walking enemy: paces between two points, hurts a player it touches, falls to punches.
final class Enemy {
    static let mass = 60.0
    static let width = 0.9
    static let height = 1.2
    let body: OpaquePointer
    let shape: OpaquePointer
    let home: Double
    var health = 60.0
    var direction = 1.0
    var isDefeated = false
    var hitFlash = 0.0

    init(x: Double, index: Int, world: PhysicsWorld) {
        home = x
        (body, shape) = world.addBox(mass: Self.mass, width: Self.width, height: Self.height, at: cpv(x, Level.restingY(size: Self.height)), material: .flesh, rotates: false, friction: 0)
        world.setGroup(shape, 200 + index)
    }

    var position: cpVect { cpBodyGetPosition(body) }

    func update(dt: Double) {
        hitFlash = max(0, hitFlash - dt)
        guard !isDefeated else { return }
        if position.x > home + 2 { direction = -1 } else if position.x < home - 2 { direction = 1 }
        var velocity = cpBodyGetVelocity(body)
        velocity.x += (1.2 * direction - velocity.x) * 0.2
        cpBodySetVelocity(body, velocity)
    }
}
