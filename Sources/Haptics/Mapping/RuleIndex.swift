/// Which rule takes an event, found from what the event *is* instead of by trying every rule.
///
/// Every condition a rule can set is an equality on something the event carries: its kind, one
/// name (a footstep's surface, a custom event's or an action's name, a texture's kind, a feedback case), a pair
/// of materials, a hit's two flags, and a tag. So a rule's match is filed under the keys an event
/// must have for the rule to take it (`CompiledMatch.forEachKey`), and an event looks up the few keys it
/// offers (`forEachKey(of:)`). Every rule filed under a key takes every event that offers the key,
/// so only the first rule in file order under each key counts: the table maps a key to that rule's
/// index, and the event's rule is the smallest index among its keys.
///
/// A kind with few rules (at most `scanLimit`, 16) is not filed: its rules are tried in file order
/// (`CompiledMatch.matches`, a few integer comparisons each), which costs less than hashing for the
/// handful of rules a kind usually has (the shipped config has at most 6 per kind).
///
/// **Cost per event, whatever the number of rules:** at most 16 rule comparisons (a kind of few
/// rules), or at most 8 lookups (a collision with two materials and a tag: any name, each
/// material, the pair, each with and without the tag); each lookup hashes a few integers and
/// compares in a table at most half full, at most `maximumProbes` buckets. Lookups that no rule of
/// the event's kind could answer are skipped (no rule names a pair, none asks for a tag), and the
/// first rule without conditions is read without one. A frame of the queue's 16,384 events costs at
/// most 262,144 comparisons or 131,072 lookups (docs/performance.md, "Rules indexed by what they
/// match"). No allocation, any thread. Built once per `CompiledMapping` (allocates; O(rules)).
///
/// **Adding an event kind matched by a name** (as issue 25's `action`, matched by its name):
/// 1. `CompiledMatch.init`: the rule's condition for the kind is `.name(HapticName(name))`
///    (`forEachKey` then files it with no further change);
/// 2. `CompiledMatch.matches`: the same condition against the event (kinds of few rules are
///    scanned with it, and the tests compare the index with a scan);
/// 3. `GameEvent.Kind.matchName` below: the name the event offers;
/// 4. `RuleIndex.code(of:)`: a number for the kind.
/// The compiler points at 3 and 4 (exhaustive switches).
struct RuleIndex: Sendable {
    /// What one rule asks of an event, or one combination an event offers.
    struct Key: Equatable, Sendable {
        enum Form: UInt8, Sendable {
            /// Any name (the rule sets no name condition).
            case any
            /// One name: `name`.
            case one
            /// Two materials, `name` <= `other` (`HapticName.precedes`), in either order on the event.
            case pair
        }

        var kind: UInt8
        var form: Form
        var name: HapticName
        var other: HapticName
        /// The tag the rule asks for, or nil (any tag).
        var tag: HapticName?

        init(kind: UInt8, form: Form = .any, name: HapticName = HapticName(low: 0, high: 0),
             other: HapticName = HapticName(low: 0, high: 0), tag: HapticName?) {
            self.kind = kind
            self.form = form
            self.name = name
            self.other = other
            self.tag = tag
        }

        /// A 64-bit mix of every field, starting from `seed` (the table's own random number, so that
        /// no config can be written to make its keys collide).
        func hash(seed: UInt64) -> UInt64 {
            var h = seed ^ (UInt64(kind) | UInt64(form.rawValue) << 8 | (tag == nil ? 0 : 1) << 16)
            func mix(_ word: UInt64) {
                h = (h ^ word) &* 0x9E37_79B9_7F4A_7C15
                h ^= h >> 29
                h = h &* 0xBF58_476D_1CE4_E5B9
                h ^= h >> 32
            }
            mix(name.low)
            mix(name.high)
            if form == .pair {
                mix(other.low)
                mix(other.high)
            }
            if let tag {
                mix(tag.low)
                mix(tag.high)
            }
            return h
        }
    }

    /// Most buckets one lookup compares: a table whose keys would need more is built again with
    /// another seed (and, after a few tries, twice the room), so a lookup's cost has a fixed bound.
    static let maximumProbes = 32

    /// One bucket per entry: the key and the first rule filed under it (-1: empty).
    private var keys: [Key]
    private var rules: [Int32]
    /// `keys.count - 1` (a power of two minus one).
    private let mask: Int
    private let seed: UInt64
    /// Per event kind (by `code(of:)`): which kinds of keys its rules use, so an event skips the
    /// lookups no rule could answer, and the first rule with no condition at all, read without a lookup.
    private var kinds: [KindKeys]

