import CHapticsChipmunk

/// A Chipmunk2D space in metres, kilograms and seconds (y up), with every first contact between two
/// shapes reported as a `Contact` carrying the real impulse the solver applied.
final class PhysicsWorld {
    /// One first contact, read in Chipmunk's post-solve callback.
    struct Contact {
        var bodyA: OpaquePointer
        var bodyB: OpaquePointer
        /// Mass of each body in kg; nil for a static (immovable) body.
        var massA: Double?
        var massB: Double?
        var materialA: Material
        var materialB: Material
        /// Magnitude of the impulse the solver applied, in N·s.
        var impulse: Double
        /// Relative speed of the two bodies at the contact after the solve, in m/s.
        var speedAfter: Double
        var point: cpVect
    }

    let space: OpaquePointer
    private(set) var contacts: [Contact] = []
    static let gravity = -9.8

    init() {
        space = cpSpaceNew()
        cpSpaceSetGravity(space, cpv(0, Self.gravity))
        cpSpaceSetIterations(space, 20)
        contacts.reserveCapacity(256)
        let handler = cpSpaceAddDefaultCollisionHandler(space)!
        handler.pointee.userData = Unmanaged.passUnretained(self).toOpaque()
        handler.pointee.postSolveFunc = { arbiter, _, userData in
            guard let arbiter, let userData, cpArbiterIsFirstContact(arbiter) != 0 else { return }
            Unmanaged<PhysicsWorld>.fromOpaque(userData).takeUnretainedValue().record(arbiter)
        }
    }

    /// Every body and shape this world made (some may have left the space: a defeated enemy, the
    /// seated block), freed with it.
    private var ownedBodies: [OpaquePointer] = []
    private var ownedShapes: [OpaquePointer] = []

    deinit {
        for shape in ownedShapes {
            if cpSpaceContainsShape(space, shape) != 0 { cpSpaceRemoveShape(space, shape) }
            cpShapeFree(shape)
        }
        for body in ownedBodies {
            if cpSpaceContainsBody(space, body) != 0 { cpSpaceRemoveBody(space, body) }
            cpBodyFree(body)
        }
        cpSpaceFree(space)
    }

    var staticBody: OpaquePointer { cpSpaceGetStaticBody(space) }

    /// Advances by `dt` seconds; contacts found during the step are appended to `contacts`.
    func step(_ dt: Double) { cpSpaceStep(space, dt) }

    /// Returns and forgets the contacts gathered since the last call.
    func takeContacts() -> [Contact] {
        defer { contacts.removeAll(keepingCapacity: true) }
        return contacts
    }

    private func record(_ arbiter: OpaquePointer) {
        var shapeA: OpaquePointer?
        var shapeB: OpaquePointer?
        cpArbiterGetShapes(arbiter, &shapeA, &shapeB)
        guard let shapeA, let shapeB else { return }
        let bodyA = cpShapeGetBody(shapeA)!
        let bodyB = cpShapeGetBody(shapeB)!
        let impulse = cpvlength(cpArbiterTotalImpulse(arbiter))
        let point = cpArbiterGetPointA(arbiter, 0)
        let relative = cpvsub(cpBodyGetVelocityAtWorldPoint(bodyA, point), cpBodyGetVelocityAtWorldPoint(bodyB, point))
        contacts.append(Contact(bodyA: bodyA, bodyB: bodyB,
                                massA: Self.mass(bodyA), massB: Self.mass(bodyB),
                                materialA: Self.material(shapeA), materialB: Self.material(shapeB),
                                impulse: impulse, speedAfter: cpvlength(relative), point: point))
    }

    static func mass(_ body: OpaquePointer) -> Double? {
        cpBodyGetType(body) == CP_BODY_TYPE_DYNAMIC ? cpBodyGetMass(body) : nil
    }

    static func material(_ shape: OpaquePointer) -> Material {
        Material(rawValue: Int(bitPattern: cpShapeGetUserData(shape))) ?? .stone
    }

    // MARK: - Building

    /// A static segment (ground, wall) of `material`.
    @discardableResult
    func addSegment(from a: cpVect, to b: cpVect, material: Material, friction: Double = 1) -> OpaquePointer {
        let shape = cpSpaceAddShape(space, cpSegmentShapeNew(staticBody, a, b, 0.05))!
        ownedShapes.append(shape)
        cpShapeSetFriction(shape, friction)
        cpShapeSetElasticity(shape, 0.1)
        tag(shape, material)
        return shape
    }

    /// A dynamic box of `mass` kg, `width` × `height` m, centred at `position`.
    func addBox(mass: Double, width: Double, height: Double, at position: cpVect, material: Material,
                rotates: Bool = true, friction: Double = 0.7) -> (body: OpaquePointer, shape: OpaquePointer) {
        let moment = rotates ? cpMomentForBox(mass, width, height) : Double.infinity
        let body = cpSpaceAddBody(space, cpBodyNew(mass, moment))!
        cpBodySetPosition(body, position)
        let shape = cpSpaceAddShape(space, cpBoxShapeNew(body, width, height, 0.02))!
        ownedBodies.append(body)
        ownedShapes.append(shape)
        cpShapeSetFriction(shape, friction)
        cpShapeSetElasticity(shape, 0.05)
        tag(shape, material)
        return (body, shape)
    }

    /// A dynamic circle (boulder, wheel) of `mass` kg and `radius` m.
    func addCircle(mass: Double, radius: Double, at position: cpVect, material: Material) -> (body: OpaquePointer, shape: OpaquePointer) {
        let body = cpSpaceAddBody(space, cpBodyNew(mass, cpMomentForCircle(mass, 0, radius, cpvzero)))!
        cpBodySetPosition(body, position)
        let shape = cpSpaceAddShape(space, cpCircleShapeNew(body, radius, cpvzero))!
        ownedBodies.append(body)
        ownedShapes.append(shape)
        cpShapeSetFriction(shape, 0.9)
        tag(shape, material)
        return (body, shape)
    }

    private func tag(_ shape: OpaquePointer, _ material: Material) {
        cpShapeSetUserData(shape, UnsafeMutableRawPointer(bitPattern: material.rawValue))
    }

    /// Puts `shape` in filter group `group`: shapes of one group never collide with each other, and
    /// `ground(below:depth:group:)` with that group ignores them.
    func setGroup(_ shape: OpaquePointer, _ group: Int) {
        cpShapeSetFilter(shape, cpShapeFilterNew(cpGroup(group), ~0, ~0))
    }

    /// The shape straight below `point` within `depth` metres, ignoring shapes of `group`, if any.
    func ground(below point: cpVect, depth: Double, group: Int) -> (shape: OpaquePointer, material: Material)? {
        let filter = cpShapeFilterNew(cpGroup(group), ~0, ~0)
        var info = cpSegmentQueryInfo()
        for dx in [0, -0.3, 0.3] {
            let start = cpv(point.x + dx, point.y)
            let end = cpv(point.x + dx, point.y - depth)
            if let shape = cpSpaceSegmentQueryFirst(space, start, end, 0, filter, &info) {
                return (shape, Self.material(shape))
            }
        }
        return nil
    }
}
