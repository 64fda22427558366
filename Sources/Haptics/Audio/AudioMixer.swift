import Synchronization
/// Mixes audio voices into interleaved 32-bit float buffers, sample-accurately: the audio thread's
/// half of SDLHaptics' audio (docs/audio.md).
///
/// The game thread sends `AudioCommand`s through `commands` (start a voice at frame X, move its
/// parameters, release or cut it, move the haptic-audio channel); `render` runs on the audio thread
/// (the SDL callback), applies every waiting command and renders the next `frameCount` frames.
/// A voice starts exactly at its onset frame, wherever that falls in a buffer.
///
/// - Voices: `maximumVoices` at once; a start with none free cuts the oldest voice (5 ms declick).
/// - Per voice: source (waveform with linear-interpolation resampling for pitch, or the tone),
///   brightness (one-pole low-pass, or the tone's harmonic mix), volume × envelope × fades,
///   balance pan. Parameters move linearly between the points the game sends.
/// - Channels: voices play on channels 0 and 1 (a mono output gets the average of both); the
///   haptic-audio channel plays on the channels its commands name.
/// - The sum is hard-clipped to -1...1.
///
/// Threads: `render` on one thread (the audio callback), `commands.push` on one other thread (the
/// game's); `statistics` and `latestStamp` from anywhere. Cost of `render`: O(frames × sounding
/// voices) plus O(commands × voices); no allocation, no lock, no I/O (storage is allocated in `init`).
@_spi(HapticsTools) public final class AudioMixer: @unchecked Sendable {
    /// Frames per second of the output.
    public let sampleRate: Double
    /// Interleaved channels of the output (1...32).
    public let channelCount: Int
    /// Voices that can sound at once.
    public let maximumVoices: Int
    /// The queue the game thread pushes commands into (single producer).
    @_spi(HapticsTools) public let commands: AudioCommandQueue
    /// Future parameter points a voice can hold (at 60 updates per second, 16 points cover 260 ms of lookahead).
    public static let pointsPerVoice = 16
    /// Seconds the haptic-audio channel holds its last level without news before it fades out
    /// (like the rumble's safety duration: a game that stops updating never leaves a shaker running).
    public static let hapticChannelSafetySeconds = 0.25

    private let voices: UnsafeMutablePointer<MixerVoice>
    private let points: UnsafeMutablePointer<VoicePoint>
    private let sineTable: UnsafeMutablePointer<Float>
    private let brightTable: UnsafeMutablePointer<Float>
    private static let tableSize = 4096
    private let declickFrames: Int64
    private var nextFrame: Int64 = 0
    private var serialCounter: UInt64 = 0
    private var masterGain: Float = 1
    private var masterTarget: Float = 1
    private var masterTargetFrame: Int64 = 0

    // Haptic-audio channel: one carrier with amplitude and frequency points.
    private var hapticFrom = HapticPoint(frame: 0, amplitude: 0, step: 0)
    private var hapticPoints: UnsafeMutablePointer<HapticPoint>
    private var hapticHead = 0
    private var hapticCount = 0
    private static let hapticCapacity = 32
    private var hapticMask: UInt32 = 0
    private var hapticPhase: Double = 0
    private let hapticSafetyFrames: Int64

    private struct HapticPoint {
        var frame: Int64
        var amplitude: Float
        /// Cycles per frame.
        var step: Float
    }

    // Statistics (written by the audio thread).
    private let buffersAtomic = Atomic<Int>(0)
    private let framesAtomic = Atomic<Int64>(0)
    private let commandsAtomic = Atomic<Int>(0)
    private let lateAtomic = Atomic<Int>(0)
    private let maxLateAtomic = Atomic<Int>(0)
    private let stolenAtomic = Atomic<Int>(0)
    private let peakAtomic = Atomic<Int>(0)
    private let missingAtomic = Atomic<Int>(0)
    private let droppedPointsAtomic = Atomic<Int>(0)
    // The clock stamp, published with a sequence lock (odd while writing).
    private let stampSequence = Atomic<Int>(0)
    private let stampFrame = Atomic<Int64>(0)
    private let stampTicks = Atomic<UInt64>(0)

