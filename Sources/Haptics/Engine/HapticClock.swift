/// The clock haptics run on, made from the times a game passes to `update(at:)` (issue 31, round two, F2).
///
/// While the game's clock runs forward in steps of at most `maximumStep`, it is the game's clock itself
/// (any origin, exactly: `time` is the time passed). When the game's clock jumps, it takes the step that
/// keeps everything playing sane and runs on from there with the game's later steps:
/// - a time earlier than the last one (a clock set back, a glitch below, a replay that restarts) is a new
///   origin: the haptics clock stays where it was for that update, and later updates move it by the game's
///   steps from that time;
/// - a time more than `maximumStep` after the last one (a glitch to 1e300, `DBL_MAX`) moves it by
///   `maximumStep`: whatever plays for less than that has ended, as after a long hitch;
/// - a first time beyond `maximumOrigin` either way (1e300 as the first frame) starts the clock at 0:
///   from there no step of a later sane clock could move it.
///
/// So no finite time, however wrong, can hold the clock still while the game's clock runs on (one
/// update at 1e300 in the middle of a normal clock used to freeze it: every pattern started afterwards
/// played on at its level until shutdown). A game clock that does not advance (a paused game, or steps
/// below a `Double`'s resolution at its size) holds the haptics clock as before.
///
/// The difference between the two clocks (`offset`) is 0 until the game's clock first jumps, then
/// constant until the next jump. A value type; one per engine (`HapticEngine`) and one per front door,
/// which hands its time to its engines, director and outputs. O(1), no allocation.
@_spi(HapticsTools) public struct HapticClock: Sendable, Equatable {
    /// The most the clock moves in one update, in seconds: 3,600 (an hour). A step that large is a
    /// jump, not a frame; everything shorter than it that was playing has ended after it.
    public static let maximumStep: Double = 3_600
    /// The largest first time the clock takes as it is, either sign, in seconds: 2^52 (about 4.5e15 s),
    /// where a `Double` still tells whole seconds apart. A first time beyond it starts the clock at 0.
    public static let maximumOrigin: Double = 4_503_599_627_370_496

    /// The haptics time of the last `advance`, in seconds (0 before the first).
    public private(set) var time: Double = 0
    /// Whether `advance` has set the time (the first one sets it to the game's, whatever its sign).
    public private(set) var isSet = false
    /// The game time of the last `advance` (0 before the first).
    public private(set) var gameTime: Double = 0
    /// The game's clock minus the haptics clock: 0 until the game's clock jumps.
    public private(set) var offset: Double = 0

    public init() {}

    /// Advances to game time `gameTime` and returns the haptics time. A time that is not finite changes
    /// nothing. O(1).
    @discardableResult
    public mutating func advance(to gameTime: Double) -> Double {
        guard gameTime.isFinite else { return time }
        defer { self.gameTime = gameTime }
        guard isSet else {
            isSet = true
            time = abs(gameTime) <= Self.maximumOrigin ? gameTime : 0
            offset = gameTime - time
            return time
        }
        let step = gameTime - self.gameTime   // +-infinity when the two are far apart: a jump either way
        if step >= 0 && step <= Self.maximumStep {
            time = max(time, gameTime - offset)   // exactly `gameTime` while `offset` is 0
        } else {
            time += step > 0 ? Self.maximumStep : 0
            offset = gameTime - time
        }
        return time
    }

    /// When a command given for game time `gameTime` runs, in haptics time: -infinity for "now" (0, as Core
    /// Haptics' `CHHapticTimeImmediate`, or a time at or before the last update's), else that time on this
    /// clock. O(1).
    public func commandTime(forGameTime gameTime: Double) -> Double {
        gameTime == 0 || gameTime <= self.gameTime ? -.infinity : gameTime - offset
    }
}
