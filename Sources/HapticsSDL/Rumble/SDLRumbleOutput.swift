import CHapticsSDL2
import Haptics

/// A `HapticOutput` that plays one frame of actuator levels on an SDL game controller's rumble
/// motors, so that rumble can never stick.
///
/// Per frame (`receive`), it converts the levels to SDL's `Uint16` (`RumbleLevel`) and calls
/// `SDL_GameControllerRumble` (body motors) and `SDL_GameControllerRumbleTriggers` (trigger motors)
/// only when the converted values changed. How often a pad may change is the motor profile's
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
/// One output per player slot; the pad behind it comes and goes (`attach` / `detach`).
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
    public var safetyMilliseconds: UInt32 = 250 {
        didSet { safetyMilliseconds = min(max(safetyMilliseconds, 1), 65535) }
    }
    /// What this output has asked of SDL since it was created.
    public private(set) var statistics = RumbleStatistics()
    /// The levels most recently sent to the pad, in SDL's units (for HUD meters and tests).
    public private(set) var sentValues = RumbleValues.off

    private var controller: OpaquePointer?
    private var hasTriggers = false
    private var lastBodyCallTicks: UInt64 = 0
    private var lastTriggerCallTicks: UInt64 = 0
    /// Frame time of the last frame received, in seconds.
    private var lastFrameTime = -Double.infinity
    /// The engine's trigger-motor levels from the last frame, and the adaptive-trigger fallback.
    private var engineTriggers = (left: 0.0, right: 0.0)
    private(set) var triggerFallback = (left: 0.0, right: 0.0)
    /// After an explicit stop, non-zero frames before this game time are not sent: the engine's motor
    /// driver may still repeat the levels it held before the stop for one update interval.
    private var quietUntil = -Double.infinity

    /// Creates an output with no pad attached.
    public init(name: String) {
        self.name = name
        self.profile = .genericDualMotor
    }

    /// Whether a pad is attached. O(1).
    public var isConnected: Bool { controller != nil }

    /// Attaches an open `SDL_GameController` with the profile chosen for it. The output does not
    /// own the controller: whoever opened it closes it, after calling `detach()`.
    func attach(_ controller: OpaquePointer, profile: MotorProfile) {
        self.controller = controller
        self.profile = profile
        quietUntil = -Double.infinity
        hasTriggers = profile.actuators.contains(.leftTrigger) || profile.actuators.contains(.rightTrigger)
        sentValues = .off
        engineTriggers = (0, 0)
        triggerFallback = (0, 0)
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
        guard let controller else { return }
        quietUntil = lastFrameTime + profile.minimumUpdateInterval
        statistics.stops += 1
        if SDL_GameControllerRumble(controller, 0, 0, 0) != 0 { statistics.failures += 1 }
        if hasTriggers, SDL_GameControllerRumbleTriggers(controller, 0, 0, 0) != 0 { statistics.failures += 1 }
        sentValues = .off
        engineTriggers = (0, 0)
    }

    public func receive(_ frame: HapticFrame) {
        guard let controller else { return }
        let levels = frame.levels
        lastFrameTime = frame.time
        if quietUntil > -Double.infinity {
            if levels.isSilent || frame.time >= quietUntil {
                quietUntil = -Double.infinity
            } else {
                return
            }
        }
        let low = RumbleLevel.sdlValue(levels.lowFrequency)
        let high = RumbleLevel.sdlValue(levels.highFrequency)
        let now = SDL_GetTicks64()
        let keepAliveAfter = UInt64(safetyMilliseconds / 2)
        if low != sentValues.low || high != sentValues.high {
            statistics.bodyChanges += 1
            let duration: UInt32 = (low == 0 && high == 0) ? 0 : safetyMilliseconds
            if SDL_GameControllerRumble(controller, low, high, duration) != 0 { statistics.failures += 1 }
            sentValues.low = low
            sentValues.high = high
            lastBodyCallTicks = now
        } else if low != 0 || high != 0, now &- lastBodyCallTicks >= keepAliveAfter {
            statistics.keepAlives += 1
            if SDL_GameControllerRumble(controller, low, high, safetyMilliseconds) != 0 { statistics.failures += 1 }
            lastBodyCallTicks = now
        }
        engineTriggers = (levels.leftTrigger, levels.rightTrigger)
        sendTriggers(now: now)
    }

    /// Trigger-motor levels (0...1) that stand in for adaptive trigger effects on a pad without them
    /// (`SDLAdaptiveTriggerOutput`, `.triggerRumble`): each trigger motor gets the larger of this
    /// and the engine's level. Sent at once when the combined level changes, with the same safety
    /// duration and keep-alive as the engine's levels. Call once per frame while it is non-zero.
    public func setTriggerFallback(left: Double, right: Double) {
        triggerFallback = (left.isFinite ? min(max(left, 0), 1) : 0, right.isFinite ? min(max(right, 0), 1) : 0)
        guard controller != nil else { return }
        sendTriggers(now: SDL_GetTicks64())
    }

    private func sendTriggers(now: UInt64) {
        guard hasTriggers, let controller else { return }
        let keepAliveAfter = UInt64(safetyMilliseconds / 2)
        let left = RumbleLevel.sdlValue(max(engineTriggers.left, triggerFallback.left))
        let right = RumbleLevel.sdlValue(max(engineTriggers.right, triggerFallback.right))
        if left != sentValues.leftTrigger || right != sentValues.rightTrigger {
            statistics.triggerChanges += 1
            let duration: UInt32 = (left == 0 && right == 0) ? 0 : safetyMilliseconds
            if SDL_GameControllerRumbleTriggers(controller, left, right, duration) != 0 { statistics.failures += 1 }
            sentValues.leftTrigger = left
            sentValues.rightTrigger = right
            lastTriggerCallTicks = now
        } else if left != 0 || right != 0, now &- lastTriggerCallTicks >= keepAliveAfter {
            statistics.keepAlives += 1
            if SDL_GameControllerRumbleTriggers(controller, left, right, safetyMilliseconds) != 0 { statistics.failures += 1 }
            lastTriggerCallTicks = now
        }
    }
}
