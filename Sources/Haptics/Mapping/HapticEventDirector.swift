/// The running half of the mapping layer: takes the events the game posted, decides with the
/// current `LoadedMapping` what each one feels like, and returns what to start as plain values
/// (`HapticStartRequest`), once per frame. It holds no reference to the front door.
///
/// Per frame, two steps in one direction:
/// 1. `update(at:playerCount:)`: swap in a new mapping if one is waiting (between frames, never
///    during), take every posted event, find each one's rule (`CompiledMapping`), compute its
///    response per player, drop it when the rule's cooldown has not passed, keep only the strongest
///    per rule and player when the rule coalesces; return the survivors, textures, feedback presets
///    and trigger effects as requests.
/// 2. `start(_:on:at:)`, called by the front door with the requests, its `FeedbackDevices` and the
///    frame's time: one voice (plus trigger voices) per rule response (`RuleVoices`), texture voices
///    (`TextureVoices`: one looping voice per texture id and player, updated through its dynamic
///    controls), feedback presets (`FeedbackPresetVoices`, with the one feedback rate limit). Voices
///    are made on the devices' engines and started here; the voices started are returned, so the
///    front door does its own bookkeeping (pause) after `start` returns. Nothing calls back out.
///
/// A director made with a target (an engine, for games and tools without `GameHaptics`) does both
/// in `update(at:)` and tells the target of each voice started.
///
/// Threads: `post` from any thread. Everything else on the game's update thread.
/// Cost: O(events × players) per frame, whatever the number of rules (each event finds its rule in
/// at most 8 lookups, `RuleIndex`); no allocation in steady state (voices are made the first time a
/// rule plays for a player, and again after a reload).
public final class HapticEventDirector {
    /// Where `update(at:)` starts voices, when the director was made with one; nil for a director
    /// whose front door calls `update(at:playerCount:)` and `start(_:on:at:)` itself.
    public private(set) weak var target: (any HapticFeedbackTarget)?
    /// Presets that feedback events without a rule play.
    public var presets: PresetLibrary {
        get { feedbackVoices.presets }
        set { feedbackVoices.presets = newValue }
    }
    /// The mapping in use (nil: only feedback events play, through their presets).
    public private(set) var mapping: LoadedMapping?
    /// Called on the update thread when a mapping is swapped in (`.success`) or a reload failed and
    /// the previous mapping, if any, stays (`.failure`, with every problem and its location).
    /// `statistics.reloads` and `failedReloads` count the same results.
    public var reloadHandler: ((Result<LoadedMapping, ConfigErrors>) -> Void)?
    /// Called on the update thread for every voice the mapping starts (not for trigger voices), for
    /// logs and HUDs. Keep it cheap: it runs inside `update`.
    public var momentHandler: ((Moment) -> Void)?
    /// The problems of the last reload that failed, or empty after a good one.
    public private(set) var lastErrors: [ConfigDiagnostic] = []
    /// Counts since creation, for HUDs and tests.
    public private(set) var statistics = Statistics()

    /// What the director did.
    ///
    /// **One unit: the post** (issue 31). Every event taken from the queue (`events`) ends in exactly one of
    /// `started`, `updated`, `coalesced`, `cooledDown`, `throttled`, `outOfRange`, `silenced`, `noPad` and
    /// `unmatched`, so they add up to `events` (`outcomes`) once the frame that took it has been started. A
    /// post for several players (no player given) counts once, under the furthest it got for any of them,
    /// in that order: started for one player and cooled down for another is `started`. `voicesStarted`,
    /// `triggerEffects`, `dropped`, `reloads` and `failedReloads` count other things.
    public struct Statistics: Sendable, Equatable {
        /// Events taken from the queue: the posts the outcome fields count.
        public var events = 0
        /// Posts that started a voice for at least one of their players (a rule's voice, a feedback
        /// preset, a texture's looping voice), or set an adaptive trigger effect.
        public var started = 0
        /// Texture updates and stops (of a texture playing, or of none): nothing new starts.
        public var updated = 0
        /// Posts merged into a stronger response of the same rule and player in the same frame (or the
        /// same feedback case for the same player), or whose response a stronger one of that frame replaced.
        public var coalesced = 0
        /// Posts whose rule's cooldown had not passed for their players.
        public var cooledDown = 0
        /// Posts dropped by a limit: a feedback case's rate limit (`Selection`: 0.05 s), as `play` drops
        /// them, or a texture start past the 64 playing.
        public var throttled = 0
        /// Posts too far away to be felt: the rule's attenuation took them to 0 at the listener's distance.
        public var outOfRange = 0
        /// Posts a rule took but silenced: its intensity curve gave 0 for the event's value (a custom
        /// event posted with value 0, an impulse below a log curve's low end), so nothing played.
        public var silenced = 0
        /// Posts a rule took (or feedback) for players without a pad that can play it: nothing could be
        /// felt (no pad, a pad without rumble, a player number past the players).
        public var noPad = 0
        /// Posts no rule took (and not feedback, which plays its preset then): the name or kind is not in
        /// the config, or no config is in use. `HapticEventDirector.unmatchedNames` lists the names.
        public var unmatched = 0
        /// Voices started (trigger voices included): not posts.
        public var voicesStarted = 0
        /// Adaptive trigger effects set by rules (one per event and player): not posts.
        public var triggerEffects = 0
        /// Events posted after the queue already held `GameEventQueue.capacity` for the coming
        /// frame: refused by `post` (which returned false), never stored. Updated each frame.
        public var dropped = 0
        /// Mappings swapped in from another thread (`offer`: a hot reload), counted when swapped in.
        public var reloads = 0
        /// Reloads refused (`offer` with errors): the mapping in use, if any, stayed.
        public var failedReloads = 0

