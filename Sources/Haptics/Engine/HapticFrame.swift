/// One frame of actuator levels for one output.
public struct HapticFrame: Hashable, Sendable {
    /// The game's frame time the levels belong to, in seconds (`HapticEngine.currentTime`).
    public var time: Double
    /// Drive level of every actuator, 0...1 (actuators the output lacks are 0).
    public var levels: ActuatorLevels

    public init(time: Double, levels: ActuatorLevels) {
        self.time = time
        self.levels = levels
    }
}
