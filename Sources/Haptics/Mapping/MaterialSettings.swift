/// How a material or surface feels, from a config's `[materials]` table.
@_spi(HapticsTools) public struct MaterialSettings: Hashable, Sendable {
    /// 0 (soft, dull: mud, cloth) ... 1 (hard, crisp: metal, glass). Default 0.5.
    public var sharpness: Double
    /// Multiplies the intensity of events on this material, 0...2. Default 1.
    public var gain: Double

    public init(sharpness: Double = 0.5, gain: Double = 1) {
        self.sharpness = sharpness
        self.gain = gain
    }
}
