/// Something that happened in the game, said in the game's own terms: the mapping config decides
/// how it feels (`HapticMapping`).
///
/// A small value: posting one copies it into a preallocated queue (`GameEventQueue`), so names
/// should be short (Swift keeps strings of up to 15 UTF-8 bytes inline, without allocating).
/// Every distance and position is in the game's world units (metres by default); every speed in
/// units per second; masses in kilograms; times in seconds.
public struct GameEvent: Sendable {
    // Stored flat, not as the `Kind` enum: every kind's fields share a few plain slots (see
    // `kind`), so an event is about 120 bytes of numbers and inline names, posting copies just
    // that, and the mapping layer reads the field it needs in place without building a payload.
    //
    //              a          b            c        d          nameA      nameB
    //   collision  massA      massB        speed    impulse    materialA  materialB
    //   footstep   speed      weight                           surface
    //   hit        damage     direction
    //   texture    value                            id (bits)  kind
    //   custom     value                                       name
    //   feedback   intensity
    //
    // Optional numbers have a presence flag in `flags`.

    /// What kind of event this is, read without building its payload.
    public private(set) var kindName: EventKindName
    var flags: Flags
    /// Feedback: the case (`HapticFeedback.presetIndex`).
    var feedbackIndex: UInt8 = 0
    var playerSlot = 0
    var a = 0.0
    var b = 0.0
    var c = 0.0
    var d = 0.0
    var x = 0.0
    var y = 0.0
    var z = 0.0
    var nameA = HapticName.none
    var nameB = HapticName.none
    /// A free tag that rules can match (`tag = "boss"`), or `.none`.
    public var tagName: HapticName

    struct Flags: OptionSet, Sendable {
        var rawValue: UInt16
        static let hasPlayer = Flags(rawValue: 1 << 0)
        static let hasPosition = Flags(rawValue: 1 << 1)
        static let hasA = Flags(rawValue: 1 << 2)
        static let hasB = Flags(rawValue: 1 << 3)
        static let hasD = Flags(rawValue: 1 << 4)
        static let critical = Flags(rawValue: 1 << 5)
        static let received = Flags(rawValue: 1 << 6)
        static let leftFoot = Flags(rawValue: 1 << 7)
        static let rightFoot = Flags(rawValue: 1 << 8)
        static let update = Flags(rawValue: 1 << 9)
        static let stop = Flags(rawValue: 1 << 10)
    }

    /// The tag as text, or nil.
    public var tag: String? {
        get { tagName.optionalString }
        set { tagName = .of(newValue) }
    }

    public init(_ kind: Kind, player: Int? = nil, position: WorldPosition? = nil, tag: String? = nil) {
        self.init(kindName: .custom, player: player, position: position, tagName: .of(tag))
        self.kind = kind
    }

    /// An event of `kindName` with no kind fields set yet (the factories fill them in).
    @inline(__always)
    init(kindName: EventKindName, player: Int?, position: WorldPosition?, tagName: HapticName) {
        self.kindName = kindName
        self.tagName = tagName
        flags = []
        if let player {
            playerSlot = player
            flags.insert(.hasPlayer)
        }
        if let position {
            x = position.x
            y = position.y
            z = position.z
            flags.insert(.hasPosition)
        }
    }

    /// The player who should feel it (0-based), or nil for every player (each attenuated by their
    /// own listener distance).
    public var player: Int? {
        get { flags.contains(.hasPlayer) ? playerSlot : nil }
        set {
            playerSlot = newValue ?? 0
            if newValue == nil { flags.remove(.hasPlayer) } else { flags.insert(.hasPlayer) }
        }
    }

    /// Where it happened in the world, or nil (no distance attenuation, no direction).
    public var position: WorldPosition? {
        get { flags.contains(.hasPosition) ? WorldPosition(x: x, y: y, z: z) : nil }
        set {
            x = newValue?.x ?? 0
            y = newValue?.y ?? 0
            z = newValue?.z ?? 0
            if newValue == nil { flags.remove(.hasPosition) } else { flags.insert(.hasPosition) }
        }
    }

