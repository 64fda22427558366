import Foundation

/// What the motors of one pad feel over time: one `ERMMotor` per channel, sampled every
/// `step` seconds from 0.
public struct FeltTrace: Sendable {
    /// Sampling interval, seconds.
    public let step: Double
    /// Felt amplitude per channel (low, high, left trigger, right trigger) per sample, 0...1.
    public let channels: [[Double]]

    /// The felt amplitude: the strongest channel per sample.
    public var combined: [Double] { FeltMeasures.strongest(channels) }

    /// Simulates `steps` (sorted by time; the drive is 0 before the first) with `parameters` for
    /// every channel, `count` samples `step` seconds apart (sample k at k * step, after the drive
    /// has acted up to that time). Exact for piecewise-constant drive.
    public init(steps: [DriveStep], parameters: ERMParameters, count: Int, step: Double = 0.001) {
        self.step = step
        var motors = [ERMMotor](repeating: ERMMotor(parameters: parameters), count: 4)
        var drive = [0.0, 0, 0, 0]
        var channels = [[Double]](repeating: [Double](repeating: 0, count: max(count, 0)), count: 4)
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
                channels[c][k] = motors[c].amplitude
            }
            now = sampleTime
        }
        self.channels = channels
    }
}
