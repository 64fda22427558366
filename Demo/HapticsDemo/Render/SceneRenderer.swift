import CHapticsChipmunk
import CHapticsSDL2
import Foundation
import Haptics
import HapticsSDL

/// Draws a frame: the scene at 480×270 art pixels (`Viewport`) into a texture, layer by layer (the
/// far sky and mountains, the near hills, the level's painted picture, the bodies, the particles,
/// the HUD), then that texture scaled up to the window. The art is painted by code at start-up
/// (Render/Art) and kept in textures, so a frame is a few dozen copies.
///
/// Also owns what the picture adds to the game: the camera (follow and shake) and the particles,
/// both fed by the `VisualCue`s of the events the game posts.
final class SceneRenderer {
    /// What the frame shows besides the game.
    enum Screen {
        case title, playing, attract
    }

    let renderer: OpaquePointer
    let windowWidth: Int
    let windowHeight: Int
    private let target: OpaquePointer
    private let far: OpaquePointer
    private let near: OpaquePointer
    private let levelUpper: OpaquePointer
    private let levelLower: OpaquePointer
    private let shade: OpaquePointer
    private let characters: [SpriteStrip]
    private let flashes: [SpriteStrip]
    private let enemy: SpriteStrip
    private let enemyFlash: SpriteStrip
    private let boulder: SpriteStrip
    private let block: SpriteStrip
    private let seatedBlock: SpriteStrip
    /// Crate strips by mass and size (the level's and the drops' few kinds), made on first sight.
    private struct CrateKey: Hashable {
        var mass: Double
        var size: Double
    }

    private var crates: [CrateKey: SpriteStrip] = [:]
    let font: FontAtlas
    let glyphs: ButtonGlyphs
    private(set) var camera = Camera()
    private(set) var particles = Particles()
    /// Whether the detailed HUD is shown (the `hud` action toggles it).
    var showsDetails = false

    static let turns = 48

