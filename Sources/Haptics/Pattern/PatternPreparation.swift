/// What playing a pattern needs, made once per pattern value and shared by every player of it, on every
/// engine and every player's pad (issue 31): the haptic evaluator (`VoiceEvaluator`) and the audio event
/// table (`AudioEventTable`). Before, each pattern player prepared its pattern again: 128 voices of one
/// 8 MB pattern held 128 copies (1.07 GB).
///
/// Each `HapticPattern` value holds one (copies of the value share it; `add(_:)` starts a new one); its
/// parts are made on first use, under a lock, then read without one. A mapping load, `SDLH_LoadPattern`
/// and `GameHaptics.Playback.loadPattern` prepare at load time (`HapticPattern.prepareForPlayback()`),
/// so the first start on the game thread finds it made. Internal; any thread.
final class PatternPreparation: @unchecked Sendable {
    private let lock = PthreadLock()
    private var evaluator: VoiceEvaluator?
    private var audioTable: AudioEventTable?
    private var audioContent: Bool?

    /// The pattern's evaluator, made now on first use (O(n log n) in its events, allocates).
    func evaluator(of pattern: HapticPattern) -> VoiceEvaluator {
        lock.lock()
        defer { lock.unlock() }
        if let evaluator { return evaluator }
        let made = VoiceEvaluator(pattern: pattern)
        evaluator = made
        return made
    }

    /// The pattern's audio events and controls, made now on first use (allocates).
    func audioTable(of pattern: HapticPattern) -> AudioEventTable {
        lock.lock()
        defer { lock.unlock() }
        if let audioTable { return audioTable }
        let made = AudioEventTable(pattern: pattern)
        audioTable = made
        return made
    }

    /// Whether the pattern has audio events (one pass over its events, once).
    func hasAudioContent(_ pattern: HapticPattern) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let audioContent { return audioContent }
        let found = pattern.events.contains { $0.type.isAudio }
        audioContent = found
        return found
    }
}

/// A pattern value's `PatternPreparation`, invisible to equality and hashing: two equal patterns are equal
/// whether or not either was prepared.
struct PatternPreparationSlot: Hashable, Sendable {
    let preparation = PatternPreparation()

    static func == (lhs: Self, rhs: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
