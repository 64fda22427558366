extension HapticPattern {
    /// This pattern with an `EventDuration` on every `AudioCustom` event that has none (or 0): the
    /// length of its waveform at the event's own `AudioPitch` (`seconds / 2^pitch`), as `lookup`
    /// reports it for the event's `EventWaveformPath` (nil: left as it is).
    ///
    /// Why: a pattern's length counts an event without duration as an instant, so a player would
    /// finish, and stop following pause, mute and controls, while its sound still plays. With the
    /// durations filled in, the player lasts as long as its sounds; the sound itself is unchanged
    /// (the file still plays once, to its end). `GameHaptics.play` and `OfflineAudioOutput.prepared(_:)`
    /// do this for you. Allocates (load or play time).
    public func fillingWaveformDurations(_ lookup: (String) -> Double?) -> HapticPattern {
        var changed = false
        var list = events
        for index in list.indices {
            let event = list[index]
            guard event.type == .audioCustom, (event.duration ?? 0) <= 0, let path = event.waveformPath,
                  let seconds = lookup(path), seconds > 0, seconds.isFinite else { continue }
            let pitch = HapticEvent.ParameterID.audioPitch.range.clamp(event.value(of: .audioPitch))
            list[index].duration = seconds / AudioMath.playbackRatio(pitch: pitch)
            changed = true
        }
        guard changed else { return self }
        return HapticPattern(events: list, dynamicParameters: dynamicParameters, parameterCurves: parameterCurves,
                             metadata: metadata, version: version)
    }
}

extension HapticPattern {
    /// This pattern without its audio events (dynamic parameters and curves kept). Used to play a
    /// pattern's sound once while its haptics play for several players. Allocates.
    public func removingAudioEvents() -> HapticPattern {
        guard hasAudioContent else { return self }
        return HapticPattern(events: events.filter { $0.type.isHaptic }, dynamicParameters: dynamicParameters,
                             parameterCurves: parameterCurves, metadata: metadata, version: version)
    }
}
