import Haptics
import Synchronization

/// What one `SDLAdaptiveTriggerOutput` shares with the watchdog thread: the pad (as a raw pointer
/// value, 0 when none), whether the pad holds an effect other than "off", and whether the watchdog
/// turned it off. Lock-free.
final class AdaptiveTriggerLink: Sendable {
    let controllerBits = Atomic<UInt>(0)
    let holdsEffect = Atomic<Bool>(false)
    let forcedOff = Atomic<Bool>(false)

    func attach(_ controller: OpaquePointer?) {
        controllerBits.store(controller.map { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer($0))) } ?? 0,
                             ordering: .sequentiallyConsistent)
        holdsEffect.store(false, ordering: .relaxed)
        forcedOff.store(false, ordering: .relaxed)
    }
}

/// Sends "off" to every DualSense trigger that holds an effect when the game has not called
/// `GameHaptics.update` for `timeoutMilliseconds`: a hang, a breakpoint, a long load without
/// updates. SDL cannot do this by itself: a trigger effect has no duration, and SDL's PS5 driver
/// never resets trigger effects on its own (docs/adaptive-triggers.md, "Never stiff").
///
/// One thread per `GameHaptics`, started when the first pad with adaptive triggers is attached,
/// that wakes every `pollMilliseconds` (cheap: a few atomic loads) until `shutdown`. To use a pad it holds SDL's joystick lock (`SDL_LockJoysticks`, through the backend), reads the pad pointer
/// the output published and sends the "off" state; the game thread unpublishes the pointer before
/// it closes a pad, and SDL's close takes the same lock, so a pad is never used after it is closed.
/// When updates come back, the output sees `forcedOff` and sends the game's effects again.
package final class AdaptiveTriggerWatchdog: @unchecked Sendable {
    let timeoutMilliseconds: UInt64
    let pollMilliseconds: UInt32
    private let links: [AdaptiveTriggerLink]
    private let backend: any SDLBackend.Type
    private let lastUpdateTicks = Atomic<UInt64>(0)
    private let isRunning = Atomic<Bool>(true)
    /// Set by the thread as it leaves its loop: `stop()` waits for it.
    private let hasFinished = Atomic<Bool>(false)
    /// How many times it sent "off" (for tests and statistics).
    package let firings = Atomic<Int>(0)
    /// Whether the thread started.
    package private(set) var isStarted = false

    init(links: [AdaptiveTriggerLink], backend: any SDLBackend.Type, timeoutMilliseconds: UInt64,
         pollMilliseconds: UInt32 = 25) {
        self.links = links
        self.backend = backend
        self.timeoutMilliseconds = timeoutMilliseconds
        self.pollMilliseconds = max(pollMilliseconds, 1)
        lastUpdateTicks.store(backend.ticks(), ordering: .relaxed)
        let watchdog = UnsafeSendable(self)
        isStarted = BackgroundThread.start(name: "haptics-trigger-watchdog") { watchdog.value.run() }
    }

    /// The game thread says it is alive (every `GameHaptics.update`). One atomic store.
    func feed() { lastUpdateTicks.store(backend.ticks(), ordering: .relaxed) }

    /// Stops the thread and waits until it has left its loop (at most one poll). Idempotent.
    func stop() {
        isRunning.store(false, ordering: .sequentiallyConsistent)
        guard isStarted else { return }
        while !hasFinished.load(ordering: .sequentiallyConsistent) { BackgroundThread.sleep(seconds: 0.001) }
    }

    private func run() {
        defer { hasFinished.store(true, ordering: .sequentiallyConsistent) }
        while isRunning.load(ordering: .sequentiallyConsistent) {
            BackgroundThread.sleep(seconds: Double(pollMilliseconds) / 1000)
            let silentFor = backend.ticks() &- lastUpdateTicks.load(ordering: .relaxed)
            guard silentFor >= timeoutMilliseconds else { continue }
            for link in links where link.holdsEffect.load(ordering: .relaxed) { turnOff(link) }
        }
    }

    private func turnOff(_ link: AdaptiveTriggerLink) {
        backend.lockPads()
        defer { backend.unlockPads() }
        let bits = link.controllerBits.load(ordering: .sequentiallyConsistent)
        guard bits != 0, let controller = OpaquePointer(bitPattern: bits) else { return }
        _ = DualSenseEffectsState(right: .off, left: .off).send(to: controller, through: backend)
        link.holdsEffect.store(false, ordering: .relaxed)
        link.forcedOff.store(true, ordering: .relaxed)
        firings.add(1, ordering: .relaxed)
    }
}

/// Hands the watchdog to its thread: the thread only reads atomics and the immutable links.
private struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
