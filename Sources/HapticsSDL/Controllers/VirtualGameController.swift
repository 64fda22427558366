import CHapticsSDL2
import Haptics
import HapticsFrontEnd
import Synchronization

/// A game controller that exists only in software, attached to SDL with
/// `SDL_JoystickAttachVirtualEx`, that records every rumble value SDL sends it.
///
/// A shipped test double: games and our own tests use it to check their haptics through real SDL
/// with no pad plugged in. The recorded values are exactly what a real pad's driver would receive
/// (`Uint16` levels). SDL opens it as an `SDL_GameController` with an automatic mapping; the vendor
/// and product IDs of the chosen `Model` (or the ids given) make `SDL_GameControllerGetType` report
/// that pad type. Its name is "SDLHaptics virtual PROFILE" after the profile SDLHaptics gives it
/// (`profileName`; "SDLHaptics virtual pad" for the ideal `virtual` profile).
///
/// Memory stays bounded however long a test runs: each recording (`rumbleCalls`, `triggerCalls`,
/// `effectCalls`) keeps the last `recordingLimit` calls (65,536 by default; the oldest are dropped
/// and counted in `droppedCalls`), and `summary` is a fixed set of figures.
///
/// Cost: SDL 2.26 attaches a virtual joystick in time that grows with the square of those already
/// attached (`SDL_PrivateJoystickAdded` finds the new one's device index by walking every index, and
/// the virtual driver walks its list for each): a few hundred attach in a fraction of a second,
/// 1,000 take seconds (docs/reliability.md).
///
/// Threads: create and detach on the thread that owns SDL's event loop. SDL calls the rumble
/// callbacks on whichever thread calls `SDL_GameControllerRumble`, with SDL's joystick lock held;
/// recording takes a short mutex and never blocks. `rumbleCalls` may be read from any thread.
public final class VirtualGameController: Sendable {
    /// Which real pad the virtual one claims to be (`VirtualPadModel`: Xbox One, DualShock 4, DualSense,
    /// Switch Pro, generic, Xbox 360), with its vendor and product ids and the motor profile it gets.
    public typealias Model = VirtualPadModel
    /// What SDL sent a pad so far, kept as running figures (bounded memory, whatever the recording).
    public typealias RumbleSummary = VirtualPadRumbleSummary
    /// One call SDL made to the pad's rumble callback (`ticksMilliseconds`: `SDL_GetTicks64()`).
    public typealias RumbleCall = VirtualPadRumbleCall
    /// One call SDL made to the pad's effect callback (`SDL_GameControllerSendEffect`).
    public typealias EffectCall = VirtualPadEffectCall

