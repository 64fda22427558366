import Haptics

/// Drawing and arranging feedback in UIKit's spelling (`UICanvasFeedbackGenerator`), for code ported from
/// Apple platforms: `haptics.play(.alignment)` and `haptics.play(.pathComplete)` for the generator's
/// player. Game thread.
public final class CanvasFeedbackGenerator {
    private let target: FeedbackSpelling

    public init(haptics: GameHaptics, player: Int = 0) {
        target = FeedbackSpelling(haptics: haptics, player: player)
    }

    /// The player whose pad the feedback plays on (0-based).
    public var player: Int { target.player }

    /// Readies the pad and both cases' players (UIKit's `prepare()`).
    public func prepare() {
        target.prepare(.alignment)
        target.prepare(.pathComplete)
    }

    /// Something snapped into alignment (a guide, a grid, a slot).
    @discardableResult
    public func alignmentOccurred() -> Bool { target.play(.alignment) }

    /// A drawn path was completed.
    @discardableResult
    public func pathCompleted() -> Bool { target.play(.pathComplete) }
}
