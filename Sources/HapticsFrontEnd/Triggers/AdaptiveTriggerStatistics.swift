/// What an `SDLAdaptiveTriggerOutput` has asked of SDL since it was created.
public struct AdaptiveTriggerStatistics: Hashable, Sendable {
    /// Effects states sent because an effect changed.
    public var changes = 0
    /// Explicit "off" states sent on a stop path (pause, focus loss, engine stop, detach, watchdog).
    public var stops = 0
    /// Changes held back because the pad's update interval had not passed yet (sent later).
    public var deferred = 0
    /// SDL calls that returned an error (the pad refused or was gone).
    public var failures = 0
    /// Stops sent by the watchdog because the game stopped calling update.
    public var watchdogStops = 0

    public init() {}
}
