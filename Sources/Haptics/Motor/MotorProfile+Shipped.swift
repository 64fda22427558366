/// The motor responses and profiles SDLHaptics ships. Each figure's source and range: docs/engine.md,
/// "Profiles".
///
/// One pad's body motors have been measured (vpinball PR #3916, an accelerometer on an Xbox pad:
/// nothing felt below ~0.3 of full drive, full at ~0.86, 110-190 ms from rest to full); every ERM
/// profile reuses those figures until another pad is measured. Update intervals come from SDL 2.26's
/// drivers; resolutions from what the device protocol carries (8 bits for PS4/PS5) or SDL's 16-bit
/// API where the device's own precision is not known.
extension MotorResponse {
    /// Where the measured pad feels half strength: at drive 0.5, between nothing at 0.3 and full at
    /// 0.86, so (0.5 − 0.3) / (0.86 − 0.3) = 0.357 of the way (vpinball PR #3916). Other ERM pads are
    /// assumed to keep that shape.
    public static let measuredHalfStrength = (0.5 - 0.3) / (0.86 - 0.3)

    /// The large, low-frequency ERM body motor of a pad. Start threshold 0.3 and saturation 0.86:
    /// measured (vpinball; other pads: 0.2-0.35 start, 0.8-0.95 full). Spin-up 50 ms: the measured
    /// 110-190 ms from rest to full, its middle (150 ms) as three time constants (range 35-65 ms).
    /// Spin-down 80 ms: an **assumption** (no published coast-down figure for a pad motor; coasting
    /// without braking is slower than driving up; range 40-150 ms).
    public static let largeERM = measuredERM(spinUpSeconds: 0.050, 0.035...0.065, spinDownSeconds: 0.080, 0.040...0.150)
    /// The small, high-frequency ERM body motor (and the trigger motors of Xbox pads): the same
    /// measured threshold and saturation; a lighter eccentric mass spins up and coasts down faster.
    /// No per-motor figure is published, so the times are an **assumption**: the fast end of the
    /// measured spin-up (110 ms to full as three time constants, 37 ms; range 30-65 ms) and a
    /// proportionally shorter coast (60 ms; range 35-150 ms).
    public static let smallERM = measuredERM(spinUpSeconds: 0.037, 0.030...0.065, spinDownSeconds: 0.060, 0.035...0.150)

    /// An ERM motor with the measured pad's start threshold (0.3; range 0.2-0.35), saturation (0.86;
    /// 0.8-0.95) and half-strength point, and the given spin-up and spin-down time constants (seconds)
    /// with their ranges.
    static func measuredERM(spinUpSeconds spinUp: Double, _ spinUpRange: ClosedRange<Double>,
                            spinDownSeconds spinDown: Double, _ spinDownRange: ClosedRange<Double>) -> MotorResponse {
        MotorResponse(
            startThreshold: 0.3, saturation: 0.86, halfStrengthFraction: measuredHalfStrength,
            spinUpSeconds: spinUp, spinDownSeconds: spinDown,
            ranges: .init(startThreshold: 0.2...0.35, saturation: 0.8...0.95, halfStrengthFraction: measuredHalfStrength...measuredHalfStrength,
                          spinUpSeconds: spinUpRange, spinDownSeconds: spinDownRange))
    }
    /// A linear resonant actuator (Switch Pro): no spinning mass, so it follows its drive within a few
    /// resonance cycles. Rise and fall of 10 ms and a start threshold of 0.1 are **assumptions**, not
    /// measurements (range 5-30 ms; 0-0.2).
    public static let linearResonant = MotorResponse(
        startThreshold: 0.1, saturation: 1, spinUpSeconds: 0.010, spinDownSeconds: 0.010,
        ranges: .init(startThreshold: 0...0.2, saturation: 0.9...1, spinUpSeconds: 0.005...0.030,
                      spinDownSeconds: 0.005...0.030))
}

extension MotorProfile {
    /// A generic dual-motor (ERM) pad: measured body motors, 60 Hz updates, 16-bit levels.
    public static let genericDualMotor = MotorProfile(
        name: "generic", actuators: .body, lowFrequency: .largeERM, highFrequency: .smallERM,
        resolutionBits: 16, minimumUpdateInterval: 1.0 / 60.0)

    /// Xbox One / Series pad: body motors plus trigger motors; packets at least 10 ms apart (USB).
    public static let xboxOne = MotorProfile(
        name: "xboxOne", actuators: .bodyAndTriggers, lowFrequency: .largeERM, highFrequency: .smallERM,
        triggers: .smallERM, resolutionBits: 16, minimumUpdateInterval: 0.010)

    /// Xbox One / Series pad over Bluetooth: as `xboxOne`, but SDL's driver needs at least 50 ms
    /// between rumble packets on that bus.
    public static let xboxOneBluetooth = MotorProfile(
        name: "xboxOneBluetooth", actuators: .bodyAndTriggers, lowFrequency: .largeERM, highFrequency: .smallERM,
        triggers: .smallERM, resolutionBits: 16, minimumUpdateInterval: 0.050)

    /// DualShock 4: 8-bit levels, written by SDL's HIDAPI thread that sleeps 10 ms after each write.
    public static let ps4 = MotorProfile(
        name: "ps4", actuators: .body, lowFrequency: .largeERM, highFrequency: .smallERM,
        resolutionBits: 8, minimumUpdateInterval: 0.010)

    /// DualSense through SDL's emulated rumble: 8-bit levels, 10 ms HIDAPI write spacing.
    public static let ps5 = MotorProfile(
        name: "ps5", actuators: .body, lowFrequency: .largeERM, highFrequency: .smallERM,
        resolutionBits: 8, minimumUpdateInterval: 0.010)

    /// Switch Pro: linear resonant actuators; writes at least 30 ms apart.
    public static let switchPro = MotorProfile(
        name: "switchPro", actuators: .body, response: .linearResonant,
        resolutionBits: 16, minimumUpdateInterval: 0.030)

    /// An ideal device for tests and previews: every actuator, instant, no dead zone, exact levels,
    /// no update limit. Its output equals the mixed perceived levels.
    public static let virtual = MotorProfile(
        name: "virtual", actuators: .bodyAndTriggers, response: .instant,
        resolutionBits: nil, minimumUpdateInterval: 0)

    /// Every shipped profile.
    public static let shipped: [MotorProfile] = [.genericDualMotor, .xboxOne, .xboxOneBluetooth, .ps4, .ps5, .switchPro, .virtual]
}