    /// A mixer for an output of `sampleRate` frames per second and `channelCount` channels.
    /// Allocates all its storage now.
    public init(sampleRate: Double, channelCount: Int, maximumVoices: Int = 64, commandCapacity: Int = 4096) {
        precondition(sampleRate > 0 && sampleRate.isFinite, "sample rate must be positive")
        precondition((1...32).contains(channelCount), "1...32 channels")
        self.sampleRate = sampleRate
        self.channelCount = channelCount
        self.maximumVoices = max(maximumVoices, 1)
        commands = AudioCommandQueue(minimumCapacity: commandCapacity)
        voices = .allocate(capacity: self.maximumVoices)
        voices.initialize(repeating: MixerVoice(), count: self.maximumVoices)
        points = .allocate(capacity: self.maximumVoices * AudioMixer.pointsPerVoice)
        points.initialize(repeating: .silent, count: self.maximumVoices * AudioMixer.pointsPerVoice)
        hapticPoints = .allocate(capacity: AudioMixer.hapticCapacity)
        hapticPoints.initialize(repeating: HapticPoint(frame: 0, amplitude: 0, step: 0), count: AudioMixer.hapticCapacity)
        declickFrames = max(1, Int64((AudioMath.declickSeconds * sampleRate).rounded()))
        hapticSafetyFrames = Int64(AudioMixer.hapticChannelSafetySeconds * sampleRate)
        let size = AudioMixer.tableSize
        sineTable = .allocate(capacity: size + 1)
        brightTable = .allocate(capacity: size + 1)
        var peak: Float = 0
        for index in 0...size {
            let phase = 2 * Double.pi * Double(index) / Double(size)
            sineTable[index] = Float(CMath.sin(phase))
            var sum = 0.0
            for k in 1...AudioMath.toneHarmonics { sum += CMath.sin(phase * Double(k)) / Double(k) }
            brightTable[index] = Float(sum)
            peak = max(peak, abs(Float(sum)))
        }
        for index in 0...size { brightTable[index] /= peak }
    }

    deinit {
        voices.deinitialize(count: maximumVoices)
        voices.deallocate()
        points.deinitialize(count: maximumVoices * AudioMixer.pointsPerVoice)
        points.deallocate()
        hapticPoints.deinitialize(count: AudioMixer.hapticCapacity)
        hapticPoints.deallocate()
        sineTable.deallocate()
        brightTable.deallocate()
    }

    // MARK: - Reading from other threads

    /// Counters since creation. Any thread.
    public var statistics: AudioMixerStatistics {
        var result = AudioMixerStatistics()
        result.buffersRendered = buffersAtomic.load(ordering: .relaxed)
        result.framesRendered = framesAtomic.load(ordering: .relaxed)
        result.commandsApplied = commandsAtomic.load(ordering: .relaxed)
        result.lateOnsets = lateAtomic.load(ordering: .relaxed)
        result.maximumLateFrames = maxLateAtomic.load(ordering: .relaxed)
        result.stolenVoices = stolenAtomic.load(ordering: .relaxed)
        result.peakVoices = peakAtomic.load(ordering: .relaxed)
        result.commandsForMissingVoices = missingAtomic.load(ordering: .relaxed)
        result.droppedParameterPoints = droppedPointsAtomic.load(ordering: .relaxed)
        return result
    }

    /// Frames rendered so far (the absolute frame of the next buffer's first sample). Any thread.
    public var framesRendered: Int64 { framesAtomic.load(ordering: .acquiring) }

