/// The audio half of one pattern player (internal): follows the pattern player's timeline (start, stop, pause,
/// resume, seek, loop, rate) and turns its audio events into voice commands on the engine's
/// `HapticAudioOutput`. Made when the pattern player is made; updated once per engine update, after the
/// player has rendered its haptics for the same evaluation time.
///
/// Times: the pattern player's anchor is in the engine's evaluation clock (frame time − presentation
/// latency); a command's presentation time is that time + the latency, the frame the haptics of
/// the same instant are sent to the pads. The output adds its lookahead.
final class PatternPlayerAudio {
    struct Voice {
        var id: UInt32
        var event: Int
        /// Presentation time after which the voice has surely ended.
        var endTime: Double
        /// Parameters last sent.
        var parameters: AudioVoiceParameters
        /// Presentation time of the last point sent (the onset, then each parameter change).
        var sentTime: Double
        /// True once released or playing out after the pattern player finished: no more parameter updates.
        var isDetached: Bool
    }

    weak var patternPlayer: HapticPatternPlayer?
    let table: AudioEventTable
    private var waveforms: [AudioWaveform?]
    private var hasResolvedWaveforms = false
    private(set) var voices: [Voice] = []
    private var lastSequence = 0
    private var lastPhase = HapticPatternPlayer.Phase.idle
    private var windowFrom = 0.0
    private var windowIncludesFrom = true
    private var lastPosition = 0.0
    private var lastTime = 0.0
    /// Audio events skipped because their waveform was not loaded.
    private(set) var skippedEvents = 0

    // The game's audio controls (sent through the pattern player's `sendParameters` / `scheduleParameterCurve`).
    private var gameControls = AudioControls.neutral
    private var curveSlots = [ParameterCurve?](repeating: nil, count: AudioControls.audio.count)
    private var curveStarts = [Double](repeating: 0, count: AudioControls.audio.count)
    private var bestCommandTimes = [Double](repeating: 0, count: AudioControls.audio.count)

    init(patternPlayer: HapticPatternPlayer, table: AudioEventTable) {
        self.patternPlayer = patternPlayer
        self.table = table
        waveforms = Array(repeating: nil, count: table.events.count)
        voices.reserveCapacity(16)
        lastSequence = patternPlayer.sequence
    }

    /// Nothing left to do: the pattern player is gone and no voice may still sound.
    var isDone: Bool { patternPlayer == nil && voices.isEmpty }

    /// Records the game's audio control commands due by evaluation time `time` (the pattern player itself
    /// ignores audio controls). Called before the pattern player runs its commands. No allocation.
    func captureGameControls(upTo time: Double) {
        guard let patternPlayer, !patternPlayer.pending.isEmpty else { return }
        for index in 0..<bestCommandTimes.count { bestCommandTimes[index] = -.infinity }
        for command in patternPlayer.pending where command.time <= time {
            let at = command.time == -.infinity ? time : command.time
            switch command.kind {
            case let .parameter(id, value):
                guard let index = AudioControls.index(of: id), at >= bestCommandTimes[index] else { continue }
                bestCommandTimes[index] = at
                gameControls[id] = value
                curveSlots[index] = nil
            case let .curve(curve):
                guard let index = AudioControls.index(of: curve.id), !curve.controlPoints.isEmpty,
                      at >= bestCommandTimes[index] else { continue }
                bestCommandTimes[index] = at
                curveSlots[index] = curve
                curveStarts[index] = at
            default:
                continue
            }
        }
    }

