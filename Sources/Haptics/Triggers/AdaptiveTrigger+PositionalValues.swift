extension AdaptiveTrigger {
    /// Ten values, one per discrete position of a DualSense trigger's travel, each 0...1: the
    /// resistive strengths of `setModeFeedback(resistiveStrengths:)` or the amplitudes of
    /// `setModeVibration(amplitudes:frequency:)` (Apple: `PositionalResistiveStrengths`,
    /// `PositionalAmplitudes`, `GCDualSenseAdaptiveTrigger.discretePositionCount` = 10).
    ///
    /// Position `i` covers the trigger's travel from `i/10` to `(i+1)/10` (0: released, 9: the last
    /// tenth before the trigger bottoms out). Stored inline (no heap storage): cheap to copy and safe to
    /// build every frame. Values are clamped to 0...1 when stored; NaN is stored as 0.
    public struct PositionalValues: Hashable, Sendable {
        /// The number of positions, 10 (Apple's `discretePositionCount`).
        public static let count = 10

        private var storage: (Double, Double, Double, Double, Double, Double, Double, Double, Double, Double) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

        /// All ten values 0.
        public init() {}

        /// The same value at every position (clamped to 0...1).
        public init(repeating value: Double) {
            for index in 0..<Self.count { self[index] = value }
        }

        /// Values from an array: the first ten elements are used, missing positions are 0 (clamped to
        /// 0...1). Not for the per-frame path (the caller's array is a heap allocation): set by subscript there.
        public init(_ values: [Double]) {
            for index in 0..<min(values.count, Self.count) { self[index] = values[index] }
        }

        /// The value at `position` (0...9), 0...1. Reading outside 0...9 returns 0; writing there is ignored.
        public subscript(position: Int) -> Double {
            get {
                guard (0..<Self.count).contains(position) else { return 0 }
                return withUnsafeBytes(of: storage) { $0.load(fromByteOffset: position * MemoryLayout<Double>.stride, as: Double.self) }
            }
            set {
                guard (0..<Self.count).contains(position) else { return }
                let value = AdaptiveTrigger.Effect.unit(newValue)
                withUnsafeMutableBytes(of: &storage) {
                    $0.storeBytes(of: value, toByteOffset: position * MemoryLayout<Double>.stride, as: Double.self)
                }
            }
        }

        /// The ten values in order (allocates an array: for tests, traces and tools, not per frame).
        public var values: [Double] { (0..<Self.count).map { self[$0] } }

        /// Whether every value is 0 (such an effect is "off" on the pad).
        public var isZero: Bool { (0..<Self.count).allSatisfy { self[$0] == 0 } }

        public static func == (lhs: Self, rhs: Self) -> Bool {
            (0..<count).allSatisfy { lhs[$0] == rhs[$0] }
        }

        public func hash(into hasher: inout Hasher) {
            for index in 0..<Self.count { hasher.combine(self[index]) }
        }
    }
}
