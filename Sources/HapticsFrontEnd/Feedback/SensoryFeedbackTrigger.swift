import Haptics

/// Plays feedback when a watched value changes, after SwiftUI's `sensoryFeedback(_:trigger:)`, for a game
/// loop: call `check(_:)` once per frame with the current value; what it plays goes through
/// `haptics.play(_:player:)`.
///
/// The first `check` only records the value (SwiftUI does not fire on appearance). After that a frame
/// whose value equals the previous frame's never plays anything. Three forms, as in SwiftUI: a fixed
/// feedback on every change, a fixed feedback when `condition(old, new)` holds, or a closure that picks
/// the feedback (or nil for none) from `(old, new)`.
/// Game thread only. Cost per frame: one comparison when unchanged; no allocation.
public final class SensoryFeedbackTrigger<Value: Equatable> {
    private let target: FeedbackSpelling
    private let choose: (Value, Value) -> HapticFeedback?
    private var previous: Value?

    /// Plays `feedback` whenever the value changes.
    public init(_ feedback: HapticFeedback, haptics: GameHaptics, player: Int = 0) {
        target = FeedbackSpelling(haptics: haptics, player: player)
        choose = { _, _ in feedback }
    }

    /// Plays `feedback` when the value changes and `condition(old, new)` is true.
    public init(_ feedback: HapticFeedback, haptics: GameHaptics, player: Int = 0, condition: @escaping (Value, Value) -> Bool) {
        target = FeedbackSpelling(haptics: haptics, player: player)
        choose = { old, new in condition(old, new) ? feedback : nil }
    }

    /// Plays what `feedback(old, new)` returns when the value changes (nil: nothing).
    public init(haptics: GameHaptics, player: Int = 0, feedback: @escaping (Value, Value) -> HapticFeedback?) {
        target = FeedbackSpelling(haptics: haptics, player: player)
        choose = feedback
    }

    /// Checks this frame's value. Returns the feedback it asked to play (even if `play` then
    /// rate-limited it), or nil when the value did not change or nothing was chosen.
    @discardableResult
    public func check(_ value: Value) -> HapticFeedback? {
        guard let old = previous else {
            previous = value
            return nil
        }
        guard old != value else { return nil }
        previous = value
        guard let feedback = choose(old, value) else { return nil }
        _ = target.play(feedback)
        return feedback
    }

    /// Forgets the recorded value: the next `check` only records again.
    public func reset() { previous = nil }
}
