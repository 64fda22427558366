/// A rule's match with its names as `HapticName`s, made once per config, so that matching an event
/// compares integers and copies no strings. Internal to the mapping layer; O(1), no allocation.
struct CompiledMatch: Sendable {
    private static let any = HapticName("*")

    var materials: (HapticName, HapticName)?
    var surface: HapticName?
    var tag: HapticName?
    var name: HapticName?
    var textureKind: HapticName?
    var feedback: HapticFeedback?
    /// The match names a feedback case that does not exist: it matches nothing.
    var matchesNoFeedback = false
    var critical: Bool?
    var received: Bool?

    init(_ match: MappingRule.Match) {
        materials = match.materials.map { (HapticName($0.0), HapticName($0.1)) }
        surface = match.surface.map { HapticName($0) }
        tag = match.tag.map { HapticName($0) }
        name = match.name.map { HapticName($0) }
        textureKind = match.textureKind.map { HapticName($0) }
        if let wanted = match.feedback {
            feedback = HapticFeedback(name: wanted)
            matchesNoFeedback = feedback == nil
        }
        critical = match.critical
        received = match.received
    }

    /// Whether `event` fits (its kind already matched).
    func matches(_ event: GameEvent) -> Bool {
        if let tag, tag != event.tagName { return false }
        switch event.kind {
        case .collision(let collision):
            if let (a, b) = materials {
                let x = collision.materialNameA, y = collision.materialNameB
                func fits(_ pattern: HapticName, _ material: HapticName) -> Bool { pattern == Self.any || pattern == material }
                guard (fits(a, x) && fits(b, y)) || (fits(a, y) && fits(b, x)) else { return false }
            }
        case .footstep(let step):
            if let surface, surface != step.surfaceName { return false }
        case .hit(let hit):
            if let critical, critical != hit.critical { return false }
            if let received, received != hit.received { return false }
        case .texture(let texture):
            if let textureKind, textureKind != texture.kindName { return false }
        case .custom(let eventName, _):
            if let name, name != eventName { return false }
        case .feedback(let wanted):
            if matchesNoFeedback { return false }
            if let feedback, feedback != wanted { return false }
        }
        return true
    }
}
