extension HapticEngine {
    /// Why the engine stopped by itself (passed to `stoppedHandler`), after Core Haptics.
    public enum StoppedReason: Hashable, Sendable {
        /// The game reported that it was suspended or lost focus (`handleExternalStop`).
        case applicationSuspended
        /// No player played for `idleTimeout` seconds and auto shutdown is on.
        case idleTimeout
        /// An output reported `isConnected == false`.
        case gameControllerDisconnected
        /// `invalidate()` was called; the engine cannot start again.
        case engineDestroyed
        /// The game or an adapter reported a failure (`handleExternalStop(.systemError)`).
        case systemError
    }

    /// What `notifyWhenPlayersFinished` handlers return.
    public enum FinishedAction: Hashable, Sendable {
        /// Stop the engine (sending zeros to every output).
        case stopEngine
        /// Keep the engine running.
        case leaveRunning
    }
}
