import Foundation
@_spi(HapticsTools) import Haptics

/// The limit: the best drive a renderer could send through a pad's link for one input and one
/// motor set, found offline (`FeltLimitSolver`) knowing the whole input and the true motor.
///
/// What it may send is what a renderer may: one level per motor per write slot, 0...1 at the pad's
/// resolution, no braking. The write slots are the pad's grid at the game's frame rate: every
/// ceil(write interval × frame rate) frames (every frame at 10 ms and 16.7 ms, every third at
/// 50 ms). On a pad with trigger motors, an input with trigger intent shares the writes: from
/// 100 ms before any trigger intent to 300 ms after it, odd slots carry the trigger call and even
/// slots the body call (one call per write, as the link allows); elsewhere every slot is the
/// body's. Each channel aims for its own actuator's intent (`FeltIntent.actuatorFrames`; trigger
/// intent folded onto the body motor of its side, as the max, on a pad without trigger motors) and
/// makes each transient rise on the channel its voice drives hardest. The drive is 0 from the
/// horizon (the intended end + 250 ms) on.
///
/// Load-time tool code; the solver dominates the cost (see `FeltLimitSolver`).
public enum FeltLimit {
    /// Bumped whenever the optimiser's result for the same problem changes (the cache key has it).
    public static let version = "limit-4"
    /// The felt amplitudes the candidate drives are chosen to reach: 0, 0.05, ..., 1.
    public static let amplitudeSteps = 20

    /// The calls the limit makes for `intent` on `pad` with `motor`. `cache` (optional) keeps the
    /// solved channels on disk between runs.
    public static func calls(for intent: FeltIntent, pad: Pad, motor: ERMParameters, step: Double,
                             cache: FeltLimitCache?) -> [RumbleCall] {
        let rate = pad.link.frameRate
        let hasTriggers = Self.hasTriggers(pad)
        let (targets, transientChannel) = channels(of: intent, hasTriggers: hasTriggers)
        let schedule = Schedule(intent: intent, targets: targets, hasTriggers: hasTriggers, interval: pad.link.interval, rate: rate)
        let drives = candidateDrives(motor: motor, bits: pad.link.bits)

        var calls: [RumbleCall] = []
        for (group, kind) in [(schedule.body, RumbleCall.Kind.body), (schedule.triggers, .triggers)] {
            guard let group, let horizon = group.last else { continue }
            let channels = kind == .body ? [0, 1] : [2, 3]
            var levels: [[Double]] = []
            for c in channels {
                let count = Int((horizon / step).rounded(.up)) + 1
                let problem = FeltLimitSolver.Problem(
                    slotTimes: group[0] == 0 ? group : [0] + group,
                    zeroSlots: group[0] == 0 ? [] : [0],
                    target: FeltIntent.samples(of: targets[c], rate: rate, count: count),
                    transients: zip(intent.transients, transientChannel).filter { $0.1 == c }.map(\.0.time),
                    drives: drives, motor: motor, step: step)
                let solved: [Double]
                if let cached = cache?.drives(for: problem) {
                    solved = cached
                } else {
                    solved = FeltLimitSolver.solve(problem)
                    cache?.store(solved, for: problem)
                }
                levels.append(group[0] == 0 ? solved : Array(solved.dropFirst()))
            }
            var sent = (0.0, 0.0)
            for (i, time) in group.enumerated() {
                let pair = i < group.count - 1 ? (levels[0][i], levels[1][i]) : (0, 0)
                if pair != sent {
                    calls.append(RumbleCall(time: time, kind: kind, first: pair.0, second: pair.1, duration: 0))
                    sent = pair
                }
            }
        }
        return calls.sorted { ($0.time, $0.kind == .body ? 0 : 1) < ($1.time, $1.kind == .body ? 0 : 1) }
    }

    static func hasTriggers(_ pad: Pad) -> Bool {
        pad.profile.actuators.contains(.leftTrigger) && pad.profile.actuators.contains(.rightTrigger)
    }

    /// What each motor channel aims for: the per-actuator intent per frame (trigger intent folded
    /// onto the body motor of its side, as the max, without trigger motors), and per transient the
    /// channel that must rise.
    public static func channels(of intent: FeltIntent, hasTriggers: Bool) -> (targets: [[Double]], transientChannels: [Int]) {
        var targets = intent.actuatorFrames
        var transientChannels = intent.transients.map(\.actuator)
        if !hasTriggers {
            targets = [zip(targets[0], targets[2]).map { max($0, $1) }, zip(targets[1], targets[3]).map { max($0, $1) }]
            transientChannels = transientChannels.map { $0 % 2 }
        }
        return (targets, transientChannels)
    }

