/// What a voice asks of the actuators at one instant: how strong and how crisp.
///
/// Both values are normalised, 0...1, like AHAP's `HapticIntensity` and `HapticSharpness`.
/// The motor model (`MotorMapping`) turns a signal into actuator levels.
@_spi(HapticsTools) public struct HapticSignal: Hashable, Sendable {
    /// Perceived strength, 0 (nothing) ... 1 (full).
    public var intensity: Double
    /// Feel from round (0, low-frequency motor) to crisp (1, high-frequency motor).
    public var sharpness: Double

    public init(intensity: Double, sharpness: Double) {
        self.intensity = intensity
        self.sharpness = sharpness
    }

    /// No output. Sharpness is 0 by convention; it has no meaning at zero intensity.
    public static let silent = HapticSignal(intensity: 0, sharpness: 0)
}
