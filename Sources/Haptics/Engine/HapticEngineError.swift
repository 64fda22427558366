/// Errors thrown by the engine and its players.
public enum HapticEngineError: Error, Hashable, Sendable {
    /// The engine is stopped; call `start()` first (or enable auto shutdown, which restarts it).
    case engineNotRunning
    /// The engine was invalidated and cannot play any more.
    case engineDestroyed
    /// A player was asked for an output index the engine does not have.
    case invalidOutput(Int)
    /// A time argument was NaN or infinite.
    case invalidTime
    /// The player already holds `HapticPatternPlayer.maximumPendingCommands` commands waiting for their
    /// time (issue 31, round two): update the engine (they run), or send fewer.
    case tooManyCommands
}
