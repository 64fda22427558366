/// One level per actuator, each normalised 0...1 (0 off, 1 full drive).
///
/// A fixed-size value (four `Double`s): creating and copying one never allocates.
public struct ActuatorLevels: Hashable, Sendable {
    /// Low-frequency body motor, 0...1.
    public var lowFrequency: Double
    /// High-frequency body motor, 0...1.
    public var highFrequency: Double
    /// Left trigger motor, 0...1.
    public var leftTrigger: Double
    /// Right trigger motor, 0...1.
    public var rightTrigger: Double

    public init(lowFrequency: Double = 0, highFrequency: Double = 0, leftTrigger: Double = 0, rightTrigger: Double = 0) {
        self.lowFrequency = lowFrequency
        self.highFrequency = highFrequency
        self.leftTrigger = leftTrigger
        self.rightTrigger = rightTrigger
    }

    /// Every actuator off.
    public static let zero = ActuatorLevels()

    /// The level of one actuator.
    @_spi(HapticsTools) public subscript(actuator: Actuator) -> Double {
        get {
            switch actuator {
            case .lowFrequency: return lowFrequency
            case .highFrequency: return highFrequency
            case .leftTrigger: return leftTrigger
            case .rightTrigger: return rightTrigger
            }
        }
        set {
            switch actuator {
            case .lowFrequency: lowFrequency = newValue
            case .highFrequency: highFrequency = newValue
            case .leftTrigger: leftTrigger = newValue
            case .rightTrigger: rightTrigger = newValue
            }
        }
    }

    /// Whether every actuator is exactly 0.
    public var isSilent: Bool { lowFrequency == 0 && highFrequency == 0 && leftTrigger == 0 && rightTrigger == 0 }

    /// The larger of the two levels per actuator.
    public func maximum(with other: ActuatorLevels) -> ActuatorLevels {
        ActuatorLevels(lowFrequency: max(lowFrequency, other.lowFrequency),
                       highFrequency: max(highFrequency, other.highFrequency),
                       leftTrigger: max(leftTrigger, other.leftTrigger),
                       rightTrigger: max(rightTrigger, other.rightTrigger))
    }
}
