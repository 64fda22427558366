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
        /// Whether the voice plays a tap (a transient of it sounded within `HapticMixer.tapSeconds`): the
        /// overlap limiter leaves it out (`HapticMixer.overlapCeiling`).
        var isTap: Bool
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
    /// Per output, the overlap limiter's inputs (`HapticMixer.mixed`): the sum of the voices not playing
    /// a tap, how many they are, and the sum of the taps; now (per actuator) and at the lookahead.
    private var continuous: ContiguousArray<ActuatorLevels>
    private var continuousVoices: ContiguousArray<SIMD4<Int>>
    private var taps: ContiguousArray<ActuatorLevels>
    private var aheadContinuous: ContiguousArray<IntentWindow>
    private var aheadContinuousVoices: ContiguousArray<IntentWindow>
    private var aheadTaps: ContiguousArray<IntentWindow>
    /// Whether any output's overlap limiter may act ahead (two continuous voices), and its ceiling.
    private var aheadMayLimit = false
    /// Per output, the actuators the overlap limiter held below full now.
    private var limitedNow: ContiguousArray<ActuatorSet>
    private var ceiling = HapticMixer.defaultOverlapCeiling
    /// The highest-ranked voices found so far, best first (the voice cap's working storage).
    private var loudest: ContiguousArray<Rank> = []

    init(outputs: Int) {
        perceived = ContiguousArray(repeating: .zero, count: outputs)
        onsets = ContiguousArray(repeating: [], count: outputs)
        ahead = ContiguousArray(repeating: .zero, count: outputs)
        continuous = ContiguousArray(repeating: .zero, count: outputs)
        continuousVoices = ContiguousArray(repeating: .zero, count: outputs)
        taps = ContiguousArray(repeating: .zero, count: outputs)
        limitedNow = ContiguousArray(repeating: [], count: outputs)
        aheadContinuous = ContiguousArray(repeating: .zero, count: outputs)
        aheadContinuousVoices = ContiguousArray(repeating: .zero, count: outputs)
        aheadTaps = ContiguousArray(repeating: .zero, count: outputs)
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
            continuous[index] = .zero
            continuousVoices[index] = .zero
            taps[index] = .zero
            limitedNow[index] = []
        }
        ceiling = mixer.overlapCeiling
        var mayLimit = false
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
            if voice.isTap {
                taps[voice.output] = Self.add(voice.levels, gain: gain, to: taps[voice.output], limit: .infinity)
            } else if gain > 0 {
                continuous[voice.output] = Self.add(voice.levels, gain: gain, to: continuous[voice.output], limit: .infinity)
                continuousVoices[voice.output] &+= Self.sounding(voice.levels)
                mayLimit = mayLimit || continuousVoices[voice.output].max() >= 2
            }
            if gain > 0 {
                onsets[voice.output].formUnion(voice.onsets)
                admitted.append(index)
                admittedGains.append(gain)
            }
        }
        if mayLimit && ceiling < 1 {
            for index in perceived.indices where continuousVoices[index].max() >= 2 {
                let result = Self.limited(perceived[index], continuous: continuous[index],
                                          voices: continuousVoices[index], taps: taps[index], ceiling: ceiling)
                perceived[index] = result.levels
                limitedNow[index] = result.limited
            }
        }
    }

    /// Starts the lookahead: every sample of every output silent.
    mutating func clearAhead() {
        for index in ahead.indices {
            ahead[index] = .zero
            aheadContinuous[index] = .zero
            aheadContinuousVoices[index] = .zero
            aheadTaps[index] = .zero
        }
        aheadMayLimit = false
    }

    /// Adds an admitted voice's levels at lookahead sample `sample` (1...`LookaheadGrid.points`) of
    /// `output`, with the same gain and saturating sum as now, and the actuators where one of its
    /// transients starts.
    mutating func addAhead(_ levels: ActuatorLevels, onsets: ActuatorSet, isTap: Bool, gain: Double, output: Int, sample: Int) {
        ahead[output][sample: sample] = Self.add(levels, gain: gain, to: ahead[output][sample: sample])
        if !onsets.isEmpty { ahead[output].addTaps(onsets, at: sample) }
        if isTap {
            aheadTaps[output][sample: sample] = Self.add(levels, gain: gain, to: aheadTaps[output][sample: sample], limit: .infinity)
        } else if gain > 0 {
            aheadContinuous[output][sample: sample] = Self.add(levels, gain: gain, to: aheadContinuous[output][sample: sample], limit: .infinity)
            let counts = aheadContinuousVoices[output][sample: sample]
            let sounding = Self.sounding(levels)
            let next = ActuatorLevels(lowFrequency: counts.lowFrequency + Double(sounding[0]), highFrequency: counts.highFrequency + Double(sounding[1]),
                                      leftTrigger: counts.leftTrigger + Double(sounding[2]), rightTrigger: counts.rightTrigger + Double(sounding[3]))
            aheadContinuousVoices[output][sample: sample] = next
            aheadMayLimit = aheadMayLimit || max(next.lowFrequency, next.highFrequency, next.leftTrigger, next.rightTrigger) >= 2
        }
    }

    /// Per actuator, 1 where `levels` has sound.
    private static func sounding(_ levels: ActuatorLevels) -> SIMD4<Int> {
        SIMD4(levels.lowFrequency > 0 ? 1 : 0, levels.highFrequency > 0 ? 1 : 0, levels.leftTrigger > 0 ? 1 : 0, levels.rightTrigger > 0 ? 1 : 0)
    }

    /// `mixed` with the overlap limiter applied where two or more continuous voices sound, and the
    /// actuators where it held the sum below full.
    private static func limited(_ mixed: ActuatorLevels, continuous: ActuatorLevels, voices: SIMD4<Int>, taps: ActuatorLevels,
                                ceiling: Double) -> (levels: ActuatorLevels, limited: ActuatorSet) {
        var result = mixed
        var set: ActuatorSet = []
        for actuator in Actuator.allCases where voices[actuator.rawValue] >= 2 {
            result[actuator] = HapticMixer.mixed(continuous: continuous[actuator], continuousVoices: voices[actuator.rawValue],
                                                 taps: taps[actuator], ceiling: ceiling)
            if continuous[actuator] > HapticMixer.overlapKnee { set.insert(ActuatorSet(actuator)) }
        }
        return (result, set)
    }

    /// Output `index`'s mixed intent now and at the lookahead grid, with its taps (after `mix(with:)`
    /// and the lookahead). O(1).
    func window(ofOutput index: Int) -> IntentWindow {
        var window = ahead[index]
        window[sample: 0] = perceived[index]
        window.addTaps(onsets[index], at: 0)
        window.markLimited(limitedNow[index], at: 0)
        if aheadMayLimit && ceiling < 1 {
            for k in 1...LookaheadGrid.points {
                let counts = aheadContinuousVoices[index][sample: k]
                let voices = SIMD4(Int(counts.lowFrequency), Int(counts.highFrequency), Int(counts.leftTrigger), Int(counts.rightTrigger))
                guard voices.max() >= 2 else { continue }
                let result = Self.limited(window[sample: k], continuous: aheadContinuous[index][sample: k], voices: voices,
                                          taps: aheadTaps[index][sample: k], ceiling: ceiling)
                window[sample: k] = result.levels
                window.markLimited(result.limited, at: k)
            }
        }
        return window
    }

    /// `sum + gain · levels` per actuator, saturating at `limit` (1 for a mix).
    private static func add(_ levels: ActuatorLevels, gain: Double, to sum: ActuatorLevels, limit: Double = 1) -> ActuatorLevels {
        ActuatorLevels(lowFrequency: min(limit, sum.lowFrequency + gain * levels.lowFrequency),
                       highFrequency: min(limit, sum.highFrequency + gain * levels.highFrequency),
                       leftTrigger: min(limit, sum.leftTrigger + gain * levels.leftTrigger),
                       rightTrigger: min(limit, sum.rightTrigger + gain * levels.rightTrigger))
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
