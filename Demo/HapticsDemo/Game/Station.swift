/// The places along the level and what to try at each: the prompts the HUD shows while a player is
/// there ("Y: DROP A CRATE"), with the button of the pad in hand.
struct Station {
    /// What a prompt asks the player to use.
    enum Control: Hashable {
        case action(InputState.Action)
        case stick
        case leftTrigger
        case rightTrigger
    }

    let name: String
    /// World x range, metres.
    let from: Double
    let to: Double
    let hints: [(control: Control, text: String)]

    static let all = [
        Station(name: "CRATE YARD", from: Level.left, to: 1.0,
                hints: [(.action(.drop), "DROP A CRATE"), (.stick, "PUSH THEM")]),
        Station(name: "FIVE GROUNDS", from: 1.0, to: 34.0,
                hints: [(.stick, "WALK ON EACH"), (.action(.run), "RUN")]),
        Station(name: "BLOCK AND SLOT", from: 34.0, to: 41.5,
                hints: [(.stick, "PUSH THE BLOCK IN"), (.action(.reset), "RESET")]),
        Station(name: "ENEMY YARD", from: 41.5, to: 54.0,
                hints: [(.action(.punch), "PUNCH"), (.rightTrigger, "SLING")]),
        Station(name: "STONE HILL", from: 54.0, to: Level.right,
                hints: [(.action(.jump), "JUMP"), (.stick, "PUSH THE BOULDER"), (.leftTrigger, "BRAKE")]),
    ]

    /// The station at world x.
    static func at(_ x: Double) -> Station { all.first { x >= $0.from && x < $0.to } ?? all[all.count - 1] }
}
