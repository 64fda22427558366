/// One frame of the mixer's work (internal): the voices that have sound, the voice cap, and the
/// saturating sum per output (docs/engine.md, "Mixer"), now and at the motor stage's lookahead grid
/// (`window(ofOutput:)`, what the motor stage plans from).
///
/// The engine fills it once per update with the players' contributions, in player order, then calls
/// `mix(with:)`. It is a value held by the engine, so the cap and the sum run over plain structs:
/// no reference counting and no dynamic exclusivity checks per voice. Storage is reserved up front
/// (`reserve(voices:cap:)`); steady state allocates nothing.
struct VoiceMix {
    /// A player with sound this frame, as the mixer sees it.
    struct Voice {
        /// Perceived levels 0...1 (before gains).
        var levels: ActuatorLevels
        /// Actuators where a transient starts on this frame.
        var onsets: ActuatorSet
        /// Index of the engine output.
        var output: Int
        var category: HapticCategory
        /// Voice cap order: higher priority first, then later start (`sequence`) first.
        var priority: Int
        var sequence: Int
        /// Index of the player in the engine's list (for the lookahead).
        var player: Int
    }

    /// A voice's place in the voice cap's order: higher priority first, then the later start
    /// (the newest event is the one the player just caused), then the earlier voice (a strict
    /// order, so the voices kept do not depend on the order they are looked at).
    private struct Rank {
        var priority: Int
        var sequence: Int
        var index: Int

        func isAbove(_ other: Rank) -> Bool {
            if priority != other.priority { return priority > other.priority }
            if sequence != other.sequence { return sequence > other.sequence }
            return index < other.index
        }
    }

    /// This frame's voices with sound, in player order.
    private(set) var voices: ContiguousArray<Voice> = []
    /// Mixed perceived levels per output (after `mix(with:)`).
    private(set) var perceived: ContiguousArray<ActuatorLevels>
    /// Onsets per output (after `mix(with:)`).
    private(set) var onsets: ContiguousArray<ActuatorSet>
    /// The voices heard this frame (indices into `voices`) and their gains (after `mix(with:)`).
    private(set) var admitted: ContiguousArray<Int> = []
    private(set) var admittedGains: ContiguousArray<Double> = []
    /// Per output, the mixed perceived levels at the lookahead grid's points after now (lanes
    /// 1...`LookaheadGrid.points`, `LookaheadGrid.step` apart) and the actuators where a transient starts
    /// in the step before each (after `addAhead`); lane 0 is filled from `perceived` by `window(ofOutput:)`.
    private var ahead: ContiguousArray<IntentWindow>
    /// The highest-ranked voices found so far, best first (the voice cap's working storage).
    private var loudest: ContiguousArray<Rank> = []

    init(outputs: Int) {
        perceived = ContiguousArray(repeating: .zero, count: outputs)
        onsets = ContiguousArray(repeating: [], count: outputs)
        ahead = ContiguousArray(repeating: .zero, count: outputs)
    }

    /// Makes room for `voices` voices and a cap of `cap` without allocating later. Allocates only
    /// when the storage is smaller.
    mutating func reserve(voices count: Int, cap: Int) {
        if voices.capacity < count { voices.reserveCapacity(count) }
        if admitted.capacity < count { admitted.reserveCapacity(count) }
        if admittedGains.capacity < count { admittedGains.reserveCapacity(count) }
        if loudest.capacity < cap { loudest.reserveCapacity(cap) }
    }

    /// Starts a frame: no voices.
    mutating func removeAllVoices() { voices.removeAll(keepingCapacity: true) }

    /// Adds a voice with sound (the engine adds no silent contribution).
    mutating func append(_ voice: Voice) { voices.append(voice) }

    /// Applies the voice cap and sums the admitted voices per output and actuator:
    /// `min(1, Σ masterGain · categoryGain · level)`, in voice order. O(voices × cap) at worst,
    /// O(voices) when later voices started later (the usual order); no allocation.
    mutating func mix(with mixer: HapticMixer) {
        let lowestAdmitted = admissionThreshold(cap: mixer.maximumAudibleVoices)
        for index in perceived.indices {
            perceived[index] = .zero
            onsets[index] = []
        }
        admitted.removeAll(keepingCapacity: true)
        admittedGains.removeAll(keepingCapacity: true)
        let master = mixer.masterGain
        for index in voices.indices {
            let voice = voices[index]
            if let lowest = lowestAdmitted, lowest.isAbove(Rank(priority: voice.priority, sequence: voice.sequence, index: index)) {
                continue   // yields under the voice cap
            }
            let gain = master * mixer[voice.category]
            perceived[voice.output] = Self.add(voice.levels, gain: gain, to: perceived[voice.output])
            if gain > 0 {
                onsets[voice.output].formUnion(voice.onsets)
                admitted.append(index)
                admittedGains.append(gain)
            }
        }
    }

    /// Starts the lookahead: every sample of every output silent.
    mutating func clearAhead() {
        for index in ahead.indices { ahead[index] = .zero }
    }

    /// Adds an admitted voice's levels at lookahead sample `sample` (1...`LookaheadGrid.points`) of
    /// `output`, with the same gain and saturating sum as now, and the actuators where one of its
    /// transients starts.
    mutating func addAhead(_ levels: ActuatorLevels, onsets: ActuatorSet, gain: Double, output: Int, sample: Int) {
        ahead[output][sample: sample] = Self.add(levels, gain: gain, to: ahead[output][sample: sample])
        if !onsets.isEmpty { ahead[output].addTaps(onsets, at: sample) }
    }

    /// Output `index`'s mixed intent now and at the lookahead grid, with its taps (after `mix(with:)`
    /// and the lookahead). O(1).
    func window(ofOutput index: Int) -> IntentWindow {
        var window = ahead[index]
        window[sample: 0] = perceived[index]
        window.addTaps(onsets[index], at: 0)
        return window
    }

    /// `sum + gain · levels` per actuator, saturating at 1.
    private static func add(_ levels: ActuatorLevels, gain: Double, to sum: ActuatorLevels) -> ActuatorLevels {
        ActuatorLevels(lowFrequency: min(1, sum.lowFrequency + gain * levels.lowFrequency),
                       highFrequency: min(1, sum.highFrequency + gain * levels.highFrequency),
                       leftTrigger: min(1, sum.leftTrigger + gain * levels.leftTrigger),
                       rightTrigger: min(1, sum.rightTrigger + gain * levels.rightTrigger))
    }

    /// The voice cap: nil when every voice is heard (at most `cap`); otherwise the rank of the
    /// `cap`-th best voice, and a voice is heard when it ranks at or above it. One pass keeps the
    /// best `cap` so far, sorted, by insertion. It runs from the last voice back: players start in
    /// list order, so the best voices usually come first and each later one costs one comparison.
    private mutating func admissionThreshold(cap: Int) -> Rank? {
        guard voices.count > cap else { return nil }
        if loudest.capacity < cap { loudest.reserveCapacity(cap) }
        loudest.removeAll(keepingCapacity: true)
        for index in voices.indices.reversed() {
            let rank = Rank(priority: voices[index].priority, sequence: voices[index].sequence, index: index)
            if loudest.count == cap {
                guard rank.isAbove(loudest[cap - 1]) else { continue }
                loudest[cap - 1] = rank
            } else {
                loudest.append(rank)
            }
            var position = loudest.count - 1
            while position > 0 && rank.isAbove(loudest[position - 1]) {
                loudest[position] = loudest[position - 1]
                position -= 1
            }
            loudest[position] = rank
        }
        return loudest[cap - 1]
    }
}
