/// Something that happened in the game, said in the game's own terms: the mapping config decides
/// how it feels (`HapticMapping`).
///
/// A small value: posting one copies it into a preallocated queue (`GameEventQueue`), so names
/// should be short (Swift keeps strings of up to 15 UTF-8 bytes inline, without allocating).
/// Every distance and position is in the game's world units (metres by default); every speed in
/// units per second; masses in kilograms; times in seconds.
public struct GameEvent: Sendable {
    /// What happened.
    public var kind: Kind
    /// The player who should feel it (0-based), or nil for every player (each attenuated by their
    /// own listener distance).
    public var player: Int?
    /// Where it happened in the world, or nil (no distance attenuation, no direction).
    public var position: WorldPosition?
    /// A free tag that rules can match (`tag = "boss"`), or `.none`.
    public var tagName: HapticName

    /// The tag as text, or nil.
    public var tag: String? {
        get { tagName.optionalString }
        set { tagName = .of(newValue) }
    }

    public init(_ kind: Kind, player: Int? = nil, position: WorldPosition? = nil, tag: String? = nil) {
        self.kind = kind
        self.player = player
        self.position = position
        self.tagName = .of(tag)
    }

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

    /// The event kind's name as the config and the JSON Lines format spell it.
    public var kindName: EventKindName {
        switch kind {
        case .collision: return .collision
        case .footstep: return .footstep
        case .hit: return .hit
        case .texture: return .texture
        case .custom: return .custom
        case .feedback: return .feedback
        }
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
        public var reducedMass: Double {
            let a = massA.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
            let b = massB.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
            switch (a, b) {
            case let (a?, b?): return a * b / (a + b)
            case let (a?, nil) where massB == nil: return a
            case let (nil, b?) where massA == nil: return b
            default: return 0
            }
        }

        /// The impulse the mapping uses: `impulse` when given, else reduced mass × speed (N·s, >= 0).
        public var effectiveImpulse: Double {
            if let impulse, impulse.isFinite { return abs(impulse) }
            return speed.isFinite ? reducedMass * abs(speed) : 0
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
    /// A collision event.
    public static func collision(massA: Double?, massB: Double?, speed: Double, impulse: Double? = nil,
                                 materials: (String?, String?) = (nil, nil), player: Int? = nil,
                                 position: WorldPosition? = nil, tag: String? = nil) -> GameEvent {
        GameEvent(.collision(Collision(massA: massA, massB: massB, speed: speed, impulse: impulse,
                                       materialA: materials.0, materialB: materials.1)),
                  player: player, position: position, tag: tag)
    }

    /// A collision event with the materials already named (`HapticName`): the cheapest way to
    /// post from a physics callback, since nothing is interned per event. Keep a `HapticName` per
    /// body (`let metal: HapticName = "metal"`).
    public static func collision(massA: Double?, massB: Double?, speed: Double, impulse: Double? = nil,
                                 materials: (HapticName, HapticName), player: Int? = nil,
                                 position: WorldPosition? = nil, tag: HapticName = .none) -> GameEvent {
        var collision = Collision(massA: massA, massB: massB, speed: speed, impulse: impulse)
        collision.materialNameA = materials.0
        collision.materialNameB = materials.1
        var event = GameEvent(.collision(collision), player: player, position: position)
        event.tagName = tag
        return event
    }

    /// A footstep event with the surface already named (`HapticName`): nothing is interned per
    /// event.
    public static func footstep(surface: HapticName, speed: Double, weight: Double? = nil, foot: Footstep.Foot? = nil,
                                player: Int? = nil, position: WorldPosition? = nil, tag: HapticName = .none) -> GameEvent {
        var step = Footstep(surface: "", speed: speed, weight: weight, foot: foot)
        step.surfaceName = surface
        var event = GameEvent(.footstep(step), player: player, position: position)
        event.tagName = tag
        return event
    }

    /// A footstep event.
    public static func footstep(surface: String, speed: Double, weight: Double? = nil, foot: Footstep.Foot? = nil,
                                player: Int? = nil, position: WorldPosition? = nil, tag: String? = nil) -> GameEvent {
        GameEvent(.footstep(Footstep(surface: surface, speed: speed, weight: weight, foot: foot)),
                  player: player, position: position, tag: tag)
    }

    /// A hit event.
    public static func hit(damage: Double, direction: Double? = nil, critical: Bool = false, received: Bool = true,
                           player: Int? = nil, position: WorldPosition? = nil, tag: String? = nil) -> GameEvent {
        GameEvent(.hit(Hit(damage: damage, direction: direction, critical: critical, received: received)),
                  player: player, position: position, tag: tag)
    }

    /// A texture event.
    public static func texture(id: Int, _ action: Texture.Action, value: Double = 0, kind: String? = nil,
                               player: Int? = nil, position: WorldPosition? = nil, tag: String? = nil) -> GameEvent {
        GameEvent(.texture(Texture(id: id, action: action, value: value, kind: kind)),
                  player: player, position: position, tag: tag)
    }

    /// A custom named event.
    public static func custom(_ name: String, value: Double = 1, player: Int? = nil,
                              position: WorldPosition? = nil, tag: String? = nil) -> GameEvent {
        GameEvent(.custom(name: HapticName(name), value: value), player: player, position: position, tag: tag)
    }

    /// A feedback event.
    public static func feedback(_ feedback: HapticFeedback, player: Int? = nil,
                                position: WorldPosition? = nil, tag: String? = nil) -> GameEvent {
        GameEvent(.feedback(feedback), player: player, position: position, tag: tag)
    }
}
