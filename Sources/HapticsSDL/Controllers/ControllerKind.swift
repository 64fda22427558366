import CHapticsSDL2
import Haptics

/// Which family of pad SDL reports, without leaking SDL's C enum into a game's code.
public enum ControllerKind: String, Hashable, Sendable, CaseIterable {
    case xbox360, xboxOne, ps3, ps4, ps5, switchPro, joyCon, virtual, other

    init(_ type: SDL_GameControllerType) {
        switch type {
        case SDL_CONTROLLER_TYPE_XBOX360: self = .xbox360
        case SDL_CONTROLLER_TYPE_XBOXONE: self = .xboxOne
        case SDL_CONTROLLER_TYPE_PS3: self = .ps3
        case SDL_CONTROLLER_TYPE_PS4: self = .ps4
        case SDL_CONTROLLER_TYPE_PS5: self = .ps5
        case SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_PRO: self = .switchPro
        case SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_JOYCON_LEFT, SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_JOYCON_RIGHT,
             SDL_CONTROLLER_TYPE_NINTENDO_SWITCH_JOYCON_PAIR: self = .joyCon
        case SDL_CONTROLLER_TYPE_VIRTUAL: self = .virtual
        default: self = .other
        }
    }
}

/// How a pad is connected, read from the bus byte SDL puts at the start of its joystick GUID.
public enum ControllerBus: String, Hashable, Sendable {
    case usb, bluetooth, virtual, unknown

    init(guid: SDL_JoystickGUID) {
        // SDL 2.26 GUIDs start with the bus type as a little-endian Uint16 (SDL_HARDWARE_BUS_*).
        let bus = UInt16(guid.data.0) | UInt16(guid.data.1) << 8
        switch bus {
        case 0x03: self = .usb
        case 0x05: self = .bluetooth
        case 0xFF: self = .virtual
        default: self = .unknown
        }
    }
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
