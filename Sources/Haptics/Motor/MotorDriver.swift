/// The last stage before a device: turns mixed perceived levels into drive levels for one output.
///
/// Per output, first the **trigger fold**: when the profile has no trigger motors, the left
/// trigger's perceived level folds into the low-frequency motor and the right trigger's into the
/// high-frequency motor (per side, as the max of the two), so a trigger effect on a pad without
/// trigger motors is still felt on the same side of the pad. Then per actuator: remap into the
/// profile's usable range (`MotorMapping.drive(perceived:profile:)`), raise by the onset kick while
/// a transient's kick is active (`MotorMapping.kicked(drive:perceived:profile:)`), round to the
/// profile's resolution; actuators the output lacks stay 0. A change arriving sooner than
/// `minimumUpdateInterval` after the previous change is held back (the previous levels are
/// repeated) until the interval has passed.
///
/// Stateful value; one per output, owned by the engine. O(1) per frame, no allocation.
struct MotorDriver: Sendable {
    /// The device's profile.
    public let profile: MotorProfile
    /// The levels most recently returned by `drive`.
    public private(set) var levels: ActuatorLevels = .zero
    private var lastChangeTime: Double = -.infinity

    public init(profile: MotorProfile) { self.profile = profile }

    /// The drive levels for frame time `time` (seconds), given the mixed perceived levels (0...1)
    /// and the actuators whose onset kick is active.
    public mutating func drive(perceived: ActuatorLevels, kick: ActuatorSet, at time: Double) -> ActuatorLevels {
        let (folded, foldedKick) = MotorMapping.foldTriggers(perceived, kick: kick, into: profile.actuators)
        var target = ActuatorLevels.zero
        shape(.lowFrequency, folded, foldedKick, into: &target)
        shape(.highFrequency, folded, foldedKick, into: &target)
        shape(.leftTrigger, folded, foldedKick, into: &target)
        shape(.rightTrigger, folded, foldedKick, into: &target)
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
        let p = perceived[actuator]
        var level = MotorMapping.drive(perceived: p, profile: profile)
        if kick.contains(actuator) { level = MotorMapping.kicked(drive: level, perceived: p, profile: profile) }
        target[actuator] = MotorMapping.quantize(level, profile: profile)
    }
}
