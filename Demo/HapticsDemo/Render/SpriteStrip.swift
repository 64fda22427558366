import CHapticsSDL2
import Foundation

/// Turning `PixelImage`s into SDL textures (start-up only).
enum SpriteTexture {
    /// A static ARGB texture of `image`; alpha-blended unless `opaque`.
    /// `withoutAlpha`: the pixels' alpha is ignored (XRGB), so an alpha modulation blends the whole
    /// texture at one level, which the software renderer does on a fast path.
    static func make(renderer: OpaquePointer, image: PixelImage, opaque: Bool = false, withoutAlpha: Bool = false) -> OpaquePointer {
        let format = withoutAlpha ? SDL_PIXELFORMAT_RGB888 : SDL_PIXELFORMAT_ARGB8888
        guard let texture = SDL_CreateTexture(renderer, format.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                              Int32(image.width), Int32(image.height)) else {
            fatalError("SDL_CreateTexture \(image.width)x\(image.height): \(String(cString: SDL_GetError()))")
        }
        image.pixels.withUnsafeBytes { bytes in
            _ = SDL_UpdateTexture(texture, nil, bytes.baseAddress, Int32(image.width * 4))
        }
        SDL_SetTextureBlendMode(texture, opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        return texture
    }
}

/// Frames of one sprite side by side in one texture (poses, or a body's turns), each drawn by its
/// bottom-centre or centre. Made once; drawing a frame is one `SDL_RenderCopy`.
final class SpriteStrip {
    let texture: OpaquePointer
    let frameWidth: Int
    let frameHeight: Int
    let count: Int

    init(renderer: OpaquePointer, frames: [PixelImage]) {
        let strip = PixelImage.strip(frames)
        count = max(frames.count, 1)
        frameWidth = strip.width / count
        frameHeight = strip.height
        texture = SpriteTexture.make(renderer: renderer, image: strip)
    }

    /// `count` turns of `image` through a full circle (frame i is i/count of a turn).
    convenience init(renderer: OpaquePointer, turnsOf image: PixelImage, count: Int) {
        let side = Int(hypot(Double(image.width), Double(image.height)).rounded(.up)) + 1
        let frames = (0..<count).map { image.rotated(by: Double($0) / Double(count) * 2 * .pi, side: side) }
        self.init(renderer: renderer, frames: frames)
    }

    deinit { SDL_DestroyTexture(texture) }

    /// The frame of a turn of `angle` radians (for strips made with `turnsOf`).
    func frame(forAngle angle: Double) -> Int {
        let turns = angle / (2 * .pi)
        let index = Int((turns - turns.rounded(.down)) * Double(count) + 0.5) % count
        return max(index, 0)
    }

    /// Draws frame `index` with its centre at screen (x, y).
    func draw(_ index: Int, centreX x: Int, centreY y: Int, renderer: OpaquePointer) {
        draw(index, x: x - frameWidth / 2, y: y - frameHeight / 2, renderer: renderer)
    }

    /// Draws frame `index` with the middle of its bottom row at screen (x, y).
    func draw(_ index: Int, bottomX x: Int, bottomY y: Int, renderer: OpaquePointer) {
        draw(index, x: x - frameWidth / 2, y: y - frameHeight + 1, renderer: renderer)
    }

    /// Draws frame `index` with its top-left corner at screen (x, y).
    func draw(_ index: Int, x: Int, y: Int, renderer: OpaquePointer) {
        var source = SDL_Rect(x: Int32(min(max(index, 0), count - 1) * frameWidth), y: 0, w: Int32(frameWidth), h: Int32(frameHeight))
        var target = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(frameWidth), h: Int32(frameHeight))
        SDL_RenderCopy(renderer, texture, &source, &target)
    }
}
