/// One call a game makes to SDL: `SDL_GameControllerRumble` (body) or
/// `SDL_GameControllerRumbleTriggers` (triggers), with levels 0...1 and a duration.
public struct RumbleCall: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case body, triggers }
    /// Game time of the call, seconds.
    public var time: Double
    public var kind: Kind
    /// Low (or left trigger) and high (or right trigger) levels, 0...1 (sent as SDL's Uint16).
    public var first: Double
    public var second: Double
    /// `duration_ms` in seconds; 0 means no expiry (SDL 2.26 treats duration 0 as "until replaced").
    public var duration: Double

    public init(time: Double, kind: Kind = .body, first: Double, second: Double, duration: Double) {
        self.time = time
        self.kind = kind
        self.first = first
        self.second = second
        self.duration = duration
    }
}
