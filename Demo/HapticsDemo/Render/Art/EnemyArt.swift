import Foundation

/// The enemy: a round red imp with horns and stubby feet, painted by code. Canvas 22×22 art pixels
/// (the body box is 0.9×1.2 m), feet on the bottom row, facing right. Strip: two walking frames
/// facing right, the same facing left, then the knocked-out imp lying flat.
enum EnemyArt {
    static let width = 22
    static let height = 22
    /// Strip index of the knocked-out frame.
    static let defeatedIndex = 4

    static func frames() -> [PixelImage] {
        let right = [paint(step: 0), paint(step: 1)]
        return right + right.map { $0.mirrored() } + [defeated()]
    }

    /// Strip index of walking frame `step` (0, 1) facing `facing`.
    static func index(step: Int, facing: Double) -> Int { step % 2 + (facing < 0 ? 2 : 0) }

    private static func paint(step: Int) -> PixelImage {
        var image = PixelImage(width: width, height: height)
        let bob = Double(step)
        // Feet, one lifted per step.
        image.ellipse(7, step == 0 ? 19.5 : 20.5, rx: 2.6, ry: 1.5, Palette.enemyDark)
        image.ellipse(15, step == 0 ? 20.5 : 19.5, rx: 2.6, ry: 1.5, Palette.enemyDark)
        // Horns behind the body.
        image.line(6, 7 - bob, 4, 2 - bob, thickness: 2.2, Palette.bone)
        image.line(16, 7 - bob, 18, 2 - bob, thickness: 2.2, Palette.bone)
        // Body and belly.
        image.ellipse(11, 12.5 - bob, rx: 7.6, ry: 7.2, Palette.enemy)
        image.ellipse(9.5, 14.5 - bob, rx: 5.5, ry: 4.6, Palette.enemy.shaded(0.88))
        image.ellipse(12.5, 15 - bob, rx: 4, ry: 3.4, Palette.enemyLight)
        image.ellipse(13, 8.5 - bob, rx: 3, ry: 1.4, Palette.enemyLight.shaded(1.08))
        // Angry eyes looking ahead, a mouth with a tooth.
        let eyeY = Int(10 - bob)
        for x in [12, 16] {
            image.fill(x: x, y: eyeY, width: 3, height: 3, Palette.white)
            image.fill(x: x + 1, y: eyeY + 1, width: 2, height: 2, Palette.outline)
            image.fill(x: x - 1, y: eyeY - 1, width: 2, height: 1, Palette.outline)
            image.fill(x: x + 1, y: eyeY - 2, width: 2, height: 1, Palette.outline)
        }
        image.fill(x: 13, y: eyeY + 5, width: 5, height: 1, Palette.outline)
        image.fill(x: 15, y: eyeY + 6, width: 1, height: 1, Palette.white)
        // A little arm.
        image.ellipse(5, 14 - bob, rx: 1.5, ry: 2.2, Palette.enemyDark)
        return image.outlined(Palette.outline)
    }

    private static func defeated() -> PixelImage {
        var image = PixelImage(width: width, height: height)
        image.ellipse(11, 18, rx: 9.5, ry: 3.6, Palette.enemy.shaded(0.8))
        image.ellipse(12, 18.5, rx: 5, ry: 2, Palette.enemyLight.shaded(0.85))
        image.line(1, 16, 3, 14, thickness: 2, Palette.bone)
        // X eyes.
        for x in [13, 17] {
            image.plot(x, 16, Palette.outline); image.plot(x + 2, 16, Palette.outline)
            image.plot(x + 1, 17, Palette.outline)
            image.plot(x, 18, Palette.outline); image.plot(x + 2, 18, Palette.outline)
        }
        return image.outlined(Palette.outline)
    }
}
