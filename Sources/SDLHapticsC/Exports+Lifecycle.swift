#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if SDLHAPTICS_SDL3
import CHapticsSDL3
import CSDLHaptics3
import HapticsSDL3
#else
import CHapticsSDL2
import CSDLHaptics
import HapticsSDL
#endif
import Haptics

// Version, errors and lifecycle (include/sdlhaptics.h, "Version", "Errors", "Lifecycle").

@_cdecl("SDLH_GetVersion")
public func sdlhGetVersion(_ version: UnsafeMutablePointer<SDLH_Version>?) -> Int32 {
    CResult.run("SDLH_GetVersion") { () throws(CFailure) -> Int32 in
        guard let version else { throw .invalid("version must not be NULL") }
        version.pointee = SDLH_Version(major: UInt8(SDLHapticsVersion.major), minor: UInt8(SDLHapticsVersion.minor),
                                      patch: UInt8(SDLHapticsVersion.patch))
        return 0
    }
}

@_cdecl("SDLH_GetError")
public func sdlhGetError() -> UnsafePointer<CChar> { UnsafePointer(ErrorMessage.buffer) }

@_cdecl("SDLH_ClearError")
public func sdlhClearError() { ErrorMessage.clear() }

@_cdecl("SDLH_Init")
public func sdlhInit(_ options: UnsafePointer<SDLH_InitOptions>?) -> Int32 {
    CResult.run("SDLH_Init") { () throws(CFailure) -> Int32 in
        var playerCount = 4
        var focus = GameHapticsConfiguration.FocusPolicy.pause
        var safety: UInt32?
        if let options {
            try CInput.checkSize(options.pointee.size, of: "SDLH_InitOptions", expected: MemoryLayout<SDLH_InitOptions>.size)
            let o = options.pointee
            if o.player_count != 0 {
                guard (1...SDLH_MAX_PLAYERS).contains(o.player_count) else {
                    throw .invalid("player_count must be 1...\(SDLH_MAX_PLAYERS) (0: 4), got \(o.player_count)")
                }
                playerCount = Int(o.player_count)
            }
            switch o.focus_policy {
            case Int32(SDLH_FOCUS_PAUSE.rawValue): focus = .pause
            case Int32(SDLH_FOCUS_STOP_ENGINES.rawValue): focus = .stopEngines
            case Int32(SDLH_FOCUS_IGNORE.rawValue): focus = .ignore
            default: throw .invalid("focus_policy must be an SDLH_FocusPolicy (0...2), got \(o.focus_policy)")
            }
            if o.safety_milliseconds != 0 {
                guard o.safety_milliseconds <= SDLH_MAX_SAFETY_MILLISECONDS else {
                    throw .invalid("safety_milliseconds must be 1...\(SDLH_MAX_SAFETY_MILLISECONDS) (0: 250), got \(o.safety_milliseconds)")
                }
                safety = o.safety_milliseconds
            }
        }
        let me = LibraryState.callingThread
        guard LibraryState.gameThreadID.compareExchange(expected: 0, desired: me, ordering: .acquiringAndReleasing).exchanged else {
            throw CFailure(code: SDLH_ERROR_ALREADY_INITIALIZED, message: "SDLHaptics is already initialized: call SDLH_Quit first")
        }
        do {
            let door = try FrontDoor(playerCount: playerCount, focusPolicy: focus, safetyMilliseconds: safety)
            LibraryState.instance = LibraryState(door: door, gameThread: pthread_self())
            PostGate.shared.open(door.queue, playerCount: door.playerCount)
            ProcessExit.prepare()
            return 0
        } catch {
            LibraryState.gameThreadID.store(0, ordering: .releasing)
            throw CFailure(code: SDLH_ERROR_SDL, message: "\(error)")
        }
    }
}

@_cdecl("SDLH_Quit")
public func sdlhQuit() -> Int32 {
    CResult.run("SDLH_Quit") { () throws(CFailure) -> Int32 in
        let state = try LibraryState.current()
        PostGate.shared.close()
        ProcessExit.restoreSignals()
        state.retireHandles()
        state.finished.removeAll()
        state.door.shutdown()
        LibraryState.instance = nil
        LibraryState.gameThreadID.store(0, ordering: .releasing)
        return 0
    }
}

@_cdecl("SDLH_WasInit")
public func sdlhWasInit() -> Int32 { LibraryState.gameThreadID.load(ordering: .acquiring) == 0 ? 0 : 1 }

@_cdecl("SDLH_HandleEvent")
public func sdlhHandleEvent(_ event: UnsafePointer<SDL_Event>?) -> Int32 {
    CResult.run("SDLH_HandleEvent") { () throws(CFailure) -> Int32 in
        let state = try LibraryState.current()
        guard let event else { throw .invalid("event must not be NULL") }
        state.door.handle(event)
        return 0
    }
}

@_cdecl("SDLH_Update")
public func sdlhUpdate() -> Int32 {
    CResult.run("SDLH_Update") { () throws(CFailure) -> Int32 in
        let state = try LibraryState.current()
        try state.checkNotInCallback()
        state.errorTexts.removeAll()
        state.unmatchedTexts.list = nil
        state.door.update()
        ReloadReports.shared.deliver(state.door.takeReloads(), for: state)
        guard LibraryState.instance === state else { return 0 }   // a reload callback quit
        state.runCompletions()
        return 0
    }
}

@_cdecl("SDLH_UpdateAt")
public func sdlhUpdateAt(_ time: Double) -> Int32 {
    CResult.run("SDLH_UpdateAt") { () throws(CFailure) -> Int32 in
        let state = try LibraryState.current()
        let time = try CInput.finite(time, "game_time_seconds")
        try state.checkNotInCallback()
        state.errorTexts.removeAll()
        state.unmatchedTexts.list = nil
        state.door.update(at: time)
        ReloadReports.shared.deliver(state.door.takeReloads(), for: state)
        guard LibraryState.instance === state else { return 0 }   // a reload callback quit
        state.runCompletions()
        return 0
    }
}
