/// A set of actuators, such as the ones an output has.
@_spi(HapticsTools) public struct ActuatorSet: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public init(_ actuator: Actuator) { self.init(rawValue: 1 << UInt8(actuator.rawValue)) }

    public static let lowFrequency = ActuatorSet(.lowFrequency)
    public static let highFrequency = ActuatorSet(.highFrequency)
    public static let leftTrigger = ActuatorSet(.leftTrigger)
    public static let rightTrigger = ActuatorSet(.rightTrigger)
    /// The two body motors of a dual-motor pad.
    public static let body: ActuatorSet = [.lowFrequency, .highFrequency]
    /// Body motors and both trigger motors.
    public static let bodyAndTriggers: ActuatorSet = [.lowFrequency, .highFrequency, .leftTrigger, .rightTrigger]

    /// Whether `actuator` is in the set.
    public func contains(_ actuator: Actuator) -> Bool { contains(ActuatorSet(actuator)) }
}
