/// The director's per-rule, per-player state and one frame's scratch lists, in plain arrays sized
/// when the mapping or the number of players changes (never inside a frame).
///
/// A rule and a player make a *pair*, numbered `rule × players + player`. Per pair: the game time
/// of its last start, and (while it has responses this frame) which block of `kept` holds them. A
/// block is `burstLimit` responses (the strongest; one when the rule coalesces), handed out to
/// pairs as they get their first response in a frame, so the responses take room for the pairs a
/// frame can touch, at most `events × players`, not for every pair of a large config (100,000 rules
/// and 4 players: 16,384 × 4 blocks at most instead of 400,000). Internal, owned by
/// `HapticEventDirector`; game thread only.
struct FrameResponses {
    /// Most responses one pair keeps in a frame.
    static let burstLimit = 4

    /// A response kept this frame, with the post (the index of the frame's event) it answers.
    struct Kept {
        var response: MappedHaptic
        var post: Int
    }

    /// What `keep` did with a response.
    enum KeepResult {
        /// Kept.
        case kept
        /// Weaker than every response the pair keeps: merged away.
        case mergedAway
        /// Kept in place of the weakest one, which answered post `earlier`.
        case replaced(earlier: Int)
    }

    private(set) var rules: Int
    private(set) var players: Int
    /// Game time of each pair's last start (−infinity: never).
    private var lastStarts: [Double]
    /// Each pair's block this frame (−1: none yet).
    private var blockOfPair: [Int32]
    /// This frame's blocks: block `b` owns `kept[b × burstLimit ..< b × burstLimit + keptCounts[b]]`
    /// and belongs to pair `touched[b]`; blocks are numbered in the order their pairs got a first response.
    private var kept: [MappedHaptic]
    /// The post of each response in `kept`.
    private var keptPosts: [Int32]
    private var keptCounts: [Int]
    /// Per block, the weakest intensity it keeps once full (−infinity while it has room), so an
    /// event too weak to make it in is dropped after reading one number.
    private var floors: [Double]
    private var touched: [Int]
    /// Indices of this frame's events left to the director (textures, feedback without a rule).
    private(set) var deferred: [Int]
    /// Blocks reserved: the most pairs one frame can touch.
    private let blockCapacity: Int
    /// The most responses one frame can keep: one per event and player.
    private let responseCapacity: Int

    /// State for `rules` rules and `players` players, with room for a frame of `events` events.
    init(rules: Int, players: Int, events: Int) {
        self.rules = rules
        self.players = players
        let pairs = rules * players
        lastStarts = Array(repeating: -.infinity, count: pairs)
        blockOfPair = Array(repeating: -1, count: pairs)
        // Each event gives at most one response per player: a frame touches at most events × players pairs.
        responseCapacity = max(events, 1) * max(players, 1)
        blockCapacity = min(pairs, responseCapacity)
        kept = []
        kept.reserveCapacity(blockCapacity * Self.burstLimit)
        keptPosts = []
        keptPosts.reserveCapacity(blockCapacity * Self.burstLimit)
        keptCounts = []
        keptCounts.reserveCapacity(blockCapacity)
        floors = []
        floors.reserveCapacity(blockCapacity)
        touched = []
        touched.reserveCapacity(blockCapacity)
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
        let block = blockOfPair[pair(rule: rule, player: player)]
        return block >= 0 && floors[Int(block)] >= intensity
    }

    /// Keeps `response` (answering post `post`) for its pair if there is room (up to `limit`), else in
    /// place of the weakest kept one when stronger. O(limit).
    mutating func keep(_ response: MappedHaptic, post: Int, limit: Int) -> KeepResult {
        let pair = pair(rule: response.ruleIndex, player: response.player)
        var block = Int(blockOfPair[pair])
        if block < 0 {
            block = touched.count
            blockOfPair[pair] = Int32(block)
            touched.append(pair)
            keptCounts.append(0)
            floors.append(-.infinity)
            for _ in 0..<Self.burstLimit {
                kept.append(response)
                keptPosts.append(-1)
            }
        }
        let base = block * Self.burstLimit
        let count = keptCounts[block]
        let room = min(limit, Self.burstLimit)
        var result = KeepResult.kept
        if count < room {
            kept[base + count] = response
            keptPosts[base + count] = Int32(post)
            keptCounts[block] = count + 1
        } else {
            var weakest = base
            for index in base..<(base + count) where kept[index].intensity < kept[weakest].intensity { weakest = index }
            if response.intensity > kept[weakest].intensity {
                result = .replaced(earlier: Int(keptPosts[weakest]))
                kept[weakest] = response
                keptPosts[weakest] = Int32(post)
            } else {
                result = .mergedAway
            }
        }
        if keptCounts[block] >= room {
            var floor = kept[base].intensity
            for index in base..<(base + keptCounts[block]) { floor = min(floor, kept[index].intensity) }
            floors[block] = floor
        }
        return result
    }

    /// Leaves event `index` of this frame to the director.
    mutating func deferEvent(_ index: Int) { deferred.append(index) }

    /// Most responses a frame can keep (`takeKept` appends at most this many).
    var keptCapacity: Int { min(blockCapacity * Self.burstLimit, responseCapacity) }

    /// Appends every response kept this frame to `out`, pair by pair in the order the pairs were
    /// first touched, then empties them and the deferred list for the next frame. No allocation
    /// when `out` has `keptCapacity` reserved (and the frame touched at most the pairs reserved).
    mutating func takeKept(into out: inout [Kept]) {
        for block in touched.indices {
            let base = block * Self.burstLimit
            for index in base..<(base + keptCounts[block]) { out.append(Kept(response: kept[index], post: Int(keptPosts[index]))) }
            blockOfPair[touched[block]] = -1
        }
        touched.removeAll(keepingCapacity: true)
        kept.removeAll(keepingCapacity: true)
        keptPosts.removeAll(keepingCapacity: true)
        keptCounts.removeAll(keepingCapacity: true)
        floors.removeAll(keepingCapacity: true)
        deferred.removeAll(keepingCapacity: true)
    }
}
