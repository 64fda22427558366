/// One frame of the mixer's work (internal): the voices that have sound, the voice cap, and the
/// saturating sum per output (docs/engine.md, "Mixer").
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
        /// Actuators whose transient kick is active.
        var kick: ActuatorSet
        /// Index of the engine output.
        var output: Int
        var category: HapticCategory
        /// Voice cap order: higher priority first, then later start (`sequence`) first.
        var priority: Int
        var sequence: Int
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
    /// Active kicks per output (after `mix(with:)`).
    private(set) var kicks: ContiguousArray<ActuatorSet>
    /// The highest-ranked voices found so far, best first (the voice cap's working storage).
    private var loudest: ContiguousArray<Rank> = []

    init(outputs: Int) {
        perceived = ContiguousArray(repeating: .zero, count: outputs)
        kicks = ContiguousArray(repeating: [], count: outputs)
    }

    /// Makes room for `voices` voices and a cap of `cap` without allocating later. Allocates only
    /// when the storage is smaller.
    mutating func reserve(voices count: Int, cap: Int) {
        if voices.capacity < count { voices.reserveCapacity(count) }
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
            kicks[index] = []
        }
        let master = mixer.masterGain
        for index in voices.indices {
            let voice = voices[index]
            if let lowest = lowestAdmitted, lowest.isAbove(Rank(priority: voice.priority, sequence: voice.sequence, index: index)) {
                continue   // yields under the voice cap
            }
            let gain = master * mixer[voice.category]
            let c = voice.levels
            var sum = perceived[voice.output]
            sum.lowFrequency = min(1, sum.lowFrequency + gain * c.lowFrequency)
            sum.highFrequency = min(1, sum.highFrequency + gain * c.highFrequency)
            sum.leftTrigger = min(1, sum.leftTrigger + gain * c.leftTrigger)
            sum.rightTrigger = min(1, sum.rightTrigger + gain * c.rightTrigger)
            perceived[voice.output] = sum
            if gain > 0 { kicks[voice.output].formUnion(voice.kick) }
        }
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
