import Foundation

/// A pad's motors as one of several differently shaped felt models, for the robustness check
/// (`FeltRobustness`, `haptics-felt --robustness`): the comparison's ERM model with its time
/// constants halved or doubled, a DC rotor with friction and speed-squared drag and force
/// (`RotorParameters`), and a two-lag motor (`TwoLagParameters`), each motor of the pad with its own
/// figures where the shape has them. None of them is what SDLHaptics plans with (its profiles are the
/// ERM model's figures); a drive that keeps its taps and their order on all of them is designed for
/// motors in general, not for one model.
public struct FeltMotorModel: Sendable {
    /// One motor's model.
    public enum Channel: Sendable {
        case erm(ERMParameters)
        case rotor(RotorParameters)
        case twoLag(TwoLagParameters)
    }

    /// A short label ("ERM ×2", "rotor slow").
    public var name: String
    /// The family it belongs to ("ERM ×0.5", "rotor", "two-lag"), for ranges.
    public var family: String
    /// Low, high, left trigger, right trigger.
    public var channels: [Channel]

    public init(name: String, family: String, channels: [Channel]) {
        self.name = name
        self.family = family
        self.channels = channels
    }

    /// One model for every motor of the pad.
    public init(name: String, family: String, every channel: Channel) {
        self.init(name: name, family: family, channels: [channel, channel, channel, channel])
    }

    /// The felt amplitude per channel (low, high, left trigger, right trigger) per sample, `count`
    /// samples `step` seconds apart from 0, for `steps` (sorted; drive 0 before the first).
    public func feltChannels(steps: [DriveStep], count: Int, step: Double) -> [[Double]] {
        var motors = channels.map(Motor.init)
        var drive = [0.0, 0, 0, 0]
        var result = [[Double]](repeating: [Double](repeating: 0, count: max(count, 0)), count: 4)
        var next = 0
        var now = 0.0
        for k in 0..<max(count, 0) {
            let sampleTime = Double(k) * step
            while next < steps.count && steps[next].time <= sampleTime {
                let t = max(steps[next].time, now)
                for c in 0..<4 { motors[c].hold(drive: drive[c], seconds: t - now) }
                now = t
                drive = steps[next].levels
                next += 1
            }
            for c in 0..<4 {
                motors[c].hold(drive: drive[c], seconds: sampleTime - now)
                result[c][k] = motors[c].amplitude
            }
            now = sampleTime
        }
        return result
    }

    private enum Motor {
        case erm(ERMMotor)
        case rotor(RotorMotor)
        case twoLag(TwoLagMotor)

        init(_ channel: Channel) {
            switch channel {
            case .erm(let p): self = .erm(ERMMotor(parameters: p))
            case .rotor(let p): self = .rotor(RotorMotor(parameters: p))
            case .twoLag(let p): self = .twoLag(TwoLagMotor(parameters: p))
            }
        }

        mutating func hold(drive: Double, seconds: Double) {
            switch self {
            case .erm(var m): m.hold(drive: drive, seconds: seconds); self = .erm(m)
            case .rotor(var m): m.hold(drive: drive, seconds: seconds); self = .rotor(m)
            case .twoLag(var m): m.hold(drive: drive, seconds: seconds); self = .twoLag(m)
            }
        }

        var amplitude: Double {
            switch self {
            case .erm(let m): return m.amplitude
            case .rotor(let m): return m.amplitude
            case .twoLag(let m): return m.amplitude
            }
        }
    }

    /// The comparison's ERM set `base` with both time constants times `factor`.
    static func erm(_ base: ERMParameters, time factor: Double, name: String, family: String) -> FeltMotorModel {
        let p = ERMParameters(name: name, spinUpSeconds: base.spinUpSeconds * factor, spinDownSeconds: base.spinDownSeconds * factor,
                              startThreshold: base.startThreshold, saturation: base.saturation)
        return FeltMotorModel(name: name, family: family, every: .erm(p))
    }

    /// The rotor sets: the large (low) motor heavier and slower than the small one, each quick,
    /// typical or slow (the inertia scales the time; friction and drag rise with it).
    static func rotor(_ label: String, time factor: Double, friction: Double) -> FeltMotorModel {
        let large = RotorParameters(inertiaSeconds: 0.050 * factor, friction: friction, breakaway: friction + 0.08, drag: 0.35)
        let small = RotorParameters(inertiaSeconds: 0.035 * factor, friction: friction * 0.8, breakaway: friction * 0.8 + 0.06, drag: 0.25)
        return FeltMotorModel(name: "rotor \(label)", family: "rotor", channels: [.rotor(large), .rotor(small), .rotor(small), .rotor(small)])
    }

    /// The two-lag sets, per motor (the large one slower, with a convex response).
    static func twoLag(_ label: String, time factor: Double, threshold: Double) -> FeltMotorModel {
        let large = TwoLagParameters(startThreshold: threshold + 0.05, saturation: 0.9, exponent: 1.4, share: 0.55,
                                     quickUp: 0.025, quickDown: 0.050, slowUp: 0.110, slowDown: 0.220).scaled(time: factor)
        let small = TwoLagParameters(startThreshold: threshold, saturation: 0.85, exponent: 1.0, share: 0.7,
                                     quickUp: 0.015, quickDown: 0.035, slowUp: 0.070, slowDown: 0.140).scaled(time: factor)
        return FeltMotorModel(name: "two-lag \(label)", family: "two-lag", channels: [.twoLag(large), .twoLag(small), .twoLag(small), .twoLag(small)])
    }

    /// The robustness check's models: the ERM sets with time constants halved and doubled (motors up
    /// to twice as quick or as slow as the profile's figures), and the rotor and two-lag shapes, each
    /// quick, typical and slow.
    public static let robustnessSet: [FeltMotorModel] = [
        erm(.measured, time: 1, name: "ERM measured", family: "ERM ×1"),
        erm(.fast, time: 0.5, name: "ERM fast ×0.5", family: "ERM ×0.5"),
        erm(.measured, time: 0.5, name: "ERM measured ×0.5", family: "ERM ×0.5"),
        erm(.measured, time: 2, name: "ERM measured ×2", family: "ERM ×2"),
        erm(.slow, time: 2, name: "ERM slow ×2", family: "ERM ×2"),
        rotor("quick", time: 0.6, friction: 0.08),
        rotor("typical", time: 1, friction: 0.12),
        rotor("slow", time: 1.8, friction: 0.18),
        twoLag("quick", time: 0.6, threshold: 0.15),
        twoLag("typical", time: 1, threshold: 0.2),
        twoLag("slow", time: 1.7, threshold: 0.25),
    ]
}
