import Haptics

/// Impacts in UIKit's spelling (`UIImpactFeedbackGenerator`), for code ported from Apple platforms: each
/// occurrence is `haptics.play(.impact(...), player:)`, which plays the preset on that player's pad (and
/// nowhere when the player has none). A game writing new code calls `play` itself. Game thread.
public final class ImpactFeedbackGenerator {
    /// UIKit's impact styles, plus SwiftUI's `solid` flexibility.
    public enum Style: String, Hashable, Sendable, CaseIterable {
        case light, medium, heavy, rigid, solid, soft

        /// The feedback case of this style at `intensity` (0...1).
        func feedback(intensity: Double) -> HapticFeedback {
            switch self {
            case .light: return .impact(weight: .light, intensity: intensity)
            case .medium: return .impact(weight: .medium, intensity: intensity)
            case .heavy: return .impact(weight: .heavy, intensity: intensity)
            case .rigid: return .impact(flexibility: .rigid, intensity: intensity)
            case .solid: return .impact(flexibility: .solid, intensity: intensity)
            case .soft: return .impact(flexibility: .soft, intensity: intensity)
            }
        }
    }

    /// The style every impact of this generator has.
    public let style: Style
    /// Where it plays: `player`'s pad through `haptics` (held weakly; once it is gone, nothing plays).
    private let target: FeedbackSpelling

    public init(style: Style = .medium, haptics: GameHaptics, player: Int = 0) {
        self.style = style
        target = FeedbackSpelling(haptics: haptics, player: player)
    }

    /// The player whose pad the impacts play on (0-based).
    public var player: Int { target.player }

    /// Readies the pad and the impact's players, so the next impact allocates nothing (UIKit's `prepare()`).
    public func prepare() { target.prepare(style.feedback(intensity: 1)) }

    /// Plays an impact at full intensity. Returns false when nothing can be felt (or it was rate-limited).
    @discardableResult
    public func impactOccurred() -> Bool { impactOccurred(intensity: 1) }

    /// Plays an impact at `intensity` (0...1, multiplies the preset's intensity).
    @discardableResult
    public func impactOccurred(intensity: Double) -> Bool { target.play(style.feedback(intensity: intensity)) }
}
