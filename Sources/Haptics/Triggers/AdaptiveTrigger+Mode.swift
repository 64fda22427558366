extension AdaptiveTrigger {
    /// What an adaptive trigger does, in the names of Apple's `GCDualSenseAdaptiveTrigger.Mode`.
    ///
    /// The positional variants (`setModeFeedback(resistiveStrengths:)`,
    /// `setModeVibration(amplitudes:frequency:)`) report `.feedback` and `.vibration`, as Apple's do.
    public enum Mode: String, Hashable, Sendable, CaseIterable {
        /// No effect: the trigger moves freely.
        case off
        /// Constant resistance from the start position to the end of travel.
        case feedback
        /// Resistance between a start and an end position that gives way past the end: a trigger's "click".
        case weapon
        /// The trigger vibrates from the start position to the end of travel.
        case vibration
        /// Resistance that changes linearly from a start strength to an end strength between two positions.
        case slopeFeedback
    }
}
