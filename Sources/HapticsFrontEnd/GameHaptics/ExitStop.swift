#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(HapticsTools) import Haptics

/// Rumble off on the way out, for every SDL (docs/reliability.md, "Rumble off on every way out"): when
/// the process exits (`exit`, `main` returning) while a `GameHaptics` is alive and not shut down, each
/// of its pads gets (0,0) and its adaptive triggers "off", as focus loss does. A `GameHaptics` deinit
/// never runs on `exit`, so without this a pad could keep the last level a game sent.
///
/// It acts only for a front door whose game thread (the thread that made it) is the one calling
/// `exit` (another thread may be inside it there), and only while SDL's gamepad subsystem is up (after
/// `SDL_Quit` the pads are closed, and SDL sent each (0,0) as it closed it). Never runs on a crash or an
/// unhandled signal: nothing does. Registration is at `GameHaptics.init` and `shutdown` (not per frame).
enum ExitStop {
    private final class Entry {
        weak var door: GameHaptics?
        let thread: pthread_t
        init(_ door: GameHaptics, thread: pthread_t) {
            self.door = door
            self.thread = thread
        }
    }

    private static let lock = PthreadLock()
    nonisolated(unsafe) private static var entries: [Entry] = []
    nonisolated(unsafe) private static var isInstalled = false

    /// Remembers `door`, made on the calling thread; installs the `atexit` handler once per process.
    static func register(_ door: GameHaptics) {
        lock.lock()
        defer { lock.unlock() }
        entries.removeAll { $0.door == nil }
        entries.append(Entry(door, thread: pthread_self()))
        if !isInstalled {
            isInstalled = true
            _ = atexit { ExitStop.stopAll() }
        }
    }

    /// Forgets `door` (at its shutdown).
    static func unregister(_ door: GameHaptics) {
        lock.lock()
        defer { lock.unlock() }
        entries.removeAll { $0.door == nil || $0.door === door }
    }

    private static func stopAll() {
        lock.lock()
        let doors = entries.compactMap { entry in pthread_equal(entry.thread, pthread_self()) != 0 ? entry.door : nil }
        lock.unlock()
        for door in doors where door.backend.isGamepadSubsystemRunning() { door.silenceAtExit() }
    }
}
