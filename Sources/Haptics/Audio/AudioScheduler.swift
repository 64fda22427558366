/// The audio half of a `HapticEngine` (internal): one `PatternPlayerAudio` per pattern player whose pattern has
/// audio events, and the optional haptic-audio channel. The engine calls it from `makePlayer`,
/// `update(at:)` and when it stops; it sends everything to `output`.
///
/// Cost per update: O(players with audio × (log n + events started + voices sounding)); no
/// allocation in steady state (voice lists are reserved; a pattern player with many overlapping voices
/// may grow its list once).
final class AudioScheduler {
    /// Where audio goes; nil: audio events are ignored.
    var output: (any HapticAudioOutput)? {
        didSet {
            if let oldValue, oldValue !== output {
                for state in states { state.cutEverything(output: oldValue) }
                if hapticChannel != nil { sendHapticSilence(to: oldValue) }
            }
        }
    }
    /// The haptic-audio channel, or nil (off).
    var hapticChannel: HapticEngine.AudioChannel? {
        didSet {
            if let output, let oldValue, oldValue != hapticChannel { sendHapticSilence(to: output, mask: oldValue.channelMask) }
            lastHapticAmplitude = -1
        }
    }

    private(set) var states: [PatternPlayerAudio] = []
    private var lastHapticAmplitude = -1.0
    private var lastHapticFrequency = 0.0
    private var lastHapticTime = -Double.infinity
    /// Frame time of the previous haptic channel feed (the previous update).
    private var previousFrameTime = -Double.infinity

    init() {
        states.reserveCapacity(16)
    }

    /// Audio events skipped since the engine was made because their waveform was not loaded.
    var skippedEvents: Int { states.reduce(0) { $0 + $1.skippedEvents } }

    /// Called when a pattern player is made: precomputes its audio half. Allocates (load time).
    func register(_ patternPlayer: HapticPatternPlayer, pattern: HapticPattern) {
        guard pattern.hasAudioContent else { return }
        states.removeAll { $0.isDone }
        states.append(PatternPlayerAudio(patternPlayer: patternPlayer, table: pattern.audioTable))
    }

    /// Before the players run their commands for evaluation time `time`.
    func willRender(at time: Double) {
        guard output != nil else { return }
        for state in states { state.captureGameControls(upTo: time) }
    }

    /// After the players rendered evaluation time `time`: schedules their audio; feeds the
    /// haptic-audio channel with `levels` (the mixed perceived levels of output 0) at `frameTime`.
    func didRender(at time: Double, frameTime: Double, latency: Double, levels: ActuatorLevels, isMuted: Bool) {
        guard let output, output.isAvailable else { return }
        var finished = false
        for state in states {
            state.update(output: output, at: time, latency: latency, isMuted: isMuted)
            if state.isDone { finished = true }
        }
        if finished { states.removeAll { $0.isDone } }
        if let channel = hapticChannel { feedHapticChannel(channel, output: output, levels: levels, at: frameTime) }
    }

    /// The engine stopped: every voice of its players is cut as soon as possible, the haptic channel silenced.
    func silence() {
        guard let output else { return }
        for state in states { state.cutEverything(output: output) }
        if hapticChannel != nil { sendHapticSilence(to: output) }
    }

    private func feedHapticChannel(_ channel: HapticEngine.AudioChannel, output: any HapticAudioOutput,
                                   levels: ActuatorLevels, at time: Double) {
        let signal = HapticEngine.AudioChannel.signal(from: levels)
        let amplitude = signal.intensity * channel.gain
        let frequency = amplitude > 0 ? channel.frequency(forSharpness: signal.sharpness)
            : (lastHapticAmplitude > 0 ? lastHapticFrequency : channel.frequency(forSharpness: 0.5))
        let changed = abs(amplitude - lastHapticAmplitude) > 1e-4 || abs(frequency - lastHapticFrequency) > 0.01
        // While sounding, refresh well inside the mixer's safety hold even when nothing changes.
        let stale = amplitude > 0 && time - lastHapticTime >= AudioMixer.hapticChannelSafetySeconds / 2
        defer { previousFrameTime = time }
        guard changed || stale else { return }
        // The mixer ramps linearly from the last point sent. After frames without change, pin the
        // old value at the previous frame so the change ramps over one frame, not since then.
        if changed && lastHapticAmplitude >= 0 && lastHapticTime < previousFrameTime {
            output.send(.hapticChannel(at: previousFrameTime, amplitude: lastHapticAmplitude,
                                       frequency: lastHapticFrequency, channelMask: channel.channelMask))
        }
        if output.send(.hapticChannel(at: time, amplitude: amplitude, frequency: frequency, channelMask: channel.channelMask)) {
            lastHapticAmplitude = amplitude
            lastHapticFrequency = frequency
            lastHapticTime = time
        }
    }

    private func sendHapticSilence(to output: any HapticAudioOutput, mask: UInt32? = nil) {
        let channelMask = mask ?? hapticChannel?.channelMask ?? 0
        output.send(.hapticChannel(at: -.infinity, amplitude: 0, frequency: lastHapticFrequency, channelMask: channelMask))
        lastHapticAmplitude = -1
    }
}
