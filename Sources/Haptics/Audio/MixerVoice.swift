/// One parameter point of a voice, in the mixer's own units (internal).
struct VoicePoint {
    /// Absolute frame at which the voice reaches these values.
    var frame: Int64
    /// Volume, a linear amplitude factor.
    var gain: Float
    /// Pan gains.
    var left: Float
    var right: Float
    /// Waveform: playback ratio (source frames per output frame). Tone: cycles per output frame.
    var step: Float
    /// Waveform: one-pole low-pass coefficient (1: open). Tone: mix from sine (0) to bright (1).
    var color: Float

    static let silent = VoicePoint(frame: 0, gain: 0, left: 0, right: 0, step: 0, color: 1)

    /// `self` moved towards `other` by `fraction` (0...1).
    @inline(__always)
    func interpolated(to other: VoicePoint, fraction: Float, frame: Int64) -> VoicePoint {
        VoicePoint(frame: frame,
                   gain: gain + (other.gain - gain) * fraction,
                   left: left + (other.left - left) * fraction,
                   right: right + (other.right - right) * fraction,
                   step: step + (other.step - step) * fraction,
                   color: color + (other.color - color) * fraction)
    }
}

/// The level of a voice's envelope over a stretch of frames where it is linear (internal).
struct EnvelopeSegment {
    /// Level at the queried frame.
    var level: Float
    /// Change per frame.
    var slope: Float
    /// First event-relative frame where this formula no longer holds.
    var end: Int64
    /// True when the envelope is over (the voice ends).
    var isFinished: Bool

    static let finished = EnvelopeSegment(level: 0, slope: 0, end: .max, isFinished: true)
}

/// One voice of the mixer (internal): a waveform or tone with its envelope, fades and parameter
/// points. Lives in the mixer's preallocated storage; never allocates.
///
/// Two clocks: absolute device frames (onset, parameter points) and event-relative frames for the
/// envelope (`relative = absolute - origin`, so a voice resumed mid-event starts at its offset).
struct MixerVoice {
    static let unbounded: Int64 = Int64.max / 4

    var id: UInt32 = 0
    var isActive = false
    /// Order of starts, for stealing the oldest voice.
    var serial: UInt64 = 0
    /// Absolute frame of the first audible sample.
    var onset: Int64 = 0
    /// Absolute frame of event-relative frame 0.
    var origin: Int64 = 0

    // Envelope (event-relative frames).
    var attack: Int64 = 0
    var length: Int64 = unbounded
    var release: Int64 = 0
    var isSustained = true
    var usesEnvelope = true
    /// Fade length that replaces a hard cut.
    var declick: Int64 = 240

    // Fades (stop, cut): a pending one starts at `pendingFadeStart`; an active one runs from
    // `fadeStart` for `fadeLength` frames from `fadeFrom` down to 0.
    var pendingFadeStart: Int64 = .max
    var pendingFadeLength: Int64 = 0
    var fadeActive = false
    var fadeStart: Int64 = 0
    var fadeLength: Int64 = 1
    var fadeFrom: Float = 0

    // Source.
    var isTone = true
    var samples: UnsafePointer<Float>? = nil
    var frameCount = 0
    var channelCount = 1
    var loops = false
    /// Waveform read position in source frames, or the tone's phase in cycles (0..<1).
    var position: Double = 0
    var filterLeft: Float = 0
    var filterRight: Float = 0

    // Parameter points: `from` is the point in force; later ones wait in the mixer's point ring
    // for this voice (`pointHead`, `pointCount`).
    var from = VoicePoint.silent
    var pointHead = 0
    var pointCount = 0

    /// The base envelope (no fades) at event-relative frame `r`.
    @inline(__always)
    func baseEnvelope(at r: Int64) -> EnvelopeSegment {
        if r < 0 { return EnvelopeSegment(level: 0, slope: 0, end: 0, isFinished: false) }
        if !usesEnvelope {
            return r < length ? EnvelopeSegment(level: 1, slope: 0, end: length, isFinished: false) : .finished
        }
        if r < attack && r < length {
            let a = Float(attack)
            return EnvelopeSegment(level: Float(r) / a, slope: 1 / a, end: min(attack, length), isFinished: false)
        }
        if isSustained {
            if r < length { return EnvelopeSegment(level: 1, slope: 0, end: length, isFinished: false) }
            let reached: Float = attack > 0 ? min(1, Float(length) / Float(attack)) : 1
            if r < length &+ release {
                let span = Float(release)
                return EnvelopeSegment(level: reached * (1 - Float(r - length) / span), slope: -reached / span,
                                       end: length &+ release, isFinished: false)
            }
            return .finished
        }
        if r < length {
            let span = Float(length - attack)
            return EnvelopeSegment(level: Float(length - r) / span, slope: -1 / span, end: length, isFinished: false)
        }
        return .finished
    }

    /// The envelope with fades at event-relative frame `r` (activates a pending fade it reaches).
    @inline(__always)
    mutating func envelope(at r: Int64) -> EnvelopeSegment {
        if r >= pendingFadeStart {
            let current = fadeActive ? fadeLevel(at: r) : baseEnvelope(at: r).level
            let newEnd = r &+ pendingFadeLength
            if !fadeActive || newEnd < fadeStart &+ fadeLength {
                fadeActive = true
                fadeStart = r
                fadeLength = max(pendingFadeLength, 1)
                fadeFrom = current
            }
            pendingFadeStart = .max
        }
        var segment: EnvelopeSegment
        if fadeActive {
            let end = fadeStart &+ fadeLength
            if r >= end { return .finished }
            let base = baseEnvelope(at: r)
            if base.isFinished { return .finished }
            segment = EnvelopeSegment(level: fadeLevel(at: r), slope: -fadeFrom / Float(fadeLength),
                                      end: min(end, base.end), isFinished: false)
        } else {
            segment = baseEnvelope(at: r)
        }
        if pendingFadeStart < segment.end { segment.end = pendingFadeStart }
        return segment
    }

    @inline(__always)
    func fadeLevel(at r: Int64) -> Float {
        fadeFrom * (1 - Float(r - fadeStart) / Float(fadeLength))
    }

    /// Asks for a fade of `frames` starting at event-relative frame `r` (the earlier request wins).
    mutating func requestFade(at r: Int64, frames: Int64) {
        if r < pendingFadeStart {
            pendingFadeStart = r
            pendingFadeLength = max(frames, 1)
        }
    }
}
