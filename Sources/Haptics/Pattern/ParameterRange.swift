/// The valid range and default of a parameter, in the normalised units AHAP uses.
///
/// Values are normalised: 0 is the smallest value the device supports and 1 the largest,
/// not "zero" or "one second".
@_spi(HapticsTools) public struct ParameterRange: Hashable, Sendable {
    /// Smallest valid value.
    public var minimum: Double
    /// Largest valid value.
    public var maximum: Double
    /// The value used when a file leaves the parameter out.
    public var defaultValue: Double

    public init(minimum: Double, maximum: Double, defaultValue: Double) {
        precondition(minimum <= maximum && (minimum...maximum).contains(defaultValue))
        self.minimum = minimum
        self.maximum = maximum
        self.defaultValue = defaultValue
    }

    /// Whether `value` lies inside the range (NaN never does).
    public func contains(_ value: Double) -> Bool { value >= minimum && value <= maximum }

    /// `value` moved to the nearer bound when it lies outside. NaN becomes the default.
    public func clamp(_ value: Double) -> Double {
        if value.isNaN { return defaultValue }
        return Swift.min(Swift.max(value, minimum), maximum)
    }
}
