/// A player's two adaptive triggers (Apple: `GCDualSenseGamepad.leftTrigger` / `rightTrigger`).
///
/// Threads: the game's update thread. Cost: O(1), no allocation after creation.
public final class AdaptiveTriggers {
    /// L2.
    public let left = AdaptiveTrigger(side: .left)
    /// R2.
    public let right = AdaptiveTrigger(side: .right)

    /// Both triggers with no effect.
    public init() {}

    /// The trigger on `side`.
    public subscript(side: AdaptiveTrigger.Side) -> AdaptiveTrigger {
        side == .left ? left : right
    }

    /// Turns both triggers off.
    public func setModeOff() {
        left.setModeOff()
        right.setModeOff()
    }

    /// The sum of both triggers' revisions: changes whenever either effect changes.
    public var revision: UInt64 { left.revision &+ right.revision }
}
