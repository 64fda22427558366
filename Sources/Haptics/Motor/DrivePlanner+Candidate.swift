extension DrivePlanner {
    /// One plan's prediction over the horizon and what it costs (docs/engine.md, "Costs"): the
    /// tracking error, and per tap the shortfall (it does not stand out) and the weakness (it is not
    /// as strong as its intent), a motor left unready for the next tap, content left unfelt.
    struct Candidate: Sendable {
        /// The drive the plan sends now, 0...1.
        var drive: Double
        /// ∫ (felt − intent)² over the horizon, in level² × seconds.
        var tracking: Double
        /// Per step k (0...lookahead): how far the felt rise after an onset at k stays below what
        /// stands out (0 where there is no onset, or where it stands out).
        var shortfall: SIMD8<Double>
        /// Per step k: how far the felt peak after an onset at k stays below `strengthFraction` of the
        /// tap's strength (0 where there is no onset, or where it is strong enough).
        var weakness: SIMD8<Double> {
            let gap = tapTarget - tapPeak
            return gap.replacing(with: 0, where: gap .< 0)
        }
        /// Per step k with an onset: the felt peak its tap should reach (its base plus
        /// `strengthFraction` of its rise), and the peak the plan reaches (0 where there is no onset).
        var tapTarget: SIMD8<Double> = .zero
        var tapPeak: SIMD8<Double> = .zero
        /// How far above the level a tap can still stand out from the motor ends the horizon, weighted
        /// by how many taps the horizon holds (more are likely to follow): a motor left high cannot make
        /// the next tap of a dense train stand out, so at least one motor should end ready.
        var unready: Double = 0
        /// How far the fastest motor of the range falls below the felt threshold while the intent is
        /// content (at least `contentLevel`), summed over the steps.
        var unfelt: Double = 0
        /// Whether this actuator's intent is content (at least `contentLevel`) somewhere in the horizon.
        var hasContent = false
        /// Steps with an onset (bit k), the same for every candidate of a frame.
        var onsets: UInt32
        /// Whether the plan keeps the drive now (no write).
        var waits: Bool
        /// Whether the plan only pulses the taps (coasting between them), leaving the intent to the
        /// other body motor: its intent is then tracked on the higher of the two motors' levels.
        var pulses = false
        /// The predicted felt level at the end of each step (0...lookahead), and the intent it is
        /// compared with there.
        var levels: SIMD8<Double> = .zero
        var intents: SIMD8<Double> = .zero
        /// The drive in effect during each step (0...lookahead): the plan, which the motor stage may
        /// keep following for a few frames while the intent goes as foreseen.
        var drives: SIMD8<Double> = .zero

        /// Tracking error plus the squared shortfalls weighted by `salienceWeight` (the tuning's).
        func cost(salienceWeight: Double) -> Double {
            tracking + salienceWeight * ((shortfall * shortfall).sum() + (weakness * weakness).sum() + unready * unready + unfelt * unfelt)
        }
    }
}
