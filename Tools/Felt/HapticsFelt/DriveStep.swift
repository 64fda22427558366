/// Drive steps as a pad's motors receive them: at `time` (seconds) the four channels take these
/// levels (0...1) and hold them until the next step.
public struct DriveStep: Hashable, Sendable {
    public var time: Double
    /// low, high, left trigger, right trigger.
    public var levels: [Double]
    public init(time: Double, levels: [Double]) { self.time = time; self.levels = levels }
}
