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
        let director = HapticEventDirector(target: engine, mapping: mapping, presets: presets)
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
    }

    /// The traces as CSV in the render format (`time,output,low,high,left_trigger,right_trigger`).
    public func csv() -> String { RecordingOutput.csv(for: outputs) }
}
