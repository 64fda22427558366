/// A rule's match as plain values, made once per config: the tag and the one condition the
/// rule's event kind can set, with names as `HapticName`s. `forEachKey` files it in a `RuleIndex`
/// (the per-event path); `matches` tries it on one event (the reference scan the index is tested
/// against). Internal to the mapping layer; O(1), no allocation.
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
        tag = match.tag.map { HapticName(configName: $0) }
        switch kind {
        case .collision:
            if let (a, b) = match.materials {
                condition = .materials(a == "*" ? nil : HapticName(configName: a), b == "*" ? nil : HapticName(configName: b))
            }
        case .footstep:
            if let surface = match.surface { condition = .name(HapticName(configName: surface)) }
        case .custom:
            if let name = match.name { condition = .name(HapticName(configName: name)) }
        case .action:
            // Game actions match by kind and name here, like custom events (issue 25).
            if let action = match.action { condition = .name(HapticName(configName: action)) }
        case .texture:
            if let textureKind = match.textureKind { condition = .name(HapticName(configName: textureKind)) }
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

    /// Calls `body` with every `RuleIndex` key this match is filed under (the rule's event kind is
    /// `kind`, `RuleIndex.code(of:)`): one per combination of name and tag an event must offer for
    /// the rule to take it; none for a match that takes nothing. Load time.
    func forEachKey(kind: UInt8, _ body: (RuleIndex.Key) -> Void) {
        func file(_ form: RuleIndex.Key.Form, _ name: HapticName = .code(0), _ other: HapticName = .code(0)) {
            body(RuleIndex.Key(kind: kind, form: form, name: form == .any ? HapticName(low: 0, high: 0) : name,
                               other: form == .pair ? other : HapticName(low: 0, high: 0), tag: tag))
        }
        switch condition {
        case .any, .materials(nil, nil):
            file(.any)
        case .never:
            break
        case .materials(let a?, nil), .materials(nil, let a?):
            file(.one, a)
        case .materials(let a?, let b?):
            file(.pair, a.precedes(b) ? a : b, a.precedes(b) ? b : a)
        case .name(let name):
            file(.one, name)
        case .hit(let critical, let received):
            for c in critical.map({ [$0] }) ?? [false, true] {
                for r in received.map({ [$0] }) ?? [false, true] { file(.one, .hitFlags(critical: c, received: r)) }
            }
        case .feedback(let presetIndex):
            file(.one, .code(UInt64(presetIndex)))
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
