#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if SDLHAPTICS_SDL3
import CSDLHaptics3
#else
import CSDLHaptics
#endif
import Haptics

// Game events (include/sdlhaptics.h, "Game events"). Any thread: each function validates the
// struct, builds the `GameEvent` the Swift API would post, and posts it to the front door's queue
// through `PostGate`. O(1); no allocation for names of up to 15 bytes.

/// Posts an event built field by field in zero-filled memory, so every byte of it is defined. A
/// `GameEvent` is a union of its kinds: a footstep or a feedback case leaves the bytes of the
/// larger kinds unwritten, and so does a nil number; the mapping's optimised code reads such bytes
/// ahead of its branches (the result is never used), which valgrind reports as jumps on
/// uninitialised memory when the event came from a fresh C call's stack. `GameEvent` holds no
/// references (a plain value: `HapticName`s are inline), so its fields may be stored into raw
/// memory. O(1), no allocation.
@inline(__always)
private func post(_ kind: GameEvent.Kind, player: Int32, position: WorldPosition?, tag: HapticName?) throws(CFailure) {
    try withUnsafeTemporaryAllocation(of: GameEvent.self, capacity: 1) { (buffer) throws(CFailure) -> Void in
        let event = buffer.baseAddress!
        zeroFill(UnsafeMutableRawPointer(event), MemoryLayout<GameEvent>.stride)
        event.pointee.kind = kind
        event.pointee.player = player == SDLH_EVERY_PLAYER ? nil : Int(player)
        event.pointee.position = position
        event.pointee.tag = tag
        try PostGate.shared.post(event.pointee, player: player)
    }
}

/// Fills `count` bytes with 0, out of the optimiser's sight (it would drop stores that a later
/// copy of a value overwrites, bytes the value leaves undefined included).
@_optimize(none)
private func zeroFill(_ bytes: UnsafeMutableRawPointer, _ count: Int) {
    _ = memset(bytes, 0, count)
}

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
        let body = GameEvent.Collision(massA: massA, massB: massB, speed: speed, impulse: impulse == 0 ? nil : impulse,
                                       materialA: try CInput.name(c.material_a, "material_a"),
                                       materialB: try CInput.name(c.material_b, "material_b"))
        try post(.collision(body), player: c.player, position: try CInput.position(c.has_position, c.x, c.y, c.z),
                 tag: try CInput.name(c.tag, "tag"))
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
        let surface = try CInput.requiredName(f.surface, "surface")
        let speed = try CInput.nonNegative(f.speed, "speed", unit: "(units/s)")
        let position = try CInput.position(f.has_position, f.x, f.y, f.z)
        let tag = try CInput.name(f.tag, "tag")
        try post(.footstep(GameEvent.Footstep(surface: surface, speed: speed, weight: weight == 0 ? nil : weight, foot: foot)),
                 player: f.player, position: position, tag: tag)
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
        let body = GameEvent.Hit(damage: try CInput.nonNegative(h.damage, "damage", unit: "(the game's units)"),
                                 direction: direction, critical: h.critical != 0, received: received)
        try post(.hit(body), player: h.player, position: try CInput.position(h.has_position, h.x, h.y, h.z),
                 tag: try CInput.name(h.tag, "tag"))
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
        try post(.texture(body), player: t.player, position: try CInput.position(t.has_position, t.x, t.y, t.z),
                 tag: try CInput.name(t.tag, "tag"))
        return 0
    }
}

@_cdecl("SDLH_PostCustom")
public func sdlhPostCustom(_ custom: UnsafePointer<SDLH_Custom>?) -> Int32 {
    CResult.run("SDLH_PostCustom") { () throws(CFailure) -> Int32 in
        guard let custom else { throw .invalid("custom must not be NULL") }
        try CInput.checkSize(custom.pointee.size, of: "SDLH_Custom", expected: MemoryLayout<SDLH_Custom>.size)
        let c = custom.pointee
        try post(.custom(name: try CInput.requiredName(c.name, "name"), value: try CInput.finite(c.value, "value")),
                 player: c.player, position: try CInput.position(c.has_position, c.x, c.y, c.z), tag: try CInput.name(c.tag, "tag"))
        return 0
    }
}

// Game actions (issue 25): a name and a value (1 unless given), matched by rules with
// `event = "action"`; the one-line forms build the same `.action` event as the struct form, each through `post`.

@_cdecl("SDLH_PostAction")
public func sdlhPostAction(_ playerNumber: Int32, _ name: UnsafePointer<CChar>?) -> Int32 {
    CResult.run("SDLH_PostAction") { () throws(CFailure) -> Int32 in
        try post(.action(name: try CInput.requiredName(name, "name"), value: 1), player: playerNumber, position: nil, tag: nil)
        return 0
    }
}

@_cdecl("SDLH_PostActionValue")
public func sdlhPostActionValue(_ playerNumber: Int32, _ name: UnsafePointer<CChar>?, _ value: Double) -> Int32 {
    CResult.run("SDLH_PostActionValue") { () throws(CFailure) -> Int32 in
        try post(.action(name: try CInput.requiredName(name, "name"), value: try CInput.finite(value, "value")),
                 player: playerNumber, position: nil, tag: nil)
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
        try post(.action(name: try CInput.requiredName(a.name, "name"), value: value), player: a.player,
                 position: try CInput.position(a.has_position, a.x, a.y, a.z), tag: try CInput.name(a.tag, "tag"))
        return 0
    }
}

@_cdecl("SDLH_PostFeedback")
public func sdlhPostFeedback(_ playerNumber: Int32, _ feedback: Int32, _ intensity: Double) -> Int32 {
    CResult.run("SDLH_PostFeedback") { () throws(CFailure) -> Int32 in
        let feedback = try CInput.feedback(feedback, intensity: intensity)
        try post(.feedback(feedback), player: playerNumber, position: nil, tag: nil)
        return 0
    }
}
