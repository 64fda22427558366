/// What one mapping config may make its loader do: read pattern and sound files, and analyse sounds
/// into haptics. Checked while `LoadedMapping` loads the patterns its rules name; the rule whose
/// pattern would pass it is reported at its `pattern` (file:line:column), nothing past it is
/// loaded, and the config is refused (docs/config.md, "Limits"; figures in docs/reliability.md).
///
/// Both measures are counted from the files alone, the same on every machine and whatever the
/// loader's cache holds:
/// - **bytes**: each distinct pattern or sound file counts its size once (however many rules name
///   it), and at least `minimumFileCharge`, since every file costs a lookup, an open and a read;
/// - **seconds of sound**: each distinct pair of a sound and a set of `analysis` options counts the
///   sound's length once (its spectrum is measured once per sound, then read once per option set),
///   and at least `minimumSoundCharge`.
///
/// Pure value, any thread.
@_spi(HapticsTools) public struct MappingLoadBudget: Hashable, Sendable {
    /// Most bytes of pattern and sound files one config may read. Default 64 MiB (67,108,864):
    /// eight AHAP files of the 8 MiB a pattern file may have, or sixteen 4.2 MB sounds.
    public var maximumBytes: Int = 64 << 20
    /// The least a file counts towards `maximumBytes`. Default 16 KiB, so a config names at most
    /// 4,096 distinct files.
    public var minimumFileCharge: Int = 16 << 10
    /// Most seconds of sound one config may have analysed. Default 300 (five minutes: 2.2 s of
    /// decoding and analysis in a release build on the 2-core machine, docs/reliability.md).
    public var maximumSoundSeconds: Double = 300
    /// The least one analysis counts towards `maximumSoundSeconds`, in seconds. Default 0.1, so a
    /// config makes at most 3,000 analyses.
    public var minimumSoundCharge: Double = 0.1

    public init() {}

    /// What a load has used of a budget so far.
    public struct Spent: Hashable, Sendable {
        /// Bytes counted (each file's size, or `minimumFileCharge` when larger).
        public var bytes = 0
        /// Seconds of sound counted (each analysis's sound length, or `minimumSoundCharge` when longer).
        public var soundSeconds = 0.0
        /// Distinct files read (AHAP and sound).
        public var files = 0
        /// AHAP files decoded (identical contents decode once).
        public var patternDecodes = 0
        /// Sounds decoded and measured (their spectrum), each once per load.
        public var soundMeasurements = 0
        /// Sounds analysed with a set of options (cache hits included: they count as they would cost).
        public var soundAnalyses = 0

        public init() {}
    }

    /// Why `charge` refused: the budget line that would be passed, in words.
    func bytesProblem(adding charge: Int, to spent: Spent) -> String? {
        guard spent.bytes + charge > maximumBytes else { return nil }
        return "loading this pattern passes the config's budget of \(maximumBytes) bytes of pattern and sound files "
            + "(\(spent.bytes) bytes read before it, \(charge) for this file; each distinct file counts once, and at least "
            + "\(minimumFileCharge) bytes; docs/config.md, \"Limits\")"
    }

    func secondsProblem(adding charge: Double, to spent: Spent) -> String? {
        guard spent.soundSeconds + charge > maximumSoundSeconds else { return nil }
        return "analysing this sound passes the config's budget of \(Self.format(maximumSoundSeconds)) s of sound analysed "
            + "(\(Self.format(spent.soundSeconds)) s before it, \(Self.format(charge)) s for this sound with these analysis options; "
            + "each distinct sound and set of options counts once, and at least \(Self.format(minimumSoundCharge)) s; docs/config.md, \"Limits\")"
    }

    /// Seconds to the millisecond, in the readers' number format.
    static func format(_ seconds: Double) -> String { Haptics.format((seconds * 1000).rounded() / 1000) }
}
