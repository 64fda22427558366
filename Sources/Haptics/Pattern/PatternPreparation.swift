/// What playing a pattern needs, made once per pattern value and shared by every player of it, on every
/// engine and every player's pad (issue 31): the haptic evaluator (`VoiceEvaluator`) and the audio event
/// table (`AudioEventTable`). Before, each pattern player prepared its pattern again: 128 voices of one
/// 8 MB pattern held 128 copies (1.07 GB).
///
/// Each `HapticPattern` value holds one (copies of the value share it; `add(_:)` starts a new one); its
/// parts are made on first use and read after it under a short lock (`once`). A mapping load, `SDLH_LoadPattern`
/// and `GameHaptics.Playback.loadPattern` prepare at load time (`HapticPattern.prepareForPlayback()`),
/// so the first start on the game thread finds it made. Internal; any thread.
final class PatternPreparation: @unchecked Sendable {
    private let lock = PthreadLock()
    private var evaluator: VoiceEvaluator?
    private var audioTable: AudioEventTable?
    private var audioContent: Bool?

    /// The pattern's evaluator, made now on first use (O(n log n) in its events, allocates).
    func evaluator(of pattern: HapticPattern) -> VoiceEvaluator {
        once(\.evaluator) { VoiceEvaluator(pattern: pattern) }
    }

    /// The pattern's audio events and controls, made now on first use (allocates).
    func audioTable(of pattern: HapticPattern) -> AudioEventTable {
        once(\.audioTable) { AudioEventTable(pattern: pattern) }
    }

    /// Whether the pattern has audio events (one pass over its events, once).
    func hasAudioContent(_ pattern: HapticPattern) -> Bool {
        once(\.audioContent) { pattern.events.contains { $0.type.isAudio } }
    }

    /// The part at `slot`: made by `make` under the lock on first use and kept, read under the lock after.
    private func once<Part>(_ slot: ReferenceWritableKeyPath<PatternPreparation, Part?>, _ make: () -> Part) -> Part {
        lock.lock()
        defer { lock.unlock() }
        if let made = self[keyPath: slot] { return made }
        let made = make()
        self[keyPath: slot] = made
        return made
    }
}

/// A pattern value's `PatternPreparation`, invisible to equality and hashing: two equal patterns are equal
/// whether or not either was prepared.
struct PatternPreparationSlot: Hashable, Sendable {
    let preparation = PatternPreparation()

    static func == (lhs: Self, rhs: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
