/// How one kind of controller's actuators respond, and how the engine must drive them.
///
/// All levels are normalised motor drive 0...1; all times are seconds. The shipped profiles
/// (`MotorProfile+Shipped.swift`) and the facts behind their values are listed in docs/engine.md.
public struct MotorProfile: Hashable, Sendable {
    /// A short identifier, such as "generic" or "ps4".
    public var name: String
    /// The actuators this kind of controller has.
    public var actuators: ActuatorSet
    /// Drive level below which the motor is not felt, 0...1. Any non-zero perceived level is
    /// mapped to at least this drive, so it is felt.
    public var deadZone: Double
    /// Drive level at which the motor already feels full, deadZone...1. Perceived 1 maps here;
    /// drive above it is used only by the onset kick (`MotorMapping.drive(perceived:profile:)`).
    public var saturation: Double
    /// Shortest time a transient keeps its motor on, in seconds (>= 0): motors need time to spin up.
    public var minimumTransientOnTime: Double
    /// Drive level of the overdrive kick at a transient's onset, 0...1 (0: no kick).
    public var kickLevel: Double
    /// How long the kick lasts from the onset, in seconds (>= 0).
    public var kickSeconds: Double
    /// Output resolution in bits (levels are rounded to `2^bits - 1` steps), or nil for exact levels.
    public var resolutionBits: Int?
    /// Shortest interval between two level changes sent to the device, in seconds (>= 0).
    /// A change inside the interval is held back until it ends.
    public var minimumUpdateInterval: Double

    public init(name: String, actuators: ActuatorSet, deadZone: Double, saturation: Double,
                minimumTransientOnTime: Double, kickLevel: Double, kickSeconds: Double,
                resolutionBits: Int?, minimumUpdateInterval: Double) {
        self.name = name
        self.actuators = actuators
        self.deadZone = min(max(deadZone, 0), 1)
        self.saturation = min(max(saturation, self.deadZone), 1)
        self.minimumTransientOnTime = max(minimumTransientOnTime, 0)
        self.kickLevel = min(max(kickLevel, 0), 1)
        self.kickSeconds = max(kickSeconds, 0)
        self.resolutionBits = resolutionBits.map { min(max($0, 1), 32) }
        self.minimumUpdateInterval = max(minimumUpdateInterval, 0)
    }
}