        /// The sum of the outcome fields: `events` once every frame taken has been started.
        public var outcomes: Int {
            started + updated + coalesced + cooledDown + throttled + outOfRange + silenced + noPad + unmatched
        }
    }

    /// A name posts carried that no rule of the mapping in use takes (an action's or a custom event's
    /// name, a texture's kind, a footstep's surface), with a rule's name close to it.
    public struct UnmatchedName: Sendable, Equatable {
        /// The event kind, as configs write it (`action`, `custom`, `texture`, `footstep`).
        public var kind: String
        /// The name, exactly as posted.
        public var name: String
        /// A name a rule of that kind takes that is close to it ("did you mean"), or nil.
        public var suggestion: String?
        /// Posts that carried it and matched nothing, since it was first seen under this mapping.
        public var posts: Int
    }

    /// A voice `start(_:on:at:)` started, with the intensity it started at (0...1).
    public struct StartedVoice {
        public let voice: HapticAdvancedPatternPlayer
        public let intensity: Double
    }

    /// One mapped moment, for a HUD's "last haptic events" list.
    public struct Moment: Sendable {
        /// Game time of the frame it played in.
        public var time: Double
        /// The rule's name (or the feedback case's preset name).
        public var name: String
        public var player: Int
        public var intensity: Double
    }

    /// The queue `post` writes to. It is `Sendable`: hand it to physics or network threads so they
    /// can post without holding the director.
    public let queue: GameEventQueue
    private var incoming: [GameEvent] = []
    private var listeners: [WorldPosition?] = []
    /// The voice pools of rules (one per rule, role and player).
    private let ruleVoices = RuleVoices()
    /// The continuous textures playing.
    private let textures: TextureVoices
    /// Feedback presets: pools per player and case, and the one feedback rate limit (shared with
    /// the generators of `feedbackGenerator(forPlayer:)`).
    private let feedbackVoices: FeedbackPresetVoices
    /// Per rule and player: last starts and this frame's kept responses, sized when the mapping or
    /// the number of players changes, so the per-event path indexes instead of hashing.
    private var responses = FrameResponses(rules: 0, players: 0, events: 0)
    /// This frame's responses, taken from `responses` (reserved to hold them all).
    private var kept: [FrameResponses.Kept] = []
    /// This frame's requests, returned by `update(at:playerCount:)` (reserved; grows only in a
    /// frame with more texture events than ever before).
    private var requests: [HapticStartRequest] = []
    /// The voices this frame's `start` started, returned by it (reserved with `requests`: up to
    /// three voices per request).
    private var started: [StartedVoice] = []
    /// Textures to restart under a mapping swapped in by `use`, with their players.
    private var restartingTextures: [(event: GameEvent, player: Int)] = []
    /// This frame's feedback presets to start (feedback no rule takes), one per player and case: the
    /// same case posted again for the same player in one frame merges into the strongest (counted in
    /// `statistics.coalesced`), so a flood of feedback events starts a bounded number of voices.
    private var pendingFeedback: [HapticFeedback] = []
    private var pendingFeedbackPlayers: [Int] = []
    private var moments: [Moment] = []
    private var momentNext = 0
    private var time = 0.0
    /// Per post of the frame being mapped and started: the furthest it got (`PostOutcome`), tallied into
    /// `statistics` when the frame's requests have been started (`tallyPosts`).
    private var postOutcomes: [UInt8] = []
    /// The post each request of `requests` is for (aligned with it), and each pending feedback preset.
    private var requestPosts: [Int32] = []
    private var pendingFeedbackPosts: [Int32] = []
    /// Per player and feedback case (`player × cases + presetIndex`), its place in `pendingFeedback`
    /// this frame (−1: none): merging a repeated case is one lookup, not a scan (issue 31, item 13).
    private var pendingFeedbackPlaces: [Int32] = []
    /// The names no rule took under the mapping in use.
    private var unmatched = UnmatchedNames()
    /// Per event kind, the names its rules take, for "did you mean" (made when first needed per mapping).
    private var ruleNames: [EventKindName: [String]] = [:]