    /// The stamp of the most recent buffer, or nil before the first. Any thread; lock-free
    /// (retries while the audio thread is writing it).
    public var latestStamp: AudioClockStamp? {
        while true {
            let before = stampSequence.load(ordering: .acquiring)
            if before == 0 { return nil }
            if before & 1 == 1 { continue }
            let frame = stampFrame.load(ordering: .acquiring)
            let ticks = stampTicks.load(ordering: .acquiring)
            let after = stampSequence.load(ordering: .acquiring)
            if before == after { return AudioClockStamp(frame: frame, hostTicks: ticks) }
        }
    }

    // MARK: - The audio thread

    /// Renders the next `frameCount` frames into `buffer` (`frameCount × channelCount` floats,
    /// interleaved; overwritten). `hostTicks` is the host clock as the callback began, published
    /// with the buffer's first frame for `latestStamp`. Audio thread only; no allocation, no lock.
    public func render(into buffer: UnsafeMutablePointer<Float>, frameCount: Int, hostTicks: UInt64 = 0) {
        let start = nextFrame
        let sequence = stampSequence.load(ordering: .relaxed)
        stampSequence.store(sequence &+ 1, ordering: .releasing)
        stampFrame.store(start, ordering: .releasing)
        stampTicks.store(hostTicks, ordering: .releasing)
        stampSequence.store(sequence &+ 2, ordering: .releasing)

        let total = frameCount * channelCount
        buffer.update(repeating: 0, count: total)
        applyCommands(bufferStart: start, frameCount: frameCount)

        let masterFrom = masterGain
        let masterTo = masterTargetFrame < start &+ Int64(frameCount) ? masterTarget : masterGain
        var sounding = 0
        for index in 0..<maximumVoices where voices[index].isActive {
            sounding += 1
            renderVoice(index, into: buffer, bufferStart: start, frameCount: frameCount,
                        masterFrom: masterFrom, masterTo: masterTo)
        }
        masterGain = masterTo
        if hapticMask != 0 || hapticCount > 0 || hapticFrom.amplitude != 0 {
            renderHapticChannel(into: buffer, bufferStart: start, frameCount: frameCount)
        }
        for index in 0..<total {
            let value = buffer[index]
            buffer[index] = value > 1 ? 1 : (value < -1 ? -1 : value)
        }
        nextFrame = start &+ Int64(frameCount)
        if sounding > peakAtomic.load(ordering: .relaxed) { peakAtomic.store(sounding, ordering: .relaxed) }
        buffersAtomic.wrappingAdd(1, ordering: .relaxed)
        framesAtomic.store(nextFrame, ordering: .releasing)
    }

    private func applyCommands(bufferStart: Int64, frameCount: Int) {
        var applied = 0
        while let command = commands.pop() {
            applied += 1
            switch command.kind {
            case .start: startVoice(command, bufferStart: bufferStart)
            case .parameters:
                guard let index = voiceIndex(command.voiceID) else { missingAtomic.wrappingAdd(1, ordering: .relaxed); continue }
                enqueuePoint(point(for: command.parameters, frame: command.frame, isTone: voices[index].isTone), voice: index)
            case .release:
                guard let index = voiceIndex(command.voiceID) else { missingAtomic.wrappingAdd(1, ordering: .relaxed); continue }
                let voice = voices[index]
                let fade = voice.usesEnvelope && command.fadeSeconds > 0
                    ? max(1, Int64((command.fadeSeconds * sampleRate).rounded())) : declickFrames
                voices[index].requestFade(at: max(command.frame, bufferStart) - voice.origin, frames: fade)
            case .cut:
                guard let index = voiceIndex(command.voiceID) else { missingAtomic.wrappingAdd(1, ordering: .relaxed); continue }
                voices[index].requestFade(at: max(command.frame, bufferStart) - voices[index].origin, frames: declickFrames)
            case .cutAll:
                for index in 0..<maximumVoices where voices[index].isActive {
                    voices[index].requestFade(at: max(command.frame, bufferStart) - voices[index].origin, frames: declickFrames)
                }
            case .hapticChannel:
                hapticMask = command.channelMask
                enqueueHapticPoint(HapticPoint(frame: command.frame, amplitude: Float(min(max(command.amplitude, 0), 1)),
                                               step: Float(max(command.frequency, 0) / sampleRate)))
            case .masterVolume:
                masterTarget = Float(min(max(command.amplitude, 0), 1))
                masterTargetFrame = command.frame
            }
        }
        if applied > 0 { commandsAtomic.wrappingAdd(applied, ordering: .relaxed) }
    }

