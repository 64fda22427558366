import CHapticsChipmunk
import Haptics

/// The game's state and rules: physics, characters, enemies, crates, the boulder, the block and slot,
/// and the pause menu. It reports what happens to `DemoHaptics`; it never talks to SDL.
final class DemoGame {
    let world = PhysicsWorld()
    let haptics: DemoHaptics
    private(set) var characters: [PlayerCharacter] = []
    private(set) var enemies: [Enemy] = []
    private(set) var crates: [(body: OpaquePointer, shape: OpaquePointer, size: Double)] = []
    let boulder: (body: OpaquePointer, shape: OpaquePointer)
    let block: (body: OpaquePointer, shape: OpaquePointer)
    private(set) var blockSnapped = false
    var menu = PauseMenu()
    var wantsQuit = false
    private var dropIndex = 0
    private var punches = 0
    private var boulderRolling = false
    /// Seconds the boulder has been too slow (or airborne) to sound; the texture stops after 0.25 s.
    private var boulderQuiet = 0.0
    /// Seconds since this game began.
    private(set) var time = 0.0
    /// The session's time when this game began (a new game starts at every attract loop and when
    /// a player takes over): DemoHaptics counts the session's time.
    let startTime: Double
    /// The last thing that happened, for the HUD's toast, and when (game time).
    private(set) var message = "" { didSet { messageTime = time } }
    private(set) var messageTime = -10.0

    static let boulderRadius = 0.6
    static let blockSize = (width: 0.7, height: 0.5)

    init(haptics: DemoHaptics, players: Int, startTime: Double = 0) {
        self.haptics = haptics
        self.startTime = startTime
        Level.build(in: world)
        for crate in Level.crates {
            let made = world.addBox(mass: crate.mass, width: crate.size, height: crate.size,
                                    at: cpv(crate.x, Level.restingY(size: crate.size)), material: .crate)
            crates.append((made.body, made.shape, crate.size))
        }
        for (index, x) in Level.enemyStarts.enumerated() { enemies.append(Enemy(x: x, index: index, world: world)) }
        boulder = world.addCircle(mass: 80, radius: Self.boulderRadius, at: Level.boulderStart, material: .stone)
        world.setGroup(boulder.shape, 300)
        block = world.addBox(mass: 5, width: Self.blockSize.width, height: Self.blockSize.height,
                             at: cpv(Level.blockStart, Level.restingY(size: Self.blockSize.height)), material: .metal)
        setPlayers(players)
    }

    /// Adds or removes the second character when pads come and go.
    func setPlayers(_ count: Int) {
        while characters.count < max(1, min(count, 2)) {
            characters.append(PlayerCharacter(player: characters.count, x: Level.spawnX + Double(characters.count) * 1.2, world: world))
            haptics.slingDrawn(player: characters.count - 1)
        }
        haptics.playerCount = characters.count
    }

    // MARK: - Frame

    func update(inputs: [InputState], dt: Double) {
        time += dt
        haptics.time = startTime + time
        let first = inputs.first ?? InputState()
        if first.wasPressed(.menu) { toggleMenu() }
        if menu.isOpen {
            updateMenu(first)
            return
        }
        for character in characters {
            let input = inputs.indices.contains(character.player) ? inputs[character.player] : InputState()
            if let step = character.update(input: input, dt: dt, world: world) {
                haptics.footstep(surface: step.surface, speed: step.speed, player: character.player,
                                 x: character.position.x, y: character.position.y - PlayerCharacter.height / 2)
            }
            if input.wasPressed(.punch) { punch(from: character) }
            if input.wasPressed(.drop) { dropCrate(above: character) }
            if input.wasPressed(.reset) { resetBlock() }
        }
        haptics.setListeners(characters.map { (x: $0.position.x, y: $0.position.y) })
        for enemy in enemies { enemy.update(dt: dt) }
        let steps = 2
        for _ in 0..<steps { world.step(dt / Double(steps)) }
        reportContacts()
        touchEnemies()
        updateBoulder()
        updateBlock()
        checkHealth()
    }

