// The motor HUD shows the motor stage from the inside (drive against predicted felt level, per actuator
// a pad has): `Actuator` and `ActuatorSet` are SPI, for tools; a game needs neither.
@_spi(HapticsTools) import Haptics
import HapticsSDL

/// For the detailed HUD: per player, the drive each motor of their pad was sent and the level the
/// hand is predicted to feel from it, both 0...1 (felt: of that motor's full strength), so someone
/// without a rumbling pad still sees what a player would feel.
///
/// The prediction is the motor stage's own (`HapticEngine.predictedFeltLevels(ofOutput:)`): the
/// pad's `MotorProfile` describes each actuator's response (start threshold, knee, saturation,
/// spin-up and spin-down), and the planner runs it on every drive it sends. Game thread, once per
/// frame after `GameHaptics.update`; no allocation.
final class MotorFeel {
    struct Reading {
        /// What SDL was last sent, per actuator, 0...1.
        var drive = ActuatorLevels.zero
        /// What the hand feels, per actuator, 0...1 of that motor's full strength.
        var felt = ActuatorLevels.zero
        /// The actuators the pad has.
        var actuators: ActuatorSet = []
    }

    private(set) var readings: [Reading] = []

    init(players: Int) {
        readings = Array(repeating: Reading(), count: players)
    }

    /// Reads every player's drive and predicted felt level after this frame's update.
    func update(_ haptics: GameHaptics) {
        for player in readings.indices {
            guard let pad = haptics.pads.controller(forPlayer: player), let output = haptics.pads.rumbleOutput(forPlayer: player),
                  let felt = haptics.pads.engine(forPlayer: player)?.predictedFeltLevels(ofOutput: 0) else {
                readings[player] = Reading()
                continue
            }
            let sent = output.sentValues
            let drive = ActuatorLevels(lowFrequency: Double(sent.low) / 65535, highFrequency: Double(sent.high) / 65535,
                                       leftTrigger: Double(sent.leftTrigger) / 65535, rightTrigger: Double(sent.rightTrigger) / 65535)
            readings[player] = Reading(drive: drive, felt: felt, actuators: pad.profile.actuators)
        }
    }
}
