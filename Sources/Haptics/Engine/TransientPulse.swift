/// A transient whose onset the playback position passed since the previous frame, in one voice
/// (internal): its peak levels sound on the frame that detects it, as a floor under the voice's own
/// levels, so a transient that began and ended between two frames is still felt. What the motor then
/// does with it (a burst sized to its strength) is the motor stage's plan (`DrivePlanner`).
struct TransientPulse {
    /// Perceived levels of the transient at its peak.
    var levels: ActuatorLevels = .zero
    /// True on the frame that detected the onset.
    var isFresh = false
}
