/// What kind of feedback a player gives; each category has its own gain in the mixer, so a game's
/// settings can turn, say, footsteps down without touching impacts.
public enum HapticCategory: Int, CaseIterable, Hashable, Sendable {
    /// Menus, selection, buttons.
    case ui
    /// Hits, collisions, explosions.
    case impact
    /// Steps and landings.
    case footstep
    /// Surfaces, engines, rain: long continuous textures.
    case texture
    /// Success, warning, error.
    case notification
    /// Anything else (the default).
    case custom
}