    private func voiceIndex(_ id: UInt32) -> Int? {
        for index in 0..<maximumVoices where voices[index].isActive && voices[index].id == id { return index }
        return nil
    }

    private func point(for parameters: AudioVoiceParameters, frame: Int64, isTone: Bool) -> VoicePoint {
        let (left, right) = AudioMath.panGains(pan: parameters.pan)
        let step: Double
        let color: Double
        if isTone {
            step = AudioMath.toneHertz(pitch: parameters.pitch) / sampleRate
            color = min(max(parameters.brightness.isNaN ? 1 : parameters.brightness, 0), 1)
        } else {
            step = AudioMath.playbackRatio(pitch: parameters.pitch)
            color = AudioMath.lowpassCoefficient(brightness: parameters.brightness, sampleRate: sampleRate)
        }
        let volume = parameters.volume.isNaN ? 0 : min(max(parameters.volume, 0), 1)
        return VoicePoint(frame: frame, gain: Float(volume), left: Float(left), right: Float(right),
                          step: Float(step), color: Float(color))
    }

    private func startVoice(_ command: AudioCommand, bufferStart: Int64) {
        var slot = -1
        var oldest = -1
        for index in 0..<maximumVoices {
            if !voices[index].isActive { slot = index; break }
            if oldest < 0 || voices[index].serial < voices[oldest].serial { oldest = index }
        }
        if slot < 0 {
            // Steal the oldest voice: cut at once (the slot is reused, so no declick is possible).
            slot = oldest
            stolenAtomic.wrappingAdd(1, ordering: .relaxed)
        }
        let setup = command.setup
        var onset = command.frame
        if onset < bufferStart {
            let late = Int(bufferStart - onset)
            lateAtomic.wrappingAdd(1, ordering: .relaxed)
            if late > maxLateAtomic.load(ordering: .relaxed) { maxLateAtomic.store(late, ordering: .relaxed) }
            onset = bufferStart
        }
        func frames(_ seconds: Double) -> Int64 {
            guard seconds.isFinite else { return MixerVoice.unbounded }
            return max(0, Int64((seconds * sampleRate).rounded()))
        }
        var voice = MixerVoice()
        voice.id = command.voiceID
        voice.isActive = true
        serialCounter &+= 1
        voice.serial = serialCounter
        voice.onset = onset
        let offset = frames(max(setup.offsetSeconds, 0))
        voice.origin = onset - offset
        voice.usesEnvelope = setup.usesVolumeEnvelope
        voice.attack = frames(setup.attackSeconds)
        voice.release = frames(setup.releaseSeconds)
        voice.length = min(frames(setup.lengthSeconds), MixerVoice.unbounded)
        voice.isSustained = setup.isSustained
        voice.declick = declickFrames
        voice.loops = setup.loops
        switch setup.source {
        case .tone:
            voice.isTone = true
            voice.position = 0
        case let .waveform(pointer, frameCount, channelCount):
            voice.isTone = false
            voice.samples = pointer
            voice.frameCount = frameCount
            voice.channelCount = channelCount
            var position = Double(offset) * AudioMath.playbackRatio(pitch: command.parameters.pitch)
            if setup.loops && frameCount > 0 { position = position.truncatingRemainder(dividingBy: Double(frameCount)) }
            voice.position = position
        }
        if setup.cutAfterSeconds.isFinite {
            voice.requestFade(at: offset + frames(max(setup.cutAfterSeconds, 0)), frames: declickFrames)
        }
        voice.from = point(for: command.parameters, frame: onset, isTone: voice.isTone)
        voice.pointHead = slot * AudioMixer.pointsPerVoice
        voice.pointCount = 0
        voices[slot] = voice
    }

