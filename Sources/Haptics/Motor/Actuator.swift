/// One vibration actuator of a game controller.
@_spi(HapticsTools) public enum Actuator: Int, CaseIterable, Hashable, Sendable {
    /// The large, low-frequency body motor (left grip; SDL's `low_frequency_rumble`).
    case lowFrequency
    /// The small, high-frequency body motor (right grip; SDL's `high_frequency_rumble`).
    case highFrequency
    /// The left trigger's motor (Xbox One / Series pads only).
    case leftTrigger
    /// The right trigger's motor (Xbox One / Series pads only).
    case rightTrigger
}
