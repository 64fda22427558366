import Haptics

/// What SDLHaptics knows about one open game controller. A value snapshot; cheap to copy.
public struct ConnectedController: Hashable, Sendable {
    /// SDL's instance id: stable while the pad stays connected (device indices are not).
    public var instanceID: Int32
    /// The name SDL gives the pad.
    public var name: String
    /// The pad family SDL reports (`SDL_GameControllerGetType`, SDL3's `SDL_GetGamepadType`).
    public var kind: ControllerKind
    /// How the pad is connected, from its GUID.
    public var bus: ControllerBus
    /// `SDL_GameControllerHasRumble` (SDL3: `SDL_PROP_GAMEPAD_CAP_RUMBLE_BOOLEAN`): whether it has body motors SDL can drive.
    public var hasRumble: Bool
    /// `SDL_GameControllerHasRumbleTriggers` (SDL3: `SDL_PROP_GAMEPAD_CAP_TRIGGER_RUMBLE_BOOLEAN`): whether it has trigger motors SDL can drive.
    public var hasTriggerRumble: Bool
    /// What it does with adaptive trigger effects (a DualSense: the real thing; trigger motors: the
    /// nearest rumble; others: nothing).
    public var adaptiveTriggers: AdaptiveTriggerSupport {
        AdaptiveTriggerSupport.forController(kind: kind, hasTriggerRumble: hasTriggerRumble)
    }
    /// The motor profile chosen for it (`MotorProfile.forController`).
    public var profile: MotorProfile
    /// The player it is assigned to, 0-based (player 0 is the first), or nil when every player has a pad.
    public var player: Int?
    /// SDL's GUID as a 32-digit hex string; a pad plugged back in gets its previous player back by it.
    public var guid: String
}
