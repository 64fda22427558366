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

// Patterns and players (include/sdlhaptics.h, "Patterns and players"). Game thread. Handles are
// checked through `HandleTable`; the players are the core's `HapticAdvancedPatternPlayer`s.

/// Largest AHAP document accepted from memory, in bytes: the header's limit, which is also the
/// AHAP reader's for a file (`AHAPLimits.maximumFileBytes`, 8 MiB; Tests/C/test_limits.c).
private let maximumPatternBytes = Int(SDLH_MAX_PATTERN_BYTES)

private func register(_ pattern: HapticPattern, in state: LibraryState) throws(CFailure) -> OpaquePointer {
    pattern.prepareForPlayback()   // once, here: every SDLH_PlayPattern of it shares it (issue 31)
    guard let handle = state.patterns.insert(PatternBox(pattern)) else {
        throw CFailure(code: SDLH_ERROR_LIMIT, message: "\(HandleTable<PatternBox>.limit) patterns are live: free some with SDLH_FreePattern")
    }
    return OpaquePointer(handle)
}

@_cdecl("SDLH_LoadPattern")
public func sdlhLoadPattern(_ path: UnsafePointer<CChar>?) -> OpaquePointer? {
    CResult.run("SDLH_LoadPattern") { () throws(CFailure) -> OpaquePointer? in
        let state = try LibraryState.current()
        let file = try CInput.string(path, "path", required: true)!
        let pattern: HapticPattern
        do { pattern = try state.door.loadPattern(file: file) } catch {
            // The front door reads the file by its absolute path; the message names it so too, once:
            // the reader's own errors start with it, a waveform's do not.
            let path = FileStatus.absolutePath(file), text = "\(error)"
            throw CFailure(code: SDLH_ERROR_PATTERN, message: text.hasPrefix(path + ": ") ? text : "\(path): \(text)")
        }
        return try register(pattern, in: state)
    }
}

@_cdecl("SDLH_LoadPatternFromMemory")
public func sdlhLoadPatternFromMemory(_ data: UnsafeRawPointer?, _ size: Int) -> OpaquePointer? {
    CResult.run("SDLH_LoadPatternFromMemory") { () throws(CFailure) -> OpaquePointer? in
        let state = try LibraryState.current()
        guard let data else { throw .invalid("data must not be NULL") }
        guard size > 0, size <= maximumPatternBytes else {
            throw .invalid("size must be 1...\(maximumPatternBytes) bytes, got \(size)")
        }
        let bytes = UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt8.self), count: size)
        let pattern: HapticPattern
        do { pattern = try AHAPDecoder().decode(bytes).pattern } catch {
            throw CFailure(code: SDLH_ERROR_PATTERN, message: "<memory>: \(error)")
        }
        return try register(pattern, in: state)
    }
}

@_cdecl("SDLH_LoadPreset")
public func sdlhLoadPreset(_ name: UnsafePointer<CChar>?) -> OpaquePointer? {
    CResult.run("SDLH_LoadPreset") { () throws(CFailure) -> OpaquePointer? in
        let state = try LibraryState.current()
        let name = try CInput.string(name, "name", required: true)!
        guard let pattern = state.door.preset(named: name) else {
            throw CFailure(code: SDLH_ERROR_NOT_FOUND,
                           message: "no preset named \"\(name)\"; presets: \(state.door.presetNames.joined(separator: ", "))")
        }
        return try register(pattern, in: state)
    }
}

@_cdecl("SDLH_GetPatternDuration")
public func sdlhGetPatternDuration(_ pattern: OpaquePointer?, _ seconds: UnsafeMutablePointer<Double>?) -> Int32 {
    CResult.run("SDLH_GetPatternDuration") { () throws(CFailure) -> Int32 in
        let box = try LibraryState.current().pattern(pattern)
        guard let seconds else { throw .invalid("seconds must not be NULL") }
        seconds.pointee = box.pattern.duration
        return 0
    }
}