    /// The limit's objective for any drive, from the felt amplitude per channel it produced (`channels`,
    /// sampled every `step` s from 0, long enough for the motors to have stopped): transients lost
    /// (each on the channel that must rise, the measures' test) and the squared tracking error of
    /// every channel against its target, summed over the samples times `step`. The limit minimises
    /// this, transients first; every other drive can be scored the same way.
    public static func objective(channels felt: [[Double]], intent: FeltIntent, pad: Pad, step: Double) -> (lost: Int, tracking: Double) {
        let (targets, transientChannels) = channels(of: intent, hasTriggers: hasTriggers(pad))
        var lost = 0
        var tracking = 0.0
        for (c, target) in targets.enumerated() where c < felt.count {
            let y = FeltIntent.samples(of: target, rate: intent.rate, count: felt[c].count)
            for k in felt[c].indices { tracking += (felt[c][k] - y[k]) * (felt[c][k] - y[k]) * step }
            for (t, channel) in zip(intent.transientTimes, transientChannels) where channel == c {
                if FeltMeasures.firstRise(in: felt[c], step: step, after: t, within: FeltCriteria.transientWindow) == nil { lost += 1 }
            }
        }
        return (lost, tracking)
    }

    /// The drive levels a slot chooses from: for each felt amplitude 0, 1/20, ..., 1 the lowest
    /// drive at the pad's resolution that reaches it (full: drive 1), without repeats.
    public static func candidateDrives(motor: ERMParameters, bits: Int) -> [Double] {
        let steps = Double((1 << min(max(bits, 1), 16)) - 1)
        var drives: [Double] = [0]
        var seen: Set<Double> = [0]
        for i in 1...amplitudeSteps {
            let x = Double(i) / Double(amplitudeSteps)
            var d = 1.0
            if i < amplitudeSteps {
                let half = motor.startThreshold + ERMParameters.halfStrengthFraction * (motor.saturation - motor.startThreshold)
                d = x <= 0.5 ? motor.startThreshold + (x / 0.5) * (half - motor.startThreshold)
                    : half + ((x - 0.5) / 0.5) * (motor.saturation - half)
                d = (d * steps).rounded(.up) / steps
            }
            let amplitude = motor.steadyAmplitude(drive: d)
            if amplitude > 0 && !seen.contains(amplitude) {
                seen.insert(amplitude)
                drives.append(d)
            }
        }
        return drives
    }

    /// Which write slots carry the body call and which the trigger call, times in seconds, each
    /// ending with its horizon (a slot whose drive is 0). nil: the group never writes.
    struct Schedule {
        var body: [Double]?
        var triggers: [Double]?

        init(intent: FeltIntent, targets: [[Double]], hasTriggers: Bool, interval: Double, rate: Double) {
            let slotFrames = max(1, Int((interval * rate - 1e-6).rounded(.up)))
            let horizon = intent.intendedEnd + FeltCriteria.correlationTail
            // Trigger intent: the frames where either trigger channel has a level, widened.
            var segments: [(Double, Double)] = []
            if hasTriggers {
                for f in 0..<(targets.count > 2 ? targets[2].count : 0) where targets[2][f] > 0 || targets[3][f] > 0 {
                    let from = Double(f) / rate - 0.1, to = Double(f + 1) / rate + 0.3
                    if let last = segments.last, from <= last.1 { segments[segments.count - 1].1 = to } else { segments.append((from, to)) }
                }
            }
            let triggerEnd = segments.last?.1 ?? 0
            var body: [Double] = [], triggers: [Double] = []
            var m = 0
            while true {
                let time = Double(m * slotFrames) / rate
                let shared = segments.contains { time >= $0.0 && time <= $0.1 }
                if shared && m % 2 == 1 { triggers.append(time) } else { body.append(time) }
                let bodyDone = (body.last ?? 0) >= horizon
                let triggersDone = segments.isEmpty || time > triggerEnd
                if bodyDone && triggersDone { break }
                m += 1
            }
            self.body = body
            self.triggers = segments.isEmpty ? nil : triggers
        }
    }
}
