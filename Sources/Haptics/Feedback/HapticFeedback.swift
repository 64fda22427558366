/// A kind of feedback, named as SwiftUI's `SensoryFeedback` names it, each played by a preset pattern.
///
/// Every case maps to one AHAP file in `Assets/Haptics/Presets` (`presetName`), so designers can read and tune
/// them (docs/presets.md). Intensity in the two `impact` cases multiplies the preset's intensity, 0...1.
public enum HapticFeedback: Hashable, Sendable {
    /// A task or action succeeded.
    case success
    /// A task or action produced a warning.
    case warning
    /// A task or action failed.
    case error
    /// A selection changed (menu item, slider detent).
    case selection
    /// A value increased.
    case increase
    /// A value decreased.
    case decrease
    /// An activity started.
    case start
    /// An activity stopped.
    case stop
    /// Something snapped into alignment.
    case alignment
    /// A discrete level changed (a dial's detent, a gear).
    case levelChange
    /// A drawn path was completed.
    case pathComplete
    /// A physical impact of a given weight; intensity 0...1.
    case impact(weight: Weight = .medium, intensity: Double = 1)
    /// A physical impact of a given flexibility; intensity 0...1.
    case impactFlexibility(Flexibility, intensity: Double = 1)

    /// How heavy the colliding object feels.
    public enum Weight: String, Hashable, Sendable, CaseIterable {
        case light, medium, heavy
    }

    /// How rigid the colliding object feels.
    public enum Flexibility: String, Hashable, Sendable, CaseIterable {
        case rigid, solid, soft
    }

    /// SwiftUI's `impact(flexibility:intensity:)`, spelled as SwiftUI spells it.
    public static func impact(flexibility: Flexibility, intensity: Double = 1) -> HapticFeedback {
        .impactFlexibility(flexibility, intensity: intensity)
    }

    /// The name of the preset pattern that plays this feedback (an AHAP file name without extension).
    public var presetName: String {
        switch self {
        case .success: return "Success"
        case .warning: return "Warning"
        case .error: return "Error"
        case .selection: return "Selection"
        case .increase: return "Increase"
        case .decrease: return "Decrease"
        case .start: return "Start"
        case .stop: return "Stop"
        case .alignment: return "Alignment"
        case .levelChange: return "LevelChange"
        case .pathComplete: return "PathComplete"
        case .impact(let weight, _):
            switch weight {
            case .light: return "ImpactLight"
            case .medium: return "ImpactMedium"
            case .heavy: return "ImpactHeavy"
            }
        case .impactFlexibility(let flexibility, _):
            switch flexibility {
            case .rigid: return "ImpactRigid"
            case .solid: return "ImpactSolid"
            case .soft: return "ImpactSoft"
            }
        }
    }

    /// The intensity multiplier, 0...1 (1 for cases without one; NaN counts as 1).
    public var intensity: Double {
        switch self {
        case .impact(_, let value), .impactFlexibility(_, let value):
            return value.isNaN ? 1 : min(max(value, 0), 1)
        default:
            return 1
        }
    }

    /// The mixer category the feedback plays in.
    public var category: HapticCategory {
        switch self {
        case .success, .warning, .error: return .notification
        case .impact, .impactFlexibility: return .impact
        case .selection, .increase, .decrease, .start, .stop, .alignment, .levelChange, .pathComplete: return .ui
        }
    }

    /// The position of this feedback's case in `allPresetCases` (0..<17), whatever its intensity.
    public var presetIndex: Int {
        switch self {
        case .success: return 0
        case .warning: return 1
        case .error: return 2
        case .selection: return 3
        case .increase: return 4
        case .decrease: return 5
        case .start: return 6
        case .stop: return 7
        case .alignment: return 8
        case .levelChange: return 9
        case .pathComplete: return 10
        case .impact(let weight, _):
            switch weight {
            case .light: return 11
            case .medium: return 12
            case .heavy: return 13
            }
        case .impactFlexibility(let flexibility, _):
            switch flexibility {
            case .rigid: return 14
            case .solid: return 15
            case .soft: return 16
            }
        }
    }

    /// The case at `presetIndex` (0..<17; others clamp into range) with `intensity` for the two
    /// impact cases.
    public init(presetIndex: Int, intensity: Double = 1) {
        switch min(max(presetIndex, 0), 16) {
        case 0: self = .success
        case 1: self = .warning
        case 2: self = .error
        case 3: self = .selection
        case 4: self = .increase
        case 5: self = .decrease
        case 6: self = .start
        case 7: self = .stop
        case 8: self = .alignment
        case 9: self = .levelChange
        case 10: self = .pathComplete
        case 11: self = .impact(weight: .light, intensity: intensity)
        case 12: self = .impact(weight: .medium, intensity: intensity)
        case 13: self = .impact(weight: .heavy, intensity: intensity)
        case 14: self = .impactFlexibility(.rigid, intensity: intensity)
        case 15: self = .impactFlexibility(.solid, intensity: intensity)
        default: self = .impactFlexibility(.soft, intensity: intensity)
        }
    }

    /// One case of every kind, each at intensity 1 (17 presets).
    public static let allPresetCases: [HapticFeedback] =
        [.success, .warning, .error, .selection, .increase, .decrease, .start, .stop, .alignment, .levelChange, .pathComplete]
        + Weight.allCases.map { .impact(weight: $0) }
        + Flexibility.allCases.map { .impact(flexibility: $0) }

    /// The case for a name as scripts and configs write it: the SwiftUI case name (`success`,
    /// `levelChange`, `pathComplete`) or a preset-style impact name (`impactLight`, `impactHeavy`,
    /// `impactRigid`, `impactSolid`, `impactSoft`; `impact` alone is medium). Case-sensitive.
    public init?(name: String) {
        switch name {
        case "success": self = .success
        case "warning": self = .warning
        case "error": self = .error
        case "selection": self = .selection
        case "increase": self = .increase
        case "decrease": self = .decrease
        case "start": self = .start
        case "stop": self = .stop
        case "alignment": self = .alignment
        case "levelChange": self = .levelChange
        case "pathComplete": self = .pathComplete
        case "impact", "impactMedium": self = .impact(weight: .medium)
        case "impactLight": self = .impact(weight: .light)
        case "impactHeavy": self = .impact(weight: .heavy)
        case "impactRigid": self = .impact(flexibility: .rigid)
        case "impactSolid": self = .impact(flexibility: .solid)
        case "impactSoft": self = .impact(flexibility: .soft)
        default: return nil
        }
    }

    /// Every name `init(name:)` accepts.
    public static let names = ["success", "warning", "error", "selection", "increase", "decrease", "start", "stop",
                               "alignment", "levelChange", "pathComplete", "impact", "impactLight", "impactMedium",
                               "impactHeavy", "impactRigid", "impactSolid", "impactSoft"]
}
