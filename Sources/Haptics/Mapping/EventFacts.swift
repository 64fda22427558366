/// Every number an event offers to a rule's curves, read out of the event once so that the rest of
/// the per-event path works on plain values (no enum payloads or strings copied again).
///
/// Internal to the mapping layer. O(1), no allocation (material settings come from `lookUp`).
struct EventFacts {
    var impulse = 0.0
    var speed = 0.0
    var mass = 0.0
    var damage = 0.0
    var value = 0.0
    /// Mean sharpness (0...1) and gain (0...2) of the event's materials; 0.5 and 1 when it has none.
    var materialSharpness = 0.5
    var materialGain = 1.0
    /// Which inputs the event offers (by `MappingInput` order bit).
    var offered: UInt8 = 1 << 6   // constant

    init(_ event: GameEvent, defaultWalkerWeight: Double, lookUp: (HapticName) -> MaterialSettings?) {
        switch event.kind {
        case .collision(let c):
            impulse = c.effectiveImpulse
            speed = abs(c.speed)
            mass = c.reducedMass
            let a = lookUp(c.materialNameA) ?? MaterialSettings()
            let b = lookUp(c.materialNameB) ?? MaterialSettings()
            materialSharpness = (a.sharpness + b.sharpness) / 2
            materialGain = (a.gain + b.gain) / 2
            offered |= Self.bit(.impulse) | Self.bit(.speed) | Self.bit(.mass) | Self.bit(.materials)
        case .footstep(let f):
            speed = abs(f.speed)
            mass = f.weight ?? defaultWalkerWeight
            let surface = lookUp(f.surfaceName) ?? MaterialSettings()
            materialSharpness = surface.sharpness
            materialGain = surface.gain
            offered |= Self.bit(.speed) | Self.bit(.mass) | Self.bit(.materials)
        case .hit(let h):
            damage = h.damage
            offered |= Self.bit(.damage)
        case .texture(let t):
            value = t.value
            offered |= Self.bit(.value)
        case .custom(_, let v):
            value = v
            offered |= Self.bit(.value)
        case .feedback:
            break
        }
    }

    /// The number `input` of the event, or nil when the event does not offer it.
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
