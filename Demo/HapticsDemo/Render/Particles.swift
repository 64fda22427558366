import CHapticsSDL2
import Foundation

/// Dust, splinters, sparks and pebbles: a fixed pool of small square particles in world metres,
/// spawned by `VisualCue`s and falling under gravity until they fade. The pool never grows (a full
/// pool replaces its oldest particle); no allocation per frame. Deterministic (its own SplitMix).
struct Particles {
    struct Particle {
        var x = 0.0, y = 0.0, vx = 0.0, vy = 0.0
        var age = 0.0, life = 0.0
        var gravity = 1.0
        var size = 1
        var colour = Palette.white
        var alive: Bool { age < life }
    }

    static let capacity = 512
    private(set) var pool = [Particle](repeating: Particle(), count: capacity)
    private var next = 0
    private var seed: UInt64 = 0x5EED

    private mutating func random() -> Double {
        seed &+= 0x9E37_79B9_7F4A_7C15
        var z = seed
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }

    /// A value between `a` and `b` (either order) at `r` (0...1) of the way.
    private func random(_ range: (Double, Double), _ r: Double) -> Double { range.0 + (range.1 - range.0) * r }

    /// Adds `count` particles at (x, y) with speeds between the pairs given (m/s, either order),
    /// lives in seconds, sizes in art pixels.
    mutating func burst(count: Int, x: Double, y: Double, vx: (Double, Double), vy: (Double, Double),
                        life: (Double, Double), gravity: Double = 1, sizes: ClosedRange<Int> = 1...1, colours: [Colour]) {
        for _ in 0..<max(count, 0) {
            var p = Particle()
            p.x = x + random((-0.1, 0.1), random())
            p.y = y
            p.vx = random(vx, random())
            p.vy = random(vy, random())
            p.life = random(life, random())
            p.gravity = gravity
            let span = sizes.upperBound - sizes.lowerBound + 1
            p.size = sizes.lowerBound + min(Int(random() * Double(span)), span - 1)
            p.colour = colours[min(Int(random() * Double(colours.count)), colours.count - 1)]
            pool[next] = p
            next = (next + 1) % Self.capacity
        }
    }

    /// The particles a cue makes.
    mutating func spawn(for cue: VisualCue) {
        let s = min(max(cue.strength, 0), 1)
        switch cue.kind {
        case .footstep(let surface):
            let colours = Self.dust(of: surface)
            let spread = 0.6 + s
            burst(count: 2 + Int(s * 4), x: cue.x, y: cue.y + 0.05, vx: (-spread, spread), vy: (0.4, 1 + s * 1.5),
                  life: (0.25, 0.5), gravity: surface == .gravel ? 1 : 0.35, colours: colours)
        case .impact(let a, let b, let heavy):
            let count = 4 + Int(s * s * 40)
            let dust = Self.dust(of: a == .crate ? b : a)
            burst(count: count, x: cue.x, y: cue.y, vx: (-1.5 - 4 * s, 1.5 + 4 * s), vy: (0.3, 1 + 3 * s),
                  life: (0.3, 0.5 + s * 0.7), gravity: 0.25, sizes: heavy ? 1...3 : 1...2, colours: dust)
            if heavy && s > 0.5 {
                // A cloud of dust rolling out along the ground on both sides.
                for side in [-1.0, 1.0] {
                    burst(count: 14, x: cue.x + side * 0.3, y: cue.y, vx: (side * 1.0, side * (2 + 5 * s)), vy: (0.1, 1.4),
                          life: (0.7, 1.4), gravity: 0.05, sizes: 2...4, colours: [Palette.dirtLight, Palette.dirt, Palette.gravel, Palette.woodLight])
                }
            }
            if a == .crate || b == .crate {
                burst(count: 2 + Int(s * 10), x: cue.x, y: cue.y + 0.1, vx: (-2, 2), vy: (1, 2 + 4 * s),
                      life: (0.4, 0.8), colours: [Palette.woodLight, Palette.wood, Palette.woodDark])
            }
            if a == .metal || b == .metal {
                burst(count: 3 + Int(s * 8), x: cue.x, y: cue.y + 0.1, vx: (-3, 3), vy: (1, 4), life: (0.1, 0.3), gravity: 1.5,
                      colours: [Palette.white, Palette.hazard])
            }
        case .hit(let critical, let received):
            let colours = received ? [Palette.healthLow, Palette.white] : (critical ? [Palette.hazard, Palette.flowerRed, Palette.white] : [Palette.white, Palette.hazard])
            let speed = critical ? 6.0 : 4.0
            burst(count: critical ? 16 : 9, x: cue.x, y: cue.y, vx: (-speed, speed), vy: (-speed, speed), life: (0.15, 0.35),
                  gravity: 0, sizes: critical ? 1...3 : 1...2, colours: colours)
        case .rolling:
            if random() < s * 0.8 {
                burst(count: 1, x: cue.x, y: cue.y, vx: (-0.8, 0.8), vy: (0.2, 1.0), life: (0.3, 0.6), gravity: 0.2, sizes: 1...2,
                      colours: [Palette.stoneLight, Palette.gravelLight, Palette.dirtLight])
            }
        case .snap:
            burst(count: 24, x: cue.x, y: cue.y, vx: (-3, 3), vy: (0.5, 4), life: (0.3, 0.7), gravity: 0.5, sizes: 1...2,
                  colours: [Palette.glow, Palette.white, Palette.hazard])
        }
    }

    /// The dust a surface throws up.
    static func dust(of surface: Material) -> [Colour] {
        switch surface {
        case .grass: return [Palette.grassLight, Palette.grass, Palette.dirtLight]
        case .wood, .crate: return [Palette.woodLight, Palette.dirtLight, Palette.cardboard]
        case .metal: return [Palette.metalLight, Palette.white, Palette.metal]
        case .gravel: return [Palette.gravelLight, Palette.gravel, Palette.gravelDark]
        case .stone: return [Palette.stoneLight, Palette.stone, Palette.gravelLight]
        case .flesh, .rubber: return [Palette.dirtLight, Palette.white]
        }
    }

    /// Advances every particle by `dt` seconds.
    mutating func update(dt: Double) {
        for index in pool.indices where pool[index].alive {
            pool[index].age += dt
            pool[index].vy += PhysicsWorld.gravity * pool[index].gravity * dt
            pool[index].vx *= 1 - min(dt * 1.5, 1)
            pool[index].x += pool[index].vx * dt
            pool[index].y += pool[index].vy * dt
            if pool[index].y < Level.height(at: pool[index].x) { pool[index].y = Level.height(at: pool[index].x); pool[index].vy = 0 }
        }
    }

    /// Draws the live particles as squares, fading out over their last third.
    func draw(_ renderer: OpaquePointer, camera: Camera) {
        for p in pool where p.alive {
            let fade = min(1, (p.life - p.age) / (p.life / 3))
            SDL_SetRenderDrawColor(renderer, p.colour.r, p.colour.g, p.colour.b, UInt8(255 * fade))
            var rect = SDL_Rect(x: Int32(camera.column(p.x) - p.size / 2), y: Int32(camera.row(p.y) - p.size), w: Int32(p.size), h: Int32(p.size))
            SDL_RenderFillRect(renderer, &rect)
        }
    }
}
