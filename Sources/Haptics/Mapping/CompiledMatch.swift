/// A rule's match with its names as `HapticName`s, made once per config, so that matching an event
/// compares integers and copies no strings. Internal to the mapping layer; O(1), no allocation.
struct CompiledMatch: Sendable {
    /// The material pair, with `*` (any material) as `.none`.
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
        func pattern(_ name: String) -> HapticName { name == "*" ? .none : HapticName(name) }
        materials = match.materials.map { (pattern($0.0), pattern($0.1)) }
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
        matches(EventFacts(event, defaultWalkerWeight: 0, lookUp: { _ in nil }))
    }

    /// Whether the event read into `facts` fits (its kind already matched). O(1).
    func matches(_ facts: EventFacts) -> Bool {
        if let tag, tag != facts.tag { return false }
        switch facts.kind {
        case .collision:
            if let (a, b) = materials {
                let x = facts.nameA, y = facts.nameB
                func fits(_ pattern: HapticName, _ material: HapticName) -> Bool { pattern.isNone || pattern == material }
                guard (fits(a, x) && fits(b, y)) || (fits(a, y) && fits(b, x)) else { return false }
            }
        case .footstep:
            if let surface, surface != facts.nameA { return false }
        case .hit:
            if let critical, critical != facts.critical { return false }
            if let received, received != facts.received { return false }
        case .texture:
            if let textureKind, textureKind != facts.nameA { return false }
        case .custom:
            if let name, name != facts.nameA { return false }
        case .feedback:
            if matchesNoFeedback { return false }
            if let feedback, feedback != facts.feedback { return false }
        }
        return true
    }
}
