/// What a player wants this frame, from keyboard, gamepad or a script, as the game reads it.
struct InputState {
    enum Action: String, CaseIterable, Sendable {
        case left, right, jump, punch, drop, run, menu, up, down, select, back, reset, hud
    }

    private var held: Set<Action> = []
    private var pressedThisFrame: Set<Action> = []

    mutating func set(_ action: Action, down: Bool) {
        if down {
            if !held.contains(action) { pressedThisFrame.insert(action) }
            held.insert(action)
        } else {
            held.remove(action)
        }
    }

    func isHeld(_ action: Action) -> Bool { held.contains(action) }
    /// True on the frame the action went down.
    func wasPressed(_ action: Action) -> Bool { pressedThisFrame.contains(action) }

    /// Call once per frame after the game read the input.
    mutating func endFrame() { pressedThisFrame.removeAll(keepingCapacity: true) }

    /// Whether any action went down this frame.
    var anyPressed: Bool { !pressedThisFrame.isEmpty }

    /// Forgets this frame's presses (a press that only started the game does nothing in it).
    mutating func consumePresses() { pressedThisFrame.removeAll(keepingCapacity: true) }

    /// Horizontal intent, -1...1.
    var horizontal: Double { (isHeld(.right) ? 1 : 0) - (isHeld(.left) ? 1 : 0) }
}
