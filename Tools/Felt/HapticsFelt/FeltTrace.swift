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
        channels = FeltMotorModel(name: parameters.name, family: "ERM", every: .erm(parameters))
            .feltChannels(steps: steps, count: count, step: step)
    }
}
