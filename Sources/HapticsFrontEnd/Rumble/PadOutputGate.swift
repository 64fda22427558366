import Synchronization

/// The one door every call that drives a pad goes through (`SDLRumbleOutput.perform`,
/// `DualSenseEffectsState.send`), and the way to shut it for good when the process is leaving
/// (issue 31, items 1 and 14), for either SDL (issue 32: the SDL calls are the backend's).
///
/// `send` makes its call with SDL's joystick lock held (`SDLBackend.lockPads`, the lock SDL's own
/// rumble functions take; it is recursive) unless the gate was closed. `closeAndStopEveryPad` closes
/// it and then, under the same lock, has the backend send (0,0) to the body and trigger motors of
/// every joystick SDL has open and "off" to every DualSense's adaptive triggers
/// (`SDLBackend.stopEveryOpenPad`). So once it returns, no thread can make a pad rumble again through
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

    /// Closes the gate for good, then stops every pad `backend`'s SDL has open: (0,0) to the body
    /// motors and the trigger motors of those that have them, "off" to the adaptive triggers of each
    /// DualSense (`SDLBackend.stopEveryOpenPad`). Nothing more when SDL's joystick subsystem is not
    /// running (SDL closed the pads, and sent (0,0) to each that rumbled).
    package static func closeAndStopEveryPad(backend: any SDLBackend.Type) {
        closed.store(true, ordering: .releasing)
        backend.stopEveryOpenPad(triggersOff: triggersOff)
    }
}
