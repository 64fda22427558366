import Haptics

/// A `HapticOutput` that plays one frame of actuator levels on an SDL game controller's rumble
/// motors, so that rumble can never stick.
///
/// Per frame (`receive`), it asks its `RumblePolicy` (conversion, change-only, keep-alive, quiet
/// window: every rule in one value type) what to send, and makes those calls:
/// `SDL_GameControllerRumble` (body motors) and `SDL_GameControllerRumbleTriggers` (trigger motors; SDL3:
/// `SDL_RumbleGamepad`, `SDL_RumbleGamepadTriggers`, through the pad's `SDLBackend`),
/// through one code path. How often a pad may change is the motor profile's
/// `minimumUpdateInterval`, which the engine's motor driver already enforces in game time.
///
/// Never sticks: every non-zero call carries a short duration (`safetyMilliseconds`, default 250 ms),
/// and while levels stay unchanged the output repeats them once half of that has passed (SDL then
/// only extends its timer; it writes nothing to the pad). If the game stops calling update — a hang,
/// a breakpoint, a crash in game code — SDL stops the motors at most `safetyMilliseconds` later, on
/// its next `SDL_PumpEvents` (SDL can only expire rumble while it pumps). `stop()` sends an explicit
/// (0,0) at once; the front door calls it on pause, focus loss, engine stop, disconnect, close and
/// shutdown.
///
/// One output per player; the pad behind it comes and goes (`attach` / `detach`).
/// Threads: use on the game's update thread. Cost per frame: O(1), no allocation, at most two
/// SDL calls (none in a steady state between keep-alives).
public final class SDLRumbleOutput: HapticOutput {
    /// A short name for traces, such as "player1".
    public let name: String
    /// The motor profile of the attached pad (the generic pad's when none is attached; no actuators
    /// when the pad cannot rumble).
    public private(set) var profile: MotorProfile
    /// Duration of every non-zero rumble call, in milliseconds (1...65535; default 250): how long a
    /// pad keeps rumbling after the game stops updating, counted from the last call SDL received.
    public var safetyMilliseconds: UInt32 {
        get { policy.safetyMilliseconds }
        set { policy.safetyMilliseconds = newValue }
    }
    /// What this output has asked of SDL since it was created.
    public private(set) var statistics = RumbleStatistics()
    /// The levels most recently sent to the pad, in SDL's units (for HUD meters and tests).
    public var sentValues: RumbleValues { policy.sent }

    private var controller: OpaquePointer?
    /// The SDL the attached pad belongs to (SDL2 or SDL3: `SDLBackend`).
    private var backend: (any SDLBackend.Type)?
    /// Every rule about when to call SDL (change-only, keep-alive, quiet window, trigger fallback).
    private(set) var policy = RumblePolicy()
    /// The adaptive-trigger fallback levels (0...1) now in force.
    var triggerFallback: (left: Double, right: Double) { policy.triggerFallback }

    /// Creates an output with no pad attached.
    public init(name: String) {
        self.name = name
        self.profile = .genericDualMotor
    }

    /// Whether a pad is attached. O(1).
    public var isConnected: Bool { controller != nil }

    /// Attaches a pad `backend` opened (SDL2's `SDL_GameController`, SDL3's `SDL_Gamepad`) with the
    /// profile chosen for it. The output does not own the pad: whoever opened it closes it, after
    /// calling `detach()`.
    func attach(_ controller: OpaquePointer, backend: any SDLBackend.Type, profile: MotorProfile) {
        self.controller = controller
        self.backend = backend
        self.profile = profile
        policy.attach(hasTriggers: profile.actuators.contains(.leftTrigger) || profile.actuators.contains(.rightTrigger),
                      quietInterval: profile.minimumUpdateInterval)
    }

    /// Sends an explicit stop and forgets the pad (before it is closed, or after it was removed).
    func detach() {
        stop()
        controller = nil
    }

    /// Sends (0,0) to the body motors, and to the trigger motors when the pad has them, now.
    /// Always calls SDL, even when the levels are already 0. Does nothing without a pad.
    /// Non-zero frames that arrive within the profile's `minimumUpdateInterval` of game time after
    /// the stop are not sent (they may be levels held from before it); silence ends the wait at once.
    public func stop() {
        guard controller != nil else { return }
        let calls = policy.stop()
        perform(calls.body)
        perform(calls.triggers)
    }

    public func receive(_ frame: HapticFrame) {
        guard controller != nil, let backend else { return }
        let calls = policy.receive(frame, nowTicks: backend.ticks())
        perform(calls.body)
        perform(calls.triggers)
    }

    /// Trigger-motor levels (0...1) that stand in for adaptive trigger effects on a pad without them
    /// (`SDLAdaptiveTriggerOutput`, `.triggerRumble`): each trigger motor gets the larger of this
    /// and the engine's level. Sent at once when the combined level changes, with the same safety
    /// duration and keep-alive as the engine's levels. Call once per frame while it is non-zero.
    public func setTriggerFallback(left: Double, right: Double) {
        guard controller != nil, let backend else {
            policy.setTriggerFallbackWithoutPad(left: left, right: right)
            return
        }
        perform(policy.setTriggerFallback(left: left, right: right, nowTicks: backend.ticks()))
    }

    /// Makes one call the policy decided, through the pad's SDL backend and `PadOutputGate` (nothing
    /// once the process is leaving), and counts it. Nothing else calls SDL's rumble functions.
    private func perform(_ call: RumbleCall?) {
        guard let call, let controller, let backend else { return }
        switch call.reason {
        case .change: if call.motors == .body { statistics.bodyChanges += 1 } else { statistics.triggerChanges += 1 }
        case .keepAlive: statistics.keepAlives += 1
        case .stop: if call.motors == .body { statistics.stops += 1 }
        }
        let succeeded = PadOutputGate.send(through: backend) {
            switch call.motors {
            case .body: backend.rumble(controller, low: call.first, high: call.second, milliseconds: call.milliseconds)
            case .triggers: backend.rumbleTriggers(controller, left: call.first, right: call.second, milliseconds: call.milliseconds)
            }
        }
        if !succeeded { statistics.failures += 1 }
    }
}
