#if SDLHAPTICS_SDL3
import CHapticsSDL3
import CSDLHaptics3
import HapticsSDL3
#else
import CHapticsSDL2
import CSDLHaptics
import HapticsSDL
#endif
import Haptics

/// A virtual pad behind an `SDLH_VirtualPad` handle: the shipped test double (`VirtualGameController`)
/// of the model that gets the profile the game asked for, keeping only a summary of what SDL sent it
/// (bounded memory however long the game's test runs).
final class VirtualPadBox {
    let pad: VirtualGameController
    init(_ pad: VirtualGameController) { self.pad = pad }
}

/// The virtual pads C attached (`SDLH_AttachVirtualPad`, issue 25). Process-wide, not part of
/// `LibraryState`: a game's test attaches them before `SDLH_Init` and reads them after `SDLH_Quit`
/// ((0,0) on quit). Handles are checked like every other (`HandleTable`, its own kind); the table sits
/// behind a lock held only for a lookup, an insert or a removal.
final class VirtualPads: @unchecked Sendable {
    static let shared = VirtualPads()

    private let lock = PthreadLock()
    private var table = HandleTable<VirtualPadBox>(kind: 0x3)   // guarded by `lock`

    private init() {}

    /// The names `SDLH_AttachVirtualPad` takes, in the header's order.
    static let profileNames = ["xboxOne", "ps4", "ps5", "switchPro", "generic", "virtual"]

    /// Refuses a thread other than the game thread once SDLHaptics is initialized (before it, the
    /// caller's thread is taken to be the one that runs SDL).
    static func checkThread() throws(CFailure) {
        let owner = LibraryState.gameThreadID.load(ordering: .acquiring)
        guard owner == 0 || owner == LibraryState.callingThread else {
            throw CFailure(code: SDLH_ERROR_WRONG_THREAD,
                           message: "called from a thread other than the game thread (the one that called SDLH_Init)")
        }
    }

    func attach(profile: String) throws(CFailure) -> UnsafeMutableRawPointer {
        guard let model = VirtualGameController.Model(profileName: profile) else {
            throw .invalid("profile '\(profile)' cannot be attached: expected one of \(Self.profileNames.joined(separator: ", "))"
                           + (profile == "xboxOneBluetooth" ? " (SDL puts virtual pads on their own bus, never Bluetooth)" : ""))
        }
        guard CFlavour.isJoystickSubsystemRunning else {
            throw CFailure(code: SDLH_ERROR_SDL, message: "SDL's joystick subsystem is not running: call \(CFlavour.gamepadInit) first")
        }
        let pad: VirtualGameController
        do { pad = try VirtualGameController(model: model, recordsRumble: false) } catch {
            throw CFailure(code: SDLH_ERROR_SDL, message: "\(error)")
        }
        lock.lock()
        let handle = table.insert(VirtualPadBox(pad))
        lock.unlock()
        guard let handle else {
            pad.detach()
            throw CFailure(code: SDLH_ERROR_LIMIT, message: "\(HandleTable<VirtualPadBox>.limit) virtual pads are attached: detach some first")
        }
        return handle
    }

    func pad(_ handle: OpaquePointer?) throws(CFailure) -> VirtualGameController {
        lock.lock()
        let box = table.object(UnsafeRawPointer(handle))
        lock.unlock()
        guard let box else { throw .invalidHandle("pad") }
        return box.pad
    }

    func detach(_ handle: OpaquePointer?) throws(CFailure) {
        lock.lock()
        let box = table.remove(UnsafeRawPointer(handle))
        lock.unlock()
        guard let box else { throw .invalidHandle("pad") }
        box.pad.detach()
    }
}
