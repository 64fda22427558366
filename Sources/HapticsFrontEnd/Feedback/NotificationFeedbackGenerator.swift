import Haptics

/// Outcomes in UIKit's spelling (`UINotificationFeedbackGenerator`), for code ported from Apple
/// platforms: each is `haptics.play(.success)` (or `.warning`, `.error`) for the generator's player.
/// Game thread.
public final class NotificationFeedbackGenerator {
    /// UIKit's notification types.
    public enum FeedbackType: String, Hashable, Sendable, CaseIterable {
        case success, warning, error

        var feedback: HapticFeedback {
            switch self {
            case .success: return .success
            case .warning: return .warning
            case .error: return .error
            }
        }
    }

    private let target: FeedbackSpelling

    public init(haptics: GameHaptics, player: Int = 0) {
        target = FeedbackSpelling(haptics: haptics, player: player)
    }

    /// The player whose pad the notifications play on (0-based).
    public var player: Int { target.player }

    /// Readies the pad and the three notifications' players (UIKit's `prepare()`).
    public func prepare() { FeedbackType.allCases.forEach { target.prepare($0.feedback) } }

    /// Plays the notification of `type`. Returns false when nothing can be felt.
    @discardableResult
    public func notificationOccurred(_ type: FeedbackType) -> Bool { target.play(type.feedback) }
}
