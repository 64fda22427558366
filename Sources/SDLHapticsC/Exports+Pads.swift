#if SDLHAPTICS_SDL3
import CHapticsSDL3
import CSDLHaptics3
import HapticsSDL3
#else
import CHapticsSDL2
import CSDLHaptics
import HapticsSDL
#endif

// Pads (include/sdlhaptics.h, "Pads"). Game thread.

@_cdecl("SDLH_GetPlayerForJoystick")
public func sdlhGetPlayerForJoystick(_ instanceID: SDL_JoystickID) -> Int32 {
    CResult.run("SDLH_GetPlayerForJoystick") { () throws(CFailure) -> Int32 in
        let state = try LibraryState.current()
        guard let pad = state.door.controllers.first(where: { $0.instanceID == Int32(truncatingIfNeeded: instanceID) }) else {
            throw CFailure(code: SDLH_ERROR_NOT_FOUND, message: "no pad with instance id \(instanceID) is open (pump SDL events and pass them to SDLH_HandleEvent)")
        }
        guard let player = pad.player else {
            throw CFailure(code: SDLH_ERROR_NOT_FOUND, message: "pad \(instanceID) waits without a player (more pads than players)")
        }
        return Int32(player)
    }
}

@_cdecl("SDLH_SetPlayerForJoystick")
public func sdlhSetPlayerForJoystick(_ instanceID: SDL_JoystickID, _ player: Int32) -> Int32 {
    CResult.run("SDLH_SetPlayerForJoystick") { () throws(CFailure) -> Int32 in
        let state = try LibraryState.current()
        let target = player == -1 ? nil : try state.checkPlayer(player)
        guard state.door.controllers.contains(where: { $0.instanceID == Int32(truncatingIfNeeded: instanceID) }) else {
            throw CFailure(code: SDLH_ERROR_NOT_FOUND, message: "no pad with instance id \(instanceID) is open")
        }
        state.door.assign(controller: Int32(truncatingIfNeeded: instanceID), toPlayer: target)
        return 0
    }
}

@_cdecl("SDLH_GetNumPads")
public func sdlhGetNumPads() -> Int32 {
    CResult.run("SDLH_GetNumPads") { () throws(CFailure) -> Int32 in
        Int32(try LibraryState.current().door.controllers.count)
    }
}

@_cdecl("SDLH_GetPad")
public func sdlhGetPad(_ index: Int32, _ info: UnsafeMutablePointer<SDLH_PadInfo>?) -> Int32 {
    CResult.run("SDLH_GetPad") { () throws(CFailure) -> Int32 in
        let state = try LibraryState.current()
        guard let info else { throw .invalid("info must not be NULL") }
        // A game built against the header from before issue 25 passes the struct without `profile` (148 bytes).
        let size = info.pointee.size
        try CInput.checkSize(size, of: "SDLH_PadInfo", expected: MemoryLayout<SDLH_PadInfo>.size,
                             minimum: MemoryLayout<SDLH_PadInfo>.offset(of: \SDLH_PadInfo.profile))
        let pads = state.door.controllers
        guard index >= 0, Int(index) < pads.count else {
            throw CFailure(code: SDLH_ERROR_NOT_FOUND, message: "index \(index) is out of range: \(pads.count) pads are open")
        }
        let pad = pads[Int(index)]
        info.pointee.instance_id = SDL_JoystickID(truncatingIfNeeded: pad.instanceID)
        info.pointee.player = Int32(pad.player ?? -1)
        info.pointee.has_rumble = pad.hasRumble ? 1 : 0
        info.pointee.has_trigger_rumble = pad.hasTriggerRumble ? 1 : 0
        withUnsafeMutableBytes(of: &info.pointee.name) { CInput.copy(pad.name, into: $0) }
        if let offset = MemoryLayout<SDLH_PadInfo>.offset(of: \SDLH_PadInfo.profile),
           CInput.covers(size, offset, length: MemoryLayout.size(ofValue: info.pointee.profile)) {
            withUnsafeMutableBytes(of: &info.pointee.profile) { CInput.copy(pad.profile.name, into: $0) }
        }
        return 0
    }
}

@_cdecl("SDLH_GetRumbleStats")
public func sdlhGetRumbleStats(_ player: Int32, _ stats: UnsafeMutablePointer<SDLH_RumbleStats>?) -> Int32 {
    CResult.run("SDLH_GetRumbleStats") { () throws(CFailure) -> Int32 in
        let state = try LibraryState.current()
        let player = try state.checkPlayer(player)
        guard let stats else { throw .invalid("stats must not be NULL") }
        try CInput.checkSize(stats.pointee.size, of: "SDLH_RumbleStats", expected: MemoryLayout<SDLH_RumbleStats>.size)
        guard let (counts, sent) = state.door.rumbleStatistics(player: player) else { throw .unknownPlayer(player, count: state.door.playerCount) }
        stats.pointee.rumble_calls = Int64(counts.totalCalls)
        stats.pointee.body_changes = Int64(counts.bodyChanges)
        stats.pointee.trigger_changes = Int64(counts.triggerChanges)
        stats.pointee.keep_alives = Int64(counts.keepAlives)
        stats.pointee.stops = Int64(counts.stops)
        stats.pointee.failures = Int64(counts.failures)
        stats.pointee.low_frequency = sent.low
        stats.pointee.high_frequency = sent.high
        return 0
    }
}
