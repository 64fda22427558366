import Haptics

/// Every rule about when a pad's rumble motors are called, in one value type, as SDL keeps its own
/// rumble rules in its joystick front end (src/joystick/SDL_joystick.c) and leaves its backends
/// nothing but the write. `SDLRumbleOutput` feeds it frames and performs the `RumbleCall`s it
/// returns; nothing else decides.
///
/// The rules, the same for the body motors (low, high) and the trigger motors (left, right):
/// - **Conversion** to SDL's units once, in `RumbleLevel`.
/// - **Change-only**: a pair is sent when its converted values differ from what was last sent.
/// - **Keep-alive and expiry**: every non-zero call lasts `safetyMilliseconds` (1...65535; default
///   250), and unchanged non-zero levels are sent again once half of that has passed on the wall
///   clock (SDL then only extends its timer), so a game that stops updating stops rumbling at most
///   `safetyMilliseconds` later (on SDL's next pump). Silence is sent with 0 ms.
/// - **Quiet window** after `stop()`: non-zero frames within one motor-update interval of game
///   time are dropped (`RumbleQuietWindow`).
/// - **Trigger fallback**: each trigger motor plays the larger of the engine's level and the
///   adaptive-trigger fallback (`SDLAdaptiveTriggerOutput` on pads with trigger motors).
/// - **Minimum interval** between changes: enforced upstream, in game time, by the engine's
///   `MotorDriver` with the pad profile's `minimumUpdateInterval` (the same rule the offline
///   renderer uses); this policy uses that interval for its quiet window only, so it is checked once.
/// - **Audio delay**: `RumbleDelay` sits before the policy and shifts frames by the audio lookahead.
///
/// Clock: game time comes with each frame; the wall clock (`nowTicks`, milliseconds, the backend's `ticks()`: SDL_GetTicks64 / SDL3's SDL_GetTicks
/// in production) is passed in, so tests drive it by hand. Cost: O(1), no allocation.
package struct RumblePolicy: Sendable {
    /// Duration of every non-zero call, in milliseconds (1...65535; default 250).
    package var safetyMilliseconds: UInt32 = 250 {
        didSet { safetyMilliseconds = min(max(safetyMilliseconds, 1), 65535) }
    }
    /// Whether the pad has trigger motors (trigger calls are made only then).
    package private(set) var hasTriggers = false
    /// The pad profile's minimum update interval, in seconds: the length of the quiet window.
    package private(set) var quietInterval = 0.0
    /// What was last sent, in SDL's units.
    package private(set) var sent = RumbleValues.off
    /// Trigger-motor levels (0...1) standing in for adaptive trigger effects.
    package private(set) var triggerFallback = (left: 0.0, right: 0.0)

    private var engineTriggers = (left: 0.0, right: 0.0)
    private var lastCallTicks = (body: UInt64(0), triggers: UInt64(0))
    private var lastFrameTime = -Double.infinity
    private var quiet = RumbleQuietWindow()

    package init() {}

    /// A pad was attached: nothing is assumed sent, no window, no fallback.
    package mutating func attach(hasTriggers: Bool, quietInterval: Double) {
        self.hasTriggers = hasTriggers
        self.quietInterval = max(quietInterval, 0)
        quiet.close()
        sent = .off
        engineTriggers = (0, 0)
        triggerFallback = (0, 0)
    }

    /// One frame of the engine's levels at wall-clock `nowTicks`: the calls to make (body first).
    /// Nothing while the quiet window drops the frame.
    package mutating func receive(_ frame: HapticFrame, nowTicks: UInt64) -> (body: RumbleCall?, triggers: RumbleCall?) {
        lastFrameTime = frame.time
        guard quiet.admits(frame) else { return (nil, nil) }
        let levels = frame.levels
        let body = call(.body, RumbleLevel.sdlValue(levels.lowFrequency), RumbleLevel.sdlValue(levels.highFrequency),
                        nowTicks: nowTicks)
        engineTriggers = (levels.leftTrigger, levels.rightTrigger)
        return (body, triggerCall(nowTicks: nowTicks))
    }

    /// New trigger-motor fallback levels (0...1, clamped; NaN counts as 0): the call to make, if any.
    package mutating func setTriggerFallback(left: Double, right: Double, nowTicks: UInt64) -> RumbleCall? {
        triggerFallback = (left.isFinite ? min(max(left, 0), 1) : 0, right.isFinite ? min(max(right, 0), 1) : 0)
        return triggerCall(nowTicks: nowTicks)
    }

    /// Drops the fallback without a call (no pad to call).
    package mutating func setTriggerFallbackWithoutPad(left: Double, right: Double) {
        triggerFallback = (left.isFinite ? min(max(left, 0), 1) : 0, right.isFinite ? min(max(right, 0), 1) : 0)
    }

    /// An explicit stop: (0,0) to the body, and to the triggers when the pad has them, always (even
    /// when already 0); opens the quiet window from the last frame's time.
    package mutating func stop() -> (body: RumbleCall, triggers: RumbleCall?) {
        quiet.open(at: lastFrameTime, lasting: quietInterval)
        sent = .off
        engineTriggers = (0, 0)
        return (RumbleCall(motors: .body, reason: .stop, first: 0, second: 0, milliseconds: 0),
                hasTriggers ? RumbleCall(motors: .triggers, reason: .stop, first: 0, second: 0, milliseconds: 0) : nil)
    }

    private mutating func triggerCall(nowTicks: UInt64) -> RumbleCall? {
        guard hasTriggers else { return nil }
        return call(.triggers, RumbleLevel.sdlValue(max(engineTriggers.left, triggerFallback.left)),
                    RumbleLevel.sdlValue(max(engineTriggers.right, triggerFallback.right)), nowTicks: nowTicks)
    }

    /// The one rule for both pairs: send a change, or keep unchanged non-zero levels alive.
    private mutating func call(_ motors: RumbleCall.Motors, _ first: UInt16, _ second: UInt16,
                               nowTicks: UInt64) -> RumbleCall? {
        let previous = motors == .body ? (sent.low, sent.high) : (sent.leftTrigger, sent.rightTrigger)
        let lastTicks = motors == .body ? lastCallTicks.body : lastCallTicks.triggers
        let isSilent = first == 0 && second == 0
        let reason: RumbleCall.Reason
        if first != previous.0 || second != previous.1 {
            reason = .change
            if motors == .body { (sent.low, sent.high) = (first, second) } else { (sent.leftTrigger, sent.rightTrigger) = (first, second) }
        } else if !isSilent, nowTicks &- lastTicks >= UInt64(safetyMilliseconds / 2) {
            reason = .keepAlive
        } else {
            return nil
        }
        if motors == .body { lastCallTicks.body = nowTicks } else { lastCallTicks.triggers = nowTicks }
        return RumbleCall(motors: motors, reason: reason, first: first, second: second,
                          milliseconds: isSilent ? 0 : safetyMilliseconds)
    }
}
