/// What an event offers the mapping layer: the numbers a rule's curves take (`MappingInput`), how
/// its materials feel, and where it comes from. Internal; each read is O(1) and allocates nothing.
extension GameEvent {
    /// The mean sharpness (0...1) and gain (0...2) of the event's materials by `materials`: a
    /// collision's two, a footstep's surface. Names the config does not list, and events without
    /// materials, count as sharpness 0.5, gain 1.
    func materialFeel(in materials: MaterialCache) -> MaterialSettings {
        switch kind {
        case .collision(let collision):
            let first = materials.settings(collision.materialA) ?? MaterialSettings()
            let second = materials.settings(collision.materialB) ?? MaterialSettings()
            return MaterialSettings(sharpness: (first.sharpness + second.sharpness) / 2, gain: (first.gain + second.gain) / 2)
        case .footstep(let step):
            return materials.settings(step.surface) ?? MaterialSettings()
        default:
            return MaterialSettings()
        }
    }

    /// The number `input` of the event, or nil when its kind does not offer it. `feel` is the
    /// event's `materialFeel` (read for `.materials`); `walkerWeight` stands in for a footstep
    /// without a weight.
    func input(_ input: MappingInput, feel: MaterialSettings, walkerWeight: Double) -> Double? {
        switch (input, kind) {
        case (.constant, _): return 0
        case (.impulse, .collision(let collision)): return collision.effectiveImpulse
        case (.speed, .collision(let collision)): return abs(collision.speed)
        case (.mass, .collision(let collision)): return collision.reducedMass
        case (.materials, .collision), (.materials, .footstep): return feel.sharpness
        case (.speed, .footstep(let step)): return abs(step.speed)
        case (.mass, .footstep(let step)): return step.weight ?? walkerWeight
        case (.damage, .hit(let hit)): return hit.damage
        case (.value, .texture(let texture)): return texture.value
        case (.value, .custom(_, let value)): return value
        case (.value, .action(_, let value)): return value
        case (.value, .feedback(let feedback)): return feedback.intensity
        default: return nil
        }
    }

    /// Left-right direction, −1 ... 1: a hit's own direction, else the horizontal offset of the
    /// position from `listener` over the distance; nil when unknown.
    func direction(from listener: WorldPosition?) -> Double? {
        if case .hit(let hit) = kind, let direction = hit.direction, direction.isFinite {
            return min(max(direction, -1), 1)
        }
        guard let position, let listener else { return nil }
        let distance = position.distance(to: listener)
        guard distance > 1e-9 else { return 0 }
        let pan = (position.x - listener.x) / distance
        return pan.isNaN ? -1 : min(max(pan, -1), 1)
    }

    /// Distance from the event's position to `listener`, or nil when either is unknown.
    func distance(to listener: WorldPosition?) -> Double? {
        guard let position, let listener else { return nil }
        return position.distance(to: listener)
    }
}
