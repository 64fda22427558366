#if SDLHAPTICS_SDL3
import CSDLHaptics3
#else
import CSDLHaptics
#endif
@_spi(HapticsTools) import Haptics

// Mapping config and feedback (include/sdlhaptics.h, "Mapping config", "Feedback"). Game thread.

@_cdecl("SDLH_LoadMapping")
public func sdlhLoadMapping(_ path: UnsafePointer<CChar>?) -> Int32 {
    loadMapping("SDLH_LoadMapping", path, watch: 1, interval: 0.25)
}

@_cdecl("SDLH_LoadMappingWithOptions")
public func sdlhLoadMappingWithOptions(_ path: UnsafePointer<CChar>?, _ watch: Int32, _ interval: Double) -> Int32 {
    loadMapping("SDLH_LoadMappingWithOptions", path, watch: watch, interval: interval)
}

private func loadMapping(_ function: StaticString, _ path: UnsafePointer<CChar>?, watch: Int32, interval: Double) -> Int32 {
    CResult.run(function) { () throws(CFailure) -> Int32 in
        let state = try LibraryState.current()
        let file = try CInput.string(path, "path", required: true)!
        let interval = try CInput.inRange(interval, "interval_seconds", SDLH_MIN_WATCH_INTERVAL...SDLH_MAX_WATCH_INTERVAL)
        state.errorTexts.removeAll()
        do throws(ConfigErrors) {
            // The front door makes the path absolute: every message names the file in full.
            try state.door.loadMapping(file: file, watch: watch != 0, interval: interval)
            state.loadErrors = []
            return 0
        } catch {
            state.loadErrors = error.diagnostics.map(\.description)
            throw CFailure(code: SDLH_ERROR_CONFIG, message: oneLine(error))
        }
    }
}

/// A failed load as one line, like the SDL log line of a refused hot reload (issue 31): the first
/// problem (cut at 640 bytes, so what follows fits `SDLH_MAX_ERROR_BYTES`), how many there are, and
/// what it means for the game: "FILE:LINE:COLUMN: error: ... (2 problems, the first shown;
/// SDLH_GetMappingError lists them); no config is in use: ...".
private func oneLine(_ error: ConfigErrors) -> String {
    let count = error.diagnostics.count
    let first = error.diagnostics.first.map { EchoedText.shortened($0.description, maximumBytes: 640) } ?? "no detail"
    let problems = count == 1 ? "1 problem" : "\(count) problems, the first shown; SDLH_GetMappingError lists them"
    return "\(first) (\(problems)); \(error.consequence ?? "the config in use, if any, stays")"
}

/// The problems to show: the last failed load's, else the last failed hot reload's.
private func mappingErrors(_ state: LibraryState) -> [String] {
    state.loadErrors.isEmpty ? state.door.mappingErrors.map(\.description) : state.loadErrors
}

@_cdecl("SDLH_GetMappingErrorCount")
public func sdlhGetMappingErrorCount() -> Int32 {
    CResult.run("SDLH_GetMappingErrorCount") { () throws(CFailure) -> Int32 in
        Int32(clamping: mappingErrors(try LibraryState.current()).count)
    }
}

@_cdecl("SDLH_GetMappingError")
public func sdlhGetMappingError(_ index: Int32) -> UnsafePointer<CChar>? {
    CResult.run("SDLH_GetMappingError") { () throws(CFailure) -> UnsafePointer<CChar>? in
        let state = try LibraryState.current()
        let errors = mappingErrors(state)
        guard index >= 0, Int(index) < errors.count else {
            throw CFailure(code: SDLH_ERROR_NOT_FOUND, message: "index \(index) is out of range: there are \(errors.count) mapping errors")
        }
        state.errorTexts.append(Array(errors[Int(index)].utf8CString))
        return state.errorTexts[state.errorTexts.count - 1].withUnsafeBufferPointer { $0.baseAddress! }
    }
}

@_cdecl("SDLH_GetMappingStats")
public func sdlhGetMappingStats(_ stats: UnsafeMutablePointer<SDLH_MappingStats>?) -> Int32 {
    CResult.run("SDLH_GetMappingStats") { () throws(CFailure) -> Int32 in
        let state = try LibraryState.current()
        guard let stats else { throw .invalid("stats must not be NULL") }
        // A game built against the header from before issue 25 passes the struct up to failed_reloads (56 bytes).
        let size = stats.pointee.size
        try CInput.checkSize(size, of: "SDLH_MappingStats", expected: MemoryLayout<SDLH_MappingStats>.size,
                             minimum: MemoryLayout<SDLH_MappingStats>.offset(of: \SDLH_MappingStats.silenced))
        let s = state.door.mappingStatistics
        stats.pointee.events = Int64(s.events)
        stats.pointee.unmatched = Int64(s.unmatched)
        stats.pointee.started = Int64(s.started)
        stats.pointee.dropped = Int64(s.dropped)
        stats.pointee.reloads = Int64(s.reloads)
        stats.pointee.failed_reloads = Int64(s.failedReloads)
        let raw = UnsafeMutableRawPointer(stats)
        func write(_ field: KeyPath<SDLH_MappingStats, Sint64>, _ value: Int) {
            guard let offset = MemoryLayout<SDLH_MappingStats>.offset(of: field),
                  CInput.covers(size, offset, length: MemoryLayout<Sint64>.size) else { return }
            raw.storeBytes(of: Int64(value), toByteOffset: offset, as: Int64.self)
        }
        write(\.silenced, s.silenced)
        write(\.cooled_down, s.cooledDown)
        write(\.coalesced, s.coalesced)
        write(\.out_of_range, s.outOfRange)
        write(\.updated, s.updated)
        write(\.throttled, s.throttled)
        write(\.no_pad, s.noPad)
        write(\.voices_started, s.voicesStarted)
        return 0
    }
}

// The reload callback and its log switch: any thread, any time (ReloadReports).

@_cdecl("SDLH_SetReloadCallback")
public func sdlhSetReloadCallback(_ callback: SDLH_ReloadCallback?, _ userdata: UnsafeMutableRawPointer?) -> Int32 {
    ReloadReports.shared.setCallback(callback, userdata: userdata)
    return 0
}

@_cdecl("SDLH_SetReloadLogging")
public func sdlhSetReloadLogging(_ enabled: Int32) -> Int32 {
    ReloadReports.shared.setLogging(enabled != 0)
    return 0
}

@_cdecl("SDLH_SetListener")
public func sdlhSetListener(_ player: Int32, _ x: Double, _ y: Double, _ z: Double) -> Int32 {
    CResult.run("SDLH_SetListener") { () throws(CFailure) -> Int32 in
        let state = try LibraryState.current()
        let player = try state.checkPlayer(player)
        state.door.setListener(try CInput.position(1, x, y, z), player: player)
        return 0
    }
}

@_cdecl("SDLH_ClearListener")
public func sdlhClearListener(_ player: Int32) -> Int32 {
    CResult.run("SDLH_ClearListener") { () throws(CFailure) -> Int32 in
        let state = try LibraryState.current()
        state.door.setListener(nil, player: try state.checkPlayer(player))
        return 0
    }
}

@_cdecl("SDLH_PlayFeedback")
public func sdlhPlayFeedback(_ player: Int32, _ feedback: Int32, _ intensity: Double) -> Int32 {
    CResult.run("SDLH_PlayFeedback") { () throws(CFailure) -> Int32 in
        let state = try LibraryState.current()
        let player = try state.checkPlayer(player)
        let feedback = try CInput.feedback(feedback, intensity: intensity)
        return state.door.play(feedback, player: player) ? 1 : 0
    }
}