    /// How far one post got, in order: a post for several players ends where it got furthest.
    private enum PostOutcome: UInt8 {
        case open = 0, unmatched, noPad, silenced, outOfRange, throttled, cooledDown, coalesced, updated, started
    }

    /// Called on the update thread once for each new name no rule takes (`UnmatchedName`), after the
    /// frame that first carried it was mapped, so a developer sees a misspelt action or event name (the
    /// C library logs it in SDL's log at debug priority). At most `UnmatchedNames.capacity` (256)
    /// distinct names per mapping are reported; a new mapping forgets them. Allocates the name's text.
    public var unmatchedNameHandler: ((UnmatchedName) -> Void)?

    /// The most textures playing at once (per player counted separately). Default 64.
    public let textureCapacity: Int
    /// How many recent moments `recentMoments` keeps. Default 8.
    public let momentCapacity = 8

    /// A director playing on `target` with `mapping` (nil: none yet): `update(at:)` maps and starts.
    /// `queueCapacity` bounds the events held between two frames.
    public convenience init(target: any HapticFeedbackTarget, mapping: LoadedMapping? = nil, presets: PresetLibrary = .builtIn(),
                            queueCapacity: Int = 16_384, textureCapacity: Int = 64) {
        self.init(mapping: mapping, presets: presets, queueCapacity: queueCapacity, textureCapacity: textureCapacity)
        self.target = target
    }

    /// A director without a target: the front door calls `update(at:playerCount:)` and starts what
    /// it returns with `start(_:on:at:)`.
    public init(mapping: LoadedMapping? = nil, presets: PresetLibrary = .builtIn(),
                queueCapacity: Int = 16_384, textureCapacity: Int = 64) {
        self.mapping = mapping
        feedbackVoices = FeedbackPresetVoices(presets: presets)
        self.textureCapacity = max(textureCapacity, 1)
        textures = TextureVoices(capacity: textureCapacity)
        queue = GameEventQueue(capacity: queueCapacity)
        incoming.reserveCapacity(queue.capacity)
        requests.reserveCapacity(min(queue.capacity, 1_024))
        started.reserveCapacity(3 * requests.capacity)
        requestPosts.reserveCapacity(requests.capacity)
        postOutcomes.reserveCapacity(queue.capacity)
        moments.reserveCapacity(momentCapacity)
    }

    // MARK: Posting (any thread)

    /// Posts `event` for the next frame. Any thread; O(1); no allocation. Returns false when the
    /// frame's queue is full and the event was dropped.
    @discardableResult
    public func post(_ event: GameEvent) -> Bool { queue.post(event) }

    /// Events dropped because a frame's queue was full.
    public var droppedEvents: Int { queue.droppedCount }

    // MARK: Game thread

    /// Where `player` hears from, for distance attenuation and direction (nil: no attenuation).
    public func setListener(_ position: WorldPosition?, forPlayer player: Int) {
        guard player >= 0 else { return }
        while listeners.count <= player { listeners.append(nil) }
        listeners[player] = position
    }

    /// Replaces the mapping now (game thread; between frames). Playing textures restart under the
    /// new rules with their last value.
    public func use(_ mapping: LoadedMapping?) {
        restartingTextures = textures.playing.map { last in
            var event = last.event
            if case .texture(var texture) = event.kind {
                texture.action = .start
                event.kind = .texture(texture)
            }
            return (event, last.player)
        }
        textures.stopAll()
        self.mapping = mapping
        ruleVoices.removeAll()
        responses = FrameResponses(rules: 0, players: 0, events: 0)   // remade for the new rules at the next update
        lastErrors = []
        unmatched.removeAll()
        ruleNames = [:]
    }

    /// Hands a mapping (or the errors of a failed load) over from another thread; it is swapped in
    /// at the start of the next `update`. Thread-safe.
    public func offer(_ result: Result<LoadedMapping, ConfigErrors>) {
        pendingLock.put(result)
    }

