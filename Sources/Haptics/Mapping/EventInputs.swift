/// What an event offers the mapping layer, read in place from its flat fields: the numbers a
/// rule's curves take (`MappingInput`), how its materials feel, and where it comes from. Internal;
/// each read is O(1) and allocates nothing (material settings come from the caller's `lookUp`).
extension GameEvent {
    /// The mean sharpness (0...1) and gain (0...2) of the event's materials: a collision's two, a
    /// footstep's surface. Names the config does not list, and events without materials, count as
    /// sharpness 0.5, gain 1.
    @inline(__always)
    func materialFeel(_ lookUp: (HapticName) -> MaterialSettings?) -> MaterialSettings {
        switch kindName {
        case .collision:
            let first = lookUp(nameA) ?? MaterialSettings()
            let second = lookUp(nameB) ?? MaterialSettings()
            return MaterialSettings(sharpness: (first.sharpness + second.sharpness) / 2, gain: (first.gain + second.gain) / 2)
        case .footstep:
            return lookUp(nameA) ?? MaterialSettings()
        default:
            return MaterialSettings()
        }
    }

    /// The number `input` of the event, or nil when its kind does not offer it. `feel` is the
    /// event's `materialFeel` (read for `.materials`); `walkerWeight` stands in for a footstep
    /// without a weight.
    @inline(__always)
    func input(_ input: MappingInput, feel: MaterialSettings, walkerWeight: Double) -> Double? {
        switch (input, kindName) {
        case (.constant, _): return 0
        case (.impulse, .collision):
            return Collision.effectiveImpulse(flags.contains(.hasA) ? a : nil, flags.contains(.hasB) ? b : nil,
                                              speed: c, impulse: flags.contains(.hasD) ? d : nil)
        case (.speed, .collision): return abs(c)
        case (.mass, .collision): return Collision.reducedMass(flags.contains(.hasA) ? a : nil, flags.contains(.hasB) ? b : nil)
        case (.materials, .collision), (.materials, .footstep): return feel.sharpness
        case (.speed, .footstep): return abs(a)
        case (.mass, .footstep): return flags.contains(.hasB) ? b : walkerWeight
        case (.damage, .hit): return a
        case (.value, .texture), (.value, .custom), (.value, .feedback): return a
        default: return nil
        }
    }

    /// Left-right direction, −1 ... 1: a hit's own direction, else the horizontal offset of the
    /// position from `listener` over the distance; nil when unknown.
    @inline(__always)
    func direction(from listener: WorldPosition?) -> Double? {
        if kindName == .hit, flags.contains(.hasB), b.isFinite { return HapticMapping.clamp(b, -1, 1) }
        guard let listener, let distance = distance(to: listener) else { return nil }
        guard distance > 1e-9 else { return 0 }
        return HapticMapping.clamp((x - listener.x) / distance, -1, 1)
    }

    /// Distance from the event's position to `listener`, or nil when either is unknown.
    @inline(__always)
    func distance(to listener: WorldPosition?) -> Double? {
        guard flags.contains(.hasPosition), let listener else { return nil }
        let dx = x - listener.x, dy = y - listener.y, dz = z - listener.z
        return (dx * dx + dy * dy + dz * dz).squareRoot()
    }
}
