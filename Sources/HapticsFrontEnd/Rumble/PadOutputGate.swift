import Synchronization

/// The one door every call that drives a pad goes through (`SDLRumbleOutput.perform`,
/// `DualSenseEffectsState.send`), and the way to shut it for good when the process is leaving
/// (issue 31, items 1 and 14), for either SDL (issue 32: the SDL calls are the backend's).
///
/// `send` makes its call with SDL's joystick lock held (`SDLBackend.lockPads`, the lock SDL's own
/// rumble functions take; it is recursive) unless the gate was closed. `closeAndStopEveryPad` closes
/// it and then, under the same lock, has the backend send (0,0) to the body and trigger motors of
/// every joystick SDL has open and "off" to every DualSense's adaptive triggers
/// (`stopEveryOpenPad`, through `SDLBackend.forEachOpenJoystick`). So once it returns, no thread can make a pad rumble again through
/// SDLHaptics: a game thread still inside an update when another thread calls `exit`, or the
/// adaptive-trigger watchdog, finds the gate closed.
///
/// `closeAndStopEveryPad` touches no object of SDLHaptics and takes no lock but SDL's: it may run
/// while the calling thread is interrupted in the middle of an update (an `exit` from a signal
/// handler) or while another thread is. `prepare()` must have run first (it makes the gate's state,
/// off any exit path). Any thread.
@_spi(HapticsTools) public enum PadOutputGate {
    private static let closed = Atomic<Bool>(false)
    /// The DualSense state with both triggers off (`DualSenseEffectsState.size` bytes), made by
    /// `prepare`; never written after (read-only: safe from any thread).
    nonisolated(unsafe) private static let triggersOff: UnsafeRawBufferPointer = {
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: DualSenseEffectsState.size, alignment: 1)
        DualSenseEffectsState(right: .off, left: .off).withUnsafeBytes { bytes.copyMemory(from: $0) }
        return UnsafeRawBufferPointer(bytes)   // kept for the life of the process
    }()

    /// Makes the gate's state now (idempotent): `GameHaptics` calls it when it starts, before any
    /// exit path can need it.
    public static func prepare() {
        _ = closed.load(ordering: .relaxed)
        _ = triggersOff.count
    }

    /// Whether the gate was closed (the process is leaving).
    public static var isClosed: Bool { closed.load(ordering: .acquiring) }

    /// Makes one call that drives a pad through `backend`, with SDL's joystick lock held, unless the
    /// gate is closed (then nothing is called and the call counts as made). No allocation.
    @inline(__always)
    static func send(through backend: any SDLBackend.Type, _ call: () -> Bool) -> Bool {
        backend.lockPads()
        defer { backend.unlockPads() }
        guard !closed.load(ordering: .acquiring) else { return true }
        return call()
    }

    /// Closes the gate for good, then stops every pad `backend`'s SDL has open (only the first call
    /// does; later ones return at once): (0,0) to the body
    /// motors and the trigger motors of those that have them, "off" to the adaptive triggers of each
    /// DualSense (`stopEveryOpenPad`). Nothing more when SDL's joystick subsystem is not
    /// running (SDL closed the pads, and sent (0,0) to each that rumbled).
    package static func closeAndStopEveryPad(backend: any SDLBackend.Type) {
        // Once per process: a C game has two exit handlers on this gate (the C library's and the front
        // door's own, both `atexit`), and a signal's stopper thread may run before either; the first
        // one to close the gate stops the pads, the others find it closed (issue 32: the stop sequence
        // went out twice on `exit`).
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else {
            backend.lockPads()      // a stop in progress on another thread holds SDL's lock: returns once it is done
            backend.unlockPads()
            return
        }
        stopEveryOpenPad(backend: backend)
    }

    /// Stops every joystick `backend`'s SDL has open, with SDL's joystick lock held: (0,0) to the body
    /// motors and to the trigger motors of those that have them, a level of 1 first (SDL skips a call
    /// whose levels equal the last it recorded, and records them only after the driver took them: when
    /// this runs in the middle of a rumble call, an exit from a signal handler, SDL may believe the pad
    /// is at (0,0) while its driver got more; 1/65535 for an instant makes SDL pass the (0,0) on,
    /// always), then `triggersOff` (the DualSense "off" bytes) to each DualSense. Any thread.
    private static func stopEveryOpenPad(backend: any SDLBackend.Type) {
        backend.forEachOpenJoystick { joystick, hasRumble, hasTriggerRumble, isDualSense in
            if hasRumble {
                backend.rumbleJoystick(joystick, low: 1, high: 1)
                backend.rumbleJoystick(joystick, low: 0, high: 0)
            }
            if hasTriggerRumble {
                backend.rumbleJoystickTriggers(joystick, left: 1, right: 1)
                backend.rumbleJoystickTriggers(joystick, left: 0, right: 0)
            }
            if isDualSense { backend.sendJoystickEffect(joystick, triggersOff) }
        }
    }
}
