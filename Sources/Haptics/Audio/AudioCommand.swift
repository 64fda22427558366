/// What a voice plays.
@_spi(HapticsTools) public enum AudioSource: @unchecked Sendable {
    /// The synthesized tone of `AudioContinuous` events (`AudioMath.toneHertz`, harmonics by brightness).
    case tone
    /// Interleaved float samples at the output's rate: a view of an `AudioWaveform`, which must stay
    /// alive as long as any voice may play it.
    case waveform(UnsafePointer<Float>, frameCount: Int, channelCount: Int)
}

/// How a new voice plays: its source, envelope and limits, in seconds of output time
/// (the scheduler has already divided pattern times by the player's playback rate).
@_spi(HapticsTools) public struct AudioVoiceSetup: Sendable {
    /// What the voice plays.
    public var source: AudioSource
    /// Linear fade-in from 0 at the onset, seconds (>= 0). Ignored without the volume envelope.
    public var attackSeconds: Double
    /// Release after the event's end (sustained events) and after a stop, seconds (>= 0; 0 = a
    /// 5 ms declick). Ignored without the volume envelope (a stop then declicks).
    public var releaseSeconds: Double
    /// The event's length, seconds: its duration, or `.infinity` for a custom event that plays its
    /// whole waveform.
    public var lengthSeconds: Double
    /// `Sustained`: hold until the end, then release; otherwise decay linearly to 0 at the end.
    public var isSustained: Bool
    /// Whether attack, decay and release shape the volume (false: full level until the end, then cut).
    public var usesVolumeEnvelope: Bool
    /// Whether a waveform wraps to its start when it runs out (until `lengthSeconds`).
    public var loops: Bool
    /// How far into the event the voice starts, seconds (resume and seek start mid-event).
    public var offsetSeconds: Double
    /// Seconds after the onset at which the voice is cut (a loop wrap cuts events crossing it); infinity: never.
    public var cutAfterSeconds: Double

    public init(source: AudioSource, attackSeconds: Double = 0, releaseSeconds: Double = 0,
                lengthSeconds: Double = .infinity, isSustained: Bool = true, usesVolumeEnvelope: Bool = true,
                loops: Bool = false, offsetSeconds: Double = 0, cutAfterSeconds: Double = .infinity) {
        self.source = source
        self.attackSeconds = attackSeconds
        self.releaseSeconds = releaseSeconds
        self.lengthSeconds = lengthSeconds
        self.isSustained = isSustained
        self.usesVolumeEnvelope = usesVolumeEnvelope
        self.loops = loops
        self.offsetSeconds = offsetSeconds
        self.cutAfterSeconds = cutAfterSeconds
    }
}

/// One message from the game thread to the audio thread. A plain value (no references, so the
/// audio thread never retains or frees anything); it travels through `AudioCommandQueue`.
///
/// The scheduler fills `time` (presentation time in the game's clock, seconds); the output turns
/// it into `frame` (an absolute sample frame of the device, lookahead included) before queueing.
@_spi(HapticsTools) public struct AudioCommand: Sendable {
    public enum Kind: UInt8, Sendable {
        /// Start voice `voiceID` at `frame` with `setup` and `parameters`.
        case start
        /// Voice `voiceID` reaches `parameters` at `frame`, moving linearly from its previous point.
        case parameters
        /// Voice `voiceID` starts its release at `frame` (fading over `fadeSeconds`; 0: declick).
        case release
        /// Voice `voiceID` is cut at `frame` (a 5 ms declick).
        case cut
        /// Every voice is cut at `frame` (a 5 ms declick).
        case cutAll
        /// The haptic-audio channel reaches `amplitude` and `frequency` at `frame` on `channelMask`.
        case hapticChannel
        /// The master volume of every voice becomes `amplitude` at `frame`.
        case masterVolume
    }

    public var kind: Kind
    /// The voice addressed (0 for commands about every voice).
    public var voiceID: UInt32
    /// Presentation time in the game's clock, seconds. Set by the sender.
    public var time: Double
    /// Absolute device frame (lookahead included). Set by the output from `time`.
    public var frame: Int64
    /// `.start`, `.parameters`: what the voice sounds like.
    public var parameters: AudioVoiceParameters
    /// `.start`: source and envelope.
    public var setup: AudioVoiceSetup
    /// `.release`: fade length, seconds.
    public var fadeSeconds: Double
    /// `.hapticChannel`: amplitude 0...1; `.masterVolume`: the volume 0...1.
    public var amplitude: Double
    /// `.hapticChannel`: carrier frequency, Hz.
    public var frequency: Double
    /// `.hapticChannel`: bit n set = output channel n carries the signal.
    public var channelMask: UInt32

    init(kind: Kind, voiceID: UInt32, time: Double) {
        self.kind = kind
        self.voiceID = voiceID
        self.time = time
        frame = 0
        parameters = AudioVoiceParameters()
        setup = AudioVoiceSetup(source: .tone)
        fadeSeconds = 0
        amplitude = 0
        frequency = 0
        channelMask = 0
    }

    /// Starts voice `id` at `time` playing `setup` with `parameters`.
    public static func start(_ id: UInt32, at time: Double, setup: AudioVoiceSetup,
                             parameters: AudioVoiceParameters) -> AudioCommand {
        var command = AudioCommand(kind: .start, voiceID: id, time: time)
        command.setup = setup
        command.parameters = parameters
        return command
    }

    /// Voice `id` reaches `parameters` at `time`.
    public static func parameters(_ id: UInt32, at time: Double, _ parameters: AudioVoiceParameters) -> AudioCommand {
        var command = AudioCommand(kind: .parameters, voiceID: id, time: time)
        command.parameters = parameters
        return command
    }

    /// Voice `id` releases at `time` over `fadeSeconds` (0: a declick).
    public static func release(_ id: UInt32, at time: Double, fadeSeconds: Double) -> AudioCommand {
        var command = AudioCommand(kind: .release, voiceID: id, time: time)
        command.fadeSeconds = fadeSeconds
        return command
    }

    /// Voice `id` is cut at `time`.
    public static func cut(_ id: UInt32, at time: Double) -> AudioCommand {
        AudioCommand(kind: .cut, voiceID: id, time: time)
    }

    /// Every voice is cut at `time`.
    public static func cutAll(at time: Double) -> AudioCommand {
        AudioCommand(kind: .cutAll, voiceID: 0, time: time)
    }

    /// The haptic-audio channel reaches `amplitude` (0...1) at `frequency` Hz at `time`, on the
    /// output channels of `channelMask`.
    public static func hapticChannel(at time: Double, amplitude: Double, frequency: Double,
                                     channelMask: UInt32) -> AudioCommand {
        var command = AudioCommand(kind: .hapticChannel, voiceID: 0, time: time)
        command.amplitude = amplitude
        command.frequency = frequency
        command.channelMask = channelMask
        return command
    }

    /// The master volume (0...1) of every voice from `time` on.
    public static func masterVolume(_ volume: Double, at time: Double) -> AudioCommand {
        var command = AudioCommand(kind: .masterVolume, voiceID: 0, time: time)
        command.amplitude = volume
        return command
    }
}