    /// Processes the frame at game time `time` on the director's target: `update(at:playerCount:)`
    /// with the player count of the target's devices, then `start(_:on:at:)` on them at the
    /// target's `feedbackTime` (for rate limits), then `feedbackVoiceStarted` per voice started. Call
    /// it first in a frame (before the engine update). Does nothing for a director without a target.
    /// Game thread.
    public func update(at time: Double) {
        guard let target else {
            // Nowhere to play: take the new mapping and drop the posted events.
            self.time = time
            takeOfferedMapping()
            tallyPosts()
            queue.takeAll(into: &incoming)
            statistics.events += incoming.count
            statistics.noPad += incoming.count   // nowhere to play: nothing can be felt
            statistics.dropped = queue.droppedCount
            incoming.removeAll(keepingCapacity: true)
            return
        }
        let devices = target.feedbackDevices
        let started = start(update(at: time, playerCount: devices.playerCount), on: devices, at: target.feedbackTime)
        for index in started.indices { target.feedbackVoiceStarted(started[index].voice, intensity: started[index].intensity) }
    }

    /// Maps the frame at game time `time` (seconds, the time the game passes to its engine update)
    /// for `playerCount` players (events for no particular player go to each of them) and returns
    /// what to start, in the order to start it: textures, trigger effects, feedback presets, rule
    /// responses. Game thread. O(events × players), at most 8 rule lookups per event; no allocation in steady
    /// state. The returned array is the director's buffer: start it before the next call.
    public func update(at time: Double, playerCount: Int) -> [HapticStartRequest] {
        let playerCount = max(playerCount, 0)
        self.time = time
        takeOfferedMapping()
        tallyPosts()   // a frame whose requests were never started
        queue.takeAll(into: &incoming)
        requests.removeAll(keepingCapacity: true)
        requestPosts.removeAll(keepingCapacity: true)
        prepareResponses(playerCount: playerCount)
        statistics.events += incoming.count
        statistics.dropped = queue.droppedCount
        for _ in incoming.indices { postOutcomes.append(PostOutcome.open.rawValue) }
        for (event, player) in restartingTextures { request(.texture(event, player: player, listener: listener(player)), post: -1) }
        restartingTextures.removeAll()
        if let mapping {
            Self.map(incoming, through: mapping.compiled, into: &responses, outcomes: &postOutcomes, unmatched: &unmatched,
                     listeners: listeners, playerCount: playerCount, time: time, statistics: &statistics)
            for index in responses.deferred { handle(incoming[index], post: index, playerCount: playerCount) }
            responses.takeKept(into: &kept)
        } else {
            for index in incoming.indices { handle(incoming[index], post: index, playerCount: playerCount) }
        }
        if let mapping, mapping.hasTriggerEffects { requestTriggerEffects(mapping, playerCount: playerCount) }
        incoming.removeAll(keepingCapacity: true)
        for index in pendingFeedback.indices {
            request(.feedback(pendingFeedback[index], player: pendingFeedbackPlayers[index]), post: Int(pendingFeedbackPosts[index]))
            let place = pendingFeedbackPlayers[index] * HapticFeedback.allPresetCases.count + pendingFeedback[index].presetIndex
            if pendingFeedbackPlaces.indices.contains(place) { pendingFeedbackPlaces[place] = -1 }
        }
        pendingFeedback.removeAll(keepingCapacity: true)
        pendingFeedbackPlayers.removeAll(keepingCapacity: true)
        pendingFeedbackPosts.removeAll(keepingCapacity: true)
        for index in kept.indices { requestStart(of: kept[index].response, post: kept[index].post) }
        kept.removeAll(keepingCapacity: true)
        if unmatched.hasNew { reportUnmatchedNames() }
        return requests
    }

    /// Appends `request` for post `post` (−1: none, a texture restarted under a new mapping).
    @inline(__always)
    private func request(_ request: HapticStartRequest, post: Int) {
        requests.append(request)
        requestPosts.append(Int32(post))
    }

    /// Post `post` got as far as `outcome` for one of its players.
    @inline(__always)
    private func reach(_ outcome: PostOutcome, post: Int) {
        guard postOutcomes.indices.contains(post) else { return }
        if outcome.rawValue > postOutcomes[post] { postOutcomes[post] = outcome.rawValue }
    }

    /// Counts each post of the frame under the furthest it got (a post nothing resolved, such as a
    /// response for a player past the players, as `noPad`), then forgets them. O(posts).
    private func tallyPosts() {
        for raw in postOutcomes {
            switch PostOutcome(rawValue: raw) ?? .open {
            case .open, .noPad: statistics.noPad += 1
            case .unmatched: statistics.unmatched += 1
            case .silenced: statistics.silenced += 1
            case .outOfRange: statistics.outOfRange += 1
            case .throttled: statistics.throttled += 1
            case .cooledDown: statistics.cooledDown += 1
            case .coalesced: statistics.coalesced += 1
            case .updated: statistics.updated += 1
            case .started: statistics.started += 1
            }
        }
        postOutcomes.removeAll(keepingCapacity: true)
    }

