import CSDLHaptics
import Haptics

// Game events (include/sdlhaptics.h, "Game events"). Any thread: each function validates the
// struct, builds the `GameEvent` the Swift API would post, and posts it to the front door's queue
// through `PostGate`. O(1); no allocation for names of up to 15 bytes.

@inline(__always)
private func player(_ value: Int32) -> Int? { value == SDLH_EVERY_PLAYER ? nil : Int(value) }

@_cdecl("SDLH_PostCollision")
public func sdlhPostCollision(_ collision: UnsafePointer<SDLH_Collision>?) -> Int32 {
    CResult.run("SDLH_PostCollision") { () throws(CFailure) -> Int32 in
        guard let collision else { throw .invalid("collision must not be NULL") }
        try CInput.checkSize(collision.pointee.size, of: "SDLH_Collision", expected: MemoryLayout<SDLH_Collision>.size)
        let c = collision.pointee
        let massA = try CInput.mass(c.mass_a, "mass_a")
        let massB = try CInput.mass(c.mass_b, "mass_b")
        let speed = try CInput.nonNegative(c.speed, "speed", unit: "(units/s)")
        let impulse = try CInput.nonNegative(c.impulse, "impulse", unit: "(N·s; 0: reduced mass × speed)")
        let event = GameEvent.collision(
            massA: massA, massB: massB, speed: speed, impulse: impulse == 0 ? nil : impulse,
            materials: (try CInput.name(c.material_a, "material_a"), try CInput.name(c.material_b, "material_b")),
            player: player(c.player), position: try CInput.position(c.has_position, c.x, c.y, c.z),
            tag: try CInput.name(c.tag, "tag"))
        try PostGate.shared.post(event, player: c.player)
        return 0
    }
}

@_cdecl("SDLH_PostFootstep")
public func sdlhPostFootstep(_ footstep: UnsafePointer<SDLH_Footstep>?) -> Int32 {
    CResult.run("SDLH_PostFootstep") { () throws(CFailure) -> Int32 in
        guard let footstep else { throw .invalid("footstep must not be NULL") }
        try CInput.checkSize(footstep.pointee.size, of: "SDLH_Footstep", expected: MemoryLayout<SDLH_Footstep>.size)
        let f = footstep.pointee
        let foot: GameEvent.Footstep.Foot?
        switch f.foot {
        case Int32(SDLH_FOOT_UNKNOWN.rawValue): foot = nil
        case Int32(SDLH_FOOT_LEFT.rawValue): foot = .left
        case Int32(SDLH_FOOT_RIGHT.rawValue): foot = .right
        default: throw .invalid("foot must be an SDLH_Foot (0...2), got \(f.foot)")
        }
        let weight = try CInput.nonNegative(f.weight, "weight", unit: "(kg; 0: the config's default)")
        let event = GameEvent.footstep(
            surface: try CInput.requiredName(f.surface, "surface"),
            speed: try CInput.nonNegative(f.speed, "speed", unit: "(units/s)"),
            weight: weight == 0 ? nil : weight, foot: foot, player: player(f.player),
            position: try CInput.position(f.has_position, f.x, f.y, f.z), tag: try CInput.name(f.tag, "tag"))
        try PostGate.shared.post(event, player: f.player)
        return 0
    }
}

@_cdecl("SDLH_PostHit")
public func sdlhPostHit(_ hit: UnsafePointer<SDLH_Hit>?) -> Int32 {
    CResult.run("SDLH_PostHit") { () throws(CFailure) -> Int32 in
        guard let hit else { throw .invalid("hit must not be NULL") }
        // A game built against the header from before issue 25 passes the struct without `blow` (80 bytes).
        let size = hit.pointee.size
        try CInput.checkSize(size, of: "SDLH_Hit", expected: MemoryLayout<SDLH_Hit>.size,
                             minimum: MemoryLayout<SDLH_Hit>.offset(of: \SDLH_Hit.blow))
        let h = CInput.read(hit, size: size, zero: SDLH_Hit())
        let direction = h.has_direction != 0 ? try CInput.inRange(h.direction, "direction", -1...1) : nil
        let received: Bool
        switch h.blow {
        case Int32(SDLH_BLOW_DEFAULT.rawValue): received = h.dealt == 0
        case Int32(SDLH_BLOW_RECEIVED.rawValue):
            guard h.dealt == 0 else {
                throw .invalid("blow is SDLH_BLOW_RECEIVED but the deprecated dealt is \(h.dealt): set only blow")
            }
            received = true
        case Int32(SDLH_BLOW_DEALT.rawValue): received = false
        default: throw .invalid("blow must be an SDLH_Blow (0...2), got \(h.blow)")
        }
        var event = GameEvent.hit(damage: try CInput.nonNegative(h.damage, "damage", unit: "(the game's units)"),
                                  direction: direction, critical: h.critical != 0, received: received,
                                  player: player(h.player), position: try CInput.position(h.has_position, h.x, h.y, h.z))
        event.tag = try CInput.name(h.tag, "tag")
        try PostGate.shared.post(event, player: h.player)
        return 0
    }
}

