/// The audio half of a pattern, precomputed for scheduling: its `AudioContinuous` and `AudioCustom`
/// events sorted by time, and the audio controls' steps and curves.
///
/// Built once per pattern value (`PatternPreparation`, allocates, O(n log n)); afterwards every query is
/// O(log n) and allocation-free. The rules for controls are the haptic ones (docs/engine.md §1):
/// steps jump at their time, curves interpolate linearly and hold their end values, the element that
/// started most recently wins, a curve wins a tie with a step. Value type, `Sendable`.
struct AudioEventTable: Sendable {
    /// One audio event, with its parameters already clamped to their ranges.
    public struct Event: Hashable, Sendable {
        /// `AudioCustom` (a waveform file) or `AudioContinuous` (a synthesized tone).
        public var isCustom: Bool
        /// Start, in pattern seconds.
        public var start: Double
        /// `EventDuration` in pattern seconds, or 0 when the file gives none (a custom event then
        /// plays its whole waveform).
        public var duration: Double
        /// `AudioVolume`, `AudioPan`, `AudioPitch`, `AudioBrightness` as written (defaults where missing).
        public var volume: Double
        public var pan: Double
        public var pitch: Double
        public var brightness: Double
        /// `AttackTime`, `DecayTime`, `ReleaseTime`, normalised 0...1.
        public var attack: Double
        public var decay: Double
        public var release: Double
        /// `Sustained` read as a boolean.
        public var isSustained: Bool
        /// `EventWaveformUseVolumeEnvelope` (default true); always true for a tone.
        public var usesVolumeEnvelope: Bool
        /// `EventWaveformLoopEnabled` (default false); always false for a tone.
        public var loops: Bool
        /// `EventWaveformPath` of a custom event.
        public var waveformPath: String?

        /// The event's parameters combined with `controls`, each clamped to its range.
        public func parameters(with controls: AudioControls) -> AudioVoiceParameters {
            AudioVoiceParameters(volume: volume, pan: pan, pitch: pitch, brightness: brightness, controls: controls)
        }
    }


    /// Audio events sorted by start (stable: events at the same time keep the pattern's order).
    public let events: [Event]
    /// The pattern's own audio controls (indexed as `AudioControls.audio`) over time.
    let controlTimeline: ControlTimeline

    /// Whether the pattern has any audio event.
    public var isEmpty: Bool { events.isEmpty }

    /// Precomputes the audio half of `pattern`. Allocates; call at load time.
    public init(pattern: HapticPattern) {
        var list: [Event] = []
        for event in pattern.events where event.type.isAudio {
            func clamped(_ id: HapticEvent.ParameterID) -> Double { id.range.clamp(event.value(of: id)) }
            let isCustom = event.type == .audioCustom
            let duration = event.duration ?? 0
            list.append(Event(
                isCustom: isCustom,
                start: event.time,
                duration: duration.isFinite ? max(duration, 0) : 0,
                volume: clamped(.audioVolume), pan: clamped(.audioPan), pitch: clamped(.audioPitch),
                brightness: clamped(.audioBrightness),
                attack: clamped(.attackTime), decay: clamped(.decayTime), release: clamped(.releaseTime),
                isSustained: event.isSustained,
                usesVolumeEnvelope: isCustom ? (event.waveformUsesVolumeEnvelope ?? true) : true,
                loops: isCustom ? (event.waveformLoopEnabled ?? false) : false,
                waveformPath: isCustom ? event.waveformPath : nil))
        }
        events = list

        controlTimeline = ControlTimeline(pattern, count: AudioControls.audio.count, index: AudioControls.index(of:))
    }

    /// The pattern's own audio control values at pattern time `t` (seconds), before the game's.
    /// O(log n) per control; no allocation.
    public func controls(at t: Double) -> AudioControls { controlTimeline.controls(at: t) }

    /// Index of the first event whose start is after `t` (or at `t` when `inclusive`). O(log n).
    public func firstIndex(startingAfter t: Double, inclusive: Bool) -> Int {
        var low = 0
        var high = events.count
        while low < high {
            let mid = (low + high) / 2
            let start = events[mid].start
            if inclusive ? start < t : start <= t { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
