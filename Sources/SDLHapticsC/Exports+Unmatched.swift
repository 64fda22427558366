#if SDLHAPTICS_SDL3
import CHapticsSDL3
import CSDLHaptics3
#else
import CHapticsSDL2
import CSDLHaptics
#endif
@_spi(HapticsTools) import Haptics

// The names posts carried that no rule takes (include/sdlhaptics.h, SDLH_UnmatchedName; issue 31). The
// director keeps them (`HapticEventDirector.unmatchedNames`) and reports each new one on the game thread
// during the update; the front door turns that report into one debug line in SDL's log
// (`UnmatchedNameLog.line`). Game thread.

/// The strings of the last `SDLH_GetUnmatchedName`, kept until the next call, the next update or `SDLH_Quit`.
final class UnmatchedNameTexts {
    var kind: [CChar] = []
    var name: [CChar] = []
    var suggestion: [CChar] = []
    /// The director's list, read once per update (reading it allocates its texts).
    var list: [HapticEventDirector.UnmatchedName]?
}

/// The line SDL's log gets for a name no rule takes.
enum UnmatchedNameLog {
    /// `SDLHaptics: action "jummp" matches no rule of FILE; did you mean "jump"?` (control characters
    /// escaped: a name comes from the game, the log is one line).
    static func line(_ name: HapticEventDirector.UnmatchedName, file: String?) -> String {
        "SDLHaptics: \(name.kind) \"\(EchoedText.escaped(name.name))\" matches no rule"
            + (file.map { " of \(EchoedText.escaped($0))" } ?? "")
            + (name.suggestion.map { "; did you mean \"\(EchoedText.escaped($0))\"?" } ?? "")
    }

    /// Writes `line` to SDL's log, application category, debug priority.
    static func log(_ line: String) {
        line.withCString { text in
            withVaList([text]) { arguments in
                SDL_LogMessageV(Int32(SDL_LOG_CATEGORY_APPLICATION.rawValue), SDL_LOG_PRIORITY_DEBUG, "%s", arguments)
            }
        }
    }
}

@_cdecl("SDLH_GetNumUnmatchedNames")
public func sdlhGetNumUnmatchedNames() -> Int32 {
    CResult.run("SDLH_GetNumUnmatchedNames") { () throws(CFailure) -> Int32 in
        let state = try LibraryState.current()
        return Int32(clamping: state.unmatchedList().count)
    }
}

@_cdecl("SDLH_GetUnmatchedName")
public func sdlhGetUnmatchedName(_ index: Int32, _ out: UnsafeMutablePointer<SDLH_UnmatchedName>?) -> Int32 {
    CResult.run("SDLH_GetUnmatchedName") { () throws(CFailure) -> Int32 in
        let state = try LibraryState.current()
        guard let out else { throw .invalid("name must not be NULL") }
        try CInput.checkSize(out.pointee.size, of: "SDLH_UnmatchedName", expected: MemoryLayout<SDLH_UnmatchedName>.size)
        let list = state.unmatchedList()
        guard index >= 0, Int(index) < list.count else {
            throw CFailure(code: SDLH_ERROR_NOT_FOUND, message: "index \(index) is out of range: there are \(list.count) unmatched names")
        }
        let entry = list[Int(index)]
        let texts = state.unmatchedTexts
        texts.kind = Array(entry.kind.utf8CString)
        texts.name = Array(entry.name.utf8CString)
        texts.suggestion = entry.suggestion.map { Array($0.utf8CString) } ?? []
        out.pointee.kind = texts.kind.withUnsafeBufferPointer { UnsafePointer($0.baseAddress) }
        out.pointee.name = texts.name.withUnsafeBufferPointer { UnsafePointer($0.baseAddress) }
        out.pointee.suggestion = texts.suggestion.isEmpty ? nil : texts.suggestion.withUnsafeBufferPointer { UnsafePointer($0.baseAddress) }
        out.pointee.posts = Int64(entry.posts)
        return 0
    }
}

extension LibraryState {
    /// The director's unmatched names, read once until the next update.
    func unmatchedList() -> [HapticEventDirector.UnmatchedName] {
        if let list = unmatchedTexts.list { return list }
        let list = door.unmatchedNames
        unmatchedTexts.list = list
        return list
    }
}