@_cdecl("SDLH_PostTexture")
public func sdlhPostTexture(_ texture: UnsafePointer<SDLH_Texture>?) -> Int32 {
    CResult.run("SDLH_PostTexture") { () throws(CFailure) -> Int32 in
        guard let texture else { throw .invalid("texture must not be NULL") }
        try CInput.checkSize(texture.pointee.size, of: "SDLH_Texture", expected: MemoryLayout<SDLH_Texture>.size)
        let t = texture.pointee
        let action: GameEvent.Texture.Action
        switch t.action {
        case Int32(SDLH_TEXTURE_START.rawValue): action = .start
        case Int32(SDLH_TEXTURE_UPDATE.rawValue): action = .update
        case Int32(SDLH_TEXTURE_STOP.rawValue): action = .stop
        default: throw .invalid("action must be an SDLH_TextureAction (0...2), got \(t.action)")
        }
        var body = GameEvent.Texture(id: Int(t.id), action: action, value: try CInput.finite(t.value, "value"))
        body.kind = try CInput.name(t.kind, "kind", required: action == .start)
        var event = GameEvent(.texture(body), player: player(t.player),
                              position: try CInput.position(t.has_position, t.x, t.y, t.z))
        event.tag = try CInput.name(t.tag, "tag")
        try PostGate.shared.post(event, player: t.player)
        return 0
    }
}

@_cdecl("SDLH_PostCustom")
public func sdlhPostCustom(_ custom: UnsafePointer<SDLH_Custom>?) -> Int32 {
    CResult.run("SDLH_PostCustom") { () throws(CFailure) -> Int32 in
        guard let custom else { throw .invalid("custom must not be NULL") }
        try CInput.checkSize(custom.pointee.size, of: "SDLH_Custom", expected: MemoryLayout<SDLH_Custom>.size)
        let c = custom.pointee
        var event = GameEvent(.custom(name: try CInput.requiredName(c.name, "name"), value: try CInput.finite(c.value, "value")),
                              player: player(c.player), position: try CInput.position(c.has_position, c.x, c.y, c.z))
        event.tag = try CInput.name(c.tag, "tag")
        try PostGate.shared.post(event, player: c.player)
        return 0
    }
}

// Game actions (issue 25): a name and a value (1 unless given), matched by rules with
// `event = "action"`; the one-line forms build the same `GameEvent.action` as the struct form.

@_cdecl("SDLH_PostAction")
public func sdlhPostAction(_ playerNumber: Int32, _ name: UnsafePointer<CChar>?) -> Int32 {
    CResult.run("SDLH_PostAction") { () throws(CFailure) -> Int32 in
        try PostGate.shared.post(GameEvent.action(try CInput.requiredName(name, "name"), value: 1, player: player(playerNumber)),
                                 player: playerNumber)
        return 0
    }
}

@_cdecl("SDLH_PostActionValue")
public func sdlhPostActionValue(_ playerNumber: Int32, _ name: UnsafePointer<CChar>?, _ value: Double) -> Int32 {
    CResult.run("SDLH_PostActionValue") { () throws(CFailure) -> Int32 in
        let event = GameEvent.action(try CInput.requiredName(name, "name"), value: try CInput.finite(value, "value"),
                                     player: player(playerNumber))
        try PostGate.shared.post(event, player: playerNumber)
        return 0
    }
}

@_cdecl("SDLH_PostActionEx")
public func sdlhPostActionEx(_ action: UnsafePointer<SDLH_Action>?) -> Int32 {
    CResult.run("SDLH_PostActionEx") { () throws(CFailure) -> Int32 in
        guard let action else { throw .invalid("action must not be NULL") }
        try CInput.checkSize(action.pointee.size, of: "SDLH_Action", expected: MemoryLayout<SDLH_Action>.size)
        let a = action.pointee
        let value = a.has_value != 0 ? try CInput.finite(a.value, "value") : 1
        let event = GameEvent.action(try CInput.requiredName(a.name, "name"), value: value, player: player(a.player),
                                     position: try CInput.position(a.has_position, a.x, a.y, a.z), tag: try CInput.name(a.tag, "tag"))
        try PostGate.shared.post(event, player: a.player)
        return 0
    }
}

@_cdecl("SDLH_PostFeedback")
public func sdlhPostFeedback(_ playerNumber: Int32, _ feedback: Int32, _ intensity: Double) -> Int32 {
    CResult.run("SDLH_PostFeedback") { () throws(CFailure) -> Int32 in
        let feedback = try CInput.feedback(feedback, intensity: intensity)
        try PostGate.shared.post(GameEvent.feedback(feedback, player: player(playerNumber)), player: playerNumber)
        return 0
    }
}
