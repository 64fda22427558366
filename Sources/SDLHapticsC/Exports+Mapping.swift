import CSDLHaptics
import Haptics

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
        do {
            try state.door.loadMapping(file: file, watch: watch != 0, interval: interval)
            state.loadErrors = []
            return 0
        } catch let error as ConfigErrors {
            state.loadErrors = error.diagnostics.map(\.description)
            let shown = error.diagnostics.prefix(8).map(\.description).joined(separator: "\n")
            let more = error.diagnostics.count > 8 ? "\n(\(error.diagnostics.count - 8) more: SDLH_GetMappingError)" : ""
            throw CFailure(code: SDLH_ERROR_CONFIG, message: "\(error.diagnostics.count) problem(s); the previous config stays:\n\(shown)\(more)")
        } catch {
            throw CFailure(code: SDLH_ERROR_CONFIG, message: "\(file): \(error)")
        }
    }
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
        try CInput.checkSize(stats.pointee.size, of: "SDLH_MappingStats", expected: MemoryLayout<SDLH_MappingStats>.size)
        let s = state.door.mappingStatistics
        stats.pointee.events = Int64(s.events)
        stats.pointee.unmatched = Int64(s.unmatched)
        stats.pointee.started = Int64(s.started)
        stats.pointee.dropped = Int64(s.dropped)
        stats.pointee.reloads = Int64(state.door.reloads)
        stats.pointee.failed_reloads = Int64(state.door.failedReloads)
        return 0
    }
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