    private struct KindKeys: Sendable {
        /// The first rule of the kind with neither a name nor a tag condition (-1: none).
        var unconditional: Int32 = -1
        /// `bit(of:)` of every key its rules are filed under.
        var used: UInt8 = 0
        /// For a kind of at most `scanLimit` rules: where its rules are in `scanned`, in file order
        /// (nil: the kind is filed in the table).
        var scan: Range<Int>?
        var rules = 0
    }

    /// Most rules of one kind tried in file order instead of looked up. 16.
    static let scanLimit = 16
    /// The rules of the scanned kinds, grouped by kind (`KindKeys.scan`), with their matches.
    private var scannedRules: [Int32] = []
    private var scannedMatches: [CompiledMatch] = []

    /// One bit per form and tagging of a key.
    static func bit(of key: Key) -> UInt8 {
        UInt8(1) << (key.form.rawValue * 2 + (key.tag == nil ? 0 : 1))
    }
    /// Distinct keys filed in the table (the unconditional rule of each kind is kept apart).
    let count: Int

    /// The index of `matches` (one per rule, in file order, with the rule's event kind). Kinds of at
    /// most `scanLimit` rules are scanned (tests pass 0 to file every kind).
    init(_ matches: [(match: CompiledMatch, kind: EventKindName)], scanLimit: Int = RuleIndex.scanLimit) {
        var filed: [(Key, Int32)] = []
        filed.reserveCapacity(matches.count)
        var kinds = [KindKeys](repeating: KindKeys(), count: Int(EventKindName.allCases.map(Self.code(of:)).max() ?? 0) + 1)
        for entry in matches { kinds[Int(Self.code(of: entry.kind))].rules += 1 }
        var scannedRules: [Int32] = []
        var scannedMatches: [CompiledMatch] = []
        for kind in kinds.indices where kinds[kind].rules <= scanLimit {
            let start = scannedRules.count
            for (index, entry) in matches.enumerated() where Int(Self.code(of: entry.kind)) == kind {
                scannedRules.append(Int32(index))
                scannedMatches.append(entry.match)
            }
            kinds[kind].scan = start..<scannedRules.count
        }
        for (index, entry) in matches.enumerated() where kinds[Int(Self.code(of: entry.kind))].scan == nil {
            let kind = Self.code(of: entry.kind)
            entry.match.forEachKey(kind: kind) { key in
                kinds[Int(kind)].used |= Self.bit(of: key)
                if key.form == .any && key.tag == nil {
                    if kinds[Int(kind)].unconditional < 0 { kinds[Int(kind)].unconditional = Int32(index) }
                } else {
                    filed.append((key, Int32(index)))
                }
            }
        }
        var size = 16
        while size < filed.count * 2 { size *= 2 }
        var generator = SystemRandomNumberGenerator()
        var attempt = 0
        while true {
            if let table = Self.table(filed, size: size, seed: generator.next()) {
                self = table
                self.kinds = kinds
                self.scannedRules = scannedRules
                self.scannedMatches = scannedMatches
                return
            }
            attempt += 1
            if attempt % 4 == 0 { size *= 2 }   // (never seen: a random seed spreads any keys)
        }
    }

    /// The table of `filed` in `size` buckets hashed with `seed`, or nil when some key would sit
    /// more than `maximumProbes` buckets from its home.
    private static func table(_ filed: [(Key, Int32)], size: Int, seed: UInt64) -> RuleIndex? {
        let empty = Key(kind: .max, tag: nil)
        var keys = [Key](repeating: empty, count: size)
        var rules = [Int32](repeating: -1, count: size)
        var count = 0
        let mask = size - 1
        for (key, rule) in filed {
            var bucket = Int(truncatingIfNeeded: key.hash(seed: seed) >> 20) & mask
            var probes = 1
            while rules[bucket] >= 0 && keys[bucket] != key {
                bucket = (bucket + 1) & mask
                probes += 1
                if probes > maximumProbes { return nil }
            }
            if rules[bucket] < 0 {          // in file order: the first rule under a key stays
                keys[bucket] = key
                rules[bucket] = rule
                count += 1
            }
        }
        return RuleIndex(keys: keys, rules: rules, mask: mask, seed: seed, count: count)
    }

    private init(keys: [Key], rules: [Int32], mask: Int, seed: UInt64, count: Int) {
        self.keys = keys
        self.rules = rules
        self.mask = mask
        self.seed = seed
        self.count = count
        kinds = []
    }

