/// One place where a sound hits: the start of a drum stroke, a click, an impact.
@_spi(HapticsTools) public struct SoundOnset: Hashable, Sendable {
    /// When the hit starts, seconds from the start of the sound (to the millisecond: the first
    /// millisecond block whose peak has risen 30% of the way from the background to the hit's peak).
    public var time: Double
    /// How strong the hit is, 0...1: the level it adds over what was sounding just before it,
    /// relative to the loudest moment of the sound, on the perceptual scale (amplitude^0.6).
    public var strength: Double
    /// How crisp the hit is, 0...1: the centroid of the spectrum that appeared at the onset, on
    /// the brightness scale (100 Hz → 0, 6.4 kHz → 1, linear in octaves).
    public var sharpness: Double
    /// The frame (index into `SoundAnalysis.loudness`) where the spectral flux peaked.
    public var frame: Int

    public init(time: Double, strength: Double, sharpness: Double, frame: Int) {
        self.time = time
        self.strength = strength
        self.sharpness = sharpness
        self.frame = frame
    }
}
