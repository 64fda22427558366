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
///               = 0.5 · (d − startThreshold) / (halfStrength − startThreshold)       up to halfStrength
///               = 0.5 + 0.5 · (d − halfStrength) / (saturation − halfStrength)     up to saturation
///               = 1                                              d >= saturation
///
/// The knee at `halfStrength` is what the one measured pad shows (vpinball PR #3916: nothing below 0.3
/// of full drive, half strength at 0.5, full at 0.86): the first half of the felt range takes a
/// smaller share of the drive range than the second. Without a measured knee it sits half way.
///
/// There is no braking through SDL: drive 0 only lets the rotor coast, at `spinDownSeconds`. Drive above
/// the saturation feels no stronger once the motor has got there, but a real motor spins up with more
/// voltage, so the planner sends full drive while it overdrives.
///
/// Every value comes with its source and range in docs/engine.md ("Profiles"); an instant actuator
/// (both time constants 0, as on the `virtual` profile) follows its drive at once. Value type, O(1)
/// per call, no allocation; safe from any thread.
@_spi(HapticsTools) public struct MotorResponse: Hashable, Sendable {
    /// Drive below which the motor does not turn and nothing is felt (stiction), 0..<1.
    public var startThreshold: Double
    /// Drive at which the vibration already feels full, startThreshold...1.
    public var saturation: Double
    /// Drive at which the vibration feels half as strong as at full, strictly between the start
    /// threshold and the saturation.
    public var halfStrength: Double
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
        /// Where half strength lies, as a fraction of the way from the start threshold to the
        /// saturation (0.357 on the measured pad).
        public var halfStrengthFraction: ClosedRange<Double>
        public var spinUpSeconds: ClosedRange<Double>
        public var spinDownSeconds: ClosedRange<Double>

        public init(startThreshold: ClosedRange<Double>, saturation: ClosedRange<Double>,
                    halfStrengthFraction: ClosedRange<Double> = 0.5...0.5,
                    spinUpSeconds: ClosedRange<Double>, spinDownSeconds: ClosedRange<Double>) {
            self.startThreshold = startThreshold
            self.saturation = saturation
            self.halfStrengthFraction = halfStrengthFraction
            self.spinUpSeconds = spinUpSeconds
            self.spinDownSeconds = spinDownSeconds
        }
    }

    /// Values are clamped to their ranges (NaN counts as 0); `ranges` are widened to contain the
    /// figures (nil: exactly the figures, no spread). `halfStrengthFraction` places the knee: the
    /// fraction of the way from the start threshold to the saturation where the vibration feels half
    /// as strong (0.05...0.95; 0.5, the default, is a straight line).
    public init(startThreshold: Double, saturation: Double, halfStrengthFraction: Double = 0.5,
                spinUpSeconds: Double, spinDownSeconds: Double, ranges: Ranges? = nil) {
        func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
        self.startThreshold = min(max(finite(startThreshold), 0), 0.99)
        self.saturation = min(max(finite(saturation), self.startThreshold + 0.01), 1)
        let fraction = min(max(halfStrengthFraction.isFinite ? halfStrengthFraction : 0.5, 0.05), 0.95)
        self.halfStrength = self.startThreshold + fraction * (self.saturation - self.startThreshold)
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
                             halfStrengthFraction: widened(ranges?.halfStrengthFraction, fraction, 0.05...0.95),
                             spinUpSeconds: widened(ranges?.spinUpSeconds, self.spinUpSeconds, 0...10),
                             spinDownSeconds: widened(ranges?.spinDownSeconds, self.spinDownSeconds, 0...10))
    }

    /// The slowest, stiffest motor the ranges allow: highest start threshold and saturation, longest
    /// time constants (its own ranges are just its figures).
    public var slowest: MotorResponse {
        MotorResponse(startThreshold: ranges.startThreshold.upperBound, saturation: ranges.saturation.upperBound,
                      halfStrengthFraction: halfStrengthFraction,
                      spinUpSeconds: ranges.spinUpSeconds.upperBound, spinDownSeconds: ranges.spinDownSeconds.upperBound)
    }

    /// The quickest, most sensitive motor the ranges allow: lowest start threshold and saturation,
    /// shortest time constants (its own ranges are just its figures). On it, the end of a pattern
    /// must still be felt when the planner cuts the drive before the end.
    public var fastest: MotorResponse {
        MotorResponse(startThreshold: ranges.startThreshold.lowerBound, saturation: ranges.saturation.lowerBound,
                      halfStrengthFraction: halfStrengthFraction,
                      spinUpSeconds: ranges.spinUpSeconds.lowerBound, spinDownSeconds: ranges.spinDownSeconds.lowerBound)
    }

    /// Where half strength lies, as a fraction of the way from the start threshold to the saturation.
    public var halfStrengthFraction: Double { (halfStrength - startThreshold) / (saturation - startThreshold) }

    /// An actuator that follows its drive at once, with no dead zone: the felt level is the drive.
    public static let instant = MotorResponse(startThreshold: 0, saturation: 1, spinUpSeconds: 0, spinDownSeconds: 0)

    /// Whether both time constants are 0: the felt level is the steady level of the drive at once.
    public var isInstant: Bool { spinUpSeconds == 0 && spinDownSeconds == 0 }

    /// The felt level a drive held long enough reaches, 0...1 (see the type's formula). NaN counts as 0.
    @inline(__always)   // (in the planner's rollouts: no copy of the whole response per call)
    public func steadyLevel(drive: Double) -> Double {
        guard drive > startThreshold else { return 0 }   // also NaN
        if drive >= saturation { return 1 }
        if drive <= halfStrength { return 0.5 * (drive - startThreshold) / (halfStrength - startThreshold) }
        return 0.5 + 0.5 * (drive - halfStrength) / (saturation - halfStrength)
    }

    /// The drive whose steady level is `level` (0...1): 0 for 0 (or less, or NaN), else the point of
    /// the knee curve above, so any level above 0 is felt and 1 lands on the saturation. The inverse
    /// of `steadyLevel(drive:)` on (0, 1].
    @inline(__always)
    public func drive(forSteadyLevel level: Double) -> Double {
        guard level > 0 else { return 0 }
        if level <= 0.5 {
            let share = level * 2
            return startThreshold * (1 - share) + halfStrength * share   // exact at both ends
        }
        let share = min(level, 1) * 2 - 1
        return halfStrength * (1 - share) + saturation * share
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