    /// Follows the pattern player to evaluation time `time` and sends what changed. `latency` is the
    /// engine's presentation latency; `isMuted` the engine's audio mute.
    func update(output: any HapticAudioOutput, at time: Double, latency: Double, isMuted: Bool) {
        prune(before: time + latency)
        guard let patternPlayer else {
            detachAll()
            return
        }
        resolveWaveforms(output: output)
        let phase = patternPlayer.phase
        var previous = lastPhase
        if patternPlayer.sequence != lastSequence {
            // Started (again) since the last update: what the previous run still plays is cut.
            lastSequence = patternPlayer.sequence
            cutAttached(output: output, at: (phase == .playing ? patternPlayer.anchorTime : time) + latency)
            windowFrom = 0
            windowIncludesFrom = true
            lastPosition = 0
            lastTime = patternPlayer.anchorTime
            previous = .playing
        }
        switch phase {
        case .playing:
            if previous == .paused {
                cutAttached(output: output, at: patternPlayer.anchorTime + latency)
                startSounding(output: output, patternPlayer: patternPlayer, at: patternPlayer.anchorPosition,
                              time: patternPlayer.anchorTime, latency: latency, isMuted: isMuted)
            } else if previous == .playing, abs(patternPlayer.position(at: lastTime) - lastPosition) > 1e-9 {
                // A seek: the timeline jumped.
                cutAttached(output: output, at: patternPlayer.anchorTime + latency)
                startSounding(output: output, patternPlayer: patternPlayer, at: patternPlayer.anchorPosition,
                              time: patternPlayer.anchorTime, latency: latency, isMuted: isMuted)
            }
            let position = patternPlayer.position(at: time)
            discover(output: output, patternPlayer: patternPlayer, through: position, latency: latency, isMuted: isMuted, controlsTime: time)
            updateParameters(output: output, patternPlayer: patternPlayer, at: time, latency: latency, isMuted: isMuted)
            lastPosition = position
            lastTime = time
        case .paused:
            if previous == .playing {
                let rate = patternPlayer.rateValue
                let pauseTime = patternPlayer.anchorTime + (patternPlayer.pausedPosition - patternPlayer.anchorPosition) / rate
                discover(output: output, patternPlayer: patternPlayer, through: patternPlayer.pausedPosition, latency: latency,
                         isMuted: isMuted, controlsTime: pauseTime)
                cutAttached(output: output, at: pauseTime + latency)
            }
        case .releasing:
            if previous == .playing {
                let stop = patternPlayer.tailStartTime
                discover(output: output, patternPlayer: patternPlayer, through: patternPlayer.position(at: stop), latency: latency,
                         isMuted: isMuted, controlsTime: stop)
                releaseAttached(output: output, patternPlayer: patternPlayer, at: stop, latency: latency)
            }
        case .finished:
            if previous == .playing && patternPlayer.tailStartTime > lastTime && patternPlayer.tailStartTime <= time {
                // Stopped since the last update, with nothing haptic left to fade: still a stop.
                let stop = patternPlayer.tailStartTime
                discover(output: output, patternPlayer: patternPlayer, through: patternPlayer.position(at: stop), latency: latency,
                         isMuted: isMuted, controlsTime: stop)
                releaseAttached(output: output, patternPlayer: patternPlayer, at: stop, latency: latency)
            } else if previous == .playing && patternPlayer.didFinish {
                // Ended by itself: events up to the end still start, and every voice plays out.
                discover(output: output, patternPlayer: patternPlayer, through: patternPlayer.position(at: time), latency: latency,
                         isMuted: isMuted, controlsTime: time)
                detachAll()
            } else if patternPlayer.didFinish {
                detachAll()
            } else {
                cutAttached(output: output, at: time + latency)   // cancelled, or the engine stopped
            }
        case .idle:
            cutAttached(output: output, at: time + latency)
        }
        lastPhase = phase
    }

    /// Cuts every voice of this player as soon as possible (the engine stopped).
    func cutEverything(output: any HapticAudioOutput) {
        for voice in voices { output.send(.cut(voice.id, at: -.infinity)) }
        voices.removeAll(keepingCapacity: true)
        lastPhase = .finished
    }

    // MARK: - Internals

    private func resolveWaveforms(output: any HapticAudioOutput) {
        guard !hasResolvedWaveforms else { return }
        hasResolvedWaveforms = true
        for (index, event) in table.events.enumerated() where event.isCustom {
            if let path = event.waveformPath { waveforms[index] = output.waveform(forPath: path) }
        }
    }