    private func enqueuePoint(_ point: VoicePoint, voice index: Int) {
        var point = point
        let base = index * AudioMixer.pointsPerVoice
        let count = voices[index].pointCount
        if count > 0 {
            let lastSlot = base + (voices[index].pointHead - base + count - 1) % AudioMixer.pointsPerVoice
            if point.frame < points[lastSlot].frame { point.frame = points[lastSlot].frame }
            if count == AudioMixer.pointsPerVoice {
                points[lastSlot] = point   // full: the newest replaces the last waiting point
                droppedPointsAtomic.wrappingAdd(1, ordering: .relaxed)
                return
            }
        }
        let slot = base + (voices[index].pointHead - base + count) % AudioMixer.pointsPerVoice
        points[slot] = point
        voices[index].pointCount = count + 1
    }

    /// The point in force at absolute frame `f` and the next one (or nil), advancing past reached points.
    @inline(__always)
    private func advancePoints(voice index: Int, to f: Int64) -> VoicePoint? {
        let base = index * AudioMixer.pointsPerVoice
        while voices[index].pointCount > 0 {
            let next = points[voices[index].pointHead]
            if next.frame > f && next.frame > voices[index].from.frame { return next }
            voices[index].from = next
            voices[index].from.frame = max(next.frame, voices[index].from.frame)
            voices[index].pointHead = base + (voices[index].pointHead - base + 1) % AudioMixer.pointsPerVoice
            voices[index].pointCount -= 1
        }
        return nil
    }

    private func renderVoice(_ index: Int, into buffer: UnsafeMutablePointer<Float>, bufferStart: Int64,
                             frameCount: Int, masterFrom: Float, masterTo: Float) {
        let channels = channelCount
        var i = voices[index].onset > bufferStart ? Int(voices[index].onset - bufferStart) : 0
        let masterSlope = (masterTo - masterFrom) / Float(frameCount)
        while i < frameCount {
            let absolute = bufferStart &+ Int64(i)
            let relative = absolute - voices[index].origin
            let envelope = voices[index].envelope(at: relative)
            if envelope.isFinished {
                voices[index].isActive = false
                return
            }
            // Parameters: the point in force, moving towards the next one.
            var current = voices[index].from
            var slopes = VoicePoint.silent
            var runEnd = frameCount
            if let next = advancePoints(voice: index, to: absolute) {
                let from = voices[index].from
                let span = Float(next.frame - from.frame)
                let fraction = Float(absolute - from.frame) / span
                current = from.interpolated(to: next, fraction: fraction, frame: absolute)
                slopes = VoicePoint(frame: 0, gain: (next.gain - from.gain) / span, left: (next.left - from.left) / span,
                                    right: (next.right - from.right) / span, step: (next.step - from.step) / span,
                                    color: (next.color - from.color) / span)
                runEnd = min(runEnd, Int(min(next.frame - bufferStart, Int64(frameCount))))
            } else {
                current = voices[index].from
                slopes = VoicePoint(frame: 0, gain: 0, left: 0, right: 0, step: 0, color: 0)
            }
            let envelopeEnd = envelope.end &+ voices[index].origin - bufferStart
            if envelopeEnd < Int64(runEnd) { runEnd = Int(max(envelopeEnd, Int64(i) + 1)) }
            let count = runEnd - i
            let ended = renderRun(index, into: buffer.advanced(by: i * channels), count: count, channels: channels,
                                  level: envelope.level, levelSlope: envelope.slope, point: current, slopes: slopes,
                                  master: masterFrom + masterSlope * Float(i), masterSlope: masterSlope)
            if ended {
                voices[index].isActive = false
                return
            }
            i = runEnd
        }
    }

