import CHapticsSDL2
import HapticsFrontEnd
import Synchronization

/// A game controller that exists only in software, attached to SDL with
/// `SDL_JoystickAttachVirtualEx`, that records every rumble value SDL sends it.
///
/// A shipped test double: games and our own tests use it to check their haptics through real SDL
/// with no pad plugged in. The recorded values are exactly what a real pad's driver would receive
/// (`Uint16` levels). SDL opens it as an `SDL_GameController` with an automatic mapping; the vendor
/// and product IDs of the chosen `Model` make `SDL_GameControllerGetType` report that pad type.
///
/// Threads: create and detach on the thread that owns SDL's event loop. SDL calls the rumble
/// callbacks on whichever thread calls `SDL_GameControllerRumble`, with SDL's joystick lock held;
/// recording takes a short mutex and never blocks. `rumbleCalls` may be read from any thread.
public final class VirtualGameController: Sendable {
    /// Which real pad the virtual one claims to be (shared with HapticsSDL3's: `VirtualPadModel`).
    public typealias Model = VirtualPadModel
    /// What SDL sent a pad so far, as running figures (`VirtualPadRumbleSummary`).
    public typealias RumbleSummary = VirtualPadRumbleSummary
    /// One call SDL made to the pad's rumble callback (`VirtualPadRumbleCall`).
    public typealias RumbleCall = VirtualPadRumbleCall
    /// One call SDL made to the pad's effect callback, `SDL_GameControllerSendEffect` (`VirtualPadEffectCall`).
    public typealias EffectCall = VirtualPadEffectCall

    /// Records what the callbacks receive (HapticsFrontEnd's, shared with HapticsSDL3).
    private let recorder: VirtualPadRecorder
    /// The pad model this controller claims to be.
    public let model: Model
    /// Whether SDL is told the pad has trigger motors (`SDL_GameControllerHasRumbleTriggers`).
    public let hasTriggerRumble: Bool
    /// Whether SDL is told the pad has body motors (`SDL_GameControllerHasRumble`).
    public let hasRumble: Bool
    /// Whether SDL is told the pad takes raw effects (`SDL_GameControllerSendEffect` succeeds).
    public let acceptsEffects: Bool
    /// Whether accepted effects are recorded (`effectCalls`) or only counted (`effectCount`).
    public var recordsEffects: Bool { recorder.recordsEffects }
    /// Whether every rumble call is recorded (`rumbleCalls`, `triggerCalls`) or only summed up
    /// (`summary`, which is kept either way).
    public var recordsRumble: Bool { recorder.recordsRumble }
    private let attachedInstanceID = Atomic<Int32>(-1)

    /// SDL's instance id for this pad, stable while it is attached (device indices are not);
    /// -1 once detached.
    public var instanceID: SDL_JoystickID { attachedInstanceID.load(ordering: .relaxed) }

