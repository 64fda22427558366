import CHapticsSDL3
import Haptics
import HapticsFrontEnd
import Synchronization

/// A gamepad that exists only in software, attached to SDL3 with `SDL_AttachVirtualJoystick`, that
/// records every rumble value and effect byte SDL sends it: HapticsSDL3's shipped test double, with
/// the API of HapticsSDL's `VirtualGameController` (the recording is `HapticsFrontEnd`'s, shared).
///
/// The recorded values are exactly what a real pad's driver would receive (`Uint16` levels, the effect
/// bytes). SDL opens it as an `SDL_Gamepad`; the vendor and product ids of the chosen `Model` make
/// `SDL_GetGamepadType` report that pad type.
///
/// Threads: create and detach on the thread that owns SDL's event loop. SDL calls the callbacks on
/// whichever thread rumbles, with its joystick lock held; recording takes a short mutex.
public final class VirtualGameController: Sendable {
    public typealias Model = VirtualPadModel
    public typealias RumbleSummary = VirtualPadRumbleSummary
    public typealias RumbleCall = VirtualPadRumbleCall
    public typealias EffectCall = VirtualPadEffectCall

    /// The pad model this controller claims to be (for a pad made with other ids: the model whose
    /// features it has, `.generic`: body motors only).
    public let model: Model
    /// The USB vendor and product ids SDL was given (the model's, or the ids asked for).
    public let vendorID: UInt16
    public let productID: UInt16
    /// Whether it was made with ids of its own rather than its model's.
    private let hasOwnIDs: Bool
    /// How many calls of each kind a recording keeps (the most recent).
    public var recordingLimit: Int { recorder.limit }
    /// The calls recordings dropped to stay within `recordingLimit` (0 until one is full).
    public var droppedCalls: Int { recorder.droppedCalls }
    /// Whether SDL is told the pad has body motors (`SDL_PROP_GAMEPAD_CAP_RUMBLE_BOOLEAN`).
    public let hasRumble: Bool
    /// Whether SDL is told the pad has trigger motors (`SDL_PROP_GAMEPAD_CAP_TRIGGER_RUMBLE_BOOLEAN`).
    public let hasTriggerRumble: Bool
    /// Whether the pad takes raw effects (`SDL_SendGamepadEffect` succeeds).
    public let acceptsEffects: Bool
    private let recorder: VirtualPadRecorder
    private let attachedID = Atomic<UInt32>(0)

    /// SDL's joystick id for this pad while it is attached; 0 once detached.
    public var instanceID: SDL_JoystickID { attachedID.load(ordering: .relaxed) }

