/// Outcomes, after UIKit's `UINotificationFeedbackGenerator`: success, warning, error.
///
/// Rate limit: 0.2 s per type by default (a notification is a message, not a texture).
public final class NotificationFeedbackGenerator: FeedbackGenerator {
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

    public override init(target: any HapticFeedbackTarget, player: Int = 0, presets: PresetLibrary = .builtIn(),
                minimumInterval: Double = 0.2) {
        super.init(target: target, player: player, presets: presets, minimumInterval: minimumInterval)
    }

    public override var preparedFeedback: [HapticFeedback] { [.success, .warning, .error] }

    /// Plays the notification of `type`. Returns false when rate-limited or nothing can be felt.
    @discardableResult
    public func notificationOccurred(_ type: FeedbackType) -> Bool { play(type.feedback) }
}