    private func controls(for patternPlayer: HapticPatternPlayer, position: Double, at time: Double) -> AudioControls {
        for index in 0..<curveSlots.count {
            guard let curve = curveSlots[index] else { continue }
            let elapsed = max(time - curveStarts[index], 0)
            gameControls[AudioControls.audio[index]] = curve.value(at: curve.time + elapsed) ?? 0
        }
        return table.controls(at: patternPlayer.wrapped(position)).composed(with: gameControls)
    }

    /// Length of event `index` in pattern seconds (a custom event without duration: its waveform's).
    private func patternLength(of index: Int, rate: Double) -> Double {
        let event = table.events[index]
        if event.duration > 0 { return event.duration }
        if let waveform = waveforms[index] { return waveform.durationSeconds * rate }
        return 0
    }

    /// Starts voices for the events whose start the playback passed since the last update
    /// (`windowFrom` ... `position`, unwrapped; loop-aware like the pattern player's transient window).
    private func discover(output: any HapticAudioOutput, patternPlayer: HapticPatternPlayer, through position: Double,
                          latency: Double, isMuted: Bool, controlsTime: Double) {
        let from = windowFrom
        let includesFrom = windowIncludesFrom
        windowFrom = max(position, from)
        windowIncludesFrom = false
        guard position >= from, !table.events.isEmpty else { return }
        let length = patternPlayer.loopLength
        if length <= 0 {
            var index = table.firstIndex(startingAfter: from, inclusive: includesFrom)
            while index < table.events.count, table.events[index].start <= position {
                startVoice(output: output, patternPlayer: patternPlayer, event: index, at: table.events[index].start, offset: 0,
                           loopEnd: nil, latency: latency, isMuted: isMuted, controlsTime: controlsTime)
                index += 1
            }
            return
        }
        let firstCycle = (from / length).rounded(.down)
        var cycle = max(firstCycle, (position / length).rounded(.down) - 1)   // at most two cycles per update
        let lastCycle = (position / length).rounded(.down)
        while cycle <= lastCycle {
            let base = cycle * length
            let low = cycle == firstCycle ? from - base : 0
            let inclusive = cycle == firstCycle ? includesFrom : true
            let high = cycle == lastCycle ? position - base : length
            var index = table.firstIndex(startingAfter: low, inclusive: inclusive)
            while index < table.events.count, table.events[index].start <= high, table.events[index].start < length {
                startVoice(output: output, patternPlayer: patternPlayer, event: index, at: base + table.events[index].start, offset: 0,
                           loopEnd: base + length, latency: latency, isMuted: isMuted, controlsTime: controlsTime)
                index += 1
            }
            cycle += 1
        }
    }

    /// Starts the events sounding at unwrapped position `position` (a resume or a seek at `time`),
    /// each from where it is.
    private func startSounding(output: any HapticAudioOutput, patternPlayer: HapticPatternPlayer, at position: Double,
                               time: Double, latency: Double, isMuted: Bool) {
        let wrapped = patternPlayer.wrapped(position)
        let base = position - wrapped
        let length = patternPlayer.loopLength
        let end = table.firstIndex(startingAfter: wrapped, inclusive: false)
        for index in 0..<end {
            let event = table.events[index]
            let local = wrapped - event.start
            guard local < patternLength(of: index, rate: patternPlayer.rateValue) else { continue }
            startVoice(output: output, patternPlayer: patternPlayer, event: index, at: base + event.start, offset: local,
                       loopEnd: length > 0 ? base + length : nil, latency: latency, isMuted: isMuted, controlsTime: time)
        }
        windowFrom = position
        windowIncludesFrom = false
    }

