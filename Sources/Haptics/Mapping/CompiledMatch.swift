/// A rule's match as plain values, made once per config: the tag and the one condition the
/// rule's event kind can set, with names as `HapticName`s, so matching an event compares a few
/// integers. Internal to the mapping layer; O(1), no allocation.
struct CompiledMatch: Sendable {
    /// The tag the event must carry, or nil for any.
    private var tag: HapticName?
    private var condition = Condition.any

    private enum Condition: Sendable {
        case any
        /// The match names a feedback case that does not exist: it matches nothing.
        case never
        /// A collision's material pair, in either order (nil: `*`, any material).
        case materials(HapticName?, HapticName?)
        /// A footstep's surface, a custom event's name, an action's name or a texture's kind.
        case name(HapticName)
        /// A hit's flags (nil: either).
        case hit(critical: Bool?, received: Bool?)
        /// A feedback case, by `HapticFeedback.presetIndex` (any intensity).
        case feedback(presetIndex: Int)
    }

    /// The match of a rule for events of `kind`: only the conditions that kind has count.
    init(_ match: MappingRule.Match, kind: EventKindName) {
        tag = match.tag.map { HapticName($0) }
        switch kind {
        case .collision:
            if let (a, b) = match.materials {
                condition = .materials(a == "*" ? nil : HapticName(a), b == "*" ? nil : HapticName(b))
            }
        case .footstep:
            if let surface = match.surface { condition = .name(HapticName(surface)) }
        case .custom:
            if let name = match.name { condition = .name(HapticName(name)) }
        case .action:
            // Game actions match by kind and name here, like custom events (issue 25).
            if let action = match.action { condition = .name(HapticName(action)) }
        case .texture:
            if let textureKind = match.textureKind { condition = .name(HapticName(textureKind)) }
        case .hit:
            if match.critical != nil || match.received != nil {
                condition = .hit(critical: match.critical, received: match.received)
            }
        case .feedback:
            if let wanted = match.feedback {
                condition = HapticFeedback(name: wanted).map { .feedback(presetIndex: $0.presetIndex) } ?? .never
            }
        }
    }

    /// Whether `event` fits (its kind already matched). O(1).
    func matches(_ event: GameEvent) -> Bool {
        if let tag, event.tag != tag { return false }
        switch (condition, event.kind) {
        case (.any, _):
            return true
        case (.materials(let a, let b), .collision(let collision)):
            let x = collision.materialA, y = collision.materialB
            let straight = (a == nil || a == x) && (b == nil || b == y)
            let crossed = (a == nil || a == y) && (b == nil || b == x)
            return straight || crossed
        case (.name(let name), .footstep(let step)):
            return step.surface == name
        case (.name(let name), .custom(let custom, _)):
            return custom == name
        case (.name(let name), .action(let action, _)):
            return action == name
        case (.name(let name), .texture(let texture)):
            return texture.kind == name
        case (.hit(let critical, let received), .hit(let hit)):
            return (critical == nil || critical == hit.critical) && (received == nil || received == hit.received)
        case (.feedback(let presetIndex), .feedback(let feedback)):
            return feedback.presetIndex == presetIndex
        default:
            return false   // .never, or a condition of another kind
        }
    }
}
