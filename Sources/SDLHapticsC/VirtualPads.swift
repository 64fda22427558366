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
/// behind a lock held only for a lookup, an insert or a removal. At most `SDLH_MAX_VIRTUAL_PADS` are
/// attached at once (issue 31: SDL 2.26 attaches one in time that grows with the square of those
/// attached, so the handle table's 65,536 could never be reached).
final class VirtualPads: @unchecked Sendable {
    static let shared = VirtualPads()

    private let lock = PthreadLock()
    private var table = HandleTable<VirtualPadBox>(kind: 0x3)   // guarded by `lock`
    private var attached = 0                                     // guarded by `lock`

    private init() {}

    /// The most virtual pads attached at once.
    static let limit = Int(SDLH_MAX_VIRTUAL_PADS)

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

    /// Attaches a pad for a profile name, or for "VVVV:PPPP" (hexadecimal USB vendor and product ids).
    func attach(profile: String) throws(CFailure) -> UnsafeMutableRawPointer {
        if let ids = Self.ids(profile) { return try attach(vendor: ids.vendor, product: ids.product) }
        guard let model = VirtualGameController.Model(profileName: profile) else {
            throw .invalid("profile '\(profile)' cannot be attached: expected one of \(Self.profileNames.joined(separator: ", ")), "
                           + "or USB ids as \"VVVV:PPPP\" (\"045e:02ea\")"
                           + (profile == "xboxOneBluetooth" ? " (SDL puts virtual pads on their own bus, never Bluetooth)" : ""))
        }
        return try attach { () throws(SDLError) in try VirtualGameController(model: model, recordsEffects: false, recordsRumble: false) }
    }

    /// Attaches a pad with these USB ids: a model's ids give that model (its motors and triggers),
    /// other ids a pad with body motors that SDL types by its ids (an Xbox Series pad, 045e:0b12,
    /// gets the `xboxOne` profile without trigger motors).
    func attach(vendor: UInt16, product: UInt16) throws(CFailure) -> UnsafeMutableRawPointer {
        if let model = VirtualGameController.Model.allCases.first(where: { $0.vendorProduct == (vendor, product) && $0 != .generic }) {
            return try attach { () throws(SDLError) in try VirtualGameController(model: model, recordsEffects: false, recordsRumble: false) }
        }
        return try attach { () throws(SDLError) in
            try VirtualGameController(model: .generic, recordsEffects: false, recordsRumble: false, ids: (vendor, product))
        }
    }

    private func attach(_ make: () throws(SDLError) -> VirtualGameController) throws(CFailure) -> UnsafeMutableRawPointer {
        guard CFlavour.isJoystickSubsystemRunning else {
            throw CFailure(code: SDLH_ERROR_SDL, message: "SDL's joystick subsystem is not running: call \(CFlavour.gamepadInit) first")
        }
        lock.lock()
        let full = attached >= Self.limit
        lock.unlock()
        guard !full else {
            throw CFailure(code: SDLH_ERROR_LIMIT, message: "\(Self.limit) virtual pads are attached (SDLH_MAX_VIRTUAL_PADS): detach some first")
        }
        let pad: VirtualGameController
        do { pad = try make() } catch {
            throw CFailure(code: SDLH_ERROR_SDL, message: "\(error)")
        }
        lock.lock()
        let handle = table.insert(VirtualPadBox(pad))
        if handle != nil { attached += 1 }
        lock.unlock()
        guard let handle else {
            pad.detach()
            throw CFailure(code: SDLH_ERROR_LIMIT, message: "\(HandleTable<VirtualPadBox>.limit) virtual pad handles are live: detach some first")
        }
        return handle
    }

    /// The ids of "VVVV:PPPP" (four hexadecimal digits each, either case), or nil.
    static func ids(_ text: String) -> (vendor: UInt16, product: UInt16)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.utf8.count == 4 && $0.allSatisfy(\.isHexDigit) }),
              let vendor = UInt16(parts[0], radix: 16), let product = UInt16(parts[1], radix: 16) else { return nil }
        return (vendor, product)
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
        if box != nil { attached -= 1 }
        lock.unlock()
        guard let box else { throw .invalidHandle("pad") }
        box.pad.detach()
    }
}