    /// The names no rule of the mapping in use takes, first seen first (at most 256 per mapping;
    /// `UnmatchedNames`), each with a close rule name. Allocates: for a HUD, a debug menu or the C API,
    /// not for every frame.
    public var unmatchedNames: [UnmatchedName] {
        unmatched.entries.map { entry in
            let name = entry.name.string
            return UnmatchedName(kind: entry.kind.rawValue, name: name, suggestion: suggestion(for: name, kind: entry.kind),
                                 posts: entry.posts)
        }
    }

    /// Distinct names no rule takes that were seen after 256 were kept (counted, not listed).
    public var unmatchedNamesNotKept: Int { unmatched.notKept }

    /// Calls `unmatchedNameHandler` for each name kept since the last report. Game thread; allocates the
    /// texts (once per distinct name).
    private func reportUnmatchedNames() {
        if let handler = unmatchedNameHandler {
            for entry in unmatched.entries where !entry.isReported {
                let name = entry.name.string
                handler(UnmatchedName(kind: entry.kind.rawValue, name: name, suggestion: suggestion(for: name, kind: entry.kind),
                                      posts: entry.posts))
            }
        }
        unmatched.markReported()
    }

    /// A name a rule of `kind` takes that is close to `name`, among the first 1,024 distinct names of that
    /// kind (so a huge config costs a bounded time per report); nil for names over 64 bytes.
    private func suggestion(for name: String, kind: EventKindName) -> String? {
        guard let mapping, name.utf8.count <= 64 else { return nil }
        if ruleNames[kind] == nil {
            var seen = Set<String>()
            var names: [String] = []
            for rule in mapping.config.rules where rule.event == kind && names.count < 1_024 {
                let match = rule.match
                guard let written = kind == .action ? match.action : kind == .custom ? match.name
                        : kind == .texture ? match.textureKind : match.surface, seen.insert(written).inserted else { continue }
                names.append(written)
            }
            ruleNames[kind] = names
        }
        return Spelling.suggestion(for: name, among: ruleNames[kind] ?? [])
    }

    /// Starts this frame's `requests` (from `update(at:playerCount:)`) on `devices`: rule voices,
    /// textures, feedback presets and trigger effects (on the devices' adaptive triggers). `time`
    /// is the game time in seconds the feedback rate limit counts from (the frame's time). Counts
    /// `statistics.started`, `throttled` and `triggerEffects`, and records moments. Returns every
    /// voice started, in order: the director's buffer, valid until the next call. Game thread; no
    /// allocation once every voice pool exists.
    @discardableResult
    public func start(_ requests: [HapticStartRequest], on devices: FeedbackDevices, at time: Double) -> [StartedVoice] {
        started.removeAll(keepingCapacity: true)
        // The posts of this frame's requests (a caller's own array of requests counts each as no post).
        let posts = requests.count == requestPosts.count ? requestPosts : []
        for (index, request) in requests.enumerated() {
            let post = index < posts.count ? Int(posts[index]) : -1
            switch request {
            case .rule(let response):
                reach(startRule(response, on: devices, at: time) ? .started : .noPad, post: post)
            case .texture(let event, let player, let listener):
                guard case .texture(let texture) = event.kind else { continue }
                switch textures.handle(event, texture: texture, player: player, mapping: mapping,
                                       canStart: player < responses.players, voices: ruleVoices, devices: devices,
                                       time: time, listener: listener) {
                case .started(let rule, let intensity, let voice):
                    noteStarted(voice, intensity: intensity)
                    record(mapping?.config.rules[rule].name ?? "", player: player, intensity: intensity)
                    reach(.started, post: post)
                case .unmatched:
                    reach(.unmatched, post: post)
                    if let kind = texture.kind, mapping != nil { unmatched.note(.texture, kind) }
                case .handled:
                    reach(.updated, post: post)
                case .cannotPlay:
                    reach(.noPad, post: post)
                case .full:
                    reach(.throttled, post: post)
                }
            case .feedback(let feedback, let player):
                switch feedbackVoices.play(feedback, player: player, on: devices, at: time) {
                case .success(let voice):
                    noteStarted(voice, intensity: feedback.intensity)
                    record(feedback.presetName, player: player, intensity: feedback.intensity)
                    reach(.started, post: post)
                case .failure(.throttled):
                    reach(.throttled, post: post)
                case .failure(.cannotPlay):
                    reach(.noPad, post: post)
                }
            case .triggerEffect(let effect, let rule, let player):
                guard let triggers = devices.adaptiveTriggers(forPlayer: player),
                      let setting = mapping?.config.rules[rule].triggerEffect else {
                    reach(.noPad, post: post)
                    continue
                }
                setting.apply(effect, to: triggers)
                statistics.triggerEffects += 1
                reach(.started, post: post)
            }
        }
        if unmatched.hasNew { reportUnmatchedNames() }
        tallyPosts()
        return started
    }