    /// The recording, shared with HapticsSDL3's virtual pad (`VirtualPadRecorder`, HapticsFrontEnd).
    private let recorder: VirtualPadRecorder
    /// The pad model this controller claims to be (for a pad made with other ids: the model whose
    /// features it has, `.generic`: body motors only).
    public let model: Model
    /// The USB vendor and product ids SDL was given (the model's, or the ids asked for).
    public let vendorID: UInt16
    public let productID: UInt16
    /// The name of the motor profile SDLHaptics gives this pad ("xboxOne", "ps4", "ps5",
    /// "switchPro", "generic", "virtual": `MotorProfile.name`): the model's, or for other ids what
    /// SDL's type for them gives (`MotorProfile.forController`).
    public var profileName: String {
        guard hasOwnIDs else { return model.profileName }
        let kind = ControllerKind(SDL_GameControllerType(rawValue: UInt32(bitPattern: attachedType.load(ordering: .relaxed))))
        return MotorProfile.forController(kind: kind, bus: .virtual, hasRumble: hasRumble, hasTriggerRumble: hasTriggerRumble).name
    }
    /// Whether it was made with ids of its own rather than its model's.
    private let hasOwnIDs: Bool
    /// SDL's `SDL_GameControllerType` for it, read when it was attached.
    private let attachedType = Atomic<Int32>(0)
    /// How many calls of each kind a recording keeps (the most recent).
    public var recordingLimit: Int { recorder.limit }
    /// The calls recordings dropped to stay within `recordingLimit` (0 until one is full).
    public var droppedCalls: Int { recorder.droppedCalls }
    /// Whether SDL is told the pad has trigger motors (`SDL_GameControllerHasRumbleTriggers`).
    public let hasTriggerRumble: Bool
    /// Whether SDL is told the pad has body motors (`SDL_GameControllerHasRumble`).
    public let hasRumble: Bool
    /// Whether SDL is told the pad takes raw effects (`SDL_GameControllerSendEffect` succeeds).
    public let acceptsEffects: Bool
    /// Whether accepted effects are recorded (`effectCalls`) or only counted (`effectCount`).
    public var recordsEffects: Bool { recorder.recordsEffects }
    /// Whether every rumble call is recorded (`rumbleCalls`, `triggerCalls`) or only summed up
    /// (`summary`, which is kept either way). A call that arrives on the thread already recording (an
    /// exit path that interrupted it and stops every pad) is not recorded, rather than wait for the lock
    /// its own thread holds (`VirtualPadRecorder`).
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
    ///   - ids: USB vendor and product ids instead of the model's (the pad then has the model's
    ///     features, and SDL types it by these ids: 045e:0b12, an Xbox Series pad, gets the
    ///     `xboxOne` profile, with body motors only unless `hasTriggerRumble`).
    ///   - recordingLimit: how many calls of each kind a recording keeps, the most recent (>= 1;
    ///     default 65,536).
    /// - Throws: `SDLError` with SDL's message when SDL refuses.
    public init(model: Model = .generic, hasRumble: Bool = true, hasTriggerRumble: Bool? = nil,
                acceptsEffects: Bool? = nil, recordsEffects: Bool = true, recordsRumble: Bool = true,
                ids: (vendor: UInt16, product: UInt16)? = nil, recordingLimit: Int = 65_536) throws(SDLError) {
        self.model = model
        self.hasRumble = hasRumble
        self.hasTriggerRumble = hasTriggerRumble ?? (model == .xboxOne)
        self.acceptsEffects = acceptsEffects ?? (model == .ps5)
        recorder = VirtualPadRecorder(recordsRumble: recordsRumble, recordsEffects: recordsEffects, limit: recordingLimit)
        (vendorID, productID) = ids ?? model.vendorProduct
        hasOwnIDs = ids != nil
        var description = SDL_VirtualJoystickDesc()
        description.version = UInt16(SDL_VIRTUAL_JOYSTICK_DESC_VERSION)
        description.type = UInt16(SDL_JOYSTICK_TYPE_GAMECONTROLLER.rawValue)
        description.naxes = UInt16(SDL_CONTROLLER_AXIS_MAX.rawValue)
        description.nbuttons = UInt16(SDL_CONTROLLER_BUTTON_MAX.rawValue)
        (description.vendor_id, description.product_id) = (vendorID, productID)
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
        let name = model.attachName(ids: ids)
        let index = name.withCString { name -> Int32 in
            description.name = name  // SDL copies the name.
            return SDL_JoystickAttachVirtualEx(&description)
        }
        guard index >= 0 else { throw SDLError.current("SDL_JoystickAttachVirtualEx") }
        attachedInstanceID.store(SDL_JoystickGetDeviceInstanceID(index), ordering: .relaxed)
        attachedType.store(Int32(bitPattern: SDL_GameControllerTypeForIndex(index).rawValue), ordering: .relaxed)
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

    /// The body-motor rumble calls so far (the last `recordingLimit`), oldest first.
    public var rumbleCalls: [RumbleCall] { recorder.rumbleCalls }

    /// The trigger rumble calls so far (the last `recordingLimit`), oldest first (empty without trigger motors).
    public var triggerCalls: [RumbleCall] { recorder.triggerCalls }

    /// The last trigger levels SDL sent (`low` is the left trigger), or nil before any call.
    public var lastTriggerRumble: RumbleCall? { recorder.lastTriggerRumble }

    /// The last body-motor levels SDL sent, or nil before any call.
    public var lastRumble: RumbleCall? { recorder.lastRumble }

    /// Counts, last and highest levels of what SDL sent so far (kept whatever `recordsRumble` says).
    public var summary: RumbleSummary { recorder.summary }

    /// How many effects SDL passed on (recorded or not).
    public var effectCount: Int { recorder.effectCount }

    /// The effects SDL passed on (the last `recordingLimit`), oldest first (empty unless `acceptsEffects`).
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
