/// Something that happened in the game, said in the game's own terms: the mapping config decides
/// how it feels (`LoadedMapping.response(to:player:listener:)`).
///
/// A small plain value (about 160 bytes of numbers and inline `HapticName`s, nothing
/// reference-counted): posting one copies it into a preallocated queue (`GameEventQueue`).
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
    /// A free tag that rules can match (`tag = "boss"`), or nil.
    public var tag: HapticName?

    /// An event; a feedback impact's intensity is kept clamped to 0...1 (NaN: 1).
    public init(_ kind: Kind, player: Int? = nil, position: WorldPosition? = nil, tag: HapticName? = nil) {
        if case .feedback(let feedback) = kind {
            self.kind = .feedback(HapticFeedback(presetIndex: feedback.presetIndex, intensity: feedback.intensity))
        } else {
            self.kind = kind
        }
        self.player = player
        self.position = position
        self.tag = tag
    }

    /// The kind's name, as configs and event scripts write it.
    @_spi(HapticsTools) public var kindName: EventKindName { kind.name }

    /// The kinds of events.
    public enum Kind: Sendable {
        case collision(Collision)
        case footstep(Footstep)
        case hit(Hit)
        case texture(Texture)
        /// A named event of the game's own with a driving value (any finite number).
        case custom(name: HapticName, value: Double)
        /// Something the player did, by name ("jump", "land", "dash", "shoot"), with a value (any
        /// finite number; 1 unless the game gives one): rules match it by `action = "NAME"`.
        case action(name: HapticName, value: Double)
        /// A generator feedback case, played through the rules for `feedback` or else its preset.
        case feedback(HapticFeedback)

        /// The kind's name, as configs and event scripts write it.
        @_spi(HapticsTools) public var name: EventKindName {
            switch self {
            case .collision: return .collision
            case .footstep: return .footstep
            case .hit: return .hit
            case .texture: return .texture
            case .custom: return .custom
            case .action: return .action
            case .feedback: return .feedback
            }
        }
    }
}

/// The event kinds by name, as written in configs and event scripts (`GameEvent.Kind.name`).
@_spi(HapticsTools) public enum EventKindName: String, CaseIterable, Sendable {
    case collision, footstep, hit, texture, custom, feedback, action
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
        /// Material of the first body ("metal", "wood"), or nil when unknown.
        public var materialA: HapticName?
        /// Material of the second body, or nil when unknown.
        public var materialB: HapticName?

        public init(massA: Double?, massB: Double?, speed: Double, impulse: Double? = nil,
                    materialA: HapticName? = nil, materialB: HapticName? = nil) {
            self.massA = massA
            self.massB = massB
            self.speed = speed
            self.impulse = impulse
            self.materialA = materialA
            self.materialB = materialB
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
        public var surface: HapticName
        /// Walking speed, units per second (>= 0).
        public var speed: Double
        /// The walker's weight in kg (> 0), or nil for the config's default.
        public var weight: Double?
        /// Which foot, when the game knows.
        public var foot: Foot?

        public init(surface: HapticName, speed: Double, weight: Double? = nil, foot: Foot? = nil) {
            self.surface = surface
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
        /// The texture's kind ("rolling", "engine") that rules match, or nil; needed on `start`.
        public var kind: HapticName?

        public init(id: Int, action: Action, value: Double = 0, kind: HapticName? = nil) {
            self.id = id
            self.action = action
            self.value = value
            self.kind = kind
        }
    }
}

extension GameEvent {
    /// A collision event. Names are `HapticName`s: a literal costs nothing per post; a name in a
    /// `String` variable costs about 10 ns to make (`HapticName(text)`), so keep one per body.
    public static func collision(massA: Double?, massB: Double?, speed: Double, impulse: Double? = nil,
                                 materials: (HapticName?, HapticName?) = (nil, nil), player: Int? = nil,
                                 position: WorldPosition? = nil, tag: HapticName? = nil) -> GameEvent {
        GameEvent(.collision(Collision(massA: massA, massB: massB, speed: speed, impulse: impulse,
                                       materialA: materials.0, materialB: materials.1)),
                  player: player, position: position, tag: tag)
    }

    /// A footstep event.
    public static func footstep(surface: HapticName, speed: Double, weight: Double? = nil, foot: Footstep.Foot? = nil,
                                player: Int? = nil, position: WorldPosition? = nil, tag: HapticName? = nil) -> GameEvent {
        GameEvent(.footstep(Footstep(surface: surface, speed: speed, weight: weight, foot: foot)),
                  player: player, position: position, tag: tag)
    }

    /// A hit event.
    public static func hit(damage: Double, direction: Double? = nil, critical: Bool = false, received: Bool = true,
                           player: Int? = nil, position: WorldPosition? = nil, tag: HapticName? = nil) -> GameEvent {
        GameEvent(.hit(Hit(damage: damage, direction: direction, critical: critical, received: received)),
                  player: player, position: position, tag: tag)
    }

    /// A texture event.
    public static func texture(id: Int, _ action: Texture.Action, value: Double = 0, kind: HapticName? = nil,
                               player: Int? = nil, position: WorldPosition? = nil, tag: HapticName? = nil) -> GameEvent {
        GameEvent(.texture(Texture(id: id, action: action, value: value, kind: kind)),
                  player: player, position: position, tag: tag)
    }

    /// A custom named event.
    public static func custom(_ name: HapticName, value: Double = 1, player: Int? = nil,
                              position: WorldPosition? = nil, tag: HapticName? = nil) -> GameEvent {
        GameEvent(.custom(name: name, value: value), player: player, position: position, tag: tag)
    }

    /// A game action: something the player did ("jump", "land", "dash", "shoot", "pickup"), matched
    /// by rules with `event = "action"` and `action = "NAME"`. `value` (default 1) is what the
    /// rule's `value` input reads: a landing's fall speed, a charge level; any finite number.
    public static func action(_ name: HapticName, value: Double = 1, player: Int? = nil,
                              position: WorldPosition? = nil, tag: HapticName? = nil) -> GameEvent {
        GameEvent(.action(name: name, value: value), player: player, position: position, tag: tag)
    }

    /// A feedback event. An impact's intensity is kept clamped to 0...1.
    public static func feedback(_ feedback: HapticFeedback, player: Int? = nil,
                                position: WorldPosition? = nil, tag: HapticName? = nil) -> GameEvent {
        GameEvent(.feedback(feedback), player: player, position: position, tag: tag)
    }
}
