import Haptics

/// The pause menu: selection ticks while moving through it, and the haptics settings.
struct PauseMenu {
    enum Item: Int, CaseIterable {
        case resume, haptics, master, impacts, footsteps, textures, notifications, soundVolume, swapPlayers, quit

        var label: String {
            switch self {
            case .resume: return "RESUME"
            case .haptics: return "HAPTICS"
            case .master: return "MASTER INTENSITY"
            case .impacts: return "IMPACTS"
            case .footsteps: return "FOOTSTEPS"
            case .textures: return "TEXTURES"
            case .notifications: return "NOTIFICATIONS"
            case .soundVolume: return "SOUND VOLUME"
            case .swapPlayers: return "SWAP PADS 1 AND 2"
            case .quit: return "QUIT"
            }
        }

        /// The mixer category a percentage item sets, if any.
        var category: HapticCategory? {
            switch self {
            case .impacts: return .impact
            case .footsteps: return .footstep
            case .textures: return .texture
            case .notifications: return .notification
            default: return nil
            }
        }
    }

    var isOpen = false
    var selection = 0
    var soundVolume = 0.8

    var item: Item { Item(rawValue: selection) ?? .resume }

    mutating func move(by step: Int) {
        selection = (selection + step + Item.allCases.count) % Item.allCases.count
    }
}