    /// Attaches a new virtual gamepad. SDL's joystick or gamepad subsystem must be running. The game
    /// sees `SDL_EVENT_GAMEPAD_ADDED` on its next pump.
    /// - Parameters: as HapticsSDL's `VirtualGameController`: the model (default generic), body motors
    ///   (default true), trigger motors (default: the Xbox One model), raw effects (default: the PS5
    ///   model), whether effects and rumble calls are recorded or only counted and summed up.
    /// - Throws: `SDLError` with SDL's message when SDL refuses.
    ///   - ids: USB vendor and product ids instead of the model's (the pad then has the model's
    ///     features, and SDL types it by these ids); `recordingLimit`: how many calls of each kind a
    ///     recording keeps, the most recent (>= 1; default 65,536).
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
        description.version = UInt32(MemoryLayout<SDL_VirtualJoystickDesc>.size)   // SDL_INIT_INTERFACE
        description.type = UInt16(SDL_JOYSTICK_TYPE_GAMEPAD.rawValue)
        description.naxes = UInt16(SDL_GAMEPAD_AXIS_COUNT.rawValue)
        description.nbuttons = UInt16(SDL_GAMEPAD_BUTTON_COUNT.rawValue)
        (description.vendor_id, description.product_id) = (vendorID, productID)
        if hasRumble {
            description.Rumble = { userdata, low, high in
                guard let userdata else { return false }
                Unmanaged<VirtualPadRecorder>.fromOpaque(userdata).takeUnretainedValue().record(low, high, trigger: false, ticks: SDL_GetTicks())
                return true
            }
        }
        if self.hasTriggerRumble {
            description.RumbleTriggers = { userdata, left, right in
                guard let userdata else { return false }
                Unmanaged<VirtualPadRecorder>.fromOpaque(userdata).takeUnretainedValue().record(left, right, trigger: true, ticks: SDL_GetTicks())
                return true
            }
        }
        if self.acceptsEffects {
            description.SendEffect = { userdata, data, size in
                guard let userdata, let data, size >= 0 else { return false }
                Unmanaged<VirtualPadRecorder>.fromOpaque(userdata).takeUnretainedValue()
                    .recordEffect(UnsafeRawBufferPointer(start: data, count: Int(size)), ticks: SDL_GetTicks())
                return true
            }
        }
        // Unretained: SDL never calls back after `detach()`, which `deinit` guarantees, and the recorder
        // lives as long as this object.
        description.userdata = Unmanaged.passUnretained(recorder).toOpaque()
        let name = ids != nil ? "SDLHaptics virtual " + Self.hex(vendorID) + ":" + Self.hex(productID)
            : model.profileName == "virtual" ? "SDLHaptics virtual pad" : "SDLHaptics virtual \(model.profileName)"
        let id = name.withCString { name -> SDL_JoystickID in
            description.name = name  // SDL copies the name.
            return SDL_AttachVirtualJoystick(&description)
        }
        guard id != 0 else { throw SDLError(operation: "SDL_AttachVirtualJoystick", message: String(cString: SDL_GetError())) }
        attachedID.store(id, ordering: .relaxed)
    }

    /// The name of the motor profile SDLHaptics gives this pad (`MotorProfile.name`): the model's, or for
    /// other ids what SDL's type for them gives (`MotorProfile.forController`).
    public var profileName: String {
        guard hasOwnIDs else { return model.profileName }
        let kind = ControllerKind(SDL_GetGamepadTypeForID(instanceID))
        return MotorProfile.forController(kind: kind, bus: .virtual, hasRumble: hasRumble, hasTriggerRumble: hasTriggerRumble).name
    }

    private static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// Unplugs the pad: the game sees `SDL_EVENT_GAMEPAD_REMOVED` on its next pump. Idempotent.
    public func detach() {
        let id = attachedID.exchange(0, ordering: .relaxed)
        guard id != 0 else { return }
        _ = SDL_DetachVirtualJoystick(id)
    }

    /// Every body-motor rumble call so far, oldest first.
    public var rumbleCalls: [RumbleCall] { recorder.rumbleCalls }
    /// Every trigger rumble call so far, oldest first (empty without trigger motors).
    public var triggerCalls: [RumbleCall] { recorder.triggerCalls }
    /// The last trigger levels SDL sent (`low` is the left trigger), or nil before any call.
    public var lastTriggerRumble: RumbleCall? { recorder.lastTriggerRumble }
    /// The last body-motor levels SDL sent, or nil before any call.
    public var lastRumble: RumbleCall? { recorder.lastRumble }
    /// Counts, last and highest levels of what SDL sent so far.
    public var summary: RumbleSummary { recorder.summary }
    /// How many effects SDL passed on (recorded or not).
    public var effectCount: Int { recorder.effectCount }
    /// Every effect SDL passed on, oldest first (empty unless `acceptsEffects`).
    public var effectCalls: [EffectCall] { recorder.effectCalls }
    /// The bytes of the last effect SDL passed on, or nil before any.
    public var lastEffect: [UInt8]? { recorder.lastEffect }

    /// Sets axis `axis` (an `SDL_GamepadAxis` raw value: 4 left trigger, 5 right trigger) to `value`
    /// (-32768...32767; SDL maps a trigger's full range to 0...32767). Applied on the next update or
    /// pump. Returns false when SDL refuses (the pad is not open).
    @discardableResult
    public func setAxis(_ axis: Int32, value: Int16) -> Bool {
        guard let joystick = SDL_GetJoystickFromID(instanceID) else { return false }
        return SDL_SetJoystickVirtualAxis(joystick, axis, value)
    }

    /// Forgets the recorded calls.
    public func clearRecording() { recorder.clear() }

    deinit { detach() }
}
