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
    /// The mixed perceived levels at the lookahead grid's points after now: output `o`'s sample `j`
    /// (1...`LookaheadGrid.points`, `LookaheadGrid.step` apart) at `o * points + j - 1` (after `addAhead`),
    /// the actuators where a transient starts in the step before each, and the overlap limiter's inputs
    /// there (`HapticMixer.mixed`); `window(ofOutput:)` assembles an output's `IntentWindow` from them.
    private var ahead: ContiguousArray<AheadSlot>
    /// One sample of one output at the lookahead (one slot of `ahead`, so that adding a voice there
    /// writes one element): the sum of every voice (unsaturated), the actuators where a transient
    /// starts, and the overlap limiter's inputs, the sum of the voices not playing a tap and how many.
    struct AheadSlot {
        var sum: ActuatorLevels = .zero
        var onsets: ActuatorSet = []
        var continuous: ActuatorLevels = .zero
        var continuousVoices: SIMD4<Int> = .zero
    }
    /// Per output, the overlap limiter's inputs (`HapticMixer.mixed`): the sum of the voices not playing
    /// a tap, how many they are, and the sum of the taps (now; at the lookahead they are in `ahead`).
    private var continuous: ContiguousArray<ActuatorLevels>
    private var continuousVoices: ContiguousArray<SIMD4<Int>>
    private var taps: ContiguousArray<ActuatorLevels>
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
        precondition(LookaheadGrid.points == 6, "window(ofOutput:) builds a window of 6 points")
        let slots = outputs * LookaheadGrid.points
        ahead = ContiguousArray(repeating: AheadSlot(), count: slots)
        continuous = ContiguousArray(repeating: .zero, count: outputs)
        continuousVoices = ContiguousArray(repeating: .zero, count: outputs)
        taps = ContiguousArray(repeating: .zero, count: outputs)
        limitedNow = ContiguousArray(repeating: [], count: outputs)
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
        for slot in ahead.indices { ahead[slot] = AheadSlot() }
        aheadMayLimit = false
    }

    /// Adds an admitted voice's levels at lookahead sample `sample` (1...`LookaheadGrid.points`) of
    /// `output`, with the same gain and saturating sum as now, and the actuators where one of its
    /// transients starts; `isTap`: whether it plays a tap there (the overlap limiter leaves it out).
    /// (`ahead` holds the sums unsaturated, clipped at 1 when the window is built: the same as saturating
    /// at every addition, since every level is at least 0; the taps' sum is what is not continuous.)
    @inline(__always) mutating func addAhead(_ levels: ActuatorLevels, onsets: ActuatorSet, isTap: Bool, gain: Double, output: Int, sample: Int) {
        let index = output * LookaheadGrid.points + sample - 1
        var slot = ahead[index]
        slot.sum = Self.add(levels, gain: gain, to: slot.sum, limit: .infinity)
        if !onsets.isEmpty { slot.onsets.formUnion(onsets) }
        if !isTap && gain > 0 {
            slot.continuous = Self.add(levels, gain: gain, to: slot.continuous, limit: .infinity)
            slot.continuousVoices &+= Self.sounding(levels)
            aheadMayLimit = aheadMayLimit || slot.continuousVoices.max() >= 2
        }
        ahead[index] = slot
    }

    /// Per actuator, 1 where `levels` has sound.
    private static func sounding(_ levels: ActuatorLevels) -> SIMD4<Int> {
        SIMD4(levels.lowFrequency > 0 ? 1 : 0, levels.highFrequency > 0 ? 1 : 0, levels.leftTrigger > 0 ? 1 : 0, levels.rightTrigger > 0 ? 1 : 0)
    }

    /// `mixed` (the saturating sums) with the overlap limiter applied where two or more continuous voices
    /// overlap above the knee (`HapticMixer.mixed`, lane by lane), and the actuators where it acted.
    private static func limited(_ mixed: ActuatorLevels, continuous: ActuatorLevels, voices: SIMD4<Int>, taps: ActuatorLevels,
                                ceiling: Double) -> (levels: ActuatorLevels, limited: ActuatorSet) {
        let sums = Self.lanes(continuous)
        let mask = (SIMD4<Double>(voices) .>= 2) .& (sums .> HapticMixer.overlapKnee)
        guard any(mask) else { return (mixed, []) }
        let room = ceiling - HapticMixer.overlapKnee, above = sums - HapticMixer.overlapKnee
        let knee = SIMD4<Double>(repeating: HapticMixer.overlapKnee)
        var limited = knee + room * above / (room + above) + Self.lanes(taps)
        limited = limited.replacing(with: 1, where: limited .> 1)
        let result = Self.lanes(mixed).replacing(with: limited, where: mask)
        var set: UInt8 = 0
        for lane in 0..<4 where mask[lane] { set |= 1 << UInt8(lane) }
        return (ActuatorLevels(lowFrequency: result[0], highFrequency: result[1], leftTrigger: result[2], rightTrigger: result[3]),
                ActuatorSet(rawValue: set))
    }

    @inline(__always) private static func lanes(_ levels: ActuatorLevels) -> SIMD4<Double> {
        SIMD4(levels.lowFrequency, levels.highFrequency, levels.leftTrigger, levels.rightTrigger)
    }

    /// Output `index`'s mixed intent now and at the lookahead grid, with its taps (after `mix(with:)`
    /// and the lookahead). O(1).
    func window(ofOutput index: Int) -> IntentWindow {
        // Built lane by lane in one initializer per actuator (a window is 4 × SIMD8: writing it sample by
        // sample costs a store and reload per lane). The grid has 6 points (checked in `init`).
        let base = index * LookaheadGrid.points
        let limits = aheadMayLimit && ceiling < 1
        var held = SIMD4<UInt32>.zero
        @inline(__always) func sample(_ k: Int) -> ActuatorLevels {
            let slot = ahead[base + k - 1]
            let sum = slot.sum
            let mixed = ActuatorLevels(lowFrequency: min(1, sum.lowFrequency), highFrequency: min(1, sum.highFrequency),
                                       leftTrigger: min(1, sum.leftTrigger), rightTrigger: min(1, sum.rightTrigger))
            guard limits && slot.continuousVoices.max() >= 2 else { return mixed }
            let continuous = slot.continuous
            let taps = ActuatorLevels(lowFrequency: sum.lowFrequency - continuous.lowFrequency, highFrequency: sum.highFrequency - continuous.highFrequency,
                                      leftTrigger: sum.leftTrigger - continuous.leftTrigger, rightTrigger: sum.rightTrigger - continuous.rightTrigger)
            let result = Self.limited(mixed, continuous: continuous, voices: slot.continuousVoices,
                                      taps: taps, ceiling: ceiling)
            held |= IntentWindow.bits(result.limited, at: k)
            return result.levels
        }
        let s0 = perceived[index], s1 = sample(1), s2 = sample(2), s3 = sample(3), s4 = sample(4), s5 = sample(5), s6 = sample(6)
        var window = IntentWindow(
            lowFrequency: SIMD8(s0.lowFrequency, s1.lowFrequency, s2.lowFrequency, s3.lowFrequency, s4.lowFrequency, s5.lowFrequency, s6.lowFrequency, 0),
            highFrequency: SIMD8(s0.highFrequency, s1.highFrequency, s2.highFrequency, s3.highFrequency, s4.highFrequency, s5.highFrequency, s6.highFrequency, 0),
            leftTrigger: SIMD8(s0.leftTrigger, s1.leftTrigger, s2.leftTrigger, s3.leftTrigger, s4.leftTrigger, s5.leftTrigger, s6.leftTrigger, 0),
            rightTrigger: SIMD8(s0.rightTrigger, s1.rightTrigger, s2.rightTrigger, s3.rightTrigger, s4.rightTrigger, s5.rightTrigger, s6.rightTrigger, 0))
        var taps = IntentWindow.bits(onsets[index], at: 0)
        for k in 1...LookaheadGrid.points where !ahead[base + k - 1].onsets.isEmpty { taps |= IntentWindow.bits(ahead[base + k - 1].onsets, at: k) }
        window.taps = taps
        window.limited = held | IntentWindow.bits(limitedNow[index], at: 0)
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
