/// A `HapticAudioOutput` without a device: renders into memory on demand, with a sample clock that
/// is exactly the game clock (`frame = round(time × sampleRate) + lookahead`).
///
/// A shipped test double and offline renderer: tests and tools drive a `HapticEngine` with
/// `update(at:)`, call `render(through:)`, and read back the exact samples the SDL output would have
/// played, with no sound card. Waveforms are added under the path a pattern names them by.
///
/// Threads: one thread for everything (rendering happens in the caller's thread). Not for real time.
@_spi(HapticsTools) public final class OfflineAudioOutput: HapticAudioOutput {
    /// The mixer that renders the samples.
    public let mixer: AudioMixer
    /// Frames per second.
    public var sampleRate: Double { mixer.sampleRate }
    /// Channels of the rendered buffers.
    public var channelCount: Int { mixer.channelCount }
    /// Delay added to every command's frame, seconds (>= 0; default 0).
    public var lookaheadSeconds: Double = 0 {
        didSet { lookaheadSeconds = lookaheadSeconds.isFinite ? max(lookaheadSeconds, 0) : 0 }
    }
    /// Whether the engine may send (default true); false stands for a closed device.
    public var isAvailable = true
    /// The voice starts sent so far.
    public private(set) var onsets = AudioOnsetLog()
    /// Commands refused because the queue was full.
    public private(set) var droppedCommands = 0
    private var waveforms: [String: AudioWaveform] = [:]
    private var nextVoiceID: UInt32 = 0

    public init(sampleRate: Double = 48_000, channelCount: Int = 2, maximumVoices: Int = 64) {
        mixer = AudioMixer(sampleRate: sampleRate, channelCount: channelCount, maximumVoices: maximumVoices,
                           commandCapacity: 16_384)
    }

    /// Makes `waveform` the one patterns name `path` (as written in `EventWaveformPath`).
    public func add(_ waveform: AudioWaveform, forPath path: String) {
        waveforms[path] = waveform
    }

    /// The frame of presentation time `time` (seconds): `round(time × rate) + lookahead`, at least 0;
    /// non-finite times give 0 ("as soon as possible").
    public func frame(forTime time: Double) -> Int64 {
        guard time.isFinite else { return 0 }
        let frames = ((time + lookaheadSeconds) * sampleRate).rounded()
        return frames <= 0 ? 0 : Int64(frames)
    }

    public func makeVoiceID() -> UInt32 {
        nextVoiceID = nextVoiceID == UInt32.max ? 1 : nextVoiceID + 1
        return nextVoiceID
    }

    public func waveform(forPath path: String) -> AudioWaveform? { waveforms[path] }

    /// `pattern` with the length of this output's waveforms as the duration of `AudioCustom` events
    /// that have none, so that a player lasts as long as its sounds
    /// (`HapticPattern.fillingWaveformDurations(_:)`).
    public func prepared(_ pattern: HapticPattern) -> HapticPattern {
        pattern.fillingWaveformDurations { self.waveforms[$0]?.durationSeconds }
    }

    @discardableResult
    public func send(_ command: AudioCommand) -> Bool {
        var command = command
        command.frame = frame(forTime: command.time)
        guard mixer.enqueue(command, onsets: &onsets) else {
            droppedCommands += 1
            return false
        }
        return true
    }

    /// Renders the next `frameCount` frames (interleaved, `frameCount × channelCount` floats).
    public func render(frameCount: Int, bufferFrames: Int = 480) -> [Float] {
        var result = [Float](repeating: 0, count: max(frameCount, 0) * channelCount)
        result.withUnsafeMutableBufferPointer { buffer in
            var done = 0
            while done < frameCount {
                let count = min(bufferFrames, frameCount - done)
                mixer.render(into: buffer.baseAddress!.advanced(by: done * channelCount), frameCount: count)
                done += count
            }
        }
        return result
    }

    /// Renders up to (not including) `frame(forTime: time)`, the frame where presentation time
    /// `time` is heard; returns the frames rendered by this call.
    public func render(through time: Double, bufferFrames: Int = 480) -> [Float] {
        let count = Int(max(0, frame(forTime: time) - mixer.framesRendered))
        return render(frameCount: count, bufferFrames: bufferFrames)
    }
}
