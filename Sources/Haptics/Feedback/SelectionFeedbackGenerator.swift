/// Selection ticks, after UIKit's `UISelectionFeedbackGenerator`: a menu item, a picker row, a detent.
///
/// Throttled: at most one tick per `minimumInterval` (default 0.05 s, so at most 20 per second);
/// sweeping through 100 items in one second makes about 20 ticks, not 100.
public final class SelectionFeedbackGenerator: FeedbackGenerator {
    public override init(target: any HapticFeedbackTarget, player: Int = 0, presets: PresetLibrary = .builtIn(),
                minimumInterval: Double = 0.05) {
        super.init(target: target, player: player, presets: presets, minimumInterval: minimumInterval)
        minimumIntervals = [:]   // minimumInterval is the selection limit here
    }

    public override var preparedFeedback: [HapticFeedback] { [.selection] }

    /// Plays a selection tick. Returns false when throttled or nothing can be felt.
    @discardableResult
    public func selectionChanged() -> Bool { play(.selection) }
}
