/// A rule's match as plain values, made once per config: names as `HapticName`s and a bit per
/// condition the rule sets, so matching an event compares a few integers in place. Internal to
/// the mapping layer; O(1), no allocation.
struct CompiledMatch: Sendable {
    private var conditions: Conditions = []
    /// The tag, and the names: a collision's material pair (`*`, any material, as `.none`), a
    /// footstep's surface, a custom event's name or a texture's kind (in `nameA`).
    private var tag = HapticName.none
    private var nameA = HapticName.none
    private var nameB = HapticName.none
    private var critical = false
    private var received = false
    private var feedbackIndex: UInt8 = 0

    private struct Conditions: OptionSet, Sendable {
        var rawValue: UInt8
        static let tag = Conditions(rawValue: 1 << 0)
        static let materials = Conditions(rawValue: 1 << 1)
        static let name = Conditions(rawValue: 1 << 2)
        static let critical = Conditions(rawValue: 1 << 3)
        static let received = Conditions(rawValue: 1 << 4)
        static let feedback = Conditions(rawValue: 1 << 5)
        /// The match names a feedback case that does not exist: it matches nothing.
        static let never = Conditions(rawValue: 1 << 6)
    }

    /// The match of a rule for events of `kind`: only the conditions that kind has count.
    init(_ match: MappingRule.Match, kind: EventKindName) {
        if let tag = match.tag {
            conditions.insert(.tag)
            self.tag = HapticName(tag)
        }
        switch kind {
        case .collision:
            if let (a, b) = match.materials {
                conditions.insert(.materials)
                nameA = a == "*" ? .none : HapticName(a)
                nameB = b == "*" ? .none : HapticName(b)
            }
        case .footstep:
            if let surface = match.surface { name(surface) }
        case .custom:
            if let name = match.name { self.name(name) }
        case .texture:
            if let textureKind = match.textureKind { name(textureKind) }
        case .hit:
            if let critical = match.critical {
                conditions.insert(.critical)
                self.critical = critical
            }
            if let received = match.received {
                conditions.insert(.received)
                self.received = received
            }
        case .feedback:
            if let wanted = match.feedback {
                if let feedback = HapticFeedback(name: wanted) {
                    conditions.insert(.feedback)
                    feedbackIndex = UInt8(feedback.presetIndex)
                } else {
                    conditions.insert(.never)
                }
            }
        }
    }

    private mutating func name(_ text: String) {
        conditions.insert(.name)
        nameA = HapticName(text)
    }

    /// Whether `event` fits (its kind already matched). O(1).
    func matches(_ event: GameEvent) -> Bool {
        withUnsafePointer(to: event) { matches($0) }
    }

    /// Whether the event at `event` fits (its kind already matched), read in place. O(1).
    @inline(__always)
    func matches(_ event: UnsafePointer<GameEvent>) -> Bool {
        if conditions.isEmpty { return true }
        if conditions.contains(.never) { return false }
        if conditions.contains(.tag) && tag != event.pointee.tagName { return false }
        if conditions.contains(.materials) {
            let x = event.pointee.nameA, y = event.pointee.nameB
            let straight = (nameA.isNone || nameA == x) && (nameB.isNone || nameB == y)
            let crossed = (nameA.isNone || nameA == y) && (nameB.isNone || nameB == x)
            if !straight && !crossed { return false }
        }
        if conditions.contains(.name) && nameA != event.pointee.nameA { return false }
        if conditions.contains(.critical) && critical != event.pointee.flags.contains(.critical) { return false }
        if conditions.contains(.received) && received != event.pointee.flags.contains(.received) { return false }
        if conditions.contains(.feedback) && feedbackIndex != event.pointee.feedbackIndex { return false }
        return true
    }
}
