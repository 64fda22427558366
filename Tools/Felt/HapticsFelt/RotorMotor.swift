import Foundation

/// A DC rotor with an eccentric mass, modelled from its mechanics rather than as a first-order lag
/// (the robustness check's second motor shape, `FeltMotorModel`): the drive is the average voltage,
/// the torque is what the voltage drives against the back-EMF (no braking: a driver that cannot
/// reverse the current only coasts when the drive is below the speed), Coulomb friction with a
/// higher breakaway (stiction) and a drag growing with the speed squared slow it, and the felt
/// vibration is the eccentric mass's force, which grows with the speed squared:
///
///     J dω/dt = max(d − ω, 0) − friction − drag · ω²     (ω > 0; at rest it starts only when d > breakaway)
///     felt    = (ω / ω_full)²                           (ω_full: the steady speed at full drive)
///
/// Speeds are normalised (1 = the speed the full voltage would reach with no losses), times in
/// seconds. Unlike the ERM model's knee, the steady response is convex (little felt at half drive),
/// the rise from rest starts slowly (the force grows with the speed squared) and the coast slows as
/// the speed falls. Value type; integrated in steps of at most a quarter millisecond.
public struct RotorParameters: Hashable, Sendable {
    /// Inertia over the electrical gain, seconds: the time scale of the rise.
    public var inertiaSeconds: Double
    /// Coulomb friction, as a share of the full drive's torque (0..<1).
    public var friction: Double
    /// The drive a rotor at rest needs to start turning (>= friction).
    public var breakaway: Double
    /// Drag coefficient: the loss torque grows as `drag · ω²`.
    public var drag: Double

    public init(inertiaSeconds: Double, friction: Double, breakaway: Double, drag: Double) {
        self.inertiaSeconds = max(inertiaSeconds, 1e-4)
        self.friction = min(max(friction, 0), 0.9)
        self.breakaway = max(breakaway, self.friction)
        self.drag = max(drag, 0)
    }

    /// The steady speed a drive held long enough reaches (0 at or below the friction).
    public func steadySpeed(drive: Double) -> Double {
        let d = drive.isNaN ? 0 : min(max(drive, 0), 1)
        let excess = d - friction
        guard excess > 0 else { return 0 }
        guard drag > 0 else { return excess }
        // drag·ω² + ω − excess = 0
        return (-1 + (1 + 4 * drag * excess).squareRoot()) / (2 * drag)
    }

    /// The speed full drive holds: felt 1.
    public var fullSpeed: Double { steadySpeed(drive: 1) }
}

/// One rotor's state over time (`RotorParameters`).
public struct RotorMotor: Sendable {
    public let parameters: RotorParameters
    private let full: Double
    /// Normalised speed now.
    public private(set) var speed = 0.0

    public init(parameters: RotorParameters) {
        self.parameters = parameters
        full = max(parameters.fullSpeed, 1e-9)
    }

    /// The felt vibration now, 0...1 (the eccentric force, relative to full drive's).
    public var amplitude: Double { min((speed / full) * (speed / full), 1) }

    /// Holds `drive` for `seconds` and returns the felt amplitude at the end.
    @discardableResult
    public mutating func hold(drive: Double, seconds: Double) -> Double {
        guard seconds > 0 else { return amplitude }
        let p = parameters
        let d = drive.isNaN ? 0 : min(max(drive, 0), 1)
        let substeps = max(Int((seconds / 0.00025).rounded(.up)), 1)
        let h = seconds / Double(substeps)
        func rate(_ w: Double) -> Double {
            if w <= 0 { return d > p.breakaway ? (d - p.friction) / p.inertiaSeconds : 0 }
            return (max(d - w, 0) - p.friction - p.drag * w * w) / p.inertiaSeconds
        }
        for _ in 0..<substeps {
            // Midpoint rule. Friction stops a coasting rotor: once the speed would reach 0 within the
            // substep it stays 0 (until the drive passes the breakaway).
            let k1 = rate(speed)
            let mid = speed + 0.5 * h * k1
            if mid <= 0 {
                speed = 0
                continue
            }
            speed = max(speed + h * rate(mid), 0)
        }
        return amplitude
    }
}
