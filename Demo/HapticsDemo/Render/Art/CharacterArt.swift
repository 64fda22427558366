import Foundation

/// The player's character, painted by code as a little jointed figure: a pose is a set of joint
/// angles, so walk, jump and punch are a few numbers each. Canvas 24×30 art pixels (16 per metre:
/// the body box is 0.8×1.6 m), feet on the bottom row, facing right; the strip holds each pose
/// facing right, then the same mirrored.
enum CharacterArt {
    static let width = 24
    static let height = 30

    /// Angles in degrees from straight down; positive turns towards where the character faces.
    /// Each limb: (upper, lower relative to upper).
    struct Pose {
        var backLeg: (Double, Double)
        var frontLeg: (Double, Double)
        var backArm: (Double, Double)
        var frontArm: (Double, Double)
        /// Art pixels the body rises (walk bob).
        var lift: Double = 0
    }

    enum Frame: Int, CaseIterable {
        case idle, walk1, walk2, walk3, walk4, jump, punch
    }

    static let poses: [Frame: Pose] = [
        .idle: Pose(backLeg: (-5, 0), frontLeg: (5, 0), backArm: (-8, 12), frontArm: (10, 16)),
        .walk1: Pose(backLeg: (-26, -20), frontLeg: (26, -4), backArm: (24, 30), frontArm: (-24, 18)),
        .walk2: Pose(backLeg: (-4, 0), frontLeg: (8, -40), backArm: (4, 20), frontArm: (-2, 20), lift: 1),
        .walk3: Pose(backLeg: (26, -4), frontLeg: (-26, -20), backArm: (-24, 18), frontArm: (24, 30)),
        .walk4: Pose(backLeg: (8, -40), frontLeg: (-4, 0), backArm: (-2, 20), frontArm: (4, 20), lift: 1),
        .jump: Pose(backLeg: (-18, -50), frontLeg: (42, -78), backArm: (130, 30), frontArm: (160, 10), lift: 1),
        .punch: Pose(backLeg: (-30, -6), frontLeg: (28, -14), backArm: (36, 110), frontArm: (90, 0)),
    ]

    /// Every pose of `player`'s character (0: blue, 1: orange): facing right, then left.
    static func frames(player: Int) -> [PixelImage] {
        let right = Frame.allCases.map { paint(poses[$0]!, player: player, punching: $0 == .punch) }
        return right + right.map { $0.mirrored() }
    }

    /// Strip index of `frame` facing `facing` (+1 right, -1 left).
    static func index(_ frame: Frame, facing: Double) -> Int { frame.rawValue + (facing < 0 ? Frame.allCases.count : 0) }

    private static func paint(_ pose: Pose, player: Int, punching: Bool) -> PixelImage {
        var image = PixelImage(width: width, height: height)
        let shirt = Palette.shirts[player % 2]
        let shirtShade = Palette.shirtShades[player % 2]
        let hip = (x: 12.0, y: 20.5 - pose.lift)
        let shoulder = (x: 12.5, y: 13.0 - pose.lift)

        func limb(from start: (x: Double, y: Double), _ angles: (Double, Double), lengths: (Double, Double)) -> (joint: (Double, Double), end: (Double, Double)) {
            let a = angles.0 * .pi / 180
            let b = (angles.0 + angles.1) * .pi / 180
            let joint = (start.x + sin(a) * lengths.0, start.y + cos(a) * lengths.0)
            let end = (joint.0 + sin(b) * lengths.1, joint.1 + cos(b) * lengths.1)
            return (joint, end)
        }
        func leg(_ angles: (Double, Double), trousers: Colour, shoe: Colour) {
            let (knee, foot) = limb(from: hip, angles, lengths: (4.6, 4.4))
            image.line(hip.x, hip.y, knee.0, knee.1, thickness: 3, trousers)
            image.line(knee.0, knee.1, foot.0, foot.1, thickness: 3, trousers)
            image.fill(x: Int(foot.0.rounded(.down)) - 1, y: Int(foot.1.rounded(.down)), width: 4, height: 2, shoe)
        }
        func arm(_ angles: (Double, Double), sleeve: Colour, hand: Colour, fist: Bool) {
            let (elbow, end) = limb(from: shoulder, angles, lengths: (4.2, 4.2))
            image.line(shoulder.x, shoulder.y, elbow.0, elbow.1, thickness: 2.4, sleeve)
            image.line(elbow.0, elbow.1, end.0, end.1, thickness: 2, hand)
            image.disc(end.0, end.1, radius: fist ? 1.9 : 1.3, hand)
        }

        // Far side first, a shade darker.
        arm(pose.backArm, sleeve: shirtShade, hand: Palette.skinShade, fist: false)
        leg(pose.backLeg, trousers: Palette.trousers.shaded(0.8), shoe: Palette.outline)
        // Torso: shirt with a shaded back edge and a belt.
        image.fill(x: 9, y: Int(12 - pose.lift), width: 7, height: 9, shirt)
        image.fill(x: 9, y: Int(12 - pose.lift), width: 2, height: 9, shirtShade)
        image.fill(x: 9, y: Int(19 - pose.lift), width: 7, height: 2, Palette.trousers)
        leg(pose.frontLeg, trousers: Palette.trousers, shoe: Palette.outline.shaded(1.6))
        // Head: skin, a cap in the player's colour with its peak forward, an eye.
        let head = (x: 12.8, y: 8.0 - pose.lift)
        image.disc(head.x, head.y, radius: 4.3, Palette.skin)
        image.fill(x: Int(head.x) - 2, y: Int(head.y) + 2, width: 4, height: 1, Palette.skinShade)
        image.ellipse(head.x - 0.3, head.y - 2.2, rx: 4.6, ry: 2.6, shirt)
        image.fill(x: Int(head.x) + 1, y: Int(head.y) - 2, width: 5, height: 1, shirtShade)
        image.fill(x: Int(head.x) + 2, y: Int(head.y), width: 1, height: 2, Palette.outline)
        arm(pose.frontArm, sleeve: shirt, hand: Palette.skin, fist: punching)
        return image.outlined(Palette.outline)
    }
}
