/// Where on the controller a player's signal goes, after Apple's `GCHapticsLocality`.
public enum HapticLocality: Hashable, Sendable {
    /// The body motors (Apple's default / handles): sharpness splits energy between low and high motor.
    case body
    /// The left trigger motor only; sharpness is ignored.
    case leftTrigger
    /// The right trigger motor only; sharpness is ignored.
    case rightTrigger
    /// Both trigger motors; sharpness is ignored.
    case triggers
}
