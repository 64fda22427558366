/// How one actuator answers the drive it receives: what a drive held long enough feels like, and how
/// fast the motor gets there. The motor stage (`MotorDriver`, `DrivePlanner`) predicts the felt level
/// with it and plans the drive from the prediction.
///
/// The model is first order, the same shape as the felt comparison's (docs/performance.md, "What a
/// player feels"): the felt level `a` (0...1 of this actuator's full strength) moves towards the steady
/// level of the drive `d`,
///
///     da/dt = (steady(d) − a) / τ,   τ = spinUpSeconds while steady(d) > a, spinDownSeconds otherwise
///
///     steady(d) = 0                                              d <= startThreshold
///               = (d − startThreshold) / (saturation − startThreshold)   in between
///               = 1                                              d >= saturation
///
/// There is no braking through SDL: drive 0 only lets the rotor coast, at `spinDownSeconds`. Drive above
/// the saturation feels no stronger once the motor has got there, but a real motor spins up with more
/// voltage, so the planner sends full drive while it overdrives.
///
/// Every value comes with its source and range in docs/engine.md ("Profiles"); an instant actuator
/// (both time constants 0, as on the `virtual` profile) follows its drive at once. Value type, O(1)
/// per call, no allocation; safe from any thread.
public struct MotorResponse: Hashable, Sendable {
    /// Drive below which the motor does not turn and nothing is felt (stiction), 0..<1.
    public var startThreshold: Double
    /// Drive at which the vibration already feels full, startThreshold...1.
    public var saturation: Double
    /// First-order time constant while the motor speeds up, in seconds (>= 0; 0: instant).
    public var spinUpSeconds: Double
    /// First-order time constant while it slows down, coasting, in seconds (>= 0; 0: instant).
    public var spinDownSeconds: Double
    /// How far motors of this kind are known to differ from the figures above (published ranges or
    /// stated assumptions, docs/engine.md "Profiles"). The planner plans with the figures above and
    /// keeps taps standing out on the slowest, stiffest motor of the ranges (`slowest`).
    public var ranges: Ranges

    /// The range of every figure of a `MotorResponse`, each containing the figure itself.
    public struct Ranges: Hashable, Sendable {
        public var startThreshold: ClosedRange<Double>
        public var saturation: ClosedRange<Double>
        public var spinUpSeconds: ClosedRange<Double>
        public var spinDownSeconds: ClosedRange<Double>

        public init(startThreshold: ClosedRange<Double>, saturation: ClosedRange<Double>,
                    spinUpSeconds: ClosedRange<Double>, spinDownSeconds: ClosedRange<Double>) {
            self.startThreshold = startThreshold
            self.saturation = saturation
            self.spinUpSeconds = spinUpSeconds
            self.spinDownSeconds = spinDownSeconds
        }
    }

    /// Values are clamped to their ranges (NaN counts as 0); `ranges` are widened to contain the
    /// figures (nil: exactly the figures, no spread).
    public init(startThreshold: Double, saturation: Double, spinUpSeconds: Double, spinDownSeconds: Double,
                ranges: Ranges? = nil) {
        func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
        self.startThreshold = min(max(finite(startThreshold), 0), 0.99)
        self.saturation = min(max(finite(saturation), self.startThreshold + 0.01), 1)
        self.spinUpSeconds = min(max(finite(spinUpSeconds), 0), 10)
        self.spinDownSeconds = min(max(finite(spinDownSeconds), 0), 10)
        func widened(_ range: ClosedRange<Double>?, _ value: Double, _ bounds: ClosedRange<Double>) -> ClosedRange<Double> {
            guard let range, range.lowerBound.isFinite, range.upperBound.isFinite else { return value...value }
            let lower = min(max(range.lowerBound, bounds.lowerBound), value)
            let upper = max(min(range.upperBound, bounds.upperBound), value)
            return lower...upper
        }
        self.ranges = Ranges(startThreshold: widened(ranges?.startThreshold, self.startThreshold, 0...0.99),
                             saturation: widened(ranges?.saturation, self.saturation, 0.01...1),
                             spinUpSeconds: widened(ranges?.spinUpSeconds, self.spinUpSeconds, 0...10),
                             spinDownSeconds: widened(ranges?.spinDownSeconds, self.spinDownSeconds, 0...10))
    }

    /// The slowest, stiffest motor the ranges allow: highest start threshold and saturation, longest
    /// time constants (its own ranges are just its figures).
    public var slowest: MotorResponse {
        MotorResponse(startThreshold: ranges.startThreshold.upperBound, saturation: ranges.saturation.upperBound,
                      spinUpSeconds: ranges.spinUpSeconds.upperBound, spinDownSeconds: ranges.spinDownSeconds.upperBound)
    }

    /// An actuator that follows its drive at once, with no dead zone: the felt level is the drive.
    public static let instant = MotorResponse(startThreshold: 0, saturation: 1, spinUpSeconds: 0, spinDownSeconds: 0)

    /// Whether both time constants are 0: the felt level is the steady level of the drive at once.
    public var isInstant: Bool { spinUpSeconds == 0 && spinDownSeconds == 0 }

    /// The felt level a drive held long enough reaches, 0...1 (see the type's formula). NaN counts as 0.
    public func steadyLevel(drive: Double) -> Double {
        guard drive > startThreshold else { return 0 }   // also NaN
        if drive >= saturation { return 1 }
        return (drive - startThreshold) / (saturation - startThreshold)
    }

    /// The drive whose steady level is `level` (0...1): 0 for 0 (or less, or NaN), else
    /// `startThreshold + level · (saturation − startThreshold)`, so any level above 0 is felt and 1 lands
    /// on the saturation. The inverse of `steadyLevel(drive:)` on (0, 1].
    public func drive(forSteadyLevel level: Double) -> Double {
        guard level > 0 else { return 0 }
        let clamped = min(level, 1)
        return startThreshold * (1 - clamped) + saturation * clamped   // exact at both ends
    }

    /// The felt level after holding `drive` for `seconds` (>= 0) from the felt level `level`.
    /// Exact for a constant drive (the direction of change, and so the time constant, never flips).
    public func level(after seconds: Double, holding drive: Double, from level: Double) -> Double {
        let target = steadyLevel(drive: drive)
        guard seconds > 0 else { return level }
        let tau = target > level ? spinUpSeconds : spinDownSeconds
        guard tau > 0 else { return target }
        return target + (level - target) * CMath.exp(-seconds / tau)
    }
}
