import Haptics

/// Which family of pad SDL reports, without leaking SDL's C enum into a game's code.
public enum ControllerKind: String, Hashable, Sendable, CaseIterable {
    case xbox360, xboxOne, ps3, ps4, ps5, switchPro, joyCon, virtual, other
}

/// How a pad is connected, read from the bus byte SDL puts at the start of its joystick GUID
/// (`ControllerBus.init(guidBytes:_:)`).
public enum ControllerBus: String, Hashable, Sendable {
    case usb, bluetooth, virtual, unknown
}

extension MotorProfile {
    /// The shipped profile for a pad SDL reports as `kind` on `bus`, limited to the actuators the
    /// pad actually has (`hasRumble` for the body motors, `hasTriggerRumble` for the trigger motors).
    ///
    /// Xbox One/Series pads over Bluetooth take `xboxOneBluetooth` (50 ms between writes);
    /// Xbox 360, PS3 and unknown pads take the generic dual-motor profile; Joy-Cons the Switch Pro
    /// profile (same actuators); virtual pads the ideal `virtual` profile. Not per frame.
    public static func forController(kind: ControllerKind, bus: ControllerBus,
                                     hasRumble: Bool, hasTriggerRumble: Bool) -> MotorProfile {
        var profile: MotorProfile
        switch kind {
        case .xboxOne:
            profile = bus == .bluetooth ? .xboxOneBluetooth : .xboxOne
        case .ps4: profile = .ps4
        case .ps5: profile = .ps5
        case .switchPro, .joyCon: profile = .switchPro
        case .virtual: profile = .virtual
        case .xbox360, .ps3, .other: profile = .genericDualMotor
        }
        var actuators: ActuatorSet = []
        if hasRumble { actuators.formUnion(.body) }
        if hasTriggerRumble { actuators.formUnion([.leftTrigger, .rightTrigger]) }
        profile.actuators = actuators
        return profile
    }
}