    /// Ends this game before another replaces it: the boulder's texture stops (and frees L2), a
    /// paused game resumes the haptics it paused.
    func end() {
        if boulderRolling {
            let position = cpBodyGetPosition(boulder.body)
            haptics.rolling(id: 1, speed: 0, rolling: false, x: position.x, y: position.y)
            boulderRolling = false
        }
        if menu.isOpen {
            menu.isOpen = false
            haptics.haptics.playback.resume()
        }
    }

    // MARK: - Rules

    private func reportContacts() {
        let contacts = world.takeContacts()
        // The first quarter second is the level settling onto the ground, not something that happened.
        guard time > 0.25 else { return }
        for contact in contacts {
            // Characters' own footfalls are footsteps, not collisions; enemies are hits.
            if contact.materialA == .flesh || contact.materialB == .flesh { continue }
            haptics.collision(massA: contact.massA, massB: contact.massB, impulse: contact.impulse,
                              materials: (contact.materialA, contact.materialB), x: contact.point.x, y: contact.point.y)
        }
    }

    private func punch(from character: PlayerCharacter) {
        guard character.punchCooldown == 0 else { return }
        character.punchCooldown = 0.3
        character.punchFlash = 0.15
        guard let enemy = enemies.first(where: { !$0.isDefeated && abs($0.position.x - character.position.x) < 1.6
                                                 && ($0.position.x - character.position.x) * character.facing > 0 }) else { return }
        punches += 1
        let critical = punches % 4 == 0
        let damage = critical ? 40.0 : 20.0
        enemy.health -= damage
        enemy.hitFlash = 0.2
        cpBodyApplyImpulseAtWorldPoint(enemy.body, cpv(character.facing * 150, 80), enemy.position)
        haptics.hit(damage: damage, critical: critical, received: false, direction: character.facing, player: character.player,
                    x: enemy.position.x - character.facing * 0.35, y: enemy.position.y + 0.2)
        if enemy.health <= 0 {
            enemy.isDefeated = true
            // Out of the way: a defeated enemy leaves the physics world and lies flat on the ground.
            cpSpaceRemoveShape(world.space, enemy.shape)
            cpSpaceRemoveBody(world.space, enemy.body)
            haptics.feedback(.success, player: character.player)
            message = "ENEMY DEFEATED"
        }
    }

    private func touchEnemies() {
        for character in characters where character.hurtCooldown == 0 {
            guard let enemy = enemies.first(where: { !$0.isDefeated && cpvdist($0.position, character.position) < 1.05 }) else { continue }
            character.hurtCooldown = 1.0
            character.health -= 15
            let direction: Double = enemy.position.x < character.position.x ? -1 : 1
            cpBodyApplyImpulseAtWorldPoint(character.body, cpv(-direction * 250, 150), character.position)
            haptics.hit(damage: 15, critical: false, received: true, direction: direction, player: character.player,
                        x: character.position.x + direction * 0.4, y: character.position.y + 0.2)
        }
    }

    private func checkHealth() {
        for character in characters {
            if character.health <= 0 {
                haptics.feedback(.error, player: character.player)
                message = "KNOCKED OUT"
                character.respawn(at: Level.spawnX)
            } else if character.health < 35 && !character.lowHealthWarned {
                character.lowHealthWarned = true
                haptics.feedback(.warning, player: character.player)
                message = "LOW HEALTH"
            }
        }
    }

    private func dropCrate(above character: PlayerCharacter) {
        let spec = Level.drops[dropIndex % Level.drops.count]
        dropIndex += 1
        // Behind the player, so a dropped crate never blocks the way on.
        let made = world.addBox(mass: spec.mass, width: spec.size, height: spec.size,
                                at: cpv(character.position.x - character.facing * 2.5, 6), material: .crate)
        crates.append((made.body, made.shape, spec.size))
        message = "DROPPED A \(Int(spec.mass)) KG CRATE"
    }

