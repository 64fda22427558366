/// What an `AudioMixer` has done since it was made: read from any thread (each field is one
/// atomic load; the fields are not one consistent snapshot).
@_spi(HapticsTools) public struct AudioMixerStatistics: Hashable, Sendable {
    /// Buffers rendered (audio callbacks served).
    public var buffersRendered: Int = 0
    /// Frames rendered: the absolute frame counter of the output.
    public var framesRendered: Int64 = 0
    /// Commands taken from the queue.
    public var commandsApplied: Int = 0
    /// Voices whose onset frame had already been rendered when their start command arrived: they
    /// started late, at the beginning of the next buffer. Non-zero means the lookahead is too short.
    public var lateOnsets: Int = 0
    /// The largest lateness seen, in frames.
    public var maximumLateFrames: Int = 0
    /// Voices cut to make room for a new one (the oldest playing voice yields).
    public var stolenVoices: Int = 0
    /// The most voices that sounded in one buffer.
    public var peakVoices: Int = 0
    /// Parameter, release and cut commands for a voice that no longer (or never) existed.
    public var commandsForMissingVoices: Int = 0
    /// Parameter points dropped because a voice's queue of future points was full.
    public var droppedParameterPoints: Int = 0

    public init() {}
}

/// When the mixer rendered a buffer: the absolute frame of its first sample and the host clock
/// (for the SDL adapter, `SDL_GetPerformanceCounter` ticks) read as the callback began.
@_spi(HapticsTools) public struct AudioClockStamp: Hashable, Sendable {
    /// Absolute frame of the first sample of the buffer.
    public var frame: Int64
    /// Host clock ticks when the callback began (the unit is the host's).
    public var hostTicks: UInt64

    public init(frame: Int64, hostTicks: UInt64) {
        self.frame = frame
        self.hostTicks = hostTicks
    }
}
