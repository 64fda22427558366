@_spi(HapticsTools) import Haptics

/// Runs scripted events through a mapping and an engine with a manual clock: what a session feels
/// like on each player's pad, without the game or a pad (`hapticsctl simulate`, regression tests).
///
/// Frames run at `rate` per second from time 0. An event is posted just before the first frame
/// whose time is >= its time, so it is felt on that frame, as in a game that posts during its
/// update. The run goes on after the last event until every output is silent (bounded by
/// `maximumTailSeconds`). Player N plays on output N, named "playerN"; `profile` is every
/// output's motor profile. Load-time cost: allocates, O(frames × players) time and memory,
/// both bounded by `Limits` before the run starts.
public struct MappingSimulation {
    /// Bounds checked before a run starts, so that no script or argument can make it trap, run
    /// for hours or fill memory; each is refused with a `MappingSimulationError` naming it.
    public struct Limits: Hashable, Sendable {
        /// Latest event time, seconds. Default `EventScript.maximumTime` (3,600).
        public var maximumEventTime: Double = EventScript.maximumTime
        /// Most trace rows: frames × players. Default 1,000,000 (about 40 MB of CSV; an hour at
        /// 60 frames per second for 4 players is 866,400).
        public var maximumTraceRows: Int = 1_000_000
        /// Players 0...63 (`GameEvent.player`, `playerCount` up to 64).
        public static let maximumPlayers = 64
        /// Longest tail after the last event, seconds: 600.
        public static let maximumTailSeconds: Double = 600

        public init() {}
    }

    /// One recording output per player.
    public let outputs: [RecordingOutput]
    /// Frames per second: frame `k` of every output is at `k / rate` seconds.
    public let rate: Double
    /// What the director did (`dropped`: events beyond the queue's capacity in one frame).
    public let statistics: HapticEventDirector.Statistics
    /// Whether the run stopped at the tail limit with something still sounding.
    public let isTruncated: Bool
    /// Every response the mapping played, in order: the rule (or feedback preset) name, the player,
    /// the frame's time and the rule's intensity 0...1 (before the motor profile). `summary()` pairs
    /// each with the drive its pad received.
    public let moments: [HapticEventDirector.Moment]

    /// What the motor stage predicts each player's hand feels at each frame (index: player, then frame;
    /// 0...1 of each motor's full strength, `HapticEngine.predictedFeltLevels(ofOutput:)`), frame for
    /// frame with `outputs`.
    public let felt: [[ActuatorLevels]]

    /// The adaptive trigger effects of each player at each frame (index: player, then frame), as
    /// the mapping's `trigger_effect` rules set them; empty when the mapping sets none.
    public let triggerEffects: [[TriggerFrame]]

    /// One player's two trigger effects at one frame.
    public struct TriggerFrame: Hashable, Sendable {
        public var left: AdaptiveTrigger.Effect
        public var right: AdaptiveTrigger.Effect
    }

    /// Runs `script`. Throws `MappingSimulationError`, before running anything, when `rate` is not
    /// 1...1000, `maximumTailSeconds` not 0...600, an event's time not 0...`limits.maximumEventTime`
    /// or its player not 0...63, `playerCount` not 1...64, or the trace would exceed
    /// `limits.maximumTraceRows` (the error names the first event whose time or player passes it).
    public init(script: EventScript, mapping: LoadedMapping?, presets: PresetLibrary = .builtIn(),
                rate: Double = 60, profile: MotorProfile = .genericDualMotor, playerCount: Int? = nil,
                maximumTailSeconds: Double = 10, limits: Limits = Limits()) throws(MappingSimulationError) {
        guard rate.isFinite, (1...1000).contains(rate) else {
            throw MappingSimulationError(message: "expected a rate of 1...1000 frames per second, found \(rate)")
        }
        guard maximumTailSeconds.isFinite, (0...Limits.maximumTailSeconds).contains(maximumTailSeconds) else {
            throw MappingSimulationError(message: "expected a tail of 0...\(Int(Limits.maximumTailSeconds)) s, found \(maximumTailSeconds)")
        }
        var lastTime = 0.0
        var highestPlayer = 0
        for (position, entry) in script.entries.enumerated() {
            guard entry.time.isFinite, entry.time >= 0, entry.time <= limits.maximumEventTime else {
                throw MappingSimulationError(message: "expected event times 0...\(limits.maximumEventTime) s, found \(entry.time)",
                                             event: position, line: entry.line)
            }
            if let player = entry.event.player {
                guard (0..<Limits.maximumPlayers).contains(player) else {
                    throw MappingSimulationError(message: "expected a player 0...\(Limits.maximumPlayers - 1), found \(player)",
                                                 event: position, line: entry.line)
                }
                highestPlayer = max(highestPlayer, player)
            }
            lastTime = max(lastTime, entry.time)
        }
        if let playerCount, !(1...Limits.maximumPlayers).contains(playerCount) {
            throw MappingSimulationError(message: "expected 1...\(Limits.maximumPlayers) players, found \(playerCount)")
        }
        let count = playerCount ?? highestPlayer + 1
        // Every input is bounded now, so this arithmetic is exact and small.
        func frames(until time: Double) -> Int { Int(((time + maximumTailSeconds) * rate).rounded(.up)) + 2 }
        let frameBound = frames(until: lastTime)
        guard frameBound * count <= limits.maximumTraceRows else {
            // The event that passes the limit: the first whose time (with the players so far, or
            // the player count given) needs more rows; none when the tail or the player count alone does.
            var players = playerCount ?? 1
            var culprit: (position: Int, line: Int)? = nil
            if frames(until: 0) * players <= limits.maximumTraceRows {
                for (position, entry) in script.entries.enumerated() {
                    if playerCount == nil, let player = entry.event.player { players = max(players, player + 1) }
                    if frames(until: entry.time) * players > limits.maximumTraceRows {
                        culprit = (position, entry.line)
                        break
                    }
                }
            }
            throw MappingSimulationError(message: "expected a trace of at most \(limits.maximumTraceRows) rows (frames × players), "
                                         + "found \(frameBound) frames × \(count) players = \(frameBound * count) rows "
                                         + "(\(lastTime) s of events + \(maximumTailSeconds) s of tail at \(rate) frames/s)",
                                         event: culprit?.position, line: culprit?.line)
        }
        let outputs = (0..<count).map { RecordingOutput(name: "player\($0)", profile: profile, reservingFrames: frameBound) }
        let engine = HapticEngine(outputs: outputs, voiceCapacity: 256)
        try? engine.start()
        let records = mapping?.hasTriggerEffects == true
        let target = SimulationTarget(engine: engine, playerCount: count)
        let director = HapticEventDirector(target: target, mapping: mapping, presets: presets)
        var triggerEffects: [[TriggerFrame]] = records ? Array(repeating: [], count: count) : []
        var felt: [[ActuatorLevels]] = Array(repeating: [], count: count)
        for player in 0..<count { felt[player].reserveCapacity(frameBound) }
        var moments: [HapticEventDirector.Moment] = []
        director.momentHandler = { moments.append($0) }
        var next = 0
        var frame = 0
        var truncated = false
        var ended = false
        while frame < frameBound {
            let time = Double(frame) / rate
            while next < script.entries.count && script.entries[next].time <= time + 1e-9 {
                director.post(script.entries[next].event)
                next += 1
            }
            director.update(at: time)
            engine.update(at: time)
            for player in 0..<count { felt[player].append(engine.predictedFeltLevels(ofOutput: player) ?? .zero) }
            if records {
                for player in 0..<count {
                    triggerEffects[player].append(TriggerFrame(left: target.triggers[player].left.effect,
                                                               right: target.triggers[player].right.effect))
                }
            }
            frame += 1
            if next == script.entries.count && time >= lastTime {
                let silent = outputs.allSatisfy { $0.lastLevels.isSilent } && engine.activeVoiceCount == 0
                if silent && director.activeTextureCount == 0 { ended = true; break }
                if time - lastTime >= maximumTailSeconds { truncated = true; ended = true; break }
            }
        }
        if !ended { truncated = true }   // the frame bound is never reached before the tail limit; kept as a guard
        self.outputs = outputs
        self.rate = rate
        statistics = director.statistics
        isTruncated = truncated
        director.momentHandler = nil
        self.moments = moments
        self.triggerEffects = triggerEffects
        self.felt = felt
        withExtendedLifetime(target) {}
    }

