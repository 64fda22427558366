import Haptics
import HapticsFelt
import HapticsSDL

/// For the detailed HUD: per player, the drive each motor of their pad was sent and the level the
/// hand is predicted to feel from it, both 0...1 (felt: of that motor's full strength), so someone
/// without a rumbling pad still sees what a player would feel.
///
/// The prediction is the felt model of `make felt` (Tools/Felt: an ERM motor as a first-order lag
/// towards its steady amplitude, spin-up 50 ms, spin-down 80 ms, the "measured" pad) with the
/// start threshold and saturation of the pad's own `MotorProfile` (its dead zone and saturation).
/// This is the demo's adapter until the motor stage publishes its own prediction
/// (`HapticEngine.predictedFeltLevels(ofOutput:)`, issue 24): then `update` reads that instead and
/// the model goes. Game thread, once per frame after `GameHaptics.update`; no allocation.
final class MotorFeel {
    struct Reading {
        /// What SDL was last sent, per actuator, 0...1.
        var drive = ActuatorLevels.zero
        /// What the hand feels, per actuator, 0...1 of that motor's full strength.
        var felt = ActuatorLevels.zero
        /// The actuators the pad has.
        var actuators: ActuatorSet = []
    }

    private var motors: [[ERMMotor]] = []
    private var profiles: [MotorProfile?] = []
    private(set) var readings: [Reading] = []

    init(players: Int) {
        motors = Array(repeating: [], count: players)
        profiles = Array(repeating: nil, count: players)
        readings = Array(repeating: Reading(), count: players)
    }

    /// The ERM model of a pad with `profile`: its dead zone as the start threshold, its saturation.
    static func parameters(for profile: MotorProfile) -> ERMParameters {
        let measured = ERMParameters.measured
        return ERMParameters(name: profile.name, spinUpSeconds: measured.spinUpSeconds, spinDownSeconds: measured.spinDownSeconds,
                             startThreshold: profile.deadZone, saturation: profile.saturation)
    }

    /// Advances every player's motors by `dt` seconds with what their pad was sent this frame.
    func update(_ haptics: GameHaptics, dt: Double) {
        for player in readings.indices {
            guard let pad = haptics.pads.controller(forPlayer: player), let output = haptics.pads.rumbleOutput(forPlayer: player) else {
                readings[player] = Reading()
                profiles[player] = nil
                continue
            }
            if profiles[player] != pad.profile {
                profiles[player] = pad.profile
                let parameters = Self.parameters(for: pad.profile)
                motors[player] = Actuator.allCases.map { _ in ERMMotor(parameters: parameters) }
            }
            let sent = output.sentValues
            let drive = ActuatorLevels(lowFrequency: Double(sent.low) / 65535, highFrequency: Double(sent.high) / 65535,
                                       leftTrigger: Double(sent.leftTrigger) / 65535, rightTrigger: Double(sent.rightTrigger) / 65535)
            var felt = ActuatorLevels.zero
            for actuator in Actuator.allCases {
                felt[actuator] = motors[player][actuator.rawValue].hold(drive: drive[actuator], seconds: dt)
            }
            readings[player] = Reading(drive: drive, felt: felt, actuators: pad.profile.actuators)
        }
    }
}