    /// What happened. Built from the flat fields on read; O(1).
    public var kind: Kind {
        get {
            switch kindName {
            case .collision:
                var collision = Collision(massA: optional(a, .hasA), massB: optional(b, .hasB), speed: c,
                                          impulse: optional(d, .hasD))
                collision.materialNameA = nameA
                collision.materialNameB = nameB
                return .collision(collision)
            case .footstep:
                let foot: Footstep.Foot? = flags.contains(.leftFoot) ? .left : flags.contains(.rightFoot) ? .right : nil
                var step = Footstep(surface: "", speed: a, weight: optional(b, .hasB), foot: foot)
                step.surfaceName = nameA
                return .footstep(step)
            case .hit:
                return .hit(Hit(damage: a, direction: optional(b, .hasB), critical: flags.contains(.critical),
                                received: flags.contains(.received)))
            case .texture:
                let action: Texture.Action = flags.contains(.stop) ? .stop : flags.contains(.update) ? .update : .start
                var texture = Texture(id: Int(truncatingIfNeeded: Int64(bitPattern: d.bitPattern)), action: action, value: a)
                texture.kindName = nameA
                return .texture(texture)
            case .custom:
                return .custom(name: nameA, value: a)
            case .feedback:
                return .feedback(HapticFeedback(presetIndex: Int(feedbackIndex), intensity: a))
            }
        }
        set {
            flags = flags.intersection([.hasPlayer, .hasPosition])
            a = 0; b = 0; c = 0; d = 0
            nameA = .none; nameB = .none
            feedbackIndex = 0
            switch newValue {
            case .collision(let collision):
                fillCollision(massA: collision.massA, massB: collision.massB, speed: collision.speed,
                              impulse: collision.impulse, materials: (collision.materialNameA, collision.materialNameB))
            case .footstep(let step):
                fillFootstep(surface: step.surfaceName, speed: step.speed, weight: step.weight, foot: step.foot)
            case .hit(let hit):
                fillHit(damage: hit.damage, direction: hit.direction, critical: hit.critical, received: hit.received)
            case .texture(let texture):
                fillTexture(id: texture.id, action: texture.action, value: texture.value, kind: texture.kindName)
            case .custom(let name, let value):
                kindName = .custom
                nameA = name
                a = value
            case .feedback(let feedback):
                kindName = .feedback
                feedbackIndex = UInt8(feedback.presetIndex)
                a = feedback.intensity
            }
        }
    }

    // Each kind's fields into the flat slots (the others already cleared).

    @inline(__always)
    mutating func fillCollision(massA: Double?, massB: Double?, speed: Double, impulse: Double?,
                                materials: (HapticName, HapticName)) {
        kindName = .collision
        if let massA { a = massA; flags.insert(.hasA) }
        if let massB { b = massB; flags.insert(.hasB) }
        c = speed
        if let impulse { d = impulse; flags.insert(.hasD) }
        nameA = materials.0
        nameB = materials.1
    }

    @inline(__always)
    mutating func fillFootstep(surface: HapticName, speed: Double, weight: Double?, foot: Footstep.Foot?) {
        kindName = .footstep
        a = speed
        if let weight { b = weight; flags.insert(.hasB) }
        if foot == .left { flags.insert(.leftFoot) }
        if foot == .right { flags.insert(.rightFoot) }
        nameA = surface
    }

    @inline(__always)
    mutating func fillHit(damage: Double, direction: Double?, critical: Bool, received: Bool) {
        kindName = .hit
        a = damage
        if let direction { b = direction; flags.insert(.hasB) }
        if critical { flags.insert(.critical) }
        if received { flags.insert(.received) }
    }

    @inline(__always)
    mutating func fillTexture(id: Int, action: Texture.Action, value: Double, kind: HapticName) {
        kindName = .texture
        a = value
        d = Double(bitPattern: UInt64(bitPattern: Int64(id)))
        if action == .update { flags.insert(.update) }
        if action == .stop { flags.insert(.stop) }
        nameA = kind
    }

    private func optional(_ value: Double, _ flag: Flags) -> Double? { flags.contains(flag) ? value : nil }

    /// The kinds of events.
    public enum Kind: Sendable {
        case collision(Collision)
        case footstep(Footstep)
        case hit(Hit)
        case texture(Texture)
        /// A named event of the game's own with a driving value (any finite number).
        case custom(name: HapticName, value: Double)
        /// A generator feedback case, played through the rules for `feedback` or else its preset.
        case feedback(HapticFeedback)
    }
}

/// The event kinds by name, as written in configs and event scripts.
public enum EventKindName: String, CaseIterable, Sendable {
    case collision, footstep, hit, texture, custom, feedback

    /// Position in `allCases`, for tables indexed by kind.
    var ordinal: Int {
        switch self {
        case .collision: return 0
        case .footstep: return 1
        case .hit: return 2
        case .texture: return 3
        case .custom: return 4
        case .feedback: return 5
        }
    }
}

