import Haptics

/// Sends one player's `AdaptiveTriggers` to the pad assigned to that player, so that a trigger is
/// never left stiff.
///
/// On a DualSense (`support == .adaptive`) each update encodes both triggers' effects
/// (`DualSenseTriggerEncoder`) and, only when the bytes differ from what the pad last received and
/// at least `minimumUpdateInterval` of game time has passed since the last send, calls
/// the backend's `sendEffect` (SDL2's `SDL_GameControllerSendEffect`, SDL3's `SDL_SendGamepadEffect`) with a 47-byte `DualSenseEffectsState` carrying both trigger
/// blocks (enable bits 0x04 | 0x08, never the rumble bits). On a pad with trigger motors
/// (`.triggerRumble`) vibration effects and a weapon's release become trigger-motor levels handed
/// to the player's `SDLRumbleOutput` (`AdaptiveTriggerSupport`). Other pads: nothing.
///
/// Never stiff: SDL sends a trigger effect once and the DualSense holds it until told otherwise
/// (no duration, unlike rumble), so this output sends "off" (`stop()`) on every path that takes
/// haptics away: pause, focus loss, engine stop, `playback.stopAll`, detach (disconnect, reassignment,
/// shutdown); the front door calls it. While `isActive` is false on an update nothing but "off" is
/// sent; when it turns true again, the effects the game set are sent again. If the game stops
/// calling update altogether, `AdaptiveTriggerWatchdog` sends "off" from its own thread.
///
/// Threads: the game's update thread (the watchdog only touches `link`). Cost per update: O(1)
/// when no effect changed (a revision check), O(10) per changed trigger, no allocation, at most one
/// SDL call.
public final class SDLAdaptiveTriggerOutput {
    /// A short name for traces, such as "player1".
    public let name: String
    /// What the attached pad can do (`.unsupported` without a pad).
    public private(set) var support: AdaptiveTriggerSupport = .unsupported
    /// Least game time between two effects states sent to a DualSense, in seconds (the pad's
    /// profile's `minimumUpdateInterval`, 10 ms for a DualSense). Later changes wait (`deferred`).
    public private(set) var minimumUpdateInterval: Double = 0.010
    /// What this output has asked of SDL.
    public private(set) var statistics = AdaptiveTriggerStatistics()
    /// The right trigger block the pad last received (nil: none since attach).
    public private(set) var sentRight: DualSenseTriggerBlock?
    /// The left trigger block the pad last received (nil: none since attach).
    public private(set) var sentLeft: DualSenseTriggerBlock?
    /// Trigger-motor levels (0...1) last handed to the rumble output on a `.triggerRumble` pad.
    public private(set) var fallbackLeft = 0.0
    /// See `fallbackLeft`.
    public private(set) var fallbackRight = 0.0
    /// Shared with the watchdog thread.
    let link = AdaptiveTriggerLink()

    private var controller: OpaquePointer?
    /// The SDL the attached pad belongs to.
    private var backend: (any SDLBackend.Type)?
    private weak var rumble: SDLRumbleOutput?
    private var lastSendTime = -Double.infinity
    private var encodedRevision: (left: UInt64, right: UInt64) = (.max, .max)
    private var wanted = (left: DualSenseTriggerBlock.off, right: DualSenseTriggerBlock.off)
    private var wasActive = true
    /// Trigger-motor fallback: game time until which a weapon's release pulse lasts, per side.
    private var pulseUntil = (left: -Double.infinity, right: -Double.infinity)
    private var wasPastEnd = (left: false, right: false)

    /// Length of the trigger-motor pulse a weapon effect gives on a `.triggerRumble` pad, in seconds.
    public static let weaponPulseSeconds = 0.06

    /// An output with no pad.
    public init(name: String) { self.name = name }

    /// Whether a pad is attached.
    public var isConnected: Bool { controller != nil }

    /// Attaches an open pad. `rumble` is the same player's rumble output (for the trigger-motor
    /// fallback). The output does not own the controller; call `detach()` before closing it.
    func attach(_ controller: OpaquePointer, backend: any SDLBackend.Type, support: AdaptiveTriggerSupport,
                minimumUpdateInterval: Double, rumble: SDLRumbleOutput) {
        self.controller = controller
        self.backend = backend
        self.support = support
        self.minimumUpdateInterval = max(minimumUpdateInterval, 0)
        self.rumble = rumble
        sentLeft = nil
        sentRight = nil
        lastSendTime = -Double.infinity
        encodedRevision = (.max, .max)
        wasActive = true
        pulseUntil = (-Double.infinity, -Double.infinity)
        wasPastEnd = (false, false)
        fallbackLeft = 0
        fallbackRight = 0
        link.attach(support == .adaptive ? controller : nil)
    }

    /// Sends "off" and forgets the pad (before it is closed, or after it was removed).
    func detach() {
        stop()
        link.attach(nil)
        controller = nil
        backend = nil
        support = .unsupported
        rumble = nil
    }

