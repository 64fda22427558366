@_spi(HapticsTools) import Haptics

/// One of the front door's lists of voices (the live ones, the paused ones, the ones focus holds), each
/// voice at most once, with membership in O(1): the voice carries a mark for each list it is on
/// (`HapticPatternPlayer.ownerMarks`), so adding a voice is O(1), not a search of the list (issue 31,
/// round two, F5: a frame of 65,536 mapping voice starts searched the live list for each, 41 % of a
/// frame of 16.7 s). Appends allocate only when the list outgrows its reserve. Game thread only.
package struct VoiceList: Sequence {
    /// Which of a voice's `ownerMarks` bits this list uses (distinct per list).
    private let mark: UInt8
    private var voices: [HapticAdvancedPatternPlayer] = []

    init(mark: UInt8, capacity: Int) {
        self.mark = mark
        voices.reserveCapacity(capacity)
    }

    package var count: Int { voices.count }
    package var isEmpty: Bool { voices.isEmpty }

    /// Whether `voice` is on the list. O(1).
    package func contains(_ voice: HapticAdvancedPatternPlayer) -> Bool { voice.ownerMarks & mark != 0 }

    /// Adds `voice` unless it is on the list already. O(1).
    mutating func insert(_ voice: HapticAdvancedPatternPlayer) {
        guard voice.ownerMarks & mark == 0 else { return }
        voice.ownerMarks |= mark
        voices.append(voice)
    }

    /// Removes every voice for which `drop` is true. O(count).
    mutating func removeAll(where drop: (HapticAdvancedPatternPlayer) -> Bool) {
        let mark = self.mark
        voices.removeAll { voice in
            guard drop(voice) else { return false }
            voice.ownerMarks &= ~mark
            return true
        }
    }

    /// Empties the list, keeping its storage. O(count).
    mutating func removeAll() {
        for voice in voices { voice.ownerMarks &= ~mark }
        voices.removeAll(keepingCapacity: true)
    }

    package func makeIterator() -> IndexingIterator<[HapticAdvancedPatternPlayer]> { voices.makeIterator() }
}
