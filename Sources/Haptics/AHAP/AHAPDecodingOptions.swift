/// Bounds that keep a hostile or broken file from exhausting memory or time.
///
/// The defaults leave room for every real file we know of (the largest in our corpus has 1,000
/// elements; real curves of 5,387 points exist) while keeping decoding of a worst-case file under
/// a few hundred milliseconds. docs/ahap.md lists them.
@_spi(HapticsTools) public struct AHAPLimits: Hashable, Sendable {
    /// Largest file accepted, in bytes. Default 8 MiB.
    public var maximumFileBytes: Int = 8 << 20
    /// Deepest nesting of arrays and objects. Default 32 (AHAP itself needs 6). Kept within
    /// 1...`nestingDepthCap` (100): reading recurses once per level, and a raised limit must not
    /// let a deep file overflow the stack.
    public var maximumNestingDepth: Int {
        get { storedNestingDepth }
        set { storedNestingDepth = min(max(newValue, 1), Self.nestingDepthCap) }
    }
    private var storedNestingDepth = 32
    /// The deepest `maximumNestingDepth` may be set to: 100. Reading recurses once per level, up
    /// to about 3 KiB of stack per level in a debug build; 100 levels fit the 512 KiB stack of a
    /// secondary thread (Darwin's default): the tests read and free such a file there (debug
    /// builds overflowed it between 150 and 170 levels).
    public static let nestingDepthCap = 100
    /// Most entries in `Pattern` (events, parameters and curves together). Default 100,000.
    public var maximumElements: Int = 100_000
    /// Most control points in one curve. Default 20,000.
    public var maximumControlPointsPerCurve: Int = 20_000
    /// Latest time (seconds) an element, a control point or an event end may have. Default 3,600.
    public var maximumTime: Double = 3_600
    /// Most haptic events sounding at once as written (each for its own envelope, before controls).
    /// Default 256: `VoiceEvaluator.maximumSummedEvents`, so a pattern as written is always summed
    /// whole (issue 31; the densest corpus file has 50).
    public var maximumSoundingEvents: Int = 256

    public init() {}
}

/// How an AHAP file is read.
@_spi(HapticsTools) public struct AHAPDecodingOptions: Hashable, Sendable {
    /// When true, every warning is an error: unknown keys, clamped values, trailing commas...
    /// Default false: lenient, as Apple documents its own loader.
    public var strict: Bool = false
    /// Size bounds (the defaults in docs/ahap.md; tools and tests change them through
    /// `@_spi(HapticsTools)`).
    @_spi(HapticsTools) public var limits: AHAPLimits = AHAPLimits()

    public init(strict: Bool = false) {
        self.strict = strict
    }

    /// Options with other size bounds (tools and tests).
    @_spi(HapticsTools)
    public init(strict: Bool = false, limits: AHAPLimits) {
        self.strict = strict
        self.limits = limits
    }

    /// Lenient decoding with the default limits.
    public static let lenient = AHAPDecodingOptions()
    /// Strict decoding with the default limits.
    public static let strict = AHAPDecodingOptions(strict: true)
}