    /// Attaches a new virtual pad. SDL's joystick subsystem must be running (see `SDLSubsystems`).
    /// The game sees an `SDL_CONTROLLERDEVICEADDED` event on its next `SDL_PumpEvents`.
    /// - Parameters:
    ///   - model: the pad it claims to be (default generic).
    ///   - hasRumble: whether it has body motors (default true; false: a pad that cannot rumble).
    ///   - hasTriggerRumble: whether it has trigger motors (default: only the Xbox One model).
    ///   - acceptsEffects: whether it takes raw effects and records them (default: only the PS5 model).
    ///   - recordsEffects: false to accept effects without recording them (no allocation in the
    ///     callback: for benchmarks); `effectCount` still counts them. Default true.
    ///   - recordsRumble: false to keep only `summary` of the rumble calls (memory stays bounded in a
    ///     long test; the C API's virtual pads do this). Default true.
    /// - Throws: `SDLError` with SDL's message when SDL refuses.
    public init(model: Model = .generic, hasRumble: Bool = true, hasTriggerRumble: Bool? = nil,
                acceptsEffects: Bool? = nil, recordsEffects: Bool = true, recordsRumble: Bool = true) throws(SDLError) {
        recorder = VirtualPadRecorder(recordsRumble: recordsRumble, recordsEffects: recordsEffects)
        self.model = model
        self.hasRumble = hasRumble
        self.hasTriggerRumble = hasTriggerRumble ?? (model == .xboxOne)
        self.acceptsEffects = acceptsEffects ?? (model == .ps5)
        var description = SDL_VirtualJoystickDesc()
        description.version = UInt16(SDL_VIRTUAL_JOYSTICK_DESC_VERSION)
        description.type = UInt16(SDL_JOYSTICK_TYPE_GAMECONTROLLER.rawValue)
        description.naxes = UInt16(SDL_CONTROLLER_AXIS_MAX.rawValue)
        description.nbuttons = UInt16(SDL_CONTROLLER_BUTTON_MAX.rawValue)
        (description.vendor_id, description.product_id) = model.vendorProduct
        if hasRumble {
            description.Rumble = { userdata, low, high in
                guard let userdata else { return -1 }
                Unmanaged<VirtualPadRecorder>.fromOpaque(userdata).takeUnretainedValue().record(low, high, trigger: false, ticks: SDL_GetTicks64())
                return 0
            }
        }
        if self.hasTriggerRumble {
            description.RumbleTriggers = { userdata, left, right in
                guard let userdata else { return -1 }
                Unmanaged<VirtualPadRecorder>.fromOpaque(userdata).takeUnretainedValue().record(left, right, trigger: true, ticks: SDL_GetTicks64())
                return 0
            }
        }
        if self.acceptsEffects {
            description.SendEffect = { userdata, data, size in
                guard let userdata, let data, size >= 0 else { return -1 }
                Unmanaged<VirtualPadRecorder>.fromOpaque(userdata).takeUnretainedValue()
                    .recordEffect(UnsafeRawBufferPointer(start: data, count: Int(size)), ticks: SDL_GetTicks64())
                return 0
            }
        }
        // Unretained: SDL never calls back after `detach()`, which `deinit` guarantees, and the recorder
        // lives as long as this object.
        description.userdata = Unmanaged.passUnretained(recorder).toOpaque()
        let index = "SDLHaptics virtual \(model.rawValue)".withCString { name -> Int32 in
            description.name = name  // SDL copies the name.
            return SDL_JoystickAttachVirtualEx(&description)
        }
        guard index >= 0 else { throw SDLError.current("SDL_JoystickAttachVirtualEx") }
        attachedInstanceID.store(SDL_JoystickGetDeviceInstanceID(index), ordering: .relaxed)
    }

    /// The current device index of this pad (indices shift as pads come and go), or nil once detached.
    public var deviceIndex: Int32? {
        let id = instanceID
        guard id >= 0 else { return nil }
        for index in 0..<SDL_NumJoysticks() where SDL_JoystickGetDeviceInstanceID(index) == id { return index }
        return nil
    }

    /// Unplugs the pad: the game sees `SDL_CONTROLLERDEVICEREMOVED` on its next pump. Idempotent.
    public func detach() {
        guard let index = deviceIndex else { return }
        SDL_JoystickDetachVirtual(index)
        attachedInstanceID.store(-1, ordering: .relaxed)
    }

    /// Every body-motor rumble call so far, oldest first.
    public var rumbleCalls: [RumbleCall] { recorder.rumbleCalls }

    /// Every trigger rumble call so far, oldest first (empty without trigger motors).
    public var triggerCalls: [RumbleCall] { recorder.triggerCalls }

    /// The last trigger levels SDL sent (`low` is the left trigger), or nil before any call.
    public var lastTriggerRumble: RumbleCall? { recorder.lastTriggerRumble }

    /// The last body-motor levels SDL sent, or nil before any call.
    public var lastRumble: RumbleCall? { recorder.lastRumble }

    /// Counts, last and highest levels of what SDL sent so far (kept whatever `recordsRumble` says).
    public var summary: RumbleSummary { recorder.summary }

    /// How many effects SDL passed on (recorded or not).
    public var effectCount: Int { recorder.effectCount }

    /// Every effect SDL passed on, oldest first (empty unless `acceptsEffects`).
    public var effectCalls: [EffectCall] { recorder.effectCalls }

    /// The bytes of the last effect SDL passed on, or nil before any.
    public var lastEffect: [UInt8]? { recorder.lastEffect }

    /// Sets axis `axis` (an `SDL_GameControllerAxis` raw value: 4 left trigger, 5 right trigger) to
    /// `value` (-32768...32767; SDL maps a trigger's full range to 0...32767). Applied on the next
    /// `SDL_GameControllerUpdate` or pump. Returns false when SDL refuses (the pad is not open).
    @discardableResult
    public func setAxis(_ axis: Int32, value: Int16) -> Bool {
        guard let joystick = SDL_JoystickFromInstanceID(instanceID) else { return false }
        return SDL_JoystickSetVirtualAxis(joystick, axis, value) == 0
    }

    /// Forgets the recorded calls.
    public func clearRecording() { recorder.clear() }

    deinit { detach() }
}
