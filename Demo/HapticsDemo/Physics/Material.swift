/// What a surface or object is made of: picks footstep and collision feel (by name in the config) and
/// how it looks (Render/Art).
enum Material: Int, CaseIterable, Sendable {
    case grass = 1, wood, metal, gravel, crate, stone, flesh, rubber

    /// The name the haptics config uses.
    var name: String {
        switch self {
        case .grass: return "grass"
        case .wood: return "wood"
        case .metal: return "metal"
        case .gravel: return "gravel"
        case .crate: return "crate"
        case .stone: return "stone"
        case .flesh: return "flesh"
        case .rubber: return "rubber"
        }
    }
}
