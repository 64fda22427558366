/// A clock that moves only when told to: drive `HapticEngine.update(at:)` with it in tests,
/// previews and offline renders.
public struct ManualClock: Hashable, Sendable {
    /// The current time in seconds.
    public private(set) var now: Double

    public init(now: Double = 0) { self.now = now }

    /// Moves the clock forward by `seconds` (negative or non-finite values are ignored) and
    /// returns the new time.
    @discardableResult
    public mutating func advance(by seconds: Double) -> Double {
        if seconds.isFinite && seconds > 0 { now += seconds }
        return now
    }

    /// Sets the clock to `time` if it is later than now; returns the new time.
    @discardableResult
    public mutating func advance(to time: Double) -> Double {
        if time.isFinite && time > now { now = time }
        return now
    }
}
