import Foundation

/// Follows the players through the level, looking a little ahead of where they face, never past
/// the walls; and shakes with what the players feel (`shake(_:)` is fed the same events as the
/// rumble, through `VisualCue`s). Positions in metres; offsets in art pixels. Deterministic: the
/// same run draws the same frames.
struct Camera {
    /// World x at the middle of the view.
    private(set) var x = Level.spawnX
    private var lead = 0.0
    /// 0...1: how shaken the view is; the offset grows with its square and it fades over ~0.6 s.
    private(set) var trauma = 0.0
    private var time = 0.0
    /// This frame's shake, art pixels.
    private(set) var offset = (x: 0, y: 0)

    static let maximumShake = 6.0

    /// Jumps straight to `target` (a new game).
    mutating func reset(to target: Double) {
        x = clamped(target)
        lead = 0
        trauma = 0
        offset = (0, 0)
    }

    /// Moves towards the players' middle plus a lead in the direction they face, eased over a few
    /// tenths of a second; advances the shake.
    mutating func follow(_ characters: [PlayerCharacter], dt: Double) {
        time += dt
        if !characters.isEmpty {
            let middle = characters.map { $0.position.x }.reduce(0, +) / Double(characters.count)
            let facing = characters.map(\.facing).reduce(0, +) / Double(characters.count)
            lead += (facing * 3 - lead) * (1 - exp(-dt * 1.5))
            x += (clamped(middle + lead) - x) * (1 - exp(-dt * 6))
            x = clamped(x)
        }
        trauma = max(0, trauma - dt * 1.6)
        let amount = Self.maximumShake * trauma * trauma
        offset = (Int((amount * sin(time * 71.3) * cos(time * 23.9)).rounded()),
                  Int((amount * sin(time * 53.1 + 1.7)).rounded()))
    }

    /// Adds `amount` (0...1) of trauma.
    mutating func shake(_ amount: Double) { trauma = min(1, trauma + max(amount, 0)) }

    private func clamped(_ value: Double) -> Double {
        min(max(value, LevelArt.left + Viewport.halfWidthMetres), LevelArt.right - Viewport.halfWidthMetres)
    }

    /// The camera's position in art pixels (whole pixels, so every layer moves together).
    var pixelX: Int { Viewport.column(x) }

    /// Screen column of world x (shake included).
    func column(_ worldX: Double) -> Int { Viewport.column(worldX) - pixelX + Viewport.width / 2 + offset.x }

    /// Screen row of world y (shake included).
    func row(_ worldY: Double) -> Int { Viewport.row(worldY) + offset.y }
}
