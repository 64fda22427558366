import CHapticsChipmunk
import CHapticsSDL2

/// World-to-screen drawing: metres to pixels with a camera that follows the players.
struct Draw {
    let renderer: OpaquePointer
    static let pixelsPerMetre = 24.0
    var cameraX = 0.0
    let width: Int
    let height: Int
    /// Screen y of the ground line.
    var groundY: Double { Double(height) - 190 }

    func screen(_ point: cpVect) -> SDL_FPoint {
        SDL_FPoint(x: Float((point.x - cameraX) * Self.pixelsPerMetre + Double(width) / 2),
                   y: Float(groundY - point.y * Self.pixelsPerMetre))
    }

    func color(_ rgb: (UInt8, UInt8, UInt8), alpha: UInt8 = 255) {
        SDL_SetRenderDrawColor(renderer, rgb.0, rgb.1, rgb.2, alpha)
    }

    /// A filled convex polygon in world coordinates.
    func polygon(_ points: [cpVect], _ rgb: (UInt8, UInt8, UInt8)) {
        guard points.count >= 3 else { return }
        let colour = SDL_Color(r: rgb.0, g: rgb.1, b: rgb.2, a: 255)
        var vertices = points.map { SDL_Vertex(position: screen($0), color: colour, tex_coord: SDL_FPoint(x: 0, y: 0)) }
        var indices: [Int32] = []
        for index in 1..<(points.count - 1) { indices += [0, Int32(index), Int32(index + 1)] }
        SDL_RenderGeometry(renderer, nil, &vertices, Int32(vertices.count), &indices, Int32(indices.count))
    }

    /// A body's box of `width` × `height` metres, rotated with the body.
    func box(_ body: OpaquePointer, width: Double, height: Double, _ rgb: (UInt8, UInt8, UInt8)) {
        let corners = [cpv(-width / 2, -height / 2), cpv(width / 2, -height / 2), cpv(width / 2, height / 2), cpv(-width / 2, height / 2)]
        polygon(corners.map { cpBodyLocalToWorld(body, $0) }, rgb)
    }

    func circle(_ body: OpaquePointer, radius: Double, _ rgb: (UInt8, UInt8, UInt8)) {
        let points = (0..<20).map { index -> cpVect in
            let angle = Double(index) / 20 * 2 * .pi
            return cpBodyLocalToWorld(body, cpv(cos(angle) * radius, sin(angle) * radius))
        }
        polygon(points, rgb)
        color((40, 40, 45))
        let a = screen(cpBodyGetPosition(body))
        let b = screen(cpBodyLocalToWorld(body, cpv(radius * 0.9, 0)))
        SDL_RenderDrawLineF(renderer, a.x, a.y, b.x, b.y)
    }

    func line(_ a: cpVect, _ b: cpVect, _ rgb: (UInt8, UInt8, UInt8), thickness: Double = 0.15) {
        let d = cpvnormalize(cpvsub(b, a))
        let n = cpv(-d.y * thickness / 2, d.x * thickness / 2)
        polygon([cpvadd(a, n), cpvadd(b, n), cpvsub(b, n), cpvsub(a, n)], rgb)
    }

    func rect(x: Int, y: Int, w: Int, h: Int, _ rgb: (UInt8, UInt8, UInt8), alpha: UInt8 = 255) {
        color(rgb, alpha: alpha)
        var r = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(max(w, 0)), h: Int32(max(h, 0)))
        SDL_RenderFillRect(renderer, &r)
    }

    func text(_ string: String, x: Int, y: Int, scale: Int = 2, _ rgb: (UInt8, UInt8, UInt8) = (235, 235, 240)) {
        color(rgb)
        BitmapFont.draw(string, x: x, y: y, scale: scale, renderer: renderer)
    }
}