    init(renderer: OpaquePointer, width: Int, height: Int) {
        self.renderer = renderer
        windowWidth = width
        windowHeight = height
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "0")   // nearest: crisp art pixels
        guard let target = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                             Int32(Viewport.width), Int32(Viewport.height)) else {
            fatalError("SDL_CreateTexture (scene target): \(String(cString: SDL_GetError()))")
        }
        self.target = target
        SDL_SetTextureBlendMode(target, SDL_BLENDMODE_NONE)
        far = SpriteTexture.make(renderer: renderer, image: BackdropArt.far(), opaque: true)
        shade = SpriteTexture.make(renderer: renderer, image: PixelImage(width: Viewport.width, height: Viewport.height, fill: Colour(8, 8, 20)),
                                   withoutAlpha: true)
        near = SpriteTexture.make(renderer: renderer, image: BackdropArt.near())
        let level = LevelArt.paint()
        var upper = PixelImage(width: level.width, height: Viewport.groundRow)
        upper.pixels = Array(level.pixels[0..<(level.width * Viewport.groundRow)])
        var lower = PixelImage(width: level.width, height: Viewport.height - Viewport.groundRow)
        lower.pixels = Array(level.pixels[(level.width * Viewport.groundRow)...])
        levelUpper = SpriteTexture.make(renderer: renderer, image: upper)
        levelLower = SpriteTexture.make(renderer: renderer, image: lower, opaque: true)
        characters = (0..<2).map { SpriteStrip(renderer: renderer, frames: CharacterArt.frames(player: $0)) }
        flashes = (0..<2).map { SpriteStrip(renderer: renderer, frames: CharacterArt.frames(player: $0).map { $0.silhouette(Palette.white) }) }
        enemy = SpriteStrip(renderer: renderer, frames: EnemyArt.frames())
        enemyFlash = SpriteStrip(renderer: renderer, frames: EnemyArt.frames().map { $0.silhouette(Palette.white) })
        boulder = SpriteStrip(renderer: renderer, frames: BodyArt.boulderTurns(radius: DemoGame.boulderRadius, count: Self.turns))
        block = SpriteStrip(renderer: renderer, turnsOf: BodyArt.block(width: DemoGame.blockSize.width, height: DemoGame.blockSize.height, seated: false),
                            count: Self.turns)
        seatedBlock = SpriteStrip(renderer: renderer, frames: [BodyArt.block(width: DemoGame.blockSize.width, height: DemoGame.blockSize.height, seated: true)])
        font = FontAtlas(renderer: renderer)
        glyphs = ButtonGlyphs(renderer: renderer)
        for spec in Level.crates { _ = crateStrip(mass: spec.mass, size: spec.size) }
        for spec in Level.drops { _ = crateStrip(mass: spec.mass, size: spec.size) }
    }

    deinit {
        for texture in [target, far, near, levelUpper, levelLower, shade] { SDL_DestroyTexture(texture) }
    }

    private func crateStrip(mass: Double, size: Double) -> SpriteStrip {
        let key = CrateKey(mass: mass, size: size)
        if let strip = crates[key] { return strip }
        let strip = SpriteStrip(renderer: renderer, turnsOf: BodyArt.crate(mass: mass, size: size), count: Self.turns)
        crates[key] = strip
        return strip
    }

    /// A new game: the camera jumps to the players, old particles go.
    func reset(_ game: DemoGame) {
        camera.reset(to: game.characters.first?.position.x ?? Level.spawnX)
        particles = Particles()
    }

    // MARK: - Frame

    /// Advances the camera and particles by `dt` and turns this frame's cues into dust and shake.
    func update(_ game: DemoGame, cues haptics: DemoHaptics, dt: Double) {
        let listener = camera.x
        haptics.takeCues { cue in
            particles.spawn(for: cue)
            // Shake with what the players feel: by strength, fading with distance from the view's middle.
            let distance = abs(cue.x - listener)
            let near = distance < 3 ? 1 : max(0, 1 - (distance - 3) / 22)
            switch cue.kind {
            case .impact(_, _, let heavy):
                let s = cue.strength
                if s > 0.3 { camera.shake(near * (heavy ? 0.9 : 0.5) * (s - 0.3) / 0.7) }
            case .hit(let critical, let received): camera.shake(near * (received ? 0.45 : (critical ? 0.4 : 0.18)) * max(cue.strength, 0.5))
            case .rolling: camera.shake(near * 0.012 * cue.strength)
            case .snap: camera.shake(near * 0.12)
            case .footstep: break
            }
        }
        if !game.menu.isOpen {
            camera.follow(game.characters, dt: dt)
            particles.update(dt: dt)
        }
    }

    /// Draws the frame; `standIn` is the virtual pad standing in for a missing one (shown as no pad).
    func render(_ game: DemoGame, haptics: GameHaptics, feel: MotorFeel, screen: Screen, time: Double, frameCost: Double, fps: Double,
                standIn: Int32? = nil) {
        SDL_SetRenderTarget(renderer, target)
        SDL_SetRenderDrawColor(renderer, Palette.dirtDeep.r, Palette.dirtDeep.g, Palette.dirtDeep.b, 255)
        SDL_RenderClear(renderer)
        drawBackdrop()
        drawLevel()
        drawBodies(game)
        particles.draw(renderer, camera: camera)

        let draw = Draw(renderer: renderer, font: font, shadeTexture: shade)
        let hud = HUD(draw: draw, glyphs: glyphs, standIn: standIn)
        let realPad = haptics.pads.controller(forPlayer: 0).flatMap { $0.instanceID == standIn ? nil : $0 }
        let style = ButtonGlyphs.Style(realPad)
        let players = game.characters.count
        switch screen {
        case .title:
            TitleScreen(draw: draw, glyphs: glyphs).title(time: time, pad: realPad)
        case .playing, .attract:
            for player in 0..<players { hud.playerPanel(player: player, game: game, haptics: haptics, feel: feel, time: time, showsDetailsHint: !showsDetails) }
            if let first = game.characters.first, !game.menu.isOpen { hud.prompt(Station.at(first.position.x), style: style, players: players) }
            if !game.menu.isOpen { hud.toast(game.message, age: game.time - game.messageTime) }
            if showsDetails {
                hud.details(haptics: haptics, feel: feel, players: players)
                hud.moments(game.haptics, frameCost: frameCost, fps: fps, players: players)
            }
            if screen == .attract { TitleScreen(draw: draw, glyphs: glyphs).attract(time: time) }
            if game.menu.isOpen { hud.menu(game, haptics: haptics, style: style) }
        }
        hud.configStatus(game.haptics)

        SDL_SetRenderTarget(renderer, nil)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        let scale = max(1, min(windowWidth / Viewport.width, windowHeight / Viewport.height))
        var window = SDL_Rect(x: Int32((windowWidth - Viewport.width * scale) / 2), y: Int32((windowHeight - Viewport.height * scale) / 2),
                              w: Int32(Viewport.width * scale), h: Int32(Viewport.height * scale))
        SDL_RenderCopy(renderer, target, nil, &window)
    }

    // MARK: - Layers

    /// A layer `width` wide that repeats, scrolled by `parallax` of the camera, rows `top` on.
    private func drawRepeating(_ texture: OpaquePointer, width: Int, height: Int, top: Int, parallax: Double) {
        let scroll = Int((Double(camera.pixelX) * parallax).rounded())
        var offset = ((scroll % width) + width) % width
        var x = camera.offset.x - 8
        while x < Viewport.width {
            let span = min(width - offset, Viewport.width - x)
            var source = SDL_Rect(x: Int32(offset), y: 0, w: Int32(span), h: Int32(height))
            var target = SDL_Rect(x: Int32(x), y: Int32(top + camera.offset.y), w: Int32(span), h: Int32(height))
            SDL_RenderCopy(renderer, texture, &source, &target)
            x += span
            offset = 0
        }
    }

    private func drawBackdrop() {
        drawRepeating(far, width: BackdropArt.width, height: Viewport.groundRow, top: 0, parallax: BackdropArt.farParallax)
        drawRepeating(near, width: BackdropArt.width, height: BackdropArt.nearHeight, top: Viewport.groundRow - BackdropArt.nearHeight,
                      parallax: BackdropArt.nearParallax)
    }

    private func drawLevel() {
        // Level column of the screen's left edge (before the shake).
        let left = camera.pixelX - Viewport.width / 2 - Viewport.column(LevelArt.left)
        let width = min(Viewport.width, LevelArt.width - left)
        var source = SDL_Rect(x: Int32(left), y: 0, w: Int32(width), h: Int32(Viewport.groundRow))
        var target = SDL_Rect(x: Int32(camera.offset.x), y: Int32(camera.offset.y), w: Int32(width), h: Int32(Viewport.groundRow))
        SDL_RenderCopy(renderer, levelUpper, &source, &target)
        source.h = Int32(Viewport.height - Viewport.groundRow)
        target.y = Int32(Viewport.groundRow + camera.offset.y)
        target.h = source.h
        SDL_RenderCopy(renderer, levelLower, &source, &target)
    }

    // MARK: - Bodies

    private func visible(_ x: Double, margin: Double = 2) -> Bool { abs(x - camera.x) < Viewport.halfWidthMetres + margin }

    /// A soft shadow on the ground under a body `width` metres wide whose bottom is at `bottom`.
    private func shadow(x: Double, bottom: Double, width: Double) {
        let ground = Level.height(at: x)
        let lift = max(bottom - ground, 0)
        let w = Int(width * Viewport.pixelsPerMetre * max(0.3, 1 - lift / 6))
        guard w > 1 else { return }
        SDL_SetRenderDrawColor(renderer, 20, 16, 30, UInt8(110 * max(0.2, 1 - lift / 6)))
        var rect = SDL_Rect(x: Int32(camera.column(x) - w / 2), y: Int32(camera.row(ground) - 2), w: Int32(w), h: 2)
        SDL_RenderFillRect(renderer, &rect)
    }

    private func drawBodies(_ game: DemoGame) {
        // The block, seated or loose.
        let blockPosition = cpBodyGetPosition(game.block.body)
        if game.blockSnapped {
            seatedBlock.draw(0, centreX: camera.column(Level.slotX), centreY: camera.row(-0.2), renderer: renderer)
        } else if visible(blockPosition.x) {
            block.draw(block.frame(forAngle: cpBodyGetAngle(game.block.body)), centreX: camera.column(blockPosition.x),
                       centreY: camera.row(blockPosition.y), renderer: renderer)
        }
        for crate in game.crates {
            let p = cpBodyGetPosition(crate.body)
            guard visible(p.x) else { continue }
            shadow(x: p.x, bottom: p.y - crate.size / 2, width: crate.size)
            let strip = crateStrip(mass: cpBodyGetMass(crate.body), size: crate.size)
            strip.draw(strip.frame(forAngle: cpBodyGetAngle(crate.body)), centreX: camera.column(p.x), centreY: camera.row(p.y), renderer: renderer)
        }
        let boulderPosition = cpBodyGetPosition(game.boulder.body)
        if visible(boulderPosition.x) {
            boulder.draw(boulder.frame(forAngle: cpBodyGetAngle(game.boulder.body)), centreX: camera.column(boulderPosition.x),
                         centreY: camera.row(boulderPosition.y), renderer: renderer)
        }
        for foe in game.enemies where visible(foe.position.x) {
            let p = foe.position
            if foe.isDefeated {
                enemy.draw(EnemyArt.defeatedIndex, bottomX: camera.column(p.x), bottomY: camera.row(Level.height(at: p.x)) - 1, renderer: renderer)
                continue
            }
            let bottom = p.y - Enemy.height / 2
            shadow(x: p.x, bottom: bottom, width: 0.8)
            let frame = EnemyArt.index(step: Int(abs(p.x) * 3) % 2, facing: foe.direction)
            (foe.hitFlash > 0 ? enemyFlash : enemy).draw(frame, bottomX: camera.column(p.x), bottomY: camera.row(bottom) - 1, renderer: renderer)
        }
        for character in game.characters {
            let p = character.position
            let bottom = p.y - PlayerCharacter.height / 2
            shadow(x: p.x, bottom: bottom, width: 0.7)
            // Blinks while it cannot be hurt again.
            if character.hurtCooldown > 0 && Int(character.hurtCooldown * 12) % 2 == 1 { continue }
            let frame = CharacterArt.index(Self.pose(of: character), facing: character.facing)
            let strip = character.hurtCooldown > 0.85 ? flashes[character.player % 2] : characters[character.player % 2]
            strip.draw(frame, bottomX: camera.column(p.x), bottomY: camera.row(bottom) - 1, renderer: renderer)
        }
    }

    /// The character's pose this frame: punching, in the air, walking (by its stride), standing.
    static func pose(of character: PlayerCharacter) -> CharacterArt.Frame {
        if character.punchFlash > 0 { return .punch }
        if !character.isGrounded { return .jump }
        guard abs(character.velocity.x) > 0.5 else { return .idle }
        let phase = (Double(character.foot) + character.strideDistance / PlayerCharacter.stride) / 2
        return [.walk1, .walk2, .walk3, .walk4][min(Int(phase * 4), 3)]
    }
}
