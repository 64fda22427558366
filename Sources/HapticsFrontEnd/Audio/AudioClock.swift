@_spi(HapticsTools) import Haptics

/// Maps the game's frame clock to the audio device's sample clock (docs/audio.md, "Latency model").
///
/// SDL2 cannot say which sample the speaker plays now. The audio callback therefore stamps every
/// buffer with its first absolute frame and the host clock (`AudioMixer.latestStamp`); once per game
/// frame, `synchronize` reads the newest stamp and the host clock and estimates which frame the
/// device is rendering at this game time:
///
///     frameNow = stamp.frame + min((hostNow − stamp.hostTicks) / ticksPerSecond × sampleRate, bufferFrames)
///     offset   = frameNow − gameTime × sampleRate
///     frame(T) = round(T × sampleRate + offset) + lookaheadFrames
///
/// The offset is kept while new estimates stay within `toleranceFrames` of it (`SDLAudioOutput`
/// uses two buffers: the estimate wanders by up to one buffer from the capped extrapolation and
/// about one more from callbacks that come in bursts), so callback jitter does not move onsets: events scheduled under one offset keep their
/// exact distances in samples. A larger difference (drift between the clocks, a game clock that
/// jumped, a device that stalled) re-anchors at once and is counted.
///
/// The extrapolation is capped at one buffer: the device cannot be past the end of the last buffer
/// it was given, so a late or stalled callback (or a preempted game thread) cannot push the estimate
/// beyond what exists.
///
/// A value type without SDL calls: pure arithmetic, testable with made-up stamps. Game thread.
public struct AudioClock: Hashable, Sendable {
    /// Device frames per second.
    public let sampleRate: Double
    /// Host clock ticks per second (`SDL_GetPerformanceFrequency`).
    public let ticksPerSecond: Double
    /// Frames added to every mapped time: the lookahead that keeps onsets ahead of the callback.
    public var lookaheadFrames: Int64
    /// How far a new estimate may wander before the clock re-anchors, in frames.
    public var toleranceFrames: Double
    /// Frames per callback buffer: the most the estimate extrapolates past a stamp.
    public var bufferFrames: Double
    /// `frameNow − gameTime × sampleRate` in force, or nil before the first stamp.
    public private(set) var offset: Double?
    /// How many times the offset was (re)set.
    public private(set) var anchorCount = 0

    public init(sampleRate: Double, ticksPerSecond: Double, lookaheadFrames: Int64, toleranceFrames: Double,
                bufferFrames: Double) {
        self.sampleRate = sampleRate
        self.ticksPerSecond = ticksPerSecond
        self.lookaheadFrames = max(lookaheadFrames, 0)
        self.toleranceFrames = max(toleranceFrames, 0)
        self.bufferFrames = max(bufferFrames, 0)
    }

    /// Relates game time `gameTime` to the device's frame now. `hostTicks` is the host clock read
    /// after `stamp`. Without a stamp (no buffer rendered yet) nothing changes. O(1).
    @_spi(HapticsTools) public mutating func synchronize(gameTime: Double, hostTicks: UInt64, stamp: AudioClockStamp?) {
        guard let stamp, gameTime.isFinite else { return }
        let elapsedTicks = hostTicks >= stamp.hostTicks ? Double(hostTicks - stamp.hostTicks) : 0
        let frameNow = Double(stamp.frame) + min(elapsedTicks / ticksPerSecond * sampleRate, bufferFrames)
        let measured = frameNow - gameTime * sampleRate
        if let offset, abs(measured - offset) <= toleranceFrames { return }
        offset = measured
        anchorCount += 1
    }

    /// The device frame at which presentation time `time` (game seconds) is played, lookahead
    /// included; 0 ("as soon as possible") before the first stamp or for a non-finite time. O(1).
    public func frame(forTime time: Double) -> Int64 {
        guard let offset, time.isFinite else { return 0 }
        let frames = (time * sampleRate + offset).rounded()
        guard frames > 0 else { return lookaheadFrames }
        return Int64(frames) + lookaheadFrames
    }

    /// The presentation time whose frame is `frame` (the inverse of `frame(forTime:)`), or nil before
    /// the first stamp.
    public func time(forFrame frame: Int64) -> Double? {
        guard let offset else { return nil }
        return (Double(frame - lookaheadFrames) - offset) / sampleRate
    }
}
