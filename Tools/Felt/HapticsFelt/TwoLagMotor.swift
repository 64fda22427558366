import Foundation

/// A motor whose felt vibration follows its drive through two first-order lags at once, a quick
/// one and a slow one, each with its own rise and fall time (the robustness check's third motor
/// shape, `FeltMotorModel`): the felt level is `share · quick + (1 − share) · slow`, both lags
/// moving towards the steady level `((d − start) / (saturation − start))^exponent` (0 below the
/// start threshold, 1 from the saturation). Unlike the ERM model, a burst's felt level keeps
/// creeping up after a quick rise, and a coast leaves a long slow tail. Value type; exact for a
/// drive held constant.
public struct TwoLagParameters: Hashable, Sendable {
    public var startThreshold: Double
    public var saturation: Double
    /// Curvature of the steady response: 1 straight, above 1 convex (little felt at low drive).
    public var exponent: Double
    /// The quick lag's share of the felt level, 0...1.
    public var share: Double
    public var quickUp: Double
    public var quickDown: Double
    public var slowUp: Double
    public var slowDown: Double

    public init(startThreshold: Double, saturation: Double, exponent: Double, share: Double,
                quickUp: Double, quickDown: Double, slowUp: Double, slowDown: Double) {
        self.startThreshold = min(max(startThreshold, 0), 0.95)
        self.saturation = min(max(saturation, self.startThreshold + 0.01), 1)
        self.exponent = max(exponent, 0.1)
        self.share = min(max(share, 0), 1)
        self.quickUp = max(quickUp, 1e-6)
        self.quickDown = max(quickDown, 1e-6)
        self.slowUp = max(slowUp, 1e-6)
        self.slowDown = max(slowDown, 1e-6)
    }

    public func steadyLevel(drive: Double) -> Double {
        let d = drive.isNaN ? 0 : drive
        guard d > startThreshold else { return 0 }
        if d >= saturation { return 1 }
        return pow((d - startThreshold) / (saturation - startThreshold), exponent)
    }

    /// The same motor with every time constant times `factor`.
    public func scaled(time factor: Double) -> TwoLagParameters {
        TwoLagParameters(startThreshold: startThreshold, saturation: saturation, exponent: exponent, share: share,
                         quickUp: quickUp * factor, quickDown: quickDown * factor,
                         slowUp: slowUp * factor, slowDown: slowDown * factor)
    }
}

/// One two-lag motor's state over time (`TwoLagParameters`).
public struct TwoLagMotor: Sendable {
    public let parameters: TwoLagParameters
    private var quick = 0.0
    private var slow = 0.0

    public init(parameters: TwoLagParameters) { self.parameters = parameters }

    public var amplitude: Double { parameters.share * quick + (1 - parameters.share) * slow }

    @discardableResult
    public mutating func hold(drive: Double, seconds: Double) -> Double {
        guard seconds > 0 else { return amplitude }
        let p = parameters
        let target = p.steadyLevel(drive: drive)
        func move(_ value: Double, up: Double, down: Double) -> Double {
            let tau = target > value ? up : down
            return target + (value - target) * exp(-seconds / tau)
        }
        quick = move(quick, up: p.quickUp, down: p.quickDown)
        slow = move(slow, up: p.slowUp, down: p.slowDown)
        return amplitude
    }
}
