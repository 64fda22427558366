/// The voices of a mapping's rules: one `FeedbackVoicePool` per rule, role (body, a trigger, a
/// looping texture) and player (`VoicePoolKey`), made the first time the rule plays for that player,
/// each voice made when a start needs it.
///
/// Bounded per player (issue 31, round two, F5: every rule played for every player kept four voices,
/// 2.1 GB for 16,384 rules × 16 players): at most `maximumVoicesPerPlayer` voices of the mapping's rules
/// exist for one player. A start that needs a new voice past that drops an idle pool of that player
/// (none of its voices plays or waits for a command; taken in turn, so the one made longest ago first)
/// and makes the voice again when its rule plays later; when every pool of the player plays, the start
/// is refused (`start` answers `.limit`, counted `throttled`). A pool that made no voice (nothing can be
/// felt for its player) is not kept.
///
/// Internal, owned by `HapticEventDirector` (shared with its `TextureVoices`); game thread only.
/// Emptied when the mapping or the number of players changes. Lookups allocate nothing; a voice made
/// or made again allocates.
final class RuleVoices: VoiceBudget {
    /// The most voices the mapping's rules hold for one player (a texture's voice included).
    static let maximumVoicesPerPlayer = 1_024

    /// What a start did.
    enum Start {
        case started(HapticAdvancedPatternPlayer)
        /// Nothing can be felt for the player (no pad, an engine that refuses), or the texture pool had no
        /// voice it may take.
        case cannotPlay
        /// The player holds `maximumVoicesPerPlayer` voices and every one of its pools plays.
        case limit
    }

    private var pools: [VoicePoolKey: FeedbackVoicePool] = [:]
    /// Per player: its pools' keys (in the order made, but for the one moved into a dropped one's place),
    /// the voices they hold, where the next look for an idle pool starts, and the frame in which a look
    /// found none (no second look that frame: O(1) per refused start).
    private var playerPools: [[VoicePoolKey]] = []
    private var voiceCounts: [Int] = []
    private var cursors: [Int] = []
    private var fullInFrame: [Int] = []
    private var frame = 0

    /// The most voices a texture rule's pool makes per player: the texture limit, so every texture playing
    /// has a voice of its own (issue 31, round two, F6: a pool of four made a fifth texture of one rule
    /// take a playing one's voice, and each then restarted the other's pattern every frame).
    let textureCapacity: Int
    /// The most voices per player (`maximumVoicesPerPlayer`; smaller in tests).
    let voicesPerPlayer: Int

    init(textureCapacity: Int = 64, voicesPerPlayer: Int = RuleVoices.maximumVoicesPerPlayer) {
        self.textureCapacity = max(textureCapacity, 1)
        self.voicesPerPlayer = max(voicesPerPlayer, 1)
        pools.reserveCapacity(256)
    }

    /// How many voices the rules hold for `player`.
    func voiceCount(forPlayer player: Int) -> Int { voiceCounts.indices.contains(player) ? voiceCounts[player] : 0 }

    /// How many pools exist (every role and player).
    var poolCount: Int { pools.count }

    /// A new frame of starts: a player found full may be looked at again.
    func beginFrame() { frame &+= 1 }

    /// Starts a voice of rule `index` of `mapping` in `role` for `player` on `devices` (its pool made now
    /// if it is new) with `intensity` and, when given, `sharpness`, at game time `time`; a texture's start
    /// spares the voices marked `sparing`. O(1) amortised; allocates only for a voice made.
    func start(rule index: Int, of mapping: LoadedMapping, role: VoicePoolKey.Role, player: Int, devices: FeedbackDevices,
               intensity: Double, sharpness: Double? = nil, at time: Double, sparing: UInt8 = 0) -> Start {
        let key = VoicePoolKey(source: .rule(index, role), player: player)
        // A rule new to a full player makes its pool only once an idle pool made room: a refused start makes
        // nothing (allocates nothing).
        if pools[key] == nil, player >= 0, player < voiceCounts.count, voiceCounts[player] >= voicesPerPlayer,
           fullInFrame[player] == frame || !dropIdlePool(of: player, sparing: nil) {
            fullInFrame[player] = frame
            return .limit
        }
        let pool = pools[key] ?? makePool(key, rule: index, of: mapping, role: role)
        guard let voice = pool.startVoice(devices: devices, player: player, intensity: intensity, sharpness: sharpness,
                                          at: time, sparing: sparing) else {
            let full = player >= 0 && player < voiceCounts.count && voiceCounts[player] >= voicesPerPlayer
            if pool.count == 0 { drop(key, at: key.player >= 0 ? playerPools[key.player].lastIndex(of: key) : nil) }   // it made nothing: not kept
            return full ? .limit : .cannotPlay
        }
        return .started(voice)
    }

