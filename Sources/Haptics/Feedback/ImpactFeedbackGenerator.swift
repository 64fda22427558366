/// Impacts, after UIKit's `UIImpactFeedbackGenerator`: a physical collision of a given style.
///
/// Rate limit: 0.03 s per style by default (faster impacts blur into one on gamepad motors anyway).
public final class ImpactFeedbackGenerator: FeedbackGenerator {
    /// UIKit's impact styles, plus SwiftUI's `solid` flexibility.
    public enum Style: String, Hashable, Sendable, CaseIterable {
        case light, medium, heavy, rigid, solid, soft

        var feedback: HapticFeedback {
            switch self {
            case .light: return .impact(weight: .light)
            case .medium: return .impact(weight: .medium)
            case .heavy: return .impact(weight: .heavy)
            case .rigid: return .impact(flexibility: .rigid)
            case .solid: return .impact(flexibility: .solid)
            case .soft: return .impact(flexibility: .soft)
            }
        }
    }

    /// The style every impact of this generator has.
    public let style: Style

    public init(style: Style = .medium, target: any HapticFeedbackTarget, player: Int = 0,
                presets: PresetLibrary = .builtIn(), minimumInterval: Double = 0.03) {
        self.style = style
        super.init(target: target, player: player, presets: presets, minimumInterval: minimumInterval)
    }

    public override var preparedFeedback: [HapticFeedback] { [style.feedback] }

    /// Plays an impact at full intensity. Returns false when rate-limited or nothing can be felt.
    @discardableResult
    public func impactOccurred() -> Bool { impactOccurred(intensity: 1) }

    /// Plays an impact at `intensity` (0...1, multiplies the preset's intensity).
    @discardableResult
    public func impactOccurred(intensity: Double) -> Bool {
        switch style.feedback {
        case .impact(let weight, _): return play(.impact(weight: weight, intensity: intensity))
        case .impactFlexibility(let flexibility, _): return play(.impact(flexibility: flexibility, intensity: intensity))
        default: return false
        }
    }
}
