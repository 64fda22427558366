extension SoundAnalysis {
    /// Gaps of silence shorter than this (seconds) do not split a continuous event.
    public static let silenceBridgeSeconds = 0.05

    /// The haptic pattern for this sound.
    ///
    /// - Continuous events (intensity 1, sharpness 0) cover each stretch of sound above the
    ///   silence threshold (gaps under 50 ms bridged; at most 30 s each), so silence stays silent.
    /// - A `HapticIntensityControl` curve follows the loudness and a `HapticSharpnessControl`
    ///   curve the brightness (added to sharpness 0, so it is the sharpness). At each onset both
    ///   step: to the hit's peak loudness and to its sharpness. Each family is simplified to
    ///   `curveTolerance` within `pointsPerSecond`, then cut into curves of at most
    ///   `maximumPointsPerCurve` points, each starting at the previous one's last point.
    /// - A transient at each onset. Controls act on every event, so its written intensity is the
    ///   onset's strength divided by the intensity curve there, and its sharpness the onset's
    ///   sharpness minus the sharpness curve there (so what plays is the onset's own values).
    /// - With `audioPath`, an `AudioCustom` event at 0 plays that waveform (relative to the
    ///   pattern's folder) in sync, for the sound's whole length.
    ///
    /// Deterministic. Allocates; O(frames).
    public func pattern(options: AudioHapticsOptions = AudioHapticsOptions(), audioPath: String? = nil,
                        metadata: [String: MetadataValue] = [:]) -> HapticPattern {
        let options = options.clamped
        var events: [HapticEvent] = []
        var curves: [ParameterCurve] = []
        let onsets = options.transients ? self.onsets : []
        let halfWindow = 0.012

        if options.continuous {
            for segment in segments(onsets: onsets) {
                var loud: [CurveDecimation.Point] = []
                var bright: [CurveDecimation.Point] = []
                let segmentOnsets = onsets.filter { $0.time >= segment.start - 1e-9 && $0.time < segment.end }
                var k = segment.firstFrame
                var onsetIndex = 0
                // The first point at the segment's start.
                func add(_ t: Double, _ l: Double, _ b: Double, keep: Bool = false) {
                    if let last = loud.last, t <= last.time {
                        if keep {   // an onset step replaces a point at the same time
                            loud[loud.count - 1] = .init(time: last.time, value: l, keep: true)
                            bright[bright.count - 1] = .init(time: last.time, value: b, keep: true)
                        }
                        return
                    }
                    loud.append(.init(time: t, value: l, keep: keep))
                    bright.append(.init(time: t, value: b, keep: keep))
                }
                add(segment.start, loudness[segment.firstFrame], brightness[segment.firstFrame], keep: true)
                while k <= segment.lastFrame {
                    let t = time(ofFrame: k)
                    if onsetIndex < segmentOnsets.count, t >= segmentOnsets[onsetIndex].time - halfWindow {
                        // An onset: hold the level before it, step to the hit's peak at its time,
                        // and go on from the frame where the loudness peaks.
                        let onset = segmentOnsets[onsetIndex]
                        onsetIndex += 1
                        let peakFrame = (onset.frame...min(onset.frame + 6, loudness.count - 1)).max { loudness[$0] < loudness[$1] } ?? onset.frame
                        let preFrame = max(segment.firstFrame, min(k, Int(((onset.time - halfWindow) / hopSeconds).rounded(.down))))
                        if onset.time - 0.002 > (loud.last?.time ?? -1) {
                            add(onset.time - 0.002, loud.isEmpty ? 0 : loudness[preFrame], brightness[preFrame], keep: true)
                        }
                        add(onset.time, max(loudness[peakFrame], onset.strength), onset.sharpness, keep: true)
                        k = max(k, peakFrame + 1)
                        while onsetIndex < segmentOnsets.count && segmentOnsets[onsetIndex].time < time(ofFrame: k) { onsetIndex += 1 }
                        continue
                    }
                    add(t, loudness[k], brightness[k])
                    k += 1
                }
                add(segment.end, 0, bright.last?.value ?? 0, keep: true)
                let budget = Int((options.pointsPerSecond * (segment.end - segment.start)).rounded(.up)) + 2
                curves += CurveDecimation.chain(CurveDecimation.simplify(loud, tolerance: options.curveTolerance, budget: budget),
                                                id: .hapticIntensityControl, maximumPoints: options.maximumPointsPerCurve, range: 0...1)
                curves += CurveDecimation.chain(CurveDecimation.simplify(bright, tolerance: options.curveTolerance, budget: budget),
                                                id: .hapticSharpnessControl, maximumPoints: options.maximumPointsPerCurve, range: -1...1)
                var start = segment.start
                while segment.end - start > 1e-6 {
                    let duration = min(HapticEvent.maximumContinuousDuration, segment.end - start)
                    events.append(.continuous(at: Self.rounded(start), duration: Self.rounded(duration), intensity: 1, sharpness: 0))
                    start += duration
                }
            }
        }

        // Transients, compensated for the controls playing at their time.
        let draft = HapticPattern(events: [], parameterCurves: curves)
        let timeline = options.continuous ? ControlTimeline(draft, count: 2) { id in
            id == .hapticIntensityControl ? 0 : id == .hapticSharpnessControl ? 1 : nil
        } : nil
        for onset in onsets {
            let t = Self.rounded(onset.time)
            let intensityControl = timeline?.value(ofControl: 0, at: t, id: .hapticIntensityControl) ?? 1
            let sharpnessControl = timeline?.value(ofControl: 1, at: t, id: .hapticSharpnessControl) ?? 0
            let intensity = min(1, onset.strength / max(intensityControl, 1e-3))
            let sharpness = min(max(onset.sharpness - sharpnessControl, 0), 1)
            events.append(.transient(at: t, intensity: Self.roundedValue(intensity), sharpness: Self.roundedValue(sharpness)))
        }
        if let audioPath {
            events.append(HapticEvent(type: .audioCustom, time: 0, duration: Self.rounded(durationSeconds), waveformPath: audioPath))
        }
        return HapticPattern(events: events, parameterCurves: curves, metadata: metadata)
    }

    /// A stretch of sound: frames, and start and end times in seconds.
    struct Segment {
        var firstFrame: Int
        var lastFrame: Int
        var start: Double
        var end: Double
    }

    /// The stretches above the silence threshold, gaps under `silenceBridgeSeconds` bridged,
    /// each started early enough to hold the onsets just before its first frame.
    func segments(onsets: [SoundOnset]) -> [Segment] {
        var result: [Segment] = []
        let bridge = Int((Self.silenceBridgeSeconds / hopSeconds).rounded())
        var k = 0
        while k < loudness.count {
            guard loudness[k] > 0 else { k += 1; continue }
            var last = k
            var j = k + 1
            while j < loudness.count {
                if loudness[j] > 0 { last = j; j += 1; continue }
                if j - last > bridge { break }
                j += 1
            }
            var start = time(ofFrame: k)
            for onset in onsets where onset.time < start && onset.time > start - 0.05 { start = min(start, onset.time) }
            if let previous = result.last { start = max(start, previous.end) }
            result.append(Segment(firstFrame: k, lastFrame: last, start: Self.rounded(start),
                                  end: Self.rounded(min(time(ofFrame: last) + hopSeconds, max(durationSeconds, time(ofFrame: last))))))
            k = last + 1
        }
        return result.filter { $0.end > $0.start }
    }

    static func rounded(_ t: Double) -> Double { (t * 100_000).rounded() / 100_000 }
    static func roundedValue(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }
}