    /// The CSV header when the mapping sets trigger effects: the render format's, then
    /// `left_effect,right_effect`.
    public static let triggerCSVHeader = RecordingOutput.csvHeader + ",left_effect,right_effect"

    /// The traces as CSV in the render format (`time,output,low,high,left_trigger,right_trigger`).
    /// When the mapping sets adaptive trigger effects, two more columns, `left_effect,right_effect`,
    /// give each player's trigger effects at that frame (`AdaptiveTrigger.Effect.traceField`:
    /// `off`, `weapon(0.2;0.6;0.9)`...).
    public func csv() -> String {
        guard !triggerEffects.isEmpty else { return RecordingOutput.csv(for: outputs) }
        var text = Self.triggerCSVHeader + "\n"
        let frames = outputs.map(\.frames.count).max() ?? 0
        for index in 0..<frames {
            for (player, output) in outputs.enumerated() where index < output.frames.count {
                let frame = output.frames[index]
                let l = frame.levels
                let effects = triggerEffects.indices.contains(player) && index < triggerEffects[player].count
                    ? triggerEffects[player][index] : TriggerFrame(left: .off, right: .off)
                text += "\(frame.time),\(RecordingOutput.csvField(output.name)),\(l.lowFrequency),\(l.highFrequency),\(l.leftTrigger),\(l.rightTrigger)"
                text += ",\(effects.left.traceField),\(effects.right.traceField)\n"
            }
        }
        return text
    }
}

/// The simulation's mapping target: player N plays on the engine's output N, with one
/// `AdaptiveTriggers` per player where `trigger_effect` rules land.
private final class SimulationTarget: HapticFeedbackTarget {
    let engine: HapticEngine
    let triggers: [AdaptiveTriggers]
    let feedbackDevices: FeedbackDevices

    init(engine: HapticEngine, playerCount: Int) {
        self.engine = engine
        triggers = (0..<playerCount).map { _ in AdaptiveTriggers() }
        var devices = FeedbackDevices(playerCount: engine.outputs.count)
        for player in 0..<engine.outputs.count {
            devices.setDevice(FeedbackDevices.Device(engine: engine, output: player), forPlayer: player)
            if triggers.indices.contains(player) { devices.setTriggers(triggers[player], forPlayer: player) }
        }
        feedbackDevices = devices
    }

    var feedbackTime: Double { engine.feedbackTime }
}

/// Why a `MappingSimulation` refused to run: which bound, the value found, and the event.
public struct MappingSimulationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was expected and what was found.
    public var message: String
    /// The index of the offending entry in `EventScript.entries`, when an event is at fault.
    public var event: Int?
    /// That entry's line in its script (0 when it was not read from text).
    public var line: Int?

    public init(message: String, event: Int? = nil, line: Int? = nil) {
        self.message = message
        self.event = event
        self.line = line
    }

    /// `event N (line L): MESSAGE`, or the message alone.
    public var description: String {
        guard let event else { return message }
        if let line, line > 0 { return "event \(event) (line \(line)): \(message)" }
        return "event \(event): \(message)"
    }
}