    /// Renders `count` frames of voice `index` with linear ramps; returns true when its waveform ran out.
    @inline(__always)
    private func renderRun(_ index: Int, into out: UnsafeMutablePointer<Float>, count: Int, channels: Int,
                           level: Float, levelSlope: Float, point: VoicePoint, slopes: VoicePoint,
                           master: Float, masterSlope: Float) -> Bool {
        var voice = voices[index]
        defer { voices[index] = voice }
        var envelope = level
        var gain = point.gain
        var left = point.left
        var right = point.right
        var step = point.step
        var color = point.color
        var master = master
        let size = Float(AudioMixer.tableSize)
        var n = 0
        if voice.isTone {
            var phase = voice.position
            while n < count {
                let position = Float(phase) * size
                let whole = min(Int(position), AudioMixer.tableSize - 1)
                let fraction = position - Float(whole)
                let s0 = sineTable[whole], s1 = sineTable[whole + 1]
                let b0 = brightTable[whole], b1 = brightTable[whole + 1]
                let sine = s0 + (s1 - s0) * fraction
                let bright = b0 + (b1 - b0) * fraction
                let sample = (sine + (bright - sine) * color) * gain * envelope * master
                mixOut(out, n, channels, sample * left, sample * right)
                phase += Double(step)
                if phase >= 1 { phase -= 1 }
                envelope += levelSlope; gain += slopes.gain; left += slopes.left; right += slopes.right
                step += slopes.step; color += slopes.color; master += masterSlope
                n += 1
            }
            voice.position = phase
            return false
        }
        guard let samples = voice.samples, voice.frameCount > 0 else { return true }
        let frames = voice.frameCount
        let stereo = voice.channelCount == 2
        var position = voice.position
        if position >= Double(frames) || position < 0 { return true }
        var filterLeft = voice.filterLeft
        var filterRight = voice.filterRight
        var ended = false
        while n < count {
            let whole = Int(position)
            let fraction = Float(position - Double(whole))
            var nextIndex = whole + 1
            if nextIndex >= frames { nextIndex = voice.loops ? 0 : -1 }
            var xLeft: Float
            var xRight: Float
            if stereo {
                let a0 = samples[whole * 2], a1 = samples[whole * 2 + 1]
                let b0 = nextIndex >= 0 ? samples[nextIndex * 2] : 0
                let b1 = nextIndex >= 0 ? samples[nextIndex * 2 + 1] : 0
                xLeft = fraction == 0 ? a0 : a0 + (b0 - a0) * fraction
                xRight = fraction == 0 ? a1 : a1 + (b1 - a1) * fraction
            } else {
                let a = samples[whole]
                let b = nextIndex >= 0 ? samples[nextIndex] : 0
                xLeft = fraction == 0 ? a : a + (b - a) * fraction
                xRight = xLeft
            }
            if color >= 1 {
                filterLeft = xLeft
                filterRight = xRight
            } else {
                filterLeft += color * (xLeft - filterLeft)
                filterRight += color * (xRight - filterRight)
                xLeft = filterLeft
                xRight = filterRight
            }
            let g = gain * envelope * master
            mixOut(out, n, channels, xLeft * g * left, xRight * g * right)
            position += Double(step)
            if position >= Double(frames) {
                if voice.loops {
                    position = position.truncatingRemainder(dividingBy: Double(frames))
                } else {
                    ended = true
                    n += 1
                    break
                }
            }
            envelope += levelSlope; gain += slopes.gain; left += slopes.left; right += slopes.right
            step += slopes.step; color += slopes.color; master += masterSlope
            n += 1
        }
        voice.position = position
        voice.filterLeft = filterLeft
        voice.filterRight = filterRight
        return ended
    }

    @inline(__always)
    private func mixOut(_ out: UnsafeMutablePointer<Float>, _ n: Int, _ channels: Int, _ left: Float, _ right: Float) {
        let base = n * channels
        if channels >= 2 {
            out[base] += left
            out[base + 1] += right
        } else {
            out[base] += (left + right) * 0.5
        }
    }

