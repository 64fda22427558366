/// Motor levels in SDL's units, as sent to a pad: 0 off, 65535 full (see `RumbleLevel` for the conversion).
public struct RumbleValues: Hashable, Sendable {
    /// Low-frequency (left, large) body motor.
    public var low: UInt16
    /// High-frequency (right, small) body motor.
    public var high: UInt16
    /// Left trigger motor.
    public var leftTrigger: UInt16
    /// Right trigger motor.
    public var rightTrigger: UInt16

    public init(low: UInt16 = 0, high: UInt16 = 0, leftTrigger: UInt16 = 0, rightTrigger: UInt16 = 0) {
        self.low = low
        self.high = high
        self.leftTrigger = leftTrigger
        self.rightTrigger = rightTrigger
    }

    /// Every motor off.
    public static let off = RumbleValues()
}
