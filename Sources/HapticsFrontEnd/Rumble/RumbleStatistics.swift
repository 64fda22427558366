/// Counts of what an `SDLRumbleOutput` asked of SDL, for tests, HUDs and tuning.
public struct RumbleStatistics: Hashable, Sendable {
    /// `SDL_GameControllerRumble` calls that changed the body motor levels (SDL writes these to the pad).
    public var bodyChanges = 0
    /// `SDL_GameControllerRumbleTriggers` calls that changed the trigger levels.
    public var triggerChanges = 0
    /// Calls that repeated unchanged levels only to push the safety expiry further out; SDL does
    /// not write these to the pad (it extends its timer).
    public var keepAlives = 0
    /// Explicit stops: (0,0) sent on pause, focus loss, engine stop, disconnect, close or shutdown.
    public var stops = 0
    /// Calls SDL refused (it returned -1; for example the pad was already gone).
    public var failures = 0

    public init() {}

    /// Every SDL rumble call made, of any kind.
    public var totalCalls: Int { bodyChanges + triggerChanges + keepAlives + stops }
}
