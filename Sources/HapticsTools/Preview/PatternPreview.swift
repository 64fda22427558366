@_spi(HapticsTools) import Haptics

/// What a pattern does on a device, frame by frame: the offline render behind
/// `hapticsctl render`, the plots in docs/ and a game's own haptics tests.
///
/// `init(rendering:options:)` plays the pattern once from time 0 through a real `HapticEngine`,
/// driven like a game drives it (a manual clock, one `update(at:)` per frame at `k / rate` seconds),
/// with one `RecordingOutput` per motor profile, so the whole motor stage applies: the trigger fold,
/// the planned drive (`DrivePlanner`, from each actuator's `MotorResponse` and the lookahead), the
/// resolution and the update interval. Beside the trace it samples the pattern's own signal
/// (intensity and sharpness before the motor stage, `VoiceEvaluator.sample(at:)`) at each frame time.
///
/// **Where it ends.** Frames are rendered until the first frame at or after the pattern's duration
/// on which every player has finished (the pattern and its release tails are over) and every
/// actuator of every output is exactly 0; that frame is the last one, so a trace always ends at 0.
/// When that has not happened `options.maximumTailSeconds` after the duration, rendering stops
/// there and `isTruncated` is true (no shipped profile and no valid pattern needs that long).
///
/// Allocates (the engine, the traces); not for the per-frame path.
public struct PatternPreview {
    /// The options it was rendered with.
    public let options: PreviewOptions
    /// The pattern's duration (`HapticPattern.duration`), in seconds.
    public let patternDuration: Double
    /// One trace per profile, in the order of `options.profiles`, named after the profile (a
    /// profile given twice gets `-2`, `-3`... appended). Every trace has one frame per frame time.
    public let outputs: [RecordingOutput]
    /// The pattern's own signal at each frame time (`VoiceEvaluator.sample(at:)` with the pattern's
    /// controls, no game controls), before the motor stage: index `k` belongs to frame `k`.
    @_spi(HapticsTools) public let signal: [HapticSignal]
    /// The pattern's transients in time order (one per onset time, the strongest there).
    public let transients: [PreviewTransient]
    /// True when rendering stopped at the tail allowance before the end rule was met.
    public let isTruncated: Bool

    /// How many frames were rendered (>= 1).
    public var frameCount: Int { signal.count }
    /// Time of frame `k`, in seconds: `k / rate`.
    public func time(ofFrame k: Int) -> Double { Double(k) / options.rate }
    /// Time of the last frame, in seconds.
    public var lastFrameTime: Double { time(ofFrame: frameCount - 1) }

    /// Renders `pattern` with `options` (see the type's notes for where it ends).
    /// Throws when the options are invalid or the render would exceed `options.maximumFrames` (frames
    /// of every profile together).
    /// Cost: one engine update per frame and output, plus the trace's storage.
    public init(rendering pattern: HapticPattern, options: PreviewOptions = PreviewOptions()) throws(PreviewError) {
        let rate = options.rate
        guard rate.isFinite, rate > 0 else { throw .invalidRate(rate) }
        guard !options.profiles.isEmpty else { throw .noProfiles }
        let tail = options.maximumTailSeconds
        guard tail.isFinite, tail >= 0 else { throw .invalidTail(tail) }
        let duration = pattern.duration
        let bound = duration + tail
        // The limit is over the whole output: every profile renders every frame.
        let neededDouble = ((bound * rate).rounded(.up) + 1) * Double(options.profiles.count)
        let limit = max(options.maximumFrames / options.profiles.count, 1)   // frames per profile
        guard neededDouble <= Double(max(options.maximumFrames, 1)) else {
            throw .tooManyFrames(needed: neededDouble < Double(Int.max) ? Int(neededDouble) : Int.max, limit: max(options.maximumFrames, 1))
        }
        let expectedFrames = Int((duration * rate).rounded(.up)) + Int((rate * 0.5).rounded(.up)) + 2

        var outputs: [RecordingOutput] = []
        var used: [String: Int] = [:]
        for profile in options.profiles {
            let count = (used[profile.name] ?? 0) + 1
            used[profile.name] = count
            let name = count == 1 ? profile.name : "\(profile.name)-\(count)"
            outputs.append(RecordingOutput(name: name, profile: profile, reservingFrames: min(expectedFrames, limit)))
        }

        let engine = HapticEngine(outputs: outputs, voiceCapacity: outputs.count)
        engine.mixer.maximumAudibleVoices = outputs.count
        var players: [HapticPatternPlayer] = []
        do {
            try engine.start()
            for index in outputs.indices {
                let player = try engine.makePlayer(with: pattern, output: index, locality: options.locality)
                try player.start(atTime: 0)
                players.append(player)
            }
        } catch {
            throw .engine(error)   // not expected: a fresh engine, valid outputs, a finite start time
        }
        let evaluator = players[0].evaluator

        var signal: [HapticSignal] = []
        signal.reserveCapacity(min(expectedFrames, limit))
        var clock = ManualClock()
        var frame = 0
        var truncated = false
        while true {
            let time = clock.advance(to: Double(frame) / rate)
            engine.update(at: time)
            signal.append(evaluator.sample(at: time).signal)
            if time >= duration
                && players.allSatisfy({ !$0.isPlaying })
                && outputs.allSatisfy({ $0.lastLevels.isSilent }) {
                break
            }
            if time >= bound - 1e-9 || frame + 1 >= limit {   // (tolerance: k / rate is rounded)
                truncated = true
                break
            }
            frame += 1
        }

        var transients: [PreviewTransient] = []
        for event in pattern.events where event.type == .hapticTransient {
            if let last = transients.last, last.time == event.time { continue }
            if let peak = evaluator.strongestTransient(from: event.time, through: event.time, includingFrom: true) {
                transients.append(PreviewTransient(time: event.time, signal: peak))
            }
        }

        self.options = options
        self.patternDuration = duration
        self.outputs = outputs
        self.signal = signal
        self.transients = transients
        self.isTruncated = truncated
    }
}