    /// Sends "off" to both triggers now (a DualSense) or drops the trigger-motor fallback to 0,
    /// whatever was sent before and whatever the interval. Does nothing without a pad. The effects
    /// the game set are sent again on the next active update.
    public func stop() {
        guard let controller else { return }
        switch support {
        case .adaptive:
            statistics.stops += 1
            send(DualSenseEffectsState(right: .off, left: .off), to: controller)
            sentLeft = .off
            sentRight = .off
            link.holdsEffect.store(false, ordering: .relaxed)
        case .triggerRumble:
            setFallback(left: 0, right: 0)
        case .unsupported:
            break
        }
        pulseUntil = (-Double.infinity, -Double.infinity)
        encodedRevision = (.max, .max)
    }

    /// Once per frame: sends what changed. `isActive` false (paused, focus lost, engine stopped)
    /// keeps the pad at "off" (sending it once if it held an effect).
    func update(_ triggers: AdaptiveTriggers, at time: Double, isActive: Bool) {
        guard let controller else { return }
        if link.forcedOff.exchange(false, ordering: .relaxed) {
            sentLeft = .off  // the watchdog turned the pad off while the game was not updating
            sentRight = .off
        }
        guard isActive else {
            if !(sentLeft ?? .off).isOff || !(sentRight ?? .off).isOff || fallbackLeft != 0 || fallbackRight != 0 {
                stop()
            }
            wasActive = false
            return
        }
        wasActive = true
        switch support {
        case .adaptive: updateAdaptive(triggers, at: time, controller: controller)
        case .triggerRumble: updateFallback(triggers, at: time, controller: controller)
        case .unsupported: break
        }
    }

    private func updateAdaptive(_ triggers: AdaptiveTriggers, at time: Double, controller: OpaquePointer) {
        if encodedRevision.left != triggers.left.revision {
            wanted.left = DualSenseTriggerEncoder.block(for: triggers.left.effect)
            encodedRevision.left = triggers.left.revision
        }
        if encodedRevision.right != triggers.right.revision {
            wanted.right = DualSenseTriggerEncoder.block(for: triggers.right.effect)
            encodedRevision.right = triggers.right.revision
        }
        guard wanted.left != sentLeft || wanted.right != sentRight else { return }
        guard time - lastSendTime >= minimumUpdateInterval else {
            statistics.deferred += 1
            return
        }
        statistics.changes += 1
        send(DualSenseEffectsState(right: wanted.right, left: wanted.left), to: controller)
        sentLeft = wanted.left
        sentRight = wanted.right
        lastSendTime = time
        link.holdsEffect.store(!wanted.left.isOff || !wanted.right.isOff, ordering: .relaxed)
    }

    private func send(_ state: DualSenseEffectsState, to controller: OpaquePointer) {
        guard let backend, state.send(to: controller, through: backend) else {
            statistics.failures += 1
            return
        }
    }

    // MARK: - Trigger-motor fallback

    private func updateFallback(_ triggers: AdaptiveTriggers, at time: Double, controller: OpaquePointer) {
        let left = fallbackLevel(triggers.left.effect, press: press(controller, left: true),
                                 pastEnd: &wasPastEnd.left, pulseUntil: &pulseUntil.left, at: time)
        let right = fallbackLevel(triggers.right.effect, press: press(controller, left: false),
                                  pastEnd: &wasPastEnd.right, pulseUntil: &pulseUntil.right, at: time)
        setFallback(left: left, right: right)
    }

    /// How far the trigger is pressed, 0...1.
    private func press(_ controller: OpaquePointer, left: Bool) -> Double {
        backend?.triggerPress(controller, left: left) ?? 0
    }

    /// The trigger-motor level for `effect` with the trigger pressed `press` (0...1).
    private func fallbackLevel(_ effect: AdaptiveTriggerEffect, press: Double, pastEnd: inout Bool,
                               pulseUntil: inout Double, at time: Double) -> Double {
        switch effect {
        case let .vibration(start, amplitude, frequency):
            pastEnd = false
            return press > 0 && press >= start && frequency > 0 ? amplitude : 0
        case let .positionalVibration(amplitudes, frequency):
            pastEnd = false
            guard press > 0, frequency > 0 else { return 0 }
            return amplitudes[min(Int(press * 10), 9)]
        case let .weapon(_, end, strength):
            let isPast = press > 0 && press >= end
            if isPast && !pastEnd { pulseUntil = time + Self.weaponPulseSeconds }
            pastEnd = isPast
            return time < pulseUntil ? strength : 0
        case .off, .feedback, .positionalFeedback, .slopeFeedback:
            pastEnd = false
            return 0
        }
    }

    private func setFallback(left: Double, right: Double) {
        fallbackLeft = left
        fallbackRight = right
        rumble?.setTriggerFallback(left: left, right: right)
    }
}

extension DualSenseTriggerBlock {
    /// Whether this is the "off" block.
    var isOff: Bool { self == .off }
}
