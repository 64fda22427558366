#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Rumble off on the way out for Swift games, on either SDL (issue 32; docs/reliability.md, "Rumble off
/// on every way out"): when the process exits (`exit`, `main` returning) while a `GameHaptics` is alive
/// and not shut down, `PadOutputGate.closeAndStopEveryPad` closes the gate and sends (0,0) to every pad
/// SDL has open and "off" to every DualSense's triggers. A `GameHaptics` deinit never runs on `exit`, so
/// without this a pad could keep the last level a game sent. The C library's own exit paths
/// (`ProcessExit`, issue 31) do the same for C games, signals included; both may run, harmlessly.
///
/// Like those, it touches no object of SDLHaptics (the exiting thread may be inside an update): only
/// a count of the front doors alive and the SDL they run on, both set at `GameHaptics.init`. Never runs
/// on a crash or an unhandled signal: nothing does.
enum ExitStop {
    private static let liveDoors = Atomic<Int>(0)
    private static let isInstalled = Atomic<Bool>(false)
    /// The SDL of the process's front doors (one SDL per process), set before the handler is installed.
    nonisolated(unsafe) private static var backend: (any SDLBackend.Type)?

    /// A front door on `backend` started (`GameHaptics.init`); installs the `atexit` handler once per process.
    static func register(_ backend: any SDLBackend.Type) {
        if ExitStop.backend == nil { ExitStop.backend = backend }
        liveDoors.add(1, ordering: .sequentiallyConsistent)
        if isInstalled.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged {
            _ = atexit { ExitStop.stopAll() }
        }
    }

    /// A front door shut down.
    static func unregister() { liveDoors.subtract(1, ordering: .sequentiallyConsistent) }

    private static func stopAll() {
        guard liveDoors.load(ordering: .sequentiallyConsistent) > 0, let backend = ExitStop.backend else { return }
        PadOutputGate.closeAndStopEveryPad(backend: backend)
    }
}
