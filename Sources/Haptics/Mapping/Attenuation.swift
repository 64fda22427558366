/// How an event fades with its distance from the listener, after the attenuation settings of
/// Unreal Engine's sound attenuation: full strength inside `innerRadius`, then a falloff shape over
/// `falloffDistance`, silent beyond `innerRadius + falloffDistance`.
///
/// With a = (distance − innerRadius) / falloffDistance in 0...1, the gain is
///
///     linear        1 − a
///     logarithmic   1 − log10(1 + 9a)                    drops fast near, slowly far
///     inverse       (1 / (1 + 9a) − 0.1) / 0.9           drops fastest near the inner radius
///     logReverse    log10(10 − 9a)                       holds near, drops fast near the edge
///     natural       (10^(−3a) − 0.001) / 0.999           −60 dB over the falloff, like sound in air
///
/// Every shape is 1 at a = 0, 0 at a = 1 and decreasing in between. Distances in world units.
/// Pure value; `gain(atDistance:)` is O(1), no allocation, any thread.
@_spi(HapticsTools) public struct Attenuation: Hashable, Sendable {
    public enum Shape: String, Hashable, Sendable, CaseIterable {
        case linear, logarithmic, inverse, logReverse, natural
    }

    public var shape: Shape
    /// Distance up to which the event is at full strength, world units, >= 0.
    public var innerRadius: Double
    /// Distance over which it fades to silence after the inner radius, world units, > 0.
    public var falloffDistance: Double

    public init(shape: Shape = .linear, innerRadius: Double = 0, falloffDistance: Double) {
        self.shape = shape
        self.innerRadius = max(innerRadius, 0)
        self.falloffDistance = max(falloffDistance, .ulpOfOne)
    }

    /// The gain 0...1 for an event `distance` away from the listener.
    public func gain(atDistance distance: Double) -> Double {
        guard distance.isFinite else { return 0 }
        let a = (distance - innerRadius) / falloffDistance
        if a <= 0 { return 1 }
        if a >= 1 { return 0 }
        let gain: Double
        switch shape {
        case .linear: gain = 1 - a
        case .logarithmic: gain = 1 - CMath.log10(1 + 9 * a)
        case .inverse: gain = (1 / (1 + 9 * a) - 0.1) / 0.9
        case .logReverse: gain = CMath.log10(10 - 9 * a)
        case .natural: gain = (CMath.exp(-6.907755278982137 * a) - 0.001) / 0.999   // 10^(-3a)
        }
        return min(max(gain, 0), 1)
    }
}