    /// Counts `voice` as started and adds it to this frame's `started` (reserved: no allocation).
    private func noteStarted(_ voice: HapticAdvancedPatternPlayer, intensity: Double) {
        statistics.voicesStarted += 1
        started.append(StartedVoice(voice: voice, intensity: FeedbackVoiceStart.clamped(intensity)))
    }

    /// Maps this frame's `events` through `mapping`: each one-shot response that survives its rule's
    /// cooldown is kept in `responses` (the strongest per rule and player); textures and feedback
    /// without a rule are left deferred there. Each post's furthest outcome so far goes into `outcomes`
    /// (a kept response is resolved when it starts); the names of posts no rule takes into `unmatched`.
    /// At most 8 rule lookups + O(players) per event, no allocation.
    private static func map(_ events: [GameEvent], through mapping: CompiledMapping, into responses: inout FrameResponses,
                            outcomes: inout [UInt8], unmatched: inout UnmatchedNames,
                            listeners: [WorldPosition?], playerCount: Int, time: Double, statistics: inout Statistics) {
        func reach(_ outcome: PostOutcome, _ post: Int) {
            if outcome.rawValue > outcomes[post] { outcomes[post] = outcome.rawValue }
        }
        for index in events.indices {
            let event = events[index]
            let kind = event.kindName
            guard kind != .texture, let rule = mapping.ruleIndex(for: event) else {
                if kind == .texture || kind == .feedback {
                    responses.deferEvent(index)
                } else {
                    reach(.unmatched, index)
                    if let name = event.unmatchedName { unmatched.note(kind, name) }
                }
                continue
            }
            let cooldown = mapping.rules[rule].cooldown
            let players = Self.players(of: event, playerCount: playerCount).clamped(to: 0..<responses.players)
            guard !players.isEmpty else {
                reach(.noPad, index)   // a player number past the players
                continue
            }
            // Players still cooling down for this rule are skipped; when all are, the event's
            // intensity is never computed (the usual case in the frames right after a start).
            var open = 0
            for player in players where !responses.isCoolingDown(rule: rule, player: player, cooldown: cooldown, at: time) {
                open += 1
            }
            if open < players.count { reach(.cooledDown, index) }
            guard open > 0 else { continue }
            // The intensity decides which responses are kept; the sharpness is only computed for a
            // response that gets as far as being kept.
            let feel = mapping.feel(of: event)
            let intensity = mapping.intensity(of: event, rule: rule, feel: feel)
            guard intensity > 0 else {
                reach(.silenced, index)
                continue
            }
            let limit = mapping.rules[rule].coalesce ? 1 : FrameResponses.burstLimit
            var sharpness: Double?
            for player in players where !responses.isCoolingDown(rule: rule, player: player, cooldown: cooldown, at: time) {
                if responses.isBelowFloor(intensity, rule: rule, player: player) {
                    reach(.coalesced, index)
                    continue
                }
                let listener = player < listeners.count ? listeners[player] : nil
                let offset = sharpness ?? mapping.sharpness(of: event, rule: rule, feel: feel)
                sharpness = offset
                guard let response = mapping.response(to: event, rule: rule, intensity: intensity, sharpness: offset,
                                                      player: player, listener: listener) else {
                    reach(.outOfRange, index)
                    continue
                }
                switch responses.keep(response, post: index, limit: limit) {
                case .kept: break
                case .mergedAway: reach(.coalesced, index)
                case .replaced(let earlier): reach(.coalesced, earlier)
                }
            }
        }
    }

