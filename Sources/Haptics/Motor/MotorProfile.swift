/// How one kind of controller's actuators respond, and how often the engine may change their drive.
///
/// All levels are normalised motor drive 0...1; all times are seconds. Each actuator has a
/// `MotorResponse` (start threshold, saturation, spin-up and spin-down time constants); the motor
/// stage (`MotorDriver`, which plans the drive with `DrivePlanner`) predicts what the hand feels from
/// them and plans every write. The shipped profiles (`MotorProfile+Shipped.swift`) and the sources and
/// ranges behind their values are listed in docs/engine.md, "Profiles".
public struct MotorProfile: Hashable, Sendable {
    /// A short identifier, such as "generic" or "ps4".
    public var name: String
    /// The actuators this kind of controller has.
    @_spi(HapticsTools) public var actuators: ActuatorSet
    /// The large, low-frequency body motor.
    @_spi(HapticsTools) public var lowFrequency: MotorResponse
    /// The small, high-frequency body motor.
    @_spi(HapticsTools) public var highFrequency: MotorResponse
    /// The trigger motors (both alike).
    @_spi(HapticsTools) public var triggers: MotorResponse
    /// Output resolution in bits (levels are rounded to `2^bits - 1` steps), or nil for exact levels.
    public var resolutionBits: Int?
    /// Shortest interval between two level changes sent to the device, in seconds (>= 0).
    /// A change inside the interval is held back until it ends; the planner plans on this grid.
    public var minimumUpdateInterval: Double
    /// The constants the motor stage plans this profile's drive with (`DriveTuning.shipped` unless a
    /// tool varies them: the felt comparison's optimiser, `haptics-felt --tuning`).
    @_spi(HapticsTools) public var driveTuning: DriveTuning = .shipped

    @_spi(HapticsTools) public init(name: String, actuators: ActuatorSet, lowFrequency: MotorResponse, highFrequency: MotorResponse,
                triggers: MotorResponse? = nil, resolutionBits: Int?, minimumUpdateInterval: Double) {
        self.name = name
        self.actuators = actuators
        self.lowFrequency = lowFrequency
        self.highFrequency = highFrequency
        self.triggers = triggers ?? highFrequency
        self.resolutionBits = resolutionBits.map { min(max($0, 1), 32) }
        self.minimumUpdateInterval = minimumUpdateInterval.isFinite ? min(max(minimumUpdateInterval, 0), 1) : 0
    }

    /// A profile whose every actuator responds alike.
    @_spi(HapticsTools) public init(name: String, actuators: ActuatorSet, response: MotorResponse, resolutionBits: Int?,
                minimumUpdateInterval: Double) {
        self.init(name: name, actuators: actuators, lowFrequency: response, highFrequency: response, triggers: response,
                  resolutionBits: resolutionBits, minimumUpdateInterval: minimumUpdateInterval)
    }

    /// How `actuator` responds (both trigger motors share `triggers`).
    @_spi(HapticsTools) public func response(of actuator: Actuator) -> MotorResponse {
        switch actuator {
        case .lowFrequency: return lowFrequency
        case .highFrequency: return highFrequency
        case .leftTrigger, .rightTrigger: return triggers
        }
    }
}
