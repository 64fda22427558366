/// The profiles SDLHaptics ships. Values and the facts behind them: docs/engine.md, "Profiles".
///
/// Only one pad's response has been measured (vpinball: nothing felt below ~0.3 drive, full at
/// ~0.86, 110-190 ms spin-up); the other body-motor profiles reuse those figures until measured.
/// Update intervals come from SDL 2.26's drivers; resolutions from what the device protocol carries
/// (8 bits for PS4/PS5) or SDL's 16-bit API where the device's own precision is not known.
extension MotorProfile {
    /// A generic dual-motor (ERM) pad: measured dead zone and saturation, 60 Hz updates, 16-bit levels.
    public static let genericDualMotor = MotorProfile(
        name: "generic", actuators: .body, deadZone: 0.3, saturation: 0.86,
        minimumTransientOnTime: 0.12, kickLevel: 1, kickSeconds: 0.05,
        resolutionBits: 16, minimumUpdateInterval: 1.0 / 60.0)

    /// Xbox One / Series pad: body motors plus trigger motors; packets at least 10 ms apart (USB).
    public static let xboxOne = MotorProfile(
        name: "xboxOne", actuators: .bodyAndTriggers, deadZone: 0.3, saturation: 0.86,
        minimumTransientOnTime: 0.12, kickLevel: 1, kickSeconds: 0.05,
        resolutionBits: 16, minimumUpdateInterval: 0.010)

    /// Xbox One / Series pad over Bluetooth: as `xboxOne`, but SDL's driver needs at least 50 ms
    /// between rumble packets on that bus.
    public static let xboxOneBluetooth = MotorProfile(
        name: "xboxOneBluetooth", actuators: .bodyAndTriggers, deadZone: 0.3, saturation: 0.86,
        minimumTransientOnTime: 0.12, kickLevel: 1, kickSeconds: 0.05,
        resolutionBits: 16, minimumUpdateInterval: 0.050)

    /// DualShock 4: 8-bit levels, written by SDL's HIDAPI thread that sleeps 10 ms after each write.
    public static let ps4 = MotorProfile(
        name: "ps4", actuators: .body, deadZone: 0.3, saturation: 0.86,
        minimumTransientOnTime: 0.12, kickLevel: 1, kickSeconds: 0.05,
        resolutionBits: 8, minimumUpdateInterval: 0.010)

    /// DualSense through SDL's emulated rumble: 8-bit levels, 10 ms HIDAPI write spacing.
    public static let ps5 = MotorProfile(
        name: "ps5", actuators: .body, deadZone: 0.3, saturation: 0.86,
        minimumTransientOnTime: 0.12, kickLevel: 1, kickSeconds: 0.05,
        resolutionBits: 8, minimumUpdateInterval: 0.010)

    /// Switch Pro: linear resonant actuators (no spin-up, so no kick and a short on-time);
    /// writes at least 30 ms apart. Its dead zone (0.1) is an assumption, not a measurement.
    public static let switchPro = MotorProfile(
        name: "switchPro", actuators: .body, deadZone: 0.1, saturation: 1,
        minimumTransientOnTime: 0.03, kickLevel: 0, kickSeconds: 0,
        resolutionBits: 16, minimumUpdateInterval: 0.030)

    /// An ideal device for tests and previews: every actuator, no dead zone, exact levels,
    /// no minimum on-time, no kick, no update limit. Its output equals the mixed perceived levels.
    public static let virtual = MotorProfile(
        name: "virtual", actuators: .bodyAndTriggers, deadZone: 0, saturation: 1,
        minimumTransientOnTime: 0, kickLevel: 0, kickSeconds: 0,
        resolutionBits: nil, minimumUpdateInterval: 0)

    /// Every shipped profile.
    public static let shipped: [MotorProfile] = [.genericDualMotor, .xboxOne, .xboxOneBluetooth, .ps4, .ps5, .switchPro, .virtual]
}
