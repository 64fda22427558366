import Haptics

/// A pad the comparison runs on: the shipped profile SDLHaptics uses for it, and its link.
public struct Pad: Sendable {
    public var name: String
    public var profile: MotorProfile
    public var link: PadLink

    public init(profile: MotorProfile, rate: Double) {
        name = profile.name
        self.profile = profile
        link = PadLink(interval: profile.minimumUpdateInterval, bits: min(profile.resolutionBits ?? 16, 16), frameRate: rate)
    }

    /// The shipped profiles for ERM pads. `ps5` has the same numbers as `ps4`, so it is not run twice;
    /// `switchPro` has linear resonant actuators, which this ERM model does not describe; `virtual` is
    /// not a pad.
    public static func ermPads(rate: Double) -> [Pad] {
        [.genericDualMotor, .xboxOne, .xboxOneBluetooth, .ps4].map { Pad(profile: $0, rate: rate) }
    }
}
