#if SDLHAPTICS_SDL3
import CHapticsSDL3
import CSDLHaptics3
#else
import CHapticsSDL2
import CSDLHaptics
#endif
import Haptics

/// Where C hears of hot reloads (issue 25): the game's callback (`SDLH_SetReloadCallback`) and one
/// line in SDL's log per refused reload (on unless `SDLH_SetReloadLogging(0)`).
///
/// The settings are process-wide, set from any thread at any time (also before `SDLH_Init`) and kept
/// across `SDLH_Quit`, behind a lock held only to read or write them. Delivery (`deliver`) runs on
/// the game thread at the end of an update, after the front door's update returned, so the callback
/// may call any SDLH function but the update. Not per frame: it costs nothing when no reload happened.
final class ReloadReports: @unchecked Sendable {
    static let shared = ReloadReports()

    private let lock = PthreadLock()
    private var callback: SDLH_ReloadCallback?      // guarded by `lock`
    private var userdata: UnsafeMutableRawPointer?  // guarded by `lock`
    private var logging = true                      // guarded by `lock`

    private init() {}

    func setCallback(_ callback: SDLH_ReloadCallback?, userdata: UnsafeMutableRawPointer?) {
        lock.lock()
        self.callback = callback
        self.userdata = callback == nil ? nil : userdata
        lock.unlock()
    }

    func setLogging(_ enabled: Bool) {
        lock.lock()
        logging = enabled
        lock.unlock()
    }

    private var settings: (callback: SDLH_ReloadCallback?, userdata: UnsafeMutableRawPointer?, logging: Bool) {
        lock.lock()
        defer { lock.unlock() }
        return (callback, userdata, logging)
    }

    /// Tells the game of the reloads of the last update, oldest first: SDL's log line for a refused
    /// one, then the callback. Stops when a callback quit SDLHaptics (or started it again).
    func deliver(_ reloads: [FrontDoor.Reload], for state: LibraryState) {
        for reload in reloads {
            guard LibraryState.instance === state else { return }
            // The director's errors describe the file as it is now (a failed first load's no longer do).
            state.loadErrors = []
            let (callback, userdata, logging) = settings
            if logging, case .failure(let errors) = reload.result { log(errors, file: reload.file, configInUse: reload.configInUse) }
            if let callback { LibraryState.calling("a reload callback") { call(callback, userdata, reload, door: state.door) } }
        }
    }

    /// One line at SDL_LOG_PRIORITY_WARN in the application category.
    private func log(_ errors: ConfigErrors, file: String, configInUse: Bool) {
        let count = errors.diagnostics.count
        let first = errors.diagnostics.first.map { "\($0)" } ?? "\(file): no detail"
        let kept = configInUse ? "the config in use stays" : "no config is in use"
        let problems = count == 1 ? "1 problem" : "\(count) problems, the first shown"
        var line = "SDLHaptics: hot reload refused, \(kept): \(first) (\(problems); SDLH_GetMappingError lists them; "
            + "SDLH_SetReloadLogging(0) turns this line off)"
        line = String(line.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
        CFlavour.logWarning(line)
    }

    private func call(_ callback: SDLH_ReloadCallback, _ userdata: UnsafeMutableRawPointer?, _ reload: FrontDoor.Reload, door: FrontDoor) {
        var info = SDLH_ReloadInfo()
        info.size = UInt32(MemoryLayout<SDLH_ReloadInfo>.size)
        info.config_in_use = reload.configInUse ? 1 : 0
        info.reloads = Int64(door.reloads)
        info.failed_reloads = Int64(door.failedReloads)
        var first: ConfigDiagnostic?
        switch reload.result {
        case .success:
            info.succeeded = 1
        case .failure(let errors):
            info.succeeded = 0
            info.error_count = Int32(clamping: errors.diagnostics.count)
            first = errors.diagnostics.first
            info.failure = Self.failure(first?.kind ?? .unreadable)
            // A problem with the file as a whole (deleted, unreadable...) has no line: 0, not "line 1".
            if let first, !first.kind.isWholeFile {
                info.error_line = Int32(clamping: first.location.line)
                info.error_column = Int32(clamping: first.location.column)
            }
        }
        let message = first.map { $0.path.isEmpty ? $0.message : "\($0.path): \($0.message)" }
        reload.file.withCString { path in
            withCString(first.map { "\($0)" }) { error in
                withCString(first?.file) { errorFile in
                    withCString(message) { errorMessage in
                        info.path = path
                        info.error = error
                        info.error_file = errorFile
                        info.error_message = errorMessage
                        callback(userdata, &info)
                    }
                }
            }
        }
    }

    /// The header's `SDLH_ReloadFailure` for a diagnostic's kind.
    static func failure(_ kind: ConfigDiagnostic.Kind) -> Int32 {
        let failure: SDLH_ReloadFailure
        switch kind {
        case .missing: failure = SDLH_RELOAD_MISSING
        case .unreadable: failure = SDLH_RELOAD_UNREADABLE
        case .notRegularFile: failure = SDLH_RELOAD_NOT_A_FILE
        case .tooLarge: failure = SDLH_RELOAD_TOO_LARGE
        case .encoding: failure = SDLH_RELOAD_ENCODING
        case .syntax: failure = SDLH_RELOAD_SYNTAX
        case .schema: failure = SDLH_RELOAD_SCHEMA
        case .pattern: failure = SDLH_RELOAD_PATTERN
        case .budget: failure = SDLH_RELOAD_BUDGET
        }
        return Int32(bitPattern: failure.rawValue)
    }

    /// `body` with `text` as a C string, or NULL for nil.
    private func withCString(_ text: String?, _ body: (UnsafePointer<CChar>?) -> Void) {
        guard let text else { return body(nil) }
        text.withCString { body($0) }
    }
}
