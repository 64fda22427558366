import Haptics

/// Where a generator in UIKit's spelling plays: one player through one `GameHaptics`, held weakly (a
/// generator kept after the haptics are gone plays nothing). Every occurrence is `play(_:player:)`, so
/// the generators and `play` share one rate limit and one set of pooled players per preset.
struct FeedbackSpelling {
    private(set) weak var haptics: GameHaptics?
    let player: Int

    init(haptics: GameHaptics, player: Int) {
        self.haptics = haptics
        self.player = max(player, 0)
    }

    /// `haptics.play(feedback, player:)`; false once the haptics are gone.
    func play(_ feedback: HapticFeedback) -> Bool { haptics?.play(feedback, player: player) ?? false }

    /// Makes `feedback`'s pooled players now and keeps the pad ready (`Playback.prepare`).
    func prepare(_ feedback: HapticFeedback) { haptics?.playback.prepare(feedback, player: player) }
}
