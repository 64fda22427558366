import Foundation

/// The physical parameters of one eccentric-rotating-mass (ERM) motor, as the felt model uses them.
///
/// Independent of the renderer: nothing here reads `MotorProfile` or `MotorMapping`. Drives are the
/// level a pad's motor receives, 0...1; amplitudes are felt vibration strength relative to the
/// motor's full strength, 0...1; times are seconds.
///
/// Steady state (what a drive held long enough feels like) is piecewise linear through three
/// measured points: nothing at the start threshold, half strength a fixed fraction of the way to
/// saturation, full at saturation (vpinball PR #3916, accelerometer on an Xbox pad: nothing below
/// 0.3, half at 0.5, full at 0.86, so the half point sits (0.5 - 0.3) / (0.86 - 0.3) = 0.357 of the
/// way from threshold to saturation; other parameter sets keep that shape).
public struct ERMParameters: Hashable, Sendable, CustomStringConvertible {
    /// A short label, such as "fast" or "slow".
    public var name: String
    /// First-order time constant while the motor speeds up, seconds (> 0).
    public var spinUpSeconds: Double
    /// First-order time constant while it slows down (coasting), seconds (> 0).
    public var spinDownSeconds: Double
    /// Drive below which the motor does not turn (stiction) and nothing is felt, 0..<saturation.
    public var startThreshold: Double
    /// Drive at and above which the vibration feels full, startThreshold...1.
    public var saturation: Double

    /// Where half strength lies between threshold and saturation (vpinball's measurement).
    public static let halfStrengthFraction = (0.5 - 0.3) / (0.86 - 0.3)

    public init(name: String, spinUpSeconds: Double, spinDownSeconds: Double, startThreshold: Double, saturation: Double) {
        self.name = name
        self.spinUpSeconds = max(spinUpSeconds, 1e-6)
        self.spinDownSeconds = max(spinDownSeconds, 1e-6)
        self.startThreshold = min(max(startThreshold, 0), 1)
        self.saturation = min(max(saturation, self.startThreshold + 1e-6), 1)
    }

    /// The felt amplitude a drive reaches when held (0...1): 0 up to the start threshold, 0.5 at
    /// the half-strength point, 1 from saturation on, linear in between.
    public func steadyAmplitude(drive: Double) -> Double {
        let d = drive.isNaN ? 0 : drive
        guard d > startThreshold else { return 0 }
        if d >= saturation { return 1 }
        let half = startThreshold + Self.halfStrengthFraction * (saturation - startThreshold)
        if d <= half { return 0.5 * (d - startThreshold) / (half - startThreshold) }
        return 0.5 + 0.5 * (d - half) / (saturation - half)
    }

    public var description: String {
        String(format: "%@: spin-up %.0f ms, spin-down %.0f ms, start %.2f, saturation %.2f",
               name, spinUpSeconds * 1000, spinDownSeconds * 1000, startThreshold, saturation)
    }

    /// A quick, sensitive motor: fast end of the published spin-up figures, low start threshold.
    /// Spin-up: 110 ms from rest to full (vpinball's fastest) is ~3 time constants, so 35 ms; a
    /// coasting stop about as fast. Start threshold 0.2 (libretro/PokeMini PR #36: pads other than
    /// the X360 pad rumble "almost all the way down to zero", the X360 pad needs 0x3FFF = 0.25).
    public static let fast = ERMParameters(name: "fast", spinUpSeconds: 0.035, spinDownSeconds: 0.040,
                                           startThreshold: 0.2, saturation: 0.8)
    /// The measured pad (vpinball PR #3916): threshold 0.3, full at 0.86, 110-190 ms from rest
    /// (middle, 150 ms, as 3 time constants: 50 ms); coasting down slower than driving up (80 ms).
    public static let measured = ERMParameters(name: "measured", spinUpSeconds: 0.050, spinDownSeconds: 0.080,
                                               startThreshold: 0.3, saturation: 0.86)
    /// A sluggish motor: 190 ms from rest (vpinball's slowest; Precision Microdrives' 5 mm 305-000
    /// needs ~180 ms to full amplitude at rated voltage) as 3 time constants, 65 ms; a long coast
    /// (150 ms); a high start threshold and late saturation.
    public static let slow = ERMParameters(name: "slow", spinUpSeconds: 0.065, spinDownSeconds: 0.150,
                                           startThreshold: 0.35, saturation: 0.95)

    /// The range every result is reported over.
    public static let range: [ERMParameters] = [.fast, .measured, .slow]
}