    /// Forgets every pool (a new mapping, a different number of players).
    func removeAll() {
        pools.removeAll(keepingCapacity: true)
        playerPools.removeAll(keepingCapacity: true)
        voiceCounts.removeAll(keepingCapacity: true)
        cursors.removeAll(keepingCapacity: true)
        fullInFrame.removeAll(keepingCapacity: true)
    }

    // MARK: VoiceBudget

    func reserveVoice(for pool: FeedbackVoicePool, player: Int) -> Bool {
        guard player >= 0 else { return false }
        grow(to: player)
        if voiceCounts[player] >= voicesPerPlayer {
            guard fullInFrame[player] != frame, dropIdlePool(of: player, sparing: pool) else {
                fullInFrame[player] = frame
                return false
            }
        }
        voiceCounts[player] += 1
        return true
    }

    func releaseVoices(_ count: Int, player: Int) {
        guard voiceCounts.indices.contains(player) else { return }
        voiceCounts[player] = max(voiceCounts[player] - count, 0)
    }

    // MARK: Internals

    private func makePool(_ key: VoicePoolKey, rule index: Int, of mapping: LoadedMapping, role: VoicePoolKey.Role) -> FeedbackVoicePool {
        let rule = mapping.config.rules[index]
        let locality: HapticLocality
        switch role {
        case .body, .texture: locality = .body
        case .leftTrigger: locality = .leftTrigger
        case .rightTrigger: locality = .rightTrigger
        }
        let pool = FeedbackVoicePool(presetName: rule.pattern, pattern: mapping.patterns[index], category: rule.category,
                                     locality: locality, priority: rule.priority, loops: role == .texture,
                                     capacity: role == .texture ? textureCapacity : FeedbackVoicePool.size)
        pool.budget = self
        pools[key] = pool
        if key.player >= 0 {
            grow(to: key.player)
            playerPools[key.player].append(key)
        }
        return pool
    }

    private func grow(to player: Int) {
        while playerPools.count <= player {
            playerPools.append([])
            voiceCounts.append(0)
            cursors.append(0)
            fullInFrame.append(-1)
        }
    }

    /// Drops one idle pool of `player` other than `keep`, looking from where the last look stopped. O(pools
    /// of the player) at worst, O(1) amortised.
    private func dropIdlePool(of player: Int, sparing keep: FeedbackVoicePool?) -> Bool {
        let keys = playerPools[player]
        guard !keys.isEmpty else { return false }
        for step in 0..<keys.count {
            let position = (cursors[player] + step) % keys.count
            guard let pool = pools[keys[position]], pool !== keep, pool.isIdle else { continue }
            drop(keys[position], at: position)
            cursors[player] = position   // the pool moved into this place is looked at next
            return true
        }
        return false
    }

    /// Forgets pool `key` (at `position` in its player's list) and gives back its voices. O(1).
    private func drop(_ key: VoicePoolKey, at position: Int?) {
        guard let pool = pools.removeValue(forKey: key) else { return }
        guard key.player >= 0, playerPools.indices.contains(key.player) else { return }
        releaseVoices(pool.count, player: key.player)
        if let position, playerPools[key.player].indices.contains(position), playerPools[key.player][position] == key {
            playerPools[key.player].swapAt(position, playerPools[key.player].count - 1)
            playerPools[key.player].removeLast()
            if cursors[key.player] >= playerPools[key.player].count { cursors[key.player] = 0 }
        }
    }
}
