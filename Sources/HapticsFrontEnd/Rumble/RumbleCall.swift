/// One call the rumble policy asks of SDL: `SDL_GameControllerRumble(low, high, ms)` for the body
/// motors or `SDL_GameControllerRumbleTriggers(left, right, ms)` for the trigger motors (SDL3:
/// `SDL_RumbleGamepad`, `SDL_RumbleGamepadTriggers`).
package struct RumbleCall: Hashable, Sendable {
    /// Which pair of motors, and so which SDL function.
    package enum Motors: Hashable, Sendable {
        /// Low- and high-frequency body motors: `SDL_GameControllerRumble`.
        case body
        /// Left and right trigger motors: `SDL_GameControllerRumbleTriggers`.
        case triggers
    }

    /// Why the call is made (counted in `RumbleStatistics`).
    package enum Reason: Hashable, Sendable {
        /// The levels changed (SDL writes them to the pad).
        case change
        /// Unchanged non-zero levels repeated to push SDL's expiry further out.
        case keepAlive
        /// An explicit (0,0) on a stop path.
        case stop
    }

    package var motors: Motors
    package var reason: Reason
    /// Low motor, or left trigger, in SDL's units (0...65535).
    package var first: UInt16
    /// High motor, or right trigger, in SDL's units (0...65535).
    package var second: UInt16
    /// How long SDL keeps the levels, in milliseconds (0 for silence: until replaced).
    package var milliseconds: UInt32

    package init(motors: Motors, reason: Reason, first: UInt16, second: UInt16, milliseconds: UInt32) {
        self.motors = motors
        self.reason = reason
        self.first = first
        self.second = second
        self.milliseconds = milliseconds
    }
}
