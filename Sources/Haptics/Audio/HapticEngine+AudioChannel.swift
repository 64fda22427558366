extension HapticEngine {
    /// Haptics as audio: a player's haptic signal rendered as a low-frequency sine on chosen output
    /// channels, for actuators driven by audio (tactile transducers and bass shakers, or the
    /// DualSense's haptic actuators on channels 3 and 4 of its USB audio device). Opt-in.
    ///
    /// Each engine update, the engine's mixed perceived levels (after categories, gains, mute and the
    /// voice cap; before the rumble motors' planned drive) become one signal: intensity sets the
    /// carrier's amplitude, sharpness its frequency, from `frequencyRange.lowerBound` at sharpness 0 to
    /// `upperBound` at sharpness 1, exponentially (equal sharpness steps are equal musical intervals).
    /// Default 40...160 Hz: sharpness 0.5 is 80 Hz. docs/audio.md.
    public struct AudioChannel: Hashable, Sendable {
        /// Lowest and highest carrier frequency the range may use, in Hz.
        public static let allowedFrequencies: ClosedRange<Double> = 10...500

        /// Output channels (0-based) that carry the signal. On a stereo device, `[0, 1]` is both
        /// speakers; on a 4-channel DualSense, `[2, 3]` are its haptic actuators.
        public var channels: [Int]
        /// Carrier frequency at sharpness 0 (lower bound) and 1 (upper bound), Hz, inside 10...500.
        public var frequencyRange: ClosedRange<Double> {
            didSet { frequencyRange = AudioChannel.clamped(frequencyRange) }
        }
        /// Amplitude at intensity 1, 0...1. Default 1.
        public var gain: Double {
            didSet { gain = gain.isFinite ? min(max(gain, 0), 1) : 1 }
        }

        public init(channels: [Int] = [0, 1], frequencyRange: ClosedRange<Double> = 40...160, gain: Double = 1) {
            self.channels = channels
            self.frequencyRange = AudioChannel.clamped(frequencyRange)
            self.gain = gain.isFinite ? min(max(gain, 0), 1) : 1
        }

        private static func clamped(_ range: ClosedRange<Double>) -> ClosedRange<Double> {
            let low = range.lowerBound.isFinite ? min(max(range.lowerBound, allowedFrequencies.lowerBound), allowedFrequencies.upperBound) : 40
            let high = range.upperBound.isFinite ? min(max(range.upperBound, low), allowedFrequencies.upperBound) : max(low, 160)
            return low...high
        }

        /// Bit n set for every channel n in `channels` (0...31).
        public var channelMask: UInt32 {
            channels.reduce(0) { mask, channel in (0..<32).contains(channel) ? mask | (1 << UInt32(channel)) : mask }
        }

        /// Carrier frequency for a sharpness: `low · (high / low)^sharpness` Hz (sharpness clamped to 0...1).
        public func frequency(forSharpness sharpness: Double) -> Double {
            let s = sharpness.isNaN ? 0.5 : min(max(sharpness, 0), 1)
            let low = frequencyRange.lowerBound
            let high = frequencyRange.upperBound
            return low * CMath.pow(high / low, s)
        }

        /// The signal behind mixed perceived levels, inverting the sharpness split (docs/engine.md §2):
        /// intensity is the larger body level, sharpness follows from the ratio of the two
        /// (`high / (2 · low)` when low is larger, `1 − low / (2 · high)` otherwise). Trigger levels count
        /// towards intensity. One voice's levels give back exactly its signal.
        @_spi(HapticsTools) public static func signal(from levels: ActuatorLevels) -> HapticSignal {
            let low = levels.lowFrequency
            let high = levels.highFrequency
            let body = max(low, high)
            let intensity = min(1, max(body, levels.leftTrigger, levels.rightTrigger))
            guard intensity > 0 else { return .silent }
            guard body > 0 else { return HapticSignal(intensity: intensity, sharpness: 0.5) }
            let sharpness = low >= high ? high / (2 * low) : 1 - low / (2 * high)
            return HapticSignal(intensity: intensity, sharpness: sharpness)
        }
    }
}
