import CHapticsSDL2
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
/// One SDL thread per `GameHaptics`, started when the first pad with adaptive triggers is attached,
/// that wakes every `pollMilliseconds` (cheap: a few atomic loads) until `shutdown`. To use a pad it holds SDL's joystick lock (`SDL_LockJoysticks`), reads the pad pointer
/// the output published and sends the "off" state; the game thread unpublishes the pointer before
/// it closes a pad, and SDL's close takes the same lock, so a pad is never used after it is closed.
/// When updates come back, the output sees `forcedOff` and sends the game's effects again.
final class AdaptiveTriggerWatchdog: @unchecked Sendable {
    let timeoutMilliseconds: UInt64
    let pollMilliseconds: UInt32
    private let links: [AdaptiveTriggerLink]
    private let lastUpdateTicks = Atomic<UInt64>(0)
    private let isRunning = Atomic<Bool>(true)
    /// How many times it sent "off" (for tests and statistics).
    let firings = Atomic<Int>(0)
    private var thread: OpaquePointer?

    init(links: [AdaptiveTriggerLink], timeoutMilliseconds: UInt64, pollMilliseconds: UInt32 = 25) {
        self.links = links
        self.timeoutMilliseconds = timeoutMilliseconds
        self.pollMilliseconds = max(pollMilliseconds, 1)
        lastUpdateTicks.store(SDL_GetTicks64(), ordering: .relaxed)
        let context = Unmanaged.passRetained(self).toOpaque()
        thread = SDL_CreateThread({ data in
            guard let data else { return 0 }
            let watchdog = Unmanaged<AdaptiveTriggerWatchdog>.fromOpaque(data).takeRetainedValue()
            watchdog.run()
            return 0
        }, "haptics-trigger-watchdog", context)
        if thread == nil { Unmanaged<AdaptiveTriggerWatchdog>.fromOpaque(context).release() }
    }

    /// Whether the thread started.
    var isStarted: Bool { thread != nil }

    /// The game thread says it is alive (every `GameHaptics.update`). One atomic store.
    func feed() { lastUpdateTicks.store(SDL_GetTicks64(), ordering: .relaxed) }

    /// Stops and joins the thread. Idempotent.
    func stop() {
        isRunning.store(false, ordering: .sequentiallyConsistent)
        if let thread { SDL_WaitThread(thread, nil) }
        thread = nil
    }

    private func run() {
        while isRunning.load(ordering: .sequentiallyConsistent) {
            SDL_Delay(pollMilliseconds)
            let silentFor = SDL_GetTicks64() &- lastUpdateTicks.load(ordering: .relaxed)
            guard silentFor >= timeoutMilliseconds else { continue }
            for link in links where link.holdsEffect.load(ordering: .relaxed) { turnOff(link) }
        }
    }

    private func turnOff(_ link: AdaptiveTriggerLink) {
        SDL_LockJoysticks()
        defer { SDL_UnlockJoysticks() }
        let bits = link.controllerBits.load(ordering: .sequentiallyConsistent)
        guard bits != 0, let controller = OpaquePointer(bitPattern: bits) else { return }
        _ = DualSenseEffectsState(right: .off, left: .off).send(to: controller)
        link.holdsEffect.store(false, ordering: .relaxed)
        link.forcedOff.store(true, ordering: .relaxed)
        firings.add(1, ordering: .relaxed)
    }
}