/// A point in the game world, in world units. 2D games leave `z` at 0.
public struct WorldPosition: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var z: Double

    public init(x: Double, y: Double, z: Double = 0) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// Straight-line distance to `other`.
    public func distance(to other: WorldPosition) -> Double {
        let dx = x - other.x, dy = y - other.y, dz = z - other.z
        return (dx * dx + dy * dy + dz * dz).squareRoot()
    }
}

extension GameEvent {
    /// Two bodies struck each other.
    public struct Collision: Sendable {
        /// Mass of the first body in kg (> 0), or nil when it is immovable (a wall, the ground).
        public var massA: Double?
        /// Mass of the second body in kg (> 0), or nil when it is immovable.
        public var massB: Double?
        /// Relative speed along the contact normal, in units per second (>= 0). Used when
        /// `impulse` is nil: impulse = reduced mass × speed.
        public var speed: Double
        /// The collision impulse in N·s (kg·m/s) when the physics engine reports it, else nil.
        public var impulse: Double?
        /// Material names of the two bodies ("metal", "wood"), `.none` when unknown.
        public var materialNameA: HapticName
        public var materialNameB: HapticName

        /// The first body's material as text, or nil.
        public var materialA: String? {
            get { materialNameA.optionalString }
            set { materialNameA = .of(newValue) }
        }
        /// The second body's material as text, or nil.
        public var materialB: String? {
            get { materialNameB.optionalString }
            set { materialNameB = .of(newValue) }
        }

        public init(massA: Double?, massB: Double?, speed: Double, impulse: Double? = nil,
                    materialA: String? = nil, materialB: String? = nil) {
            self.massA = massA
            self.massB = massB
            self.speed = speed
            self.impulse = impulse
            self.materialNameA = .of(materialA)
            self.materialNameB = .of(materialB)
        }

        /// The reduced mass m1·m2/(m1+m2) in kg; with one immovable body, the other's mass; with
        /// both immovable or no valid mass, 0.
        public var reducedMass: Double { Self.reducedMass(massA, massB) }

        /// The impulse the mapping uses: `impulse` when given, else reduced mass × speed (N·s, >= 0).
        public var effectiveImpulse: Double { Self.effectiveImpulse(massA, massB, speed: speed, impulse: impulse) }

        /// `reducedMass` of two masses (nil: immovable).
        @inline(__always)
        static func reducedMass(_ massA: Double?, _ massB: Double?) -> Double {
            let a = massA.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
            let b = massB.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
            switch (a, b) {
            case let (a?, b?): return a * b / (a + b)
            case let (a?, nil) where massB == nil: return a
            case let (nil, b?) where massA == nil: return b
            default: return 0
            }
        }

        /// `effectiveImpulse` of the given fields.
        @inline(__always)
        static func effectiveImpulse(_ massA: Double?, _ massB: Double?, speed: Double, impulse: Double?) -> Double {
            if let impulse, impulse.isFinite { return abs(impulse) }
            return speed.isFinite ? reducedMass(massA, massB) * abs(speed) : 0
        }
    }

    /// A foot came down.
    public struct Footstep: Sendable {
        /// The surface name ("grass", "metal").
        public var surfaceName: HapticName
        /// The surface as text.
        public var surface: String {
            get { surfaceName.string }
            set { surfaceName = HapticName(newValue) }
        }
        /// Walking speed, units per second (>= 0).
        public var speed: Double
        /// The walker's weight in kg (> 0), or nil for the config's default.
        public var weight: Double?
        /// Which foot, when the game knows.
        public var foot: Foot?

        public init(surface: String, speed: Double, weight: Double? = nil, foot: Foot? = nil) {
            self.surfaceName = HapticName(surface)
            self.speed = speed
            self.weight = weight
            self.foot = foot
        }

        public enum Foot: String, Sendable, CaseIterable { case left, right }
    }

    /// A blow was dealt or received.
    public struct Hit: Sendable {
        /// Damage, in the game's own units (>= 0); the config's curve gives it meaning.
        public var damage: Double
        /// Where the blow came from, -1 (left) ... 1 (right), or nil. Drives the trigger bias.
        public var direction: Double?
        /// Whether it was a critical hit.
        public var critical: Bool
        /// True when the player received it, false when the player dealt it.
        public var received: Bool

        public init(damage: Double, direction: Double? = nil, critical: Bool = false, received: Bool = true) {
            self.damage = damage
            self.direction = direction
            self.critical = critical
            self.received = received
        }
    }

