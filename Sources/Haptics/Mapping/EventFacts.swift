/// One event read out once into plain fields: what rules match on (kind, names, flags), the numbers
/// their curves read, and where it happened. The rest of the per-event path (matching, curves,
/// attenuation, direction) works on these values, so no enum payload or name is copied twice.
///
/// Internal to the mapping layer. Reading an event is O(1) and allocates nothing; material settings
/// are looked up separately (`lookUpMaterials`), only for events that get as far as their curves.
struct EventFacts {
    var kind: EventKindName
    /// The player the event names (may be out of range: it then reaches nobody), or nil for
    /// every player.
    var player: Int?
    var tag: HapticName
    /// Collision: the two materials. Footstep: the surface (in `nameA`). Custom: the event's name.
    /// Texture: its kind. Otherwise `.none`.
    var nameA = HapticName.none
    var nameB = HapticName.none
    var critical = false
    var received = false
    var feedback: HapticFeedback? = nil
    var impulse = 0.0
    var speed = 0.0
    var mass = 0.0
    var damage = 0.0
    var value = 0.0
    /// A hit's own direction (−1...1, already clamped), NaN when it has none.
    var direction = Double.nan
    var hasPosition: Bool
    var position: WorldPosition
    /// Mean sharpness (0...1) and gain (0...2) of the event's materials; 0.5 and 1 until
    /// `lookUpMaterials`, and for events without materials.
    var materialSharpness = 0.5
    var materialGain = 1.0
    /// Which inputs the event offers (by `MappingInput` order bit).
    var offered: UInt8 = 1 << 6   // constant

    /// Reads `event` in place. `defaultWalkerWeight` stands in for a footstep without a weight.
    @inline(__always)
    init(_ event: UnsafePointer<GameEvent>, defaultWalkerWeight: Double) {
        kind = event.pointee.kindName
        player = event.pointee.player
        tag = event.pointee.tagName
        if let position = event.pointee.position {
            hasPosition = true
            self.position = position
        } else {
            hasPosition = false
            position = WorldPosition(x: 0, y: 0)
        }
        switch event.pointee.kind {
        case .collision(let c):
            impulse = c.effectiveImpulse
            speed = abs(c.speed)
            mass = c.reducedMass
            nameA = c.materialNameA
            nameB = c.materialNameB
            offered |= Self.bit(.impulse) | Self.bit(.speed) | Self.bit(.mass) | Self.bit(.materials)
        case .footstep(let f):
            speed = abs(f.speed)
            mass = f.weight ?? defaultWalkerWeight
            nameA = f.surfaceName
            offered |= Self.bit(.speed) | Self.bit(.mass) | Self.bit(.materials)
        case .hit(let h):
            damage = h.damage
            critical = h.critical
            received = h.received
            if let d = h.direction, d.isFinite { direction = HapticMapping.clamp(d, -1, 1) }
            offered |= Self.bit(.damage)
        case .texture(let t):
            value = t.value
            nameA = t.kindName
            offered |= Self.bit(.value)
        case .custom(let name, let v):
            value = v
            nameA = name
            offered |= Self.bit(.value)
        case .feedback(let f):
            feedback = f
        }
    }

    /// Reads `event` and looks up its materials.
    init(_ event: GameEvent, defaultWalkerWeight: Double, lookUp: (HapticName) -> MaterialSettings?) {
        var event = event
        self = withUnsafePointer(to: &event) { EventFacts($0, defaultWalkerWeight: defaultWalkerWeight) }
        lookUpMaterials(lookUp)
    }

    /// Fills `materialSharpness` and `materialGain` from the event's materials (collision: the
    /// mean of both; footstep: the surface). Unknown names count as sharpness 0.5, gain 1.
    mutating func lookUpMaterials(_ lookUp: (HapticName) -> MaterialSettings?) {
        switch kind {
        case .collision:
            let a = lookUp(nameA) ?? MaterialSettings()
            let b = lookUp(nameB) ?? MaterialSettings()
            materialSharpness = (a.sharpness + b.sharpness) / 2
            materialGain = (a.gain + b.gain) / 2
        case .footstep:
            let surface = lookUp(nameA) ?? MaterialSettings()
            materialSharpness = surface.sharpness
            materialGain = surface.gain
        default:
            break
        }
    }

    /// The number `input` of the event, or nil when the event does not offer it.
    @inline(__always)
    func input(_ input: MappingInput) -> Double? {
        guard offered & Self.bit(input) != 0 else { return nil }
        switch input {
        case .impulse: return impulse
        case .speed: return speed
        case .mass: return mass
        case .damage: return damage
        case .value: return value
        case .materials: return materialSharpness
        case .constant: return 0
        }
    }

    /// Left-right direction, −1 ... 1: a hit's own direction, else the horizontal offset of the
    /// position from `listener` over the distance; nil when unknown.
    func direction(from listener: WorldPosition?) -> Double? {
        if !direction.isNaN { return direction }
        guard hasPosition, let listener else { return nil }
        let distance = position.distance(to: listener)
        guard distance > 1e-9 else { return 0 }
        return HapticMapping.clamp((position.x - listener.x) / distance, -1, 1)
    }

    private static func bit(_ input: MappingInput) -> UInt8 {
        switch input {
        case .impulse: return 1
        case .speed: return 1 << 1
        case .mass: return 1 << 2
        case .damage: return 1 << 3
        case .value: return 1 << 4
        case .materials: return 1 << 5
        case .constant: return 1 << 6
        }
    }
}