    private func startVoice(output: any HapticAudioOutput, patternPlayer: HapticPatternPlayer, event index: Int,
                            at position: Double, offset: Double, loopEnd: Double?, latency: Double,
                            isMuted: Bool, controlsTime: Double) {
        let event = table.events[index]
        let rate = patternPlayer.rateValue
        let source: AudioSource
        var waveformSeconds = 0.0
        if event.isCustom {
            guard let waveform = waveforms[index] else {
                skippedEvents += 1
                return
            }
            source = waveform.source
            waveformSeconds = waveform.durationSeconds
        } else {
            source = .tone
        }
        let controls = controls(for: patternPlayer, position: position + offset, at: controlsTime)
        var parameters = event.parameters(with: controls)
        if isMuted || patternPlayer.isMutedValue { parameters.volume = 0 }
        let onsetPosition = position + offset
        let time = patternPlayer.anchorTime + (onsetPosition - patternPlayer.anchorPosition) / rate + latency
        let attack = EnvelopeTiming.seconds(normalized: event.attack + controls.attackTime) / rate
        let release = EnvelopeTiming.seconds(normalized: event.release + controls.releaseTime) / rate
        let lengthSeconds: Double
        if event.duration > 0 || !event.isCustom {
            lengthSeconds = event.duration / rate
        } else {
            lengthSeconds = waveformSeconds / AudioMath.playbackRatio(pitch: parameters.pitch)
        }
        let patternLength = event.duration > 0 ? event.duration : lengthSeconds * rate
        var cutAfter = Double.infinity
        if let loopEnd, position + patternLength > loopEnd { cutAfter = (loopEnd - onsetPosition) / rate }
        let setup = AudioVoiceSetup(
            source: source, attackSeconds: attack, releaseSeconds: release, lengthSeconds: lengthSeconds,
            isSustained: event.isSustained, usesVolumeEnvelope: event.usesVolumeEnvelope,
            loops: event.loops && event.duration > 0, offsetSeconds: offset / rate, cutAfterSeconds: cutAfter)
        let id = output.makeVoiceID()
        guard output.send(.start(id, at: time, setup: setup, parameters: parameters)) else { return }
        // Generous bound: a pitch-shifted waveform may play up to twice as long as estimated.
        let longest = max(lengthSeconds, waveformSeconds * 2) - offset / rate
        voices.append(Voice(id: id, event: index, endTime: time + longest + release + 0.1,
                            parameters: parameters, sentTime: time, isDetached: false))
    }

    private func updateParameters(output: any HapticAudioOutput, patternPlayer: HapticPatternPlayer, at time: Double,
                                  latency: Double, isMuted: Bool) {
        guard voices.contains(where: { !$0.isDetached }) else { return }
        let controls = controls(for: patternPlayer, position: patternPlayer.position(at: time), at: time)
        let muted = isMuted || patternPlayer.isMutedValue
        for index in voices.indices where !voices[index].isDetached {
            var parameters = table.events[voices[index].event].parameters(with: controls)
            if muted { parameters.volume = 0 }
            guard !parameters.isClose(to: voices[index].parameters) else { continue }
            // The mixer ramps linearly from the last point sent: after updates without change, pin
            // the old values at the previous update so the change ramps over one frame only.
            let previous = lastTime + latency
            if voices[index].sentTime < previous && previous < time + latency {
                output.send(.parameters(voices[index].id, at: previous, voices[index].parameters))
            }
            if output.send(.parameters(voices[index].id, at: time + latency, parameters)) {
                voices[index].parameters = parameters
                voices[index].sentTime = time + latency
            }
        }
    }

    private func cutAttached(output: any HapticAudioOutput, at time: Double) {
        guard !voices.isEmpty else { return }
        var index = voices.count - 1
        while index >= 0 {
            if !voices[index].isDetached {
                output.send(.cut(voices[index].id, at: time))
                voices.remove(at: index)
            }
            index -= 1
        }
    }

    private func releaseAttached(output: any HapticAudioOutput, patternPlayer: HapticPatternPlayer, at time: Double, latency: Double) {
        let controls = controls(for: patternPlayer, position: patternPlayer.position(at: time), at: time)
        for index in voices.indices where !voices[index].isDetached {
            let event = table.events[voices[index].event]
            let release = event.isSustained
                ? EnvelopeTiming.seconds(normalized: event.release + controls.releaseTime) / patternPlayer.rateValue : 0
            output.send(.release(voices[index].id, at: time + latency, fadeSeconds: release))
            voices[index].isDetached = true
            voices[index].endTime = min(voices[index].endTime, time + latency + release + 0.1)
        }
    }

    private func detachAll() {
        for index in voices.indices { voices[index].isDetached = true }
    }

    private func prune(before time: Double) {
        voices.removeAll { $0.endTime < time }
    }
}