    /// A continuous texture (rolling, engine, rain) identified by `id`: started, updated with its
    /// driving value, stopped.
    public struct Texture: Sendable {
        public enum Action: String, Sendable, CaseIterable { case start, update, stop }
        /// The game's id for this texture instance (one rolling cart, one engine).
        public var id: Int
        public var action: Action
        /// The driving value (speed, rpm, rain rate), any finite number; the rule's curve maps it.
        public var value: Double
        /// The texture's kind ("rolling", "engine") that rules match; needed on `start`.
        public var kindName: HapticName
        /// The texture's kind as text, or nil.
        public var textureKind: String? {
            get { kindName.optionalString }
            set { kindName = .of(newValue) }
        }

        public init(id: Int, action: Action, value: Double = 0, kind: String? = nil) {
            self.id = id
            self.action = action
            self.value = value
            self.kindName = .of(kind)
        }
    }
}

extension GameEvent {
    /// A collision event. Inlinable, so literal names are interned at compile time; names in
    /// variables cost about 10 ns each per post (keep `HapticName`s to skip that).
    @inlinable
    public static func collision(massA: Double?, massB: Double?, speed: Double, impulse: Double? = nil,
                                 materials: (String?, String?) = (nil, nil), player: Int? = nil,
                                 position: WorldPosition? = nil, tag: String? = nil) -> GameEvent {
        collision(massA: massA, massB: massB, speed: speed, impulse: impulse,
                  materials: (.of(materials.0), .of(materials.1)), player: player, position: position, tag: .of(tag))
    }

    /// A collision event with the materials already named (`HapticName`): the cheapest way to
    /// post from a physics callback, since nothing is interned per event. Keep a `HapticName` per
    /// body (`let metal: HapticName = "metal"`).
    public static func collision(massA: Double?, massB: Double?, speed: Double, impulse: Double? = nil,
                                 materials: (HapticName, HapticName), player: Int? = nil,
                                 position: WorldPosition? = nil, tag: HapticName = .none) -> GameEvent {
        var event = GameEvent(kindName: .collision, player: player, position: position, tagName: tag)
        event.fillCollision(massA: massA, massB: massB, speed: speed, impulse: impulse, materials: materials)
        return event
    }

    /// A footstep event. Inlinable, like `collision`.
    @inlinable
    public static func footstep(surface: String, speed: Double, weight: Double? = nil, foot: Footstep.Foot? = nil,
                                player: Int? = nil, position: WorldPosition? = nil, tag: String? = nil) -> GameEvent {
        footstep(surface: HapticName(surface), speed: speed, weight: weight, foot: foot, player: player,
                 position: position, tag: .of(tag))
    }

    /// A footstep event with the surface already named (`HapticName`): nothing is interned per
    /// event.
    public static func footstep(surface: HapticName, speed: Double, weight: Double? = nil, foot: Footstep.Foot? = nil,
                                player: Int? = nil, position: WorldPosition? = nil, tag: HapticName = .none) -> GameEvent {
        var event = GameEvent(kindName: .footstep, player: player, position: position, tagName: tag)
        event.fillFootstep(surface: surface, speed: speed, weight: weight, foot: foot)
        return event
    }

    /// A hit event.
    public static func hit(damage: Double, direction: Double? = nil, critical: Bool = false, received: Bool = true,
                           player: Int? = nil, position: WorldPosition? = nil, tag: String? = nil) -> GameEvent {
        var event = GameEvent(kindName: .hit, player: player, position: position, tagName: .of(tag))
        event.fillHit(damage: damage, direction: direction, critical: critical, received: received)
        return event
    }

    /// A texture event.
    public static func texture(id: Int, _ action: Texture.Action, value: Double = 0, kind: String? = nil,
                               player: Int? = nil, position: WorldPosition? = nil, tag: String? = nil) -> GameEvent {
        var event = GameEvent(kindName: .texture, player: player, position: position, tagName: .of(tag))
        event.fillTexture(id: id, action: action, value: value, kind: .of(kind))
        return event
    }

    /// A custom named event.
    public static func custom(_ name: String, value: Double = 1, player: Int? = nil,
                              position: WorldPosition? = nil, tag: String? = nil) -> GameEvent {
        GameEvent(.custom(name: HapticName(name), value: value), player: player, position: position, tag: tag)
    }

    /// A feedback event. An impact's intensity is kept clamped to 0...1.
    public static func feedback(_ feedback: HapticFeedback, player: Int? = nil,
                                position: WorldPosition? = nil, tag: String? = nil) -> GameEvent {
        GameEvent(.feedback(feedback), player: player, position: position, tag: tag)
    }
}
