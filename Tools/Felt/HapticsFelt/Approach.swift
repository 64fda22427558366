import Foundation
import Haptics

/// A way of turning the same input into SDL rumble calls, and the offline limit of them all.
public enum Approach: String, CaseIterable, Sendable {
    /// SDLHaptics as shipped: the engine with the pad's motor profile, sent the way `SDLRumbleOutput`
    /// sends (changes only, 250 ms duration, a keep-alive after 125 ms unchanged).
    case sdlHaptics = "SDLHaptics"
    /// What most games do: each effect calls `SDL_GameControllerRumble` once with its peak levels
    /// and its length; each call replaces the last.
    case rawSDL = "raw SDL"
    /// Nice Vibrations on gamepads: the clip's amplitude envelope to the low motor, its frequency
    /// (sharpness) envelope to the high motor, stepped at 60 Hz in 8-bit levels, each emphasis
    /// (transient) a 30 ms full pulse with 30 ms of silence either side; one clip at a time, the
    /// newest replaces the playing one; no loops on gamepads.
    case clipStepping = "clip stepping (Nice Vibrations)"
    /// Unreal's force feedback mixing: per channel, the maximum of the active effects' levels each
    /// frame, sent when it changes; no motor model (the levels as the voices ask for them, no planned drive).
    case channelMax = "per-channel max (Unreal)"
    /// Not a renderer: the best drive the felt model allows through the same pad link, found
    /// offline by `FeltLimit` knowing the whole input and the true motor (one drive per motor set).
    case limit = "limit (offline optimum)"

    /// The approaches SDLHaptics is held against (the "at least as good as").
    public static let compared: [Approach] = [.rawSDL, .clipStepping, .channelMax]
}
