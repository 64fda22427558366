// The C library builds without Foundation (scripts/c-library.sh passes -DSDLHAPTICS_WITHOUT_FOUNDATION,
// docs/c-library.md): only the overloads taking Foundation's `Data` and `URL` need it, and C never
// calls them.
#if !SDLHAPTICS_WITHOUT_FOUNDATION
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#endif

/// Core Haptics' spelling of engine calls (`CHHapticEngine`), for code ported from Apple platforms.
extension HapticEngine {
    /// `CHHapticEngine.playPattern(from:)` with an AHAP file's URL: decodes it (lenient, as Core
    /// Haptics reads files) and plays it once on output `output` (default 0, the first pad) at the next
    /// update. Throws `AHAPDecodingError` (with line, column and JSON path) for a bad file,
    /// `HapticEngineError` when the engine cannot play. Allocates; not for the per-frame path.
    #if !SDLHAPTICS_WITHOUT_FOUNDATION
    public func playPattern(from url: URL, output: Int = 0) throws {
        let document = try AHAPDecoder().decode(contentsOfFile: url.path)
        try play(document.pattern, output: output)
    }

    /// `CHHapticEngine.playPattern(from:)` with AHAP data in memory. See `playPattern(from:output:)`.
    public func playPattern(from data: Data, output: Int = 0) throws {
        try play(try AHAPDecoder().decode(data).pattern, output: output)
    }
    #endif

    private func play(_ pattern: HapticPattern, output: Int) throws {
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
