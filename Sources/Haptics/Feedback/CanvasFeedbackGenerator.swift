/// Drawing and arranging feedback, after UIKit's `UICanvasFeedbackGenerator`: alignment and path completion.
///
/// Rate limit: 0.05 s per kind by default.
public final class CanvasFeedbackGenerator: FeedbackGenerator {
    public override init(target: any HapticFeedbackTarget, player: Int = 0, presets: PresetLibrary = .builtIn(),
                minimumInterval: Double = 0.05) {
        super.init(target: target, player: player, presets: presets, minimumInterval: minimumInterval)
    }

    public override var preparedFeedback: [HapticFeedback] { [.alignment, .pathComplete] }

    /// Something snapped into alignment (a guide, a grid, a slot).
    @discardableResult
    public func alignmentOccurred() -> Bool { play(.alignment) }

    /// A drawn path was completed.
    @discardableResult
    public func pathCompleted() -> Bool { play(.pathComplete) }
}