@_cdecl("SDLH_FreePattern")
public func sdlhFreePattern(_ pattern: OpaquePointer?) -> Int32 {
    CResult.run("SDLH_FreePattern") { () throws(CFailure) -> Int32 in
        let state = try LibraryState.current()
        guard let pattern else { return 0 }
        guard state.patterns.remove(UnsafeRawPointer(pattern)) != nil else { throw .invalidHandle("pattern") }
        return 0
    }
}

@_cdecl("SDLH_PlayPattern")
public func sdlhPlayPattern(_ pattern: OpaquePointer?, _ player: Int32, _ intensity: Double, _ category: Int32,
                            _ outPlayer: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    CResult.run("SDLH_PlayPattern") { () throws(CFailure) -> Int32 in
        outPlayer?.pointee = nil
        let state = try LibraryState.current()
        let box = try state.pattern(pattern)
        let player = try state.checkPlayer(player)
        let intensity = try CInput.inRange(intensity, "intensity", 0...1)
        let category = try CInput.category(category)
        if outPlayer != nil, state.players.liveCount >= HandleTable<PlayerBox>.limit {
            throw CFailure(code: SDLH_ERROR_LIMIT, message: "\(HandleTable<PlayerBox>.limit) players are live: free some with SDLH_FreePatternPlayer")
        }
        let playing = Int(SDLH_MAX_PLAYING_PATTERNS)
        if state.door.playingPatternCount(player: player) >= playing {
            throw CFailure(code: SDLH_ERROR_LIMIT,
                           message: "\(playing) patterns already play for player \(player) (SDLH_MAX_PLAYING_PATTERNS, with or without a handle): stop one or wait for one to end")
        }
        guard let voice = state.door.play(box.pattern, player: player, intensity: intensity, category: category) else { return 0 }
        guard let outPlayer else { return 1 }
        let playerBox = PlayerBox(voice)
        playerBox.handle = state.players.insert(playerBox)
        outPlayer.pointee = OpaquePointer(playerBox.handle)
        return 1
    }
}

/// The player behind `handle` for a control call, on the game thread.
private func control(_ function: StaticString, _ handle: OpaquePointer?,
                     _ body: (HapticAdvancedPatternPlayer) throws(CFailure) -> Void) -> Int32 {
    CResult.run(function) { () throws(CFailure) -> Int32 in
        try body(try LibraryState.current().player(handle).player)
        return 0
    }
}

/// A player command's failure (the engine is stopped or gone: the pad left).
private func engineFailure(_ error: any Error) -> CFailure {
    CFailure(code: SDLH_ERROR_NOT_FOUND, message: "the player's engine cannot take commands (\(error)): its pad left or haptics were stopped")
}

@_cdecl("SDLH_StopPatternPlayer")
public func sdlhStopPatternPlayer(_ player: OpaquePointer?) -> Int32 {
    control("SDLH_StopPatternPlayer", player) { (voice) throws(CFailure) in
        do { try voice.stop(atTime: 0) } catch { throw engineFailure(error) }
    }
}

@_cdecl("SDLH_PausePatternPlayer")
public func sdlhPausePatternPlayer(_ player: OpaquePointer?) -> Int32 {
    control("SDLH_PausePatternPlayer", player) { (voice) throws(CFailure) in
        do { try voice.pause(atTime: 0) } catch { throw engineFailure(error) }
    }
}

@_cdecl("SDLH_ResumePatternPlayer")
public func sdlhResumePatternPlayer(_ player: OpaquePointer?) -> Int32 {
    control("SDLH_ResumePatternPlayer", player) { (voice) throws(CFailure) in
        do { try voice.resume(atTime: 0) } catch { throw engineFailure(error) }
    }
}

@_cdecl("SDLH_SeekPatternPlayer")
public func sdlhSeekPatternPlayer(_ player: OpaquePointer?, _ offset: Double) -> Int32 {
    control("SDLH_SeekPatternPlayer", player) { (voice) throws(CFailure) in
        let offset = try CInput.nonNegative(offset, "offset_seconds", unit: "(pattern seconds)")
        do { try voice.seek(toOffset: offset) } catch { throw engineFailure(error) }
    }
}

