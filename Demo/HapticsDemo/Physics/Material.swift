/// What a surface or object is made of: picks footstep and collision feel, and its colour.
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

    /// Surfaces the player walks on.
    static let surfaces: [Material] = [.grass, .wood, .metal, .gravel]

    var color: (UInt8, UInt8, UInt8) {
        switch self {
        case .grass: return (70, 150, 60)
        case .wood: return (150, 105, 60)
        case .metal: return (150, 160, 175)
        case .gravel: return (120, 115, 105)
        case .crate: return (185, 135, 70)
        case .stone: return (110, 110, 120)
        case .flesh: return (230, 190, 160)
        case .rubber: return (60, 60, 70)
        }
    }
}
