/// Runs scripted events through a mapping and an engine with a manual clock: what a session feels
/// like on each player's pad, without the game or a pad (`hapticsctl simulate`, regression tests).
///
/// Frames run at `rate` per second from time 0. An event is posted just before the first frame
/// whose time is >= its time, so it is felt on that frame, as in a game that posts during its
/// update. The run goes on after the last event until every output is silent (bounded by
/// `maximumTailSeconds`). Player N plays on output N, named "playerN"; `profile` is every
/// output's motor profile. Load-time cost: allocates.
public struct MappingSimulation {
    /// One recording output per player.
    public let outputs: [RecordingOutput]
    /// Frames per second: frame `k` of every output is at `k / rate` seconds.
    public let rate: Double
    /// What the director did.
    public let statistics: HapticEventDirector.Statistics
    /// Whether the run stopped at the tail limit with something still sounding.
    public let isTruncated: Bool
    /// Every response the mapping played, in order: the rule (or feedback preset) name, the player,
    /// the frame's time and the rule's intensity 0...1 (before the motor profile). `summary()` pairs
    /// each with the drive its pad received.
    public let moments: [HapticEventDirector.Moment]

    /// The adaptive trigger effects of each player at each frame (index: player, then frame), as
    /// the mapping's `trigger_effect` rules set them; empty when the mapping sets none.
    public let triggerEffects: [[TriggerFrame]]

    /// One player's two trigger effects at one frame.
    public struct TriggerFrame: Hashable, Sendable {
        public var left: AdaptiveTriggerEffect
        public var right: AdaptiveTriggerEffect
    }

    public init(script: EventScript, mapping: LoadedMapping?, presets: PresetLibrary = .builtIn(),
                rate: Double = 60, profile: MotorProfile = .genericDualMotor, playerCount: Int? = nil,
                maximumTailSeconds: Double = 10) {
        let rate = rate.isFinite && rate > 0 ? rate : 60
        let scriptedPlayers = (script.entries.compactMap(\.event.player).max() ?? 0) + 1
        let count = max(playerCount ?? scriptedPlayers, 1)
        let lastTime = script.entries.last?.time ?? 0
        let frameEstimate = Int(((lastTime + maximumTailSeconds) * rate).rounded(.up)) + 2
        let outputs = (0..<count).map { RecordingOutput(name: "player\($0)", profile: profile, reservingFrames: min(frameEstimate, 1_000_000)) }
        let engine = HapticEngine(outputs: outputs, voiceCapacity: 256)
        try? engine.start()
        let records = mapping?.hasTriggerEffects == true
        let target = SimulationTarget(engine: engine, playerCount: count)
        let director = HapticEventDirector(target: target, mapping: mapping, presets: presets)
        var triggerEffects: [[TriggerFrame]] = records ? Array(repeating: [], count: count) : []
        var moments: [HapticEventDirector.Moment] = []
        director.momentHandler = { moments.append($0) }
        var next = 0
        var frame = 0
        var truncated = false
        while true {
            let time = Double(frame) / rate
            while next < script.entries.count && script.entries[next].time <= time + 1e-9 {
                director.post(script.entries[next].event)
                next += 1
            }
            director.update(at: time)
            engine.update(at: time)
            if records {
                for player in 0..<count {
                    triggerEffects[player].append(TriggerFrame(left: target.triggers[player].left.effect,
                                                               right: target.triggers[player].right.effect))
                }
            }
            frame += 1
            if next == script.entries.count && time >= lastTime {
                let silent = outputs.allSatisfy { $0.lastLevels.isSilent } && engine.activeVoiceCount == 0
                if silent && director.activeTextureCount == 0 { break }
                if time - lastTime >= maximumTailSeconds { truncated = true; break }
            }
        }
        self.outputs = outputs
        self.rate = rate
        statistics = director.statistics
        isTruncated = truncated
        director.momentHandler = nil
        self.moments = moments
        self.triggerEffects = triggerEffects
        withExtendedLifetime(target) {}
    }

    /// The CSV header when the mapping sets trigger effects: the render format's, then
    /// `left_effect,right_effect`.
    public static let triggerCSVHeader = RecordingOutput.csvHeader + ",left_effect,right_effect"

    /// The traces as CSV in the render format (`time,output,low,high,left_trigger,right_trigger`).
    /// When the mapping sets adaptive trigger effects, two more columns, `left_effect,right_effect`,
    /// give each player's trigger effects at that frame (`AdaptiveTriggerEffect.traceField`:
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

/// The simulation's mapping target: the engine, plus one `AdaptiveTriggers` per player where
/// `trigger_effect` rules land.
private final class SimulationTarget: HapticFeedbackTarget {
    let engine: HapticEngine
    let triggers: [AdaptiveTriggers]

    init(engine: HapticEngine, playerCount: Int) {
        self.engine = engine
        triggers = (0..<playerCount).map { _ in AdaptiveTriggers() }
    }

    var feedbackTime: Double { engine.feedbackTime }
    var feedbackPlayerCount: Int { engine.feedbackPlayerCount }
    func makeFeedbackVoice(for pattern: HapticPattern, player: Int, category: HapticCategory,
                           locality: HapticLocality, priority: Int) -> HapticAdvancedPatternPlayer? {
        engine.makeFeedbackVoice(for: pattern, player: player, category: category, locality: locality, priority: priority)
    }
    func startFeedbackVoice(_ voice: HapticAdvancedPatternPlayer, intensity: Double) -> Bool {
        engine.startFeedbackVoice(voice, intensity: intensity)
    }
    func keepReady(player: Int, until time: Double) { engine.keepReady(player: player, until: time) }
    func adaptiveTriggers(forPlayer player: Int) -> AdaptiveTriggers? { triggers.indices.contains(player) ? triggers[player] : nil }
}
