import CHapticsSDL2
import Synchronization

/// The one door every call that drives a pad goes through (`SDLRumbleOutput.perform`,
/// `DualSenseEffectsState.send`), and the way to shut it for good when the process is leaving
/// (issue 31, items 1 and 14).
///
/// `send` makes its SDL call with SDL's joystick lock held (`SDL_LockJoysticks`, the lock SDL's own
/// rumble functions take; it is recursive) unless the gate was closed. `closeAndStopEveryPad` closes
/// it and then, under the same lock, sends (0,0) to the body and trigger motors of every joystick SDL
/// has open and "off" to every DualSense's adaptive triggers. So once it returns, no thread can
/// make a pad rumble again through SDLHaptics: a game thread still inside an update when another
/// thread calls `exit`, or the adaptive-trigger watchdog, finds the gate closed.
///
/// `closeAndStopEveryPad` touches no object of SDLHaptics, allocates nothing and takes no lock but
/// SDL's: it may run while the calling thread is interrupted in the middle of an update (an `exit`
/// from a signal handler) or while another thread is. `prepare()` must have run first (it makes the
/// gate's state, off any exit path). Any thread.
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

    /// Makes one SDL call that drives a pad, with SDL's joystick lock held, unless the gate is
    /// closed (then nothing is called and 0 is returned). No allocation.
    @inline(__always)
    static func send(_ call: () -> Int32) -> Int32 {
        SDL_LockJoysticks()
        defer { SDL_UnlockJoysticks() }
        guard !closed.load(ordering: .acquiring) else { return 0 }
        return call()
    }

    /// Closes the gate for good, then stops every pad SDL has open: (0,0) to the body motors and the
    /// trigger motors of those that have them (each driver gets the (0,0), whatever SDL recorded),
    /// "off" to the adaptive triggers of each DualSense.
    /// Does nothing more when SDL's joystick subsystem is not running (SDL closed the pads, and sent
    /// (0,0) to each that rumbled). O(pads²): SDL finds an open joystick by walking its device list.
    public static func closeAndStopEveryPad() {
        closed.store(true, ordering: .releasing)
        guard SDL_WasInit(UInt32(SDL_INIT_JOYSTICK)) != 0 else { return }
        SDL_LockJoysticks()
        defer { SDL_UnlockJoysticks() }
        let count = SDL_NumJoysticks()
        var index: Int32 = 0
        while index < count {
            if let joystick = SDL_JoystickFromInstanceID(SDL_JoystickGetDeviceInstanceID(index)) {
                // SDL skips a call whose levels equal the last it recorded, and records them only after
                // the driver took them: when this runs in the middle of a rumble call (an exit from a
                // signal handler), SDL may believe the pad is at (0,0) while its driver got more. A
                // level of 1 first (1/65535, for an instant) makes SDL pass the (0,0) on, always.
                if SDL_JoystickHasRumble(joystick) == SDL_TRUE {
                    _ = SDL_JoystickRumble(joystick, 1, 1, 0)
                    _ = SDL_JoystickRumble(joystick, 0, 0, 0)
                }
                if SDL_JoystickHasRumbleTriggers(joystick) == SDL_TRUE {
                    _ = SDL_JoystickRumbleTriggers(joystick, 1, 1, 0)
                    _ = SDL_JoystickRumbleTriggers(joystick, 0, 0, 0)
                }
                if SDL_GameControllerTypeForIndex(index) == SDL_CONTROLLER_TYPE_PS5 {
                    _ = SDL_JoystickSendEffect(joystick, triggersOff.baseAddress, Int32(triggersOff.count))
                }
            }
            index += 1
        }
    }
}