    /// Sizes the per-rule, per-player tables for the current mapping and `playerCount` players.
    /// Allocates only when either changed (a reload, a different number of players).
    private func prepareResponses(playerCount: Int) {
        let players = max(playerCount, 1)
        let rules = mapping?.config.rules.count ?? 0
        let places = players * HapticFeedback.allPresetCases.count
        if pendingFeedbackPlaces.count != places { pendingFeedbackPlaces = Array(repeating: -1, count: places) }
        guard players != responses.players || rules != responses.rules else { return }
        responses = FrameResponses(rules: rules, players: players, events: queue.capacity)
        kept.reserveCapacity(responses.keptCapacity)
        ruleVoices.removeAll()
        feedbackVoices.removeAll()
        // At most one pending preset per player and feedback case: no growth inside a frame.
        let feedbackPairs = players * HapticFeedback.allPresetCases.count
        pendingFeedback.reserveCapacity(feedbackPairs)
        pendingFeedbackPlayers.reserveCapacity(feedbackPairs)
        pendingFeedbackPosts.reserveCapacity(feedbackPairs)
        requests.reserveCapacity(responses.keptCapacity + feedbackPairs + min(queue.capacity, 1_024))
        requestPosts.reserveCapacity(requests.capacity)
        started.reserveCapacity(3 * requests.capacity)
    }

    /// Stops every texture and forgets cooldowns (for example when a level ends).
    public func stopAll() {
        textures.stopAll()
        responses.forgetStarts()
    }

    /// The most recent mapped moments, oldest first (at most `momentCapacity`). Allocates the
    /// returned array: for HUDs, not for hot loops.
    public var recentMoments: [Moment] {
        guard moments.count == momentCapacity else { return moments }
        return Array(moments[momentNext...] + moments[..<momentNext])
    }

    /// How many textures are playing.
    public var activeTextureCount: Int { textures.count }

    // MARK: Mapping one event

    /// The events `map` leaves deferred: textures (handed to `textures`), and feedback no rule takes
    /// (played through its preset); without a mapping, every event comes here.
    private func handle(_ event: GameEvent, post: Int, playerCount: Int) {
        let players = Self.players(of: event, playerCount: playerCount)
        if players.isEmpty { reach(.noPad, post: post) }
        switch event.kind {
        case .texture:
            for player in players { request(.texture(event, player: player, listener: listener(player)), post: post) }
        case .feedback(let feedback):
            for player in players { queueFeedbackPreset(feedback, player: player, post: post) }
        default:
            reach(.unmatched, post: post)   // no mapping in use
        }
    }

    /// The players `event` is for: its own player, or every one of `playerCount` when it names none;
    /// empty for a negative player number or `Int.max`.
    private static func players(of event: GameEvent, playerCount: Int) -> Range<Int> {
        guard let player = event.player else { return 0..<max(playerCount, 0) }
        guard player >= 0, player < Int.max else { return 0..<0 }
        return player..<(player + 1)
    }

    /// Requests the trigger effects of this frame's events whose rule has one, in posting order
    /// (the last event of a frame wins), for the event's player or every player. Cooldown and
    /// coalescing do not apply: an effect is a state, not a voice. At most 8 rule lookups per event, no allocation.
    private func requestTriggerEffects(_ mapping: LoadedMapping, playerCount: Int) {
        for index in incoming.indices {
            let event = incoming[index]
            // Most events (footsteps, collisions) are of kinds no trigger-effect rule takes: no second lookup.
            guard mapping.mayHaveTriggerEffect(event.kindName),
                  let ruleIndex = mapping.ruleIndex(for: event),
                  let effect = mapping.triggerEffect(for: event, rule: ruleIndex) else { continue }
            for player in Self.players(of: event, playerCount: playerCount) {
                request(.triggerEffect(effect, rule: ruleIndex, player: player), post: index)
            }
        }
    }

    /// Requests rule `response.ruleIndex`'s voices for the response unless its cooldown has not
    /// passed (a rule that keeps several responses a frame starts the first of them), and counts
    /// the start for the cooldown.
    private func requestStart(of response: MappedHaptic, post: Int) {
        guard let mapping, response.player < responses.players else { return }
        let rule = mapping.config.rules[response.ruleIndex]
        if rule.pattern.isEmpty && rule.triggerEffect != nil { return }   // a trigger-effect-only rule (its effect counts)
        if responses.isCoolingDown(rule: response.ruleIndex, player: response.player, cooldown: rule.cooldown, at: time) {
            reach(.cooledDown, post: post)
            return
        }
        responses.recordStart(rule: response.ruleIndex, player: response.player, at: time)
        request(.rule(response), post: post)
    }

