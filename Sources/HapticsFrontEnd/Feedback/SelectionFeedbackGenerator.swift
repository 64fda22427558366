import Haptics

/// Selection ticks in UIKit's spelling (`UISelectionFeedbackGenerator`), for code ported from Apple
/// platforms: each is `haptics.play(.selection, player:)`, at most one per 0.05 s (`play`'s rate limit
/// for selection: sweeping through 100 items in a second makes about 20 ticks). Game thread.
public final class SelectionFeedbackGenerator {
    private let target: FeedbackSpelling

    public init(haptics: GameHaptics, player: Int = 0) {
        target = FeedbackSpelling(haptics: haptics, player: player)
    }

    /// The player whose pad the ticks play on (0-based).
    public var player: Int { target.player }

    /// Readies the pad and the tick's players (UIKit's `prepare()`).
    public func prepare() { target.prepare(.selection) }

    /// Plays a selection tick. Returns false when throttled or nothing can be felt.
    @discardableResult
    public func selectionChanged() -> Bool { target.play(.selection) }
}
