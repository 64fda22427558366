/// The director's per-rule, per-player state and one frame's scratch lists, in plain arrays sized
/// when the mapping or the number of players changes (never inside a frame).
///
/// A rule and a player make a *pair*, numbered `rule × players + player`. Per pair: the game time
/// of its last start and the responses it keeps this frame (up to `burstLimit`, the strongest; one
/// when the rule coalesces). Internal, owned by `HapticEventDirector`; game thread only.
struct FrameResponses {
    /// Most responses one pair keeps in a frame.
    static let burstLimit = 4

    private(set) var rules: Int
    private(set) var players: Int
    /// Game time of each pair's last start (−infinity: never).
    private var lastStarts: [Double]
    /// Each pair's kept responses: pair `p` owns `kept[p × burstLimit ..< p × burstLimit + keptCounts[p]]`.
    private var kept: [MappedHaptic]
    private var keptCounts: [Int]
    /// Per pair, the weakest intensity it keeps once full (−infinity while it has room), so an
    /// event too weak to make it in is dropped after reading one number.
    private var floors: [Double]
    /// The pairs with responses this frame, each once, in the order they got their first.
    private var touched: [Int]
    /// Indices of this frame's events left to the director (textures, feedback without a rule).
    private(set) var deferred: [Int]

    /// State for `rules` rules and `players` players, with room for `events` deferred events.
    init(rules: Int, players: Int, events: Int) {
        self.rules = rules
        self.players = players
        let pairs = rules * players
        lastStarts = Array(repeating: -.infinity, count: pairs)
        let none = MappedHaptic(ruleIndex: -1, player: 0, intensity: 0, sharpness: 0, leftTrigger: 0, rightTrigger: 0)
        kept = Array(repeating: none, count: pairs * Self.burstLimit)
        keptCounts = Array(repeating: 0, count: pairs)
        floors = Array(repeating: -.infinity, count: pairs)
        touched = []
        touched.reserveCapacity(pairs)
        deferred = []
        deferred.reserveCapacity(max(events, 1))
    }

    private func pair(rule: Int, player: Int) -> Int { rule * players + player }

    /// Whether rule `rule` is still cooling down for `player` at `time`.
    func isCoolingDown(rule: Int, player: Int, cooldown: Double, at time: Double) -> Bool {
        cooldown > 0 && time - lastStarts[pair(rule: rule, player: player)] < cooldown
    }

    /// Records a start of rule `rule` for `player` at `time`.
    mutating func recordStart(rule: Int, player: Int, at time: Double) {
        lastStarts[pair(rule: rule, player: player)] = time
    }

    /// Forgets every start (cooldowns end).
    mutating func forgetStarts() {
        for index in lastStarts.indices { lastStarts[index] = -.infinity }
    }

    /// Whether a response of `intensity` (before attenuation) cannot make it into the pair's
    /// responses: attenuation only lowers intensity, so one weaker than every kept one is out.
    func isBelowFloor(_ intensity: Double, rule: Int, player: Int) -> Bool {
        floors[pair(rule: rule, player: player)] >= intensity
    }

    /// Keeps `response` for its pair if there is room (up to `limit`), else in place of the
    /// weakest kept one when stronger. Returns false when a response was merged away. O(limit).
    mutating func keep(_ response: MappedHaptic, limit: Int) -> Bool {
        let pair = pair(rule: response.ruleIndex, player: response.player)
        let base = pair * Self.burstLimit
        let count = keptCounts[pair]
        let room = min(limit, Self.burstLimit)
        if count == 0 { touched.append(pair) }
        var merged = false
        if count < room {
            kept[base + count] = response
            keptCounts[pair] = count + 1
        } else {
            var weakest = base
            for index in base..<(base + count) where kept[index].intensity < kept[weakest].intensity { weakest = index }
            if response.intensity > kept[weakest].intensity { kept[weakest] = response }
            merged = true
        }
        if keptCounts[pair] >= room {
            var floor = kept[base].intensity
            for index in base..<(base + keptCounts[pair]) { floor = min(floor, kept[index].intensity) }
            floors[pair] = floor
        }
        return !merged
    }

    /// Leaves event `index` of this frame to the director.
    mutating func deferEvent(_ index: Int) { deferred.append(index) }

    /// Most responses a frame can keep (`takeKept` appends at most this many).
    var keptCapacity: Int { rules * players * Self.burstLimit }

    /// Appends every response kept this frame to `out`, pair by pair in the order the pairs were
    /// first touched, then empties them and the deferred list for the next frame. No allocation
    /// when `out` has `keptCapacity` reserved.
    mutating func takeKept(into out: inout [MappedHaptic]) {
        for pair in touched {
            let base = pair * Self.burstLimit
            for index in base..<(base + keptCounts[pair]) { out.append(kept[index]) }
            keptCounts[pair] = 0
            floors[pair] = -.infinity
        }
        touched.removeAll(keepingCapacity: true)
        deferred.removeAll(keepingCapacity: true)
    }
}
