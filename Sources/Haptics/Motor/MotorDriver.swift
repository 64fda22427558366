/// The last stage before a device: turns mixed perceived levels into drive levels for one output.
///
/// Per actuator the output has: remap into the profile's usable range
/// (`MotorMapping.drive(perceived:profile:)`), raise to the kick level while a transient's onset
/// kick is active, round to the profile's resolution; actuators the output lacks stay 0. A change
/// arriving sooner than `minimumUpdateInterval` after the previous change is held back (the
/// previous levels are repeated) until the interval has passed.
///
/// Stateful value; one per output, owned by the engine. O(1) per frame, no allocation.
public struct MotorDriver: Sendable {
    /// The device's profile.
    public let profile: MotorProfile
    /// The levels most recently returned by `drive`.
    public private(set) var levels: ActuatorLevels = .zero
    private var lastChangeTime: Double = -.infinity

    public init(profile: MotorProfile) { self.profile = profile }

    /// The drive levels for frame time `time` (seconds), given the mixed perceived levels (0...1)
    /// and the actuators whose onset kick is active.
    public mutating func drive(perceived: ActuatorLevels, kick: ActuatorSet, at time: Double) -> ActuatorLevels {
        var target = ActuatorLevels.zero
        shape(.lowFrequency, perceived, kick, into: &target)
        shape(.highFrequency, perceived, kick, into: &target)
        shape(.leftTrigger, perceived, kick, into: &target)
        shape(.rightTrigger, perceived, kick, into: &target)
        if target != levels && time - lastChangeTime >= profile.minimumUpdateInterval {
            levels = target
            lastChangeTime = time
        }
        return levels
    }

    /// Forgets the held levels (after the engine has sent an explicit stop).
    public mutating func reset() {
        levels = .zero
        lastChangeTime = -.infinity
    }

    private func shape(_ actuator: Actuator, _ perceived: ActuatorLevels, _ kick: ActuatorSet,
                       into target: inout ActuatorLevels) {
        guard profile.actuators.contains(actuator) else { return }
        var level = MotorMapping.drive(perceived: perceived[actuator], profile: profile)
        if level > 0 && kick.contains(actuator) { level = max(level, profile.kickLevel) }
        target[actuator] = MotorMapping.quantize(level, profile: profile)
    }
}