    /// Starts the body voice of a rule response, and its trigger voices. Returns whether the body voice
    /// started (false: nothing can be felt for the player).
    private func startRule(_ response: MappedHaptic, on devices: FeedbackDevices, at time: Double) -> Bool {
        guard let mapping, mapping.config.rules.indices.contains(response.ruleIndex) else { return false }
        let rule = mapping.config.rules[response.ruleIndex]
        let body = ruleVoices.pool(rule: response.ruleIndex, of: mapping, role: .body, player: response.player)
        guard let voice = body.startVoice(devices: devices, player: response.player, intensity: response.intensity,
                                          sharpness: rule.sharpness == nil ? nil : response.sharpness, at: time) else { return false }
        noteStarted(voice, intensity: response.intensity)
        record(rule.name, player: response.player, intensity: response.intensity)
        if response.leftTrigger > 0 {
            let left = ruleVoices.pool(rule: response.ruleIndex, of: mapping, role: .leftTrigger, player: response.player)
            if let voice = left.startVoice(devices: devices, player: response.player, intensity: response.leftTrigger, at: time) {
                noteStarted(voice, intensity: response.leftTrigger)
            }
        }
        if response.rightTrigger > 0 {
            let right = ruleVoices.pool(rule: response.ruleIndex, of: mapping, role: .rightTrigger, player: response.player)
            if let voice = right.startVoice(devices: devices, player: response.player, intensity: response.rightTrigger, at: time) {
                noteStarted(voice, intensity: response.rightTrigger)
            }
        }
        return true
    }

    /// Adds `feedback` of post `post` for `player` to this frame's presets, or merges it into the same case
    /// already there (the stronger intensity wins; the other post is coalesced). O(1): the place of each
    /// player and case is one lookup (`pendingFeedbackPlaces`), so a frame of feedback posts costs
    /// O(posts × players) whatever mix of cases (issue 31: a scan of the pending pairs made it
    /// posts × players × pairs, 38–58 ms for 16,384 posts, 16 players, every case).
    private func queueFeedbackPreset(_ feedback: HapticFeedback, player: Int, post: Int) {
        let place = player * HapticFeedback.allPresetCases.count + feedback.presetIndex
        if pendingFeedbackPlaces.indices.contains(place), pendingFeedbackPlaces[place] >= 0 {
            let index = Int(pendingFeedbackPlaces[place])
            if feedback.intensity > pendingFeedback[index].intensity {
                pendingFeedback[index] = feedback
                reach(.coalesced, post: Int(pendingFeedbackPosts[index]))
                pendingFeedbackPosts[index] = Int32(post)
            } else {
                reach(.coalesced, post: post)
            }
            return
        }
        if pendingFeedbackPlaces.indices.contains(place) { pendingFeedbackPlaces[place] = Int32(pendingFeedback.count) }
        pendingFeedback.append(feedback)
        pendingFeedbackPlayers.append(player)
        pendingFeedbackPosts.append(Int32(post))
    }

    /// A generator for `player` that starts its presets through this director's feedback pools, so
    /// it shares their rate limit with feedback events (`GameHaptics.play` uses one). Game thread.
    public func feedbackGenerator(forPlayer player: Int, on target: any HapticFeedbackTarget) -> FeedbackGenerator {
        FeedbackGenerator(target: target, player: player, voices: feedbackVoices)
    }

    // MARK: Helpers

    private func listener(_ player: Int) -> WorldPosition? {
        listeners.indices.contains(player) ? listeners[player] : nil
    }

    private func record(_ name: String, player: Int, intensity: Double) {
        let moment = Moment(time: time, name: name, player: player, intensity: intensity)
        momentHandler?(moment)
        if moments.count < momentCapacity {
            moments.append(moment)
        } else {
            moments[momentNext] = moment
            momentNext = (momentNext + 1) % momentCapacity
        }
    }

    private let pendingLock = PendingMapping()

    private func takeOfferedMapping() {
        guard let result = pendingLock.take() else { return }
        switch result {
        case .success(let loaded):
            use(loaded)
            statistics.reloads += 1
        case .failure(let errors):
            lastErrors = errors.diagnostics
            statistics.failedReloads += 1
        }
        reloadHandler?(result)
    }
}

/// One mapping (or failure) handed from a loader thread to the game thread. A pthread mutex
/// (`NSLock`), which ThreadSanitizer understands (see `GameEventQueue`).
private final class PendingMapping: @unchecked Sendable {
    private let lock = PthreadLock()
    private var value: Result<LoadedMapping, ConfigErrors>?   // guarded by `lock`

    func put(_ result: Result<LoadedMapping, ConfigErrors>) {
        lock.lock()
        value = result
        lock.unlock()
    }

    /// The waiting result, emptying the hand-over. O(1), holds the lock only for the exchange.
    func take() -> Result<LoadedMapping, ConfigErrors>? {
        lock.lock()
        defer { lock.unlock() }
        let taken = value
        value = nil
        return taken
    }
}
