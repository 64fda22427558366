import Foundation

/// One ERM motor's felt vibration over time: a first-order lag towards the steady amplitude of the
/// drive it receives, with separate spin-up and spin-down time constants.
///
///     da/dt = (A(d) - a) / tau,   tau = spinUpSeconds when A(d) > a, spinDownSeconds otherwise
///
/// where A is `ERMParameters.steadyAmplitude(drive:)` (start threshold and saturation). For a drive
/// held constant over an interval the solution is exact: `a(t + h) = A + (a(t) - A) * e^(-h / tau)`
/// (the sign of A - a never changes on the way, so tau does not either). Value type; O(1) per step.
public struct ERMMotor: Sendable {
    public let parameters: ERMParameters
    /// Felt amplitude now, 0...1.
    public private(set) var amplitude: Double = 0

    public init(parameters: ERMParameters) { self.parameters = parameters }

    /// Holds `drive` for `seconds` (>= 0) and returns the amplitude at the end.
    @discardableResult
    public mutating func hold(drive: Double, seconds: Double) -> Double {
        guard seconds > 0 else { return amplitude }
        let target = parameters.steadyAmplitude(drive: drive)
        let tau = target > amplitude ? parameters.spinUpSeconds : parameters.spinDownSeconds
        amplitude = target + (amplitude - target) * exp(-seconds / tau)
        return amplitude
    }
}
