/// What a mapped event should play for one player: the rule that took it and the numbers it
/// computed (`LoadedMapping.response(to:player:listener:)`).
package struct MappedHaptic: Sendable {
    /// Index of the rule in the config (for cooldown, coalescing, voices).
    package var ruleIndex: Int
    /// The player to play for.
    package var player: Int
    /// 0...1, after material gain and distance attenuation.
    package var intensity: Double
    /// Added to the pattern's sharpness, −1...1 (0 when the rule has no sharpness).
    package var sharpness: Double
    /// Intensity for the left and right trigger motors, 0...1 each (from the rule's trigger bias
    /// and the event's direction).
    package var leftTrigger: Double
    package var rightTrigger: Double
}
