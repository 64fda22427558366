import CHapticsChipmunk

/// A player's character: a box that walks, runs, jumps and punches. Footsteps come from walking.
final class PlayerCharacter {
    static let mass = 70.0
    static let width = 0.8
    static let height = 1.6
    static let walkSpeed = 4.0
    static let runSpeed = 7.0
    static let stride = 0.75

    let player: Int
    let body: OpaquePointer
    let shape: OpaquePointer
    var health = 100.0
    var facing = 1.0
    var isGrounded = false
    var surface: Material = .grass
    private(set) var strideDistance = 0.0
    private(set) var foot = 0
    var punchCooldown = 0.0
    var hurtCooldown = 0.0
    var lowHealthWarned = false
    var punchFlash = 0.0

    init(player: Int, x: Double, world: PhysicsWorld) {
        self.player = player
        (body, shape) = world.addBox(mass: Self.mass, width: Self.width, height: Self.height,
                                     at: cpv(x, Level.restingY(size: Self.height)), material: .flesh, rotates: false, friction: 0)
        world.setGroup(shape, 100 + player)
    }

    var position: cpVect { cpBodyGetPosition(body) }
    var velocity: cpVect { cpBodyGetVelocity(body) }

    /// Moves by input; returns the footstep (surface, speed) when a stride completes.
    func update(input: InputState, dt: Double, world: PhysicsWorld) -> (surface: Material, speed: Double, foot: Int)? {
        let feet = cpv(position.x, position.y - Self.height / 2 + 0.02)
        let ground = world.ground(below: feet, depth: 0.12, group: 100 + player)
        isGrounded = ground != nil
        if let ground { surface = ground.material == .crate ? .wood : ground.material }
        let target = input.horizontal * (input.isHeld(.run) ? Self.runSpeed : Self.walkSpeed)
        if input.horizontal != 0 { facing = input.horizontal }
        var velocity = self.velocity
        let blend = isGrounded ? 0.35 : 0.08
        velocity.x += (target - velocity.x) * blend
        if input.wasPressed(.jump) && isGrounded { velocity.y = 6.5 }
        cpBodySetVelocity(body, velocity)
        punchCooldown = max(0, punchCooldown - dt)
        hurtCooldown = max(0, hurtCooldown - dt)
        punchFlash = max(0, punchFlash - dt)
        guard isGrounded, abs(velocity.x) > 0.5 else { return nil }
        strideDistance += abs(velocity.x) * dt
        guard strideDistance >= Self.stride else { return nil }
        strideDistance -= Self.stride
        foot = 1 - foot
        return (surface, abs(velocity.x), foot)
    }

    func respawn(at x: Double) {
        cpBodySetPosition(body, cpv(x, Level.restingY(size: Self.height) + 0.1))
        cpBodySetVelocity(body, cpvzero)
        health = 100
        lowHealthWarned = false
    }
}