    // MARK: - Haptic-audio channel

    private func enqueueHapticPoint(_ point: HapticPoint) {
        var point = point
        let capacity = AudioMixer.hapticCapacity
        if hapticCount == 0 && hapticFrom.amplitude == 0 {
            // From silence: the carrier starts at the point's frame, at its frequency, from phase 0
            // (a zero crossing), instead of gliding from wherever the last sound left off.
            hapticFrom = HapticPoint(frame: point.frame, amplitude: 0, step: point.step)
            hapticPhase = 0
            if point.frame <= nextFrame {
                hapticFrom = point
                return
            }
        }
        if hapticCount > 0 {
            let last = (hapticHead + hapticCount - 1) % capacity
            if point.frame < hapticPoints[last].frame { point.frame = hapticPoints[last].frame }
            if hapticCount == capacity {
                hapticPoints[last] = point
                droppedPointsAtomic.wrappingAdd(1, ordering: .relaxed)
                return
            }
        }
        hapticPoints[(hapticHead + hapticCount) % capacity] = point
        hapticCount += 1
    }

    private func renderHapticChannel(into buffer: UnsafeMutablePointer<Float>, bufferStart: Int64, frameCount: Int) {
        let channels = channelCount
        let size = Float(AudioMixer.tableSize)
        var phase = hapticPhase
        for n in 0..<frameCount {
            let f = bufferStart &+ Int64(n)
            // Advance past reached points.
            while hapticCount > 0 && (hapticPoints[hapticHead].frame <= f || hapticPoints[hapticHead].frame <= hapticFrom.frame) {
                hapticFrom = hapticPoints[hapticHead]
                hapticFrom.frame = max(hapticFrom.frame, f)
                hapticHead = (hapticHead + 1) % AudioMixer.hapticCapacity
                hapticCount -= 1
            }
            // Safety: no news for a while with sound on: fade out over the declick.
            if hapticCount == 0 && hapticFrom.amplitude > 0 && f >= hapticFrom.frame &+ hapticSafetyFrames {
                hapticFrom.frame = f
                enqueueHapticPoint(HapticPoint(frame: f &+ declickFrames, amplitude: 0, step: hapticFrom.step))
            }
            var amplitude = hapticFrom.amplitude
            var step = hapticFrom.step
            if hapticCount > 0 {
                let next = hapticPoints[hapticHead]
                let fraction = Float(f - hapticFrom.frame) / Float(next.frame - hapticFrom.frame)
                amplitude += (next.amplitude - amplitude) * fraction
                step += (next.step - step) * fraction
            }
            if amplitude != 0 {
                let position = Float(phase) * size
                let whole = min(Int(position), AudioMixer.tableSize - 1)
                let fraction = position - Float(whole)
                let sample = (sineTable[whole] + (sineTable[whole + 1] - sineTable[whole]) * fraction) * amplitude
                var mask = hapticMask
                var channel = 0
                while mask != 0 && channel < channels {
                    if mask & 1 == 1 { buffer[n * channels + channel] += sample }
                    mask >>= 1
                    channel += 1
                }
            }
            phase += Double(step)
            if phase >= 1 { phase -= Double(Int(phase)) }
        }
        hapticPhase = phase
    }
}

extension AudioMixer {
    /// Queues `command` (its `frame` already set to the sample it starts on) for the audio thread,
    /// and records a start in `onsets`. Returns false, queuing nothing, when the queue is full.
    /// The one intake every `HapticAudioOutput` uses. Game thread; no allocation.
    @_spi(HapticsTools) public func enqueue(_ command: AudioCommand, onsets: inout AudioOnsetLog) -> Bool {
        guard commands.push(command) else { return false }
        if command.kind == .start {
            onsets.record(.init(voiceID: command.voiceID, time: command.time, frame: command.frame))
        }
        return true
    }
}
