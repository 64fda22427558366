/// What a pad can do with adaptive trigger effects.
public enum AdaptiveTriggerSupport: String, Hashable, Sendable {
    /// A DualSense (SDL reports a PS5 pad): effects are sent as DualSense effect bytes through
    /// `SDL_GameControllerSendEffect` (SDL3: `SDL_SendGamepadEffect`).
    case adaptive
    /// A pad with trigger motors (Xbox One/Series): vibration effects rumble the trigger motor while
    /// the trigger is past the start position, and a weapon effect gives a short pulse when the
    /// trigger passes its end position. Resistance cannot be felt.
    case triggerRumble
    /// Nothing: effects are kept but not felt.
    case unsupported

    /// The support of a pad of `kind`, with or without trigger motors.
    public static func forController(kind: ControllerKind, hasTriggerRumble: Bool) -> AdaptiveTriggerSupport {
        if kind == .ps5 { return .adaptive }
        return hasTriggerRumble ? .triggerRumble : .unsupported
    }
}
