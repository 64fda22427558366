/// The names posts carried that no rule of the mapping takes (issue 31: `SDLH_PostAction(0, "jummp")`
/// was silent, and only a counter moved): an action's or a custom event's name, a texture's kind, a
/// footstep's surface. Each distinct name (per event kind) is kept once, with how many posts carried it,
/// so the director can report it once (its `unmatchedNameHandler`, which the C library turns into a
/// line in SDL's log) and a game can list them (`unmatchedNames`, `SDLH_GetUnmatchedName`).
///
/// Bounded: at most `capacity` (256) distinct names are kept per mapping; later new names are only
/// counted (`notKept`). Noting a name is O(1) and allocation-free (storage is made once, at init), on
/// the game thread inside the mapping stage; the text is made only when a name is reported or listed.
/// Forgotten when a mapping is swapped in (a name unmatched by one config may match the next).
/// Internal, owned by `HapticEventDirector`.
struct UnmatchedNames {
    /// Most distinct names kept.
    static let capacity = 256

    struct Entry {
        var kind: EventKindName
        var name: HapticName
        /// Posts that carried it and matched nothing, since it was first kept.
        var posts: Int
        /// Whether the director has reported it.
        var isReported = false
    }

    private(set) var entries: ContiguousArray<Entry> = []
    /// Open addressing over `entries` (index + 1, 0: empty), by name and kind; four times the capacity.
    private var slots: ContiguousArray<Int16>
    private static let mask = 4 * capacity - 1
    /// Distinct names noted after `capacity` were kept (each counted once per post, not told apart).
    private(set) var notKept = 0
    /// Whether some kept name has not been reported yet.
    private(set) var hasNew = false

    init() {
        entries.reserveCapacity(Self.capacity)
        slots = ContiguousArray(repeating: 0, count: 4 * Self.capacity)
    }

    /// Notes one post of `kind` carrying `name` that no rule took. O(1), no allocation.
    mutating func note(_ kind: EventKindName, _ name: HapticName) {
        var slot = (name.bucket(mask: Self.mask) &+ Int(RuleIndex.code(of: kind)) &* 97) & Self.mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            if entries[index].name == name && entries[index].kind == kind {
                entries[index].posts += 1
                return
            }
            slot = (slot + 1) & Self.mask
        }
        guard entries.count < Self.capacity else {
            notKept += 1
            return
        }
        entries.append(Entry(kind: kind, name: name, posts: 1))
        slots[slot] = Int16(entries.count)
        hasNew = true
    }

    /// Marks every kept name reported.
    mutating func markReported() {
        for index in entries.indices { entries[index].isReported = true }
        hasNew = false
    }

    /// Forgets every name (a new mapping).
    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        for index in slots.indices { slots[index] = 0 }
        notKept = 0
        hasNew = false
    }
}

extension GameEvent {
    /// The name a rule of this event's kind would have matched, when it is one `UnmatchedNames` keeps:
    /// an action's or a custom event's name, a texture's kind, a footstep's surface. O(1).
    var unmatchedName: HapticName? {
        switch kind {
        case .action(let name, _), .custom(let name, _): return name
        case .texture(let texture): return texture.kind
        case .footstep(let step): return step.surface
        case .collision, .hit, .feedback: return nil
        }
    }
}
