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
    /// Which real pad the virtual one claims to be.
    public enum Model: String, CaseIterable, Sendable {
        /// Xbox One S (045e:02ea): body motors and trigger motors.
        case xboxOne
        /// DualShock 4 (054c:09cc): body motors.
        case ps4
        /// DualSense (054c:0ce6): body motors (SDL's emulated rumble) and adaptive triggers (it
        /// records the effect bytes SDL passes on: `effects`).
        case ps5
        /// Switch Pro Controller (057e:2009): body motors.
        case switchPro
        /// No vendor: SDL reports a virtual pad.
        case generic
        /// Xbox 360 pad (045e:028e): body motors; the generic dual-motor profile, which every pad SDL
        /// does not know gets too.
        case xbox360

        /// The USB vendor and product ids SDL is given for this model ((0, 0) for the generic one).
        public var vendorProduct: (vendor: UInt16, product: UInt16) {
            switch self {
            case .xboxOne: return (0x045E, 0x02EA)
            case .ps4: return (0x054C, 0x09CC)
            case .ps5: return (0x054C, 0x0CE6)
            case .switchPro: return (0x057E, 0x2009)
            case .generic: return (0, 0)
            case .xbox360: return (0x045E, 0x028E)
            }
        }

        /// The name of the motor profile SDLHaptics gives a pad of this model (`MotorProfile.name`,
        /// `ConnectedController.profile`): what a game's test feels through it. "virtual" for the
        /// generic model (an ideal, linear, instant device: no dead zone, no spin-up), "generic" for the Xbox 360.
        public var profileName: String {
            switch self {
            case .xboxOne: return "xboxOne"
            case .ps4: return "ps4"
            case .ps5: return "ps5"
            case .switchPro: return "switchPro"
            case .generic: return "virtual"
            case .xbox360: return "generic"
            }
        }

        /// The model whose pads get the motor profile named `profileName` ("xboxOne", "ps4", "ps5",
        /// "switchPro", "generic", "virtual"), or nil for a name no virtual pad can get: SDL puts
        /// virtual pads on their own bus, so "xboxOneBluetooth" cannot be had.
        public init?(profileName: String) {
            guard let model = Model.allCases.first(where: { $0.profileName == profileName }) else { return nil }
            self = model
        }
    }

    /// What SDL sent a pad so far, kept as running figures (bounded memory, whatever the recording):
    /// call counts, the last levels and the highest ones since attach or `clearRecording()`.
    public struct RumbleSummary: Hashable, Sendable {
        /// Body-motor calls SDL made (`SDL_GameControllerRumble` reaching the pad).
        public var calls = 0
        /// The last body levels (`low`: the large, low-frequency motor), 0 before any call.
        public var low: UInt16 = 0
        public var high: UInt16 = 0
        /// The highest body levels received.
        public var peakLow: UInt16 = 0
        public var peakHigh: UInt16 = 0
        /// Trigger-motor calls SDL made (0 without trigger motors).
        public var triggerCalls = 0
        /// The last trigger levels.
        public var leftTrigger: UInt16 = 0
        public var rightTrigger: UInt16 = 0
        /// The highest trigger levels received.
        public var peakLeftTrigger: UInt16 = 0
        public var peakRightTrigger: UInt16 = 0
        public init() {}
    }

    /// One call SDL made to the pad's rumble callback.
    public struct RumbleCall: Hashable, Sendable {
        /// `SDL_GetTicks64()` when the call arrived, in milliseconds.
        public var ticksMilliseconds: UInt64
        /// Low-frequency (left, large) motor level, or left trigger for trigger calls.
        public var low: UInt16
        /// High-frequency (right, small) motor level, or right trigger for trigger calls.
        public var high: UInt16
    }

    /// One call SDL made to the pad's effect callback (`SDL_GameControllerSendEffect`).
    public struct EffectCall: Hashable, Sendable {
        /// `SDL_GetTicks64()` when the call arrived, in milliseconds.
        public var ticksMilliseconds: UInt64
        /// The bytes exactly as SDL passed them.
        public var bytes: [UInt8]
    }

    private struct Recorder: ~Copyable {
        var rumble: RecentCalls<RumbleCall>
        var triggers: RecentCalls<RumbleCall>
        var effects: RecentCalls<EffectCall>
        var summary = RumbleSummary()

        init(limit: Int) {
            rumble = RecentCalls(limit: limit)
            triggers = RecentCalls(limit: limit)
            effects = RecentCalls(limit: limit)
        }

        var dropped: Int { rumble.dropped + triggers.dropped + effects.dropped }
    }

    /// The last `limit` calls of one kind, oldest first, in a ring: appending never grows past it.
    private struct RecentCalls<Call> {
        let limit: Int
        private var ring: [Call] = []
        private var next = 0
        private(set) var dropped = 0

        init(limit: Int) { self.limit = max(limit, 1) }

        mutating func append(_ call: Call) {
            if ring.count < limit {
                ring.append(call)
            } else {
                ring[next] = call
                next = (next + 1) % limit
                dropped += 1
            }
        }

        var elements: [Call] { Array(ring[next...] + ring[..<next]) }
        var last: Call? { ring.isEmpty ? nil : ring[(next + ring.count - 1) % ring.count] }

        mutating func removeAll() {
            ring.removeAll()
            next = 0
            dropped = 0
        }
    }

    private let recorder: Mutex<Recorder>
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
    public let recordingLimit: Int
    /// The calls recordings dropped to stay within `recordingLimit` (0 until one is full).
    public var droppedCalls: Int { recorder.withLock { $0.dropped } }
    /// Whether SDL is told the pad has trigger motors (`SDL_GameControllerHasRumbleTriggers`).
    public let hasTriggerRumble: Bool
    /// Whether SDL is told the pad has body motors (`SDL_GameControllerHasRumble`).
    public let hasRumble: Bool
    /// Whether SDL is told the pad takes raw effects (`SDL_GameControllerSendEffect` succeeds).
    public let acceptsEffects: Bool
    /// Whether accepted effects are recorded (`effectCalls`) or only counted (`effectCount`).
    public let recordsEffects: Bool
    /// Whether every rumble call is recorded (`rumbleCalls`, `triggerCalls`) or only summed up
    /// (`summary`, which is kept either way).
    public let recordsRumble: Bool
    private let acceptedEffects = Atomic<Int>(0)
    private let attachedInstanceID = Atomic<Int32>(-1)
    /// The thread recording a call now (`SDL_ThreadID`), or 0. A call that arrives on that same thread
    /// while it records (an exit path that interrupted it and stops every pad) is not recorded,
    /// rather than wait for the lock its own thread holds.
    private let recordingThread = Atomic<UInt>(0)

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
        self.recordsEffects = recordsEffects
        self.recordsRumble = recordsRumble
        self.model = model
        self.hasRumble = hasRumble
        self.hasTriggerRumble = hasTriggerRumble ?? (model == .xboxOne)
        self.acceptsEffects = acceptsEffects ?? (model == .ps5)
        self.recordingLimit = max(recordingLimit, 1)
        recorder = Mutex(Recorder(limit: self.recordingLimit))
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
                Unmanaged<VirtualGameController>.fromOpaque(userdata).takeUnretainedValue().record(low, high, trigger: false)
                return 0
            }
        }
        if self.hasTriggerRumble {
            description.RumbleTriggers = { userdata, left, right in
                guard let userdata else { return -1 }
                Unmanaged<VirtualGameController>.fromOpaque(userdata).takeUnretainedValue().record(left, right, trigger: true)
                return 0
            }
        }
        if self.acceptsEffects {
            description.SendEffect = { userdata, data, size in
                guard let userdata, let data, size >= 0 else { return -1 }
                let pad = Unmanaged<VirtualGameController>.fromOpaque(userdata).takeUnretainedValue()
                pad.acceptedEffects.add(1, ordering: .relaxed)
                guard pad.recordsEffects else { return 0 }
                pad.recordEffect(Array(UnsafeRawBufferPointer(start: data, count: Int(size))))
                return 0
            }
        }
        // Unretained: SDL never calls back after `detach()`, which `deinit` guarantees.
        description.userdata = Unmanaged.passUnretained(self).toOpaque()
        let name = ids != nil ? "SDLHaptics virtual " + Self.hex(vendorID) + ":" + Self.hex(productID)
            : model.profileName == "virtual" ? "SDLHaptics virtual pad" : "SDLHaptics virtual \(model.profileName)"
        let index = name.withCString { name -> Int32 in
            description.name = name  // SDL copies the name.
            return SDL_JoystickAttachVirtualEx(&description)
        }
        guard index >= 0 else { throw SDLError.current("SDL_JoystickAttachVirtualEx") }
        attachedInstanceID.store(SDL_JoystickGetDeviceInstanceID(index), ordering: .relaxed)
        attachedType.store(Int32(bitPattern: SDL_GameControllerTypeForIndex(index).rawValue), ordering: .relaxed)
    }

    private static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
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
    public var rumbleCalls: [RumbleCall] { recorder.withLock { $0.rumble.elements } }

    /// The trigger rumble calls so far (the last `recordingLimit`), oldest first (empty without trigger motors).
    public var triggerCalls: [RumbleCall] { recorder.withLock { $0.triggers.elements } }

    /// The last trigger levels SDL sent (`low` is the left trigger), or nil before any call.
    public var lastTriggerRumble: RumbleCall? { recorder.withLock { $0.triggers.last } }

    /// The last body-motor levels SDL sent, or nil before any call.
    public var lastRumble: RumbleCall? { recorder.withLock { $0.rumble.last } }

    /// Counts, last and highest levels of what SDL sent so far (kept whatever `recordsRumble` says).
    public var summary: RumbleSummary { recorder.withLock { $0.summary } }

    /// How many effects SDL passed on (recorded or not).
    public var effectCount: Int { acceptedEffects.load(ordering: .relaxed) }

    /// The effects SDL passed on (the last `recordingLimit`), oldest first (empty unless `acceptsEffects`).
    public var effectCalls: [EffectCall] { recorder.withLock { $0.effects.elements } }

    /// The bytes of the last effect SDL passed on, or nil before any.
    public var lastEffect: [UInt8]? { recorder.withLock { $0.effects.last?.bytes } }

    /// Sets axis `axis` (an `SDL_GameControllerAxis` raw value: 4 left trigger, 5 right trigger) to
    /// `value` (-32768...32767; SDL maps a trigger's full range to 0...32767). Applied on the next
    /// `SDL_GameControllerUpdate` or pump. Returns false when SDL refuses (the pad is not open).
    @discardableResult
    public func setAxis(_ axis: Int32, value: Int16) -> Bool {
        guard let joystick = SDL_JoystickFromInstanceID(instanceID) else { return false }
        return SDL_JoystickSetVirtualAxis(joystick, axis, value) == 0
    }

    /// Forgets the recorded calls.
    public func clearRecording() {
        recorder.withLock {
            $0.rumble.removeAll()
            $0.triggers.removeAll()
            $0.effects.removeAll()
            $0.summary = RumbleSummary()
        }
    }

    private func recordEffect(_ bytes: [UInt8]) {
        let call = EffectCall(ticksMilliseconds: SDL_GetTicks64(), bytes: bytes)
        recording { $0.effects.append(call) }
    }

    /// Runs `body` on the recorder, unless this thread is already inside it (see `recordingThread`).
    private func recording(_ body: (inout Recorder) -> Void) {
        let me = UInt(SDL_ThreadID())
        guard recordingThread.load(ordering: .acquiring) != me else { return }
        let owns = recordingThread.compareExchange(expected: 0, desired: me, ordering: .acquiringAndReleasing).exchanged
        defer { if owns { recordingThread.store(0, ordering: .releasing) } }
        recorder.withLock { body(&$0) }
    }

    private func record(_ low: UInt16, _ high: UInt16, trigger: Bool) {
        let call = RumbleCall(ticksMilliseconds: SDL_GetTicks64(), low: low, high: high)
        let keep = recordsRumble
        recording {
            if trigger {
                if keep { $0.triggers.append(call) }
                $0.summary.triggerCalls += 1
                ($0.summary.leftTrigger, $0.summary.rightTrigger) = (low, high)
                $0.summary.peakLeftTrigger = max($0.summary.peakLeftTrigger, low)
                $0.summary.peakRightTrigger = max($0.summary.peakRightTrigger, high)
            } else {
                if keep { $0.rumble.append(call) }
                $0.summary.calls += 1
                ($0.summary.low, $0.summary.high) = (low, high)
                $0.summary.peakLow = max($0.summary.peakLow, low)
                $0.summary.peakHigh = max($0.summary.peakHigh, high)
            }
        }
    }

    deinit { detach() }
}
