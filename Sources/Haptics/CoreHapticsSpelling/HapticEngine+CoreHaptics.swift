/// Core Haptics' spelling of engine calls (`CHHapticEngine`), for code ported from Apple platforms.
extension HapticEngine {
    /// Plays `pattern` once on output `output` at the next update (`playPattern(from:)`, in
    /// Platform/Foundation, decodes a file first).
    func playOnce(_ pattern: HapticPattern, output: Int) throws {
        let player = try makePlayer(with: pattern, output: output)
        try player.start(atTime: 0)
    }

    /// `notifyWhenPlayersFinished` with Core Haptics' handler type, `(Error?) -> FinishedAction`. Our
    /// players never finish with an error, so the argument is always nil.
    public func notifyWhenPlayersFinished(_ handler: @escaping (Error?) -> FinishedAction) {
        notifyWhenPlayersFinished { handler(nil) }
    }
}

extension HapticEngine.FinishedAction {
    /// Core Haptics' name for `leaveRunning`.
    public static let leaveEngineRunning = HapticEngine.FinishedAction.leaveRunning
}

extension HapticEngine.StoppedReason {
    /// Core Haptics' name for `gameControllerDisconnected`.
    public static let gameControllerDisconnect = HapticEngine.StoppedReason.gameControllerDisconnected
}
