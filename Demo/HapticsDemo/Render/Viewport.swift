/// The picture's grid: the scene is drawn at 480×270 art pixels, 16 per metre, into a texture that
/// is scaled up to the window (2× at 960×540), so every part of the look shares one pixel size.
/// The camera moves sideways only; the ground (world y = 0) is always at `groundRow`.
enum Viewport {
    static let width = 480
    static let height = 270
    static let pixelsPerMetre = 16.0
    /// Screen row of world height 0: the surface's top row is the one above it.
    static let groundRow = 206

    /// Screen row of world height `y` metres.
    static func row(_ y: Double) -> Int { Int((Double(groundRow) - y * pixelsPerMetre).rounded()) }

    /// Art-pixel column of world `x` metres (before the camera).
    static func column(_ x: Double) -> Int { Int((x * pixelsPerMetre).rounded()) }

    /// Half the view's width in metres.
    static var halfWidthMetres: Double { Double(width) / 2 / pixelsPerMetre }
}
