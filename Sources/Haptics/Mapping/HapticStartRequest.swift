/// One thing the mapping layer decided to start in a frame, as plain values: what
/// `HapticEventDirector.update(at:playerCount:)` returns and `HapticEventDirector.start(_:on:at:)`
/// turns into voices on `FeedbackDevices`. Nothing in it refers to a device.
package enum HapticStartRequest: Sendable {
    /// A one-shot of rule `response.ruleIndex` for `response.player` on the body motors, plus a
    /// voice per trigger whose level is above 0. Its cooldown is already counted.
    case rule(MappedHaptic)
    /// A texture event for `player` (start, update or stop of its looping voice), with the player's
    /// listener position for its attenuation.
    case texture(GameEvent, player: Int, listener: WorldPosition?)
    /// A feedback case no rule takes, played through its preset (rate-limited there).
    case feedback(HapticFeedback, player: Int)
    /// An adaptive trigger effect rule `rule` sets for `player`.
    case triggerEffect(AdaptiveTrigger.Effect, rule: Int, player: Int)
}