@_cdecl("SDLH_SetPatternPlayerLoop")
public func sdlhSetPatternPlayerLoop(_ player: OpaquePointer?, _ enabled: Int32, _ loopEnd: Double) -> Int32 {
    control("SDLH_SetPatternPlayerLoop", player) { (voice) throws(CFailure) in
        let loopEnd = try CInput.nonNegative(loopEnd, "loop_end_seconds", unit: "(pattern seconds; 0: the duration)")
        voice.loopEnd = loopEnd
        voice.loopEnabled = enabled != 0
    }
}

@_cdecl("SDLH_SetPatternPlayerRate")
public func sdlhSetPatternPlayerRate(_ player: OpaquePointer?, _ rate: Double) -> Int32 {
    control("SDLH_SetPatternPlayerRate", player) { (voice) throws(CFailure) in
        voice.playbackRate = try CInput.inRange(rate, "rate", SDLH_MIN_PLAYBACK_RATE...SDLH_MAX_PLAYBACK_RATE)
    }
}

@_cdecl("SDLH_SetPatternPlayerParameter")
public func sdlhSetPatternPlayerParameter(_ player: OpaquePointer?, _ parameter: Int32, _ value: Double) -> Int32 {
    control("SDLH_SetPatternPlayerParameter", player) { (voice) throws(CFailure) in
        let ids = DynamicParameter.ID.allCases
        guard ids.indices.contains(Int(parameter)) else {
            throw .invalid("parameter must be an SDLH_Parameter (0...\(ids.count - 1)), got \(parameter)")
        }
        let id = ids[Int(parameter)]
        guard value.isFinite, value >= id.range.minimum, value <= id.range.maximum else {
            throw .invalid("\(id.rawValue) must be within \(id.range.minimum)...\(id.range.maximum), got \(value)")
        }
        do { try voice.sendParameters([DynamicParameter(id, value: value, at: 0)], atTime: 0) } catch { throw engineFailure(error) }
    }
}

@_cdecl("SDLH_IsPatternPlayerPlaying")
public func sdlhIsPatternPlayerPlaying(_ player: OpaquePointer?) -> Int32 {
    CResult.run("SDLH_IsPatternPlayerPlaying") { () throws(CFailure) -> Int32 in
        try LibraryState.current().player(player).player.isPlaying ? 1 : 0
    }
}

@_cdecl("SDLH_SetPatternPlayerCompletionCallback")
public func sdlhSetPatternPlayerCompletionCallback(_ player: OpaquePointer?,
                                                   _ callback: (@convention(c) (UnsafeMutableRawPointer?, OpaquePointer?) -> Void)?,
                                                   _ userdata: UnsafeMutableRawPointer?) -> Int32 {
    CResult.run("SDLH_SetPatternPlayerCompletionCallback") { () throws(CFailure) -> Int32 in
        let state = try LibraryState.current()
        let box = try state.player(player)
        box.callback = callback
        box.userdata = userdata
        // The engine calls this inside its update; the game's callback runs after the update
        // (`LibraryState.runCompletions`), so it may call back into SDLHaptics safely.
        box.player.completionHandler = callback == nil ? nil : { [weak state, weak box] _ in
            guard let state, let box else { return }
            state.finished.append(box)
        }
        return 0
    }
}

@_cdecl("SDLH_FreePatternPlayer")
public func sdlhFreePatternPlayer(_ player: OpaquePointer?) -> Int32 {
    CResult.run("SDLH_FreePatternPlayer") { () throws(CFailure) -> Int32 in
        let state = try LibraryState.current()
        guard let player else { return 0 }
        guard let box = state.players.remove(UnsafeRawPointer(player)) else { throw .invalidHandle("player") }
        box.player.completionHandler = nil
        box.callback = nil
        box.handle = nil
        return 0
    }
}