    private func updateBoulder() {
        let velocity = cpBodyGetVelocity(boulder.body)
        let position = cpBodyGetPosition(boulder.body)
        let grounded = world.ground(below: position, depth: Self.boulderRadius + 0.15, group: 300) != nil
        let speed = cpvlength(velocity)
        let value = min(1, speed / 6)
        // Hysteresis: start above 0.1, stop only after 0.25 s below 0.04 or off the ground.
        if grounded && value > 0.04 { boulderQuiet = 0 } else { boulderQuiet += 1.0 / 60.0 }
        if !boulderRolling && grounded && value > 0.1 { boulderRolling = true }
        if boulderRolling && boulderQuiet >= 0.25 { boulderRolling = false }
        // The rolling texture's value is the speed: the config's "rolling" rule also brakes L2 with it.
        haptics.rolling(id: 1, speed: speed, rolling: boulderRolling, x: position.x, y: position.y)
    }

    private func updateBlock() {
        guard !blockSnapped else { return }
        let position = cpBodyGetPosition(block.body)
        let velocity = cpBodyGetVelocity(block.body)
        if abs(position.x - Level.slotX) < 0.35 && position.y < 0.8 && abs(velocity.y) < 1.5 {
            // Seated: the block sinks into the notch, flush with the ground, and leaves the physics world.
            blockSnapped = true
            cpSpaceRemoveShape(world.space, block.shape)
            cpSpaceRemoveBody(world.space, block.body)
            cpBodySetPosition(block.body, cpv(Level.slotX, -0.2))
            cpBodySetAngle(block.body, 0)
            let nearest = characters.min { abs($0.position.x - Level.slotX) < abs($1.position.x - Level.slotX) }
            haptics.snapped(player: nearest?.player ?? 0, x: Level.slotX, y: 0.1)
            message = "BLOCK SNAPPED INTO ITS SLOT"
        }
    }

    private func resetBlock() {
        guard blockSnapped else { return }
        blockSnapped = false
        cpBodySetPosition(block.body, cpv(Level.blockStart, Level.restingY(size: 0.5)))
        cpBodySetVelocity(block.body, cpvzero)
        cpBodySetAngularVelocity(block.body, 0)
        cpSpaceAddBody(world.space, block.body)
        cpSpaceAddShape(world.space, block.shape)
    }

    // MARK: - Menu

    private func toggleMenu() {
        menu.isOpen.toggle()
        if menu.isOpen {
            haptics.haptics.playback.pause()
            menu.selection = 0
            message = "PAUSED"
        } else {
            haptics.haptics.playback.resume()
            message = ""
        }
    }

    private func updateMenu(_ input: InputState) {
        if input.wasPressed(.up) { menu.move(by: -1); haptics.feedback(.selection, player: 0) }
        if input.wasPressed(.down) { menu.move(by: 1); haptics.feedback(.selection, player: 0) }
        let step = input.wasPressed(.right) ? 0.1 : (input.wasPressed(.left) ? -0.1 : 0)
        let mixer = haptics.haptics.playback.mixer
        switch menu.item {
        case .master where step != 0:
            haptics.haptics.playback.mixer.masterGain = mixer.masterGain + step
            haptics.feedback(step > 0 ? .increase : .decrease, player: 0)
        case .soundVolume where step != 0:
            menu.soundVolume = min(1, max(0, menu.soundVolume + step))
            haptics.haptics.audio.output?.volume = menu.soundVolume
            haptics.feedback(.levelChange, player: 0)
        case let item where item.category != nil && step != 0:
            let category = item.category!
            haptics.haptics.playback.mixer[category] = mixer[category] + step
            haptics.feedback(step > 0 ? .increase : .decrease, player: 0)
        default:
            break
        }
        guard input.wasPressed(.select) || input.wasPressed(.jump) else {
            if input.wasPressed(.back) { toggleMenu() }
            return
        }
        switch menu.item {
        case .resume: toggleMenu()
        case .haptics:
            haptics.haptics.playback.mixer.isEnabled.toggle()
            haptics.feedback(haptics.haptics.playback.mixer.isEnabled ? .start : .stop, player: 0)
        case .swapPlayers:
            let pads = haptics.haptics.pads.controllers
            if pads.count >= 2 { haptics.haptics.pads.assign(controller: pads[0].instanceID, toPlayer: pads[0].player == 0 ? 1 : 0) }
        case .quit: wantsQuit = true
        default: break
        }
    }
}
