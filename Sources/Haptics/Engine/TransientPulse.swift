/// A transient's motor shaping in one voice (internal): the transient's levels held from its onset
/// frame for the profile's minimum on-time, with the overdrive kick at the start.
struct TransientPulse {
    /// Perceived levels of the transient at its peak.
    var levels: ActuatorLevels = .zero
    /// Engine time until which the levels are held (exclusive).
    var holdUntil: Double = -.infinity
    /// Engine time until which the kick is active (exclusive).
    var kickUntil: Double = -.infinity
    /// True on the frame that detected the onset: the pulse sounds on that frame whatever the profile.
    var isFresh = false

    func isActive(at time: Double) -> Bool { isFresh || time < holdUntil }
}
