/// Where a `HapticEngine` plays the audio half of its patterns: the seam between the core's audio
/// scheduling and a sound device (the SDL adapter's `SDLAudioOutput`, or `OfflineAudioOutput`).
///
/// The engine calls every method on its update thread. An output owns the sample clock: it turns a
/// command's presentation time into a sample frame and hands the command to its audio thread.
@_spi(HapticsTools) public protocol HapticAudioOutput: AnyObject {
    /// Whether the output plays now (its device is open). While false the engine sends nothing and
    /// audio events pass silently. O(1).
    var isAvailable: Bool { get }

    /// A voice id not in use on this output, never 0. O(1), no allocation.
    func makeVoiceID() -> UInt32

    /// The waveform loaded for `path` as a pattern writes it in `EventWaveformPath`, or nil when
    /// none was loaded (the event is then skipped). The output keeps every waveform it returns alive
    /// until it closes, because voices read their samples on the audio thread.
    /// Called when a player is made or first plays, not per frame.
    func waveform(forPath path: String) -> AudioWaveform?

    /// Queues `command` for the audio thread. `command.time` is a presentation time in the game's
    /// clock (seconds, the clock of `HapticEngine.update(at:)`); the output sets `command.frame` to
    /// the sample frame of that time plus its lookahead. Returns false when the command was dropped
    /// (queue full). No allocation, no lock.
    @discardableResult
    func send(_ command: AudioCommand) -> Bool
}