    /// The first rule in file order that takes `event`, or nil. At most 16 comparisons or 8 lookups,
    /// no allocation.
    func firstRule(for event: GameEvent) -> Int? {
        let kind = kinds[Int(Self.code(of: event.kindName))]
        if let scan = kind.scan {
            for position in scan where scannedMatches[position].matches(event) { return Int(scannedRules[position]) }
            return nil
        }
        var best = kind.unconditional >= 0 ? kind.unconditional : Int32.max
        let tagged: UInt8 = 0b10_1010   // the tagged bit of every form
        Self.forEachKey(of: event, withTag: kind.used & tagged != 0) { key in
            let bit = Self.bit(of: key)
            // Keys no rule of the kind uses are not looked up; nor is the unconditional key (read above).
            guard kind.used & bit != 0, bit != 1, let rule = rule(filedUnder: key), rule < best else { return }
            best = rule
        }
        return best == .max ? nil : Int(best)
    }

    /// How many keys `firstRule(for:)` looks up for `event` (1...8): what one event costs, for tests
    /// and docs. Independent of the number of rules.
    static func lookups(for event: GameEvent) -> Int {
        var count = 0
        forEachKey(of: event, withTag: true) { _ in count += 1 }
        return count
    }

    /// The first rule filed under `key`, or nil. At most `maximumProbes` comparisons.
    private func rule(filedUnder key: Key) -> Int32? {
        var bucket = Int(truncatingIfNeeded: key.hash(seed: seed) >> 20) & mask
        while rules[bucket] >= 0 {
            if keys[bucket] == key { return rules[bucket] }
            bucket = (bucket + 1) & mask
        }
        return nil
    }

    /// Calls `body` with every key `event` offers: any name, then each name it carries (a collision:
    /// each material and the pair), each without and (when the event has a tag and `withTag`) with
    /// its tag.
    static func forEachKey(of event: GameEvent, withTag: Bool, _ body: (Key) -> Void) {
        let kind = code(of: event.kindName)
        let tag = withTag ? event.tag : nil
        func offer(_ form: Key.Form, _ name: HapticName, _ other: HapticName) {
            body(Key(kind: kind, form: form, name: name, other: other, tag: nil))
            if let tag { body(Key(kind: kind, form: form, name: name, other: other, tag: tag)) }
        }
        let none = HapticName(low: 0, high: 0)
        offer(.any, none, none)
        if case .collision(let collision) = event.kind {
            let a = collision.materialA, b = collision.materialB
            if let a { offer(.one, a, none) }
            if let b, b != a { offer(.one, b, none) }
            if let a, let b { offer(.pair, a.precedes(b) ? a : b, a.precedes(b) ? b : a) }
        } else if let name = event.kind.matchName {
            offer(.one, name, none)
        }
    }

    /// The number that stands for an event kind in keys.
    static func code(of kind: EventKindName) -> UInt8 {
        switch kind {
        case .collision: return 0
        case .footstep: return 1
        case .hit: return 2
        case .texture: return 3
        case .custom: return 4
        case .feedback: return 5
        case .action: return 6
        }
    }
}

extension GameEvent.Kind {
    /// The one name rules of this kind match (`CompiledMatch`'s `.name` condition): a footstep's
    /// surface, a custom event's or a game action's name, a texture's kind (nil without one), a feedback case and a
    /// hit's two flags (each as a name of its own, `HapticName.code(_:)`). Nil for collisions, which
    /// match two materials. O(1), no allocation.
    var matchName: HapticName? {
        switch self {
        case .collision: return nil
        case .footstep(let step): return step.surface
        case .hit(let hit): return .hitFlags(critical: hit.critical, received: hit.received)
        case .texture(let texture): return texture.kind
        case .custom(let name, _): return name
        case .action(let name, _): return name
        case .feedback(let feedback): return .code(UInt64(feedback.presetIndex))
        }
    }
}

extension HapticName {
    /// A name that stands for a number (a feedback case, a hit's flags) and equals no name made from
    /// text: its length byte is 0 and its first word is not, which no text gives.
    static func code(_ number: UInt64) -> HapticName { HapticName(low: number &+ 1, high: 0) }

    /// The name a hit's two flags make (`matchName`).
    static func hitFlags(critical: Bool, received: Bool) -> HapticName {
        code((critical ? 1 : 0) | (received ? 2 : 0))
    }

    /// An order on names (by their two words), for keying a pair of materials either way round.
    func precedes(_ other: HapticName) -> Bool {
        high != other.high ? high < other.high : low <= other.low
    }
}
