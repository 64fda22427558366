@_spi(HapticsTools) import Haptics
import Testing

/// The engine's audio half through an offline output whose sample clock is the game clock
/// (frame = round(time × 48000) + lookahead), so every onset has an exact expected frame.
@Suite("Audio scheduling in the engine")
struct AudioSchedulingTests {
    typealias F = AudioFixtures

    static func click(at time: Double, path: String = "click.wav", parameters: [HapticEventParameter] = []) -> HapticEvent {
        HapticEvent(type: .audioCustom, time: time, parameters: parameters, waveformPath: path)
    }

    @Test("a click and a transient at the same pattern time: the click's first sample is at that time's frame, the rumble on the frame that reaches it")
    func clickAndTransientTogether() throws {
        let rig = try AudioEngineRig(lookahead: 0.05)
        rig.audio.add(F.constant(0.5, frames: 48), forPath: "click.wav")
        let pattern = HapticPattern(events: [Self.click(at: 0.1), .transient(at: 0.1)])
        let player = try rig.engine.makePlayer(with: pattern)
        try player.start(atTime: 0)
        rig.collect(until: 0.5, step: 1.0 / 60.0)   // frames at k/60: the first at or after 1/60 + 0.1 is 7/60
        // Started on the first update (1/60), so the click belongs at 1/60 + 0.1, plus the 50 ms lookahead.
        let expected = Int((( 1.0 / 60.0 + 0.1 + 0.05) * F.rate).rounded())
        #expect(rig.left().firstAudible() == expected)
        #expect(Array(rig.left()[expected..<(expected + 48)]) == Array(repeating: 0.5, count: 48))
        #expect(rig.audio.onsets.entries.map(\.frame) == [Int64(expected)])
        let firstRumble = try #require(rig.haptics.frames.first { $0.levels.lowFrequency > 0 })
        #expect(abs(firstRumble.time - (1.0 / 60.0 + 0.1)) < 1.0 / 60.0, "rumble within one frame after the event time")
        #expect(rig.audio.mixer.statistics.lateOnsets == 0)
    }

    @Test("AudioCustom events: AudioVolume, AudioPan, AudioPitch and the loop flag reach the samples")
    func eventParameters() throws {
        let rig = try AudioEngineRig()
        let wave = F.ramp(100)
        rig.audio.add(wave, forPath: "ramp.wav")
        let pattern = HapticPattern(events: [
            Self.click(at: 0, path: "ramp.wav", parameters: [.init(.audioVolume, 0.5), .init(.audioPan, -1)]),
            Self.click(at: 0.25, path: "ramp.wav", parameters: [.init(.audioPitch, 1)]),
            HapticEvent(type: .audioCustom, time: 0.5, duration: 0.01, waveformPath: "ramp.wav",
                        waveformUsesVolumeEnvelope: false, waveformLoopEnabled: true),
        ])
        try rig.engine.makePlayer(with: pattern).start(atTime: 0)
        rig.collect(until: 1)
        let left = rig.left(), right = rig.right(), ramp = wave.samples
        let start = Int((1.0 / 64.0) * F.rate)          // started on the first update, at 1/64 s
        #expect(left.firstAudible() == start)
        #expect(Array(left[start..<(start + 100)]) == ramp.map { $0 * 0.5 })
        #expect(right[start..<(start + 100)].allSatisfy { $0 == 0 })
        let second = start + 12_000
        #expect(Array(left[second..<(second + 50)]) == (0..<50).map { ramp[$0 * 2] })
        #expect(left[(second + 50)..<(second + 1000)].allSatisfy { $0 == 0 }, "an octave up: 50 frames")
        let third = start + 24_000
        #expect(Array(left[third..<(third + 480)]) == (0..<480).map { ramp[$0 % 100] }, "loops over its 10 ms")
        #expect(left[(third + 480)...].allSatisfy { $0 == 0 })
    }

    @Test("AudioContinuous: a tone at 440 Hz × 2^pitch with the continuous envelope (attack, hold, release)")
    func continuousTone() throws {
        let rig = try AudioEngineRig()
        let attack = 0.5, release = 0.5   // EnvelopeTiming: 0.152 s each
        let pattern = HapticPattern(events: [HapticEvent(
            type: .audioContinuous, time: 0, duration: 0.5,
            parameters: [.init(.audioPitch, 0.5), .init(.audioBrightness, 0), .init(.attackTime, attack), .init(.releaseTime, release)])])
        try rig.engine.makePlayer(with: pattern).start(atTime: 0)
        rig.collect(until: 1)
        let left = rig.left()
        let onset = Int(F.rate / 64)
        let seconds = EnvelopeTiming.seconds(normalized: 0.5)
        #expect(left.firstAudible() == onset + 1, "the attack starts from 0")
        #expect(abs(left.frequency(in: (onset + 9600)..<(onset + 24_000), sampleRate: F.rate) - 440 * 2.squareRoot()) < 1)
        let halfAttack = onset + Int(seconds / 2 * F.rate)
        #expect(abs(left.peak((halfAttack - 60)..<(halfAttack + 60)) - 0.5) < 0.02)
        #expect(abs(left.peak((onset + 15_000)..<(onset + 24_000)) - 1) < 0.001, "held at full level")
        let end = onset + 24_000 + Int(seconds * F.rate)
        #expect(left.lastAudible().map { abs($0 - end) <= 2 } ?? false, "released over ReleaseTime after the end")
    }

    @Test("dynamic parameters: the pattern's AudioVolumeControl and the game's AudioPanControl apply to playing voices")
    func dynamicParameters() throws {
        let rig = try AudioEngineRig()
        rig.audio.add(F.constant(1, frames: 48_000), forPath: "dc.wav")
        let pattern = HapticPattern(events: [Self.click(at: 0, path: "dc.wav")],
                                    dynamicParameters: [DynamicParameter(.audioVolumeControl, value: 0.25, at: 0.25)])
        let player = try rig.engine.makeAdvancedPlayer(with: rig.audio.prepared(pattern))
        try player.start(atTime: 0)
        rig.collect(until: 0.2)
        #expect(rig.left().last == 1 && rig.right().last == 1)
        rig.collect(until: 0.4)
        #expect(rig.left().last == 0.25 && rig.right().last == 0.25, "the pattern's volume control multiplies")
        try player.sendParameters([DynamicParameter(.audioPanControl, value: -1, at: 0)], atTime: 0)
        rig.collect(until: 0.6)
        #expect(rig.left().last == 0.25 && rig.right().last == 0, "the game's pan control adds")
        try player.scheduleParameterCurve(ParameterCurve(.audioVolumeControl, at: 0, points: [
            .init(time: 0, value: 1), .init(time: 0.25, value: 0)]), atTime: rig.time)
        rig.collect(until: 0.95)
        #expect(rig.left().last == 0, "the game's volume curve reached 0")
    }

    @Test("stop releases over ReleaseTime; pause cuts, resume continues mid-waveform; seek jumps")
    func stopPauseResumeSeek() throws {
        let rig = try AudioEngineRig()
        // A 2 s ramp: sample value = position in the file.
        rig.audio.add(AudioWaveform(name: "pos", sampleRate: F.rate, channelCount: 1,
                                    samples: (0..<96_000).map { Float($0) / 96_000 }), forPath: "pos.wav")
        let pattern = rig.audio.prepared(HapticPattern(events: [Self.click(at: 0, path: "pos.wav")]))
        #expect(pattern.duration == 2, "the waveform's length became the event's duration")
        let player = try rig.engine.makeAdvancedPlayer(with: pattern)
        try player.start(atTime: 0.25)
        rig.collect(until: 0.375)
        try player.pause(atTime: 0.5)          // future times take effect exactly
        rig.collect(until: 0.75)
        try player.resume(atTime: 1)
        let pauseFrame = Int(0.5 * F.rate)
        #expect(rig.left()[Int(0.25 * F.rate)] == 0 && rig.left()[Int(0.25 * F.rate) + 1] > 0)
        #expect(rig.left()[pauseFrame - 1] > 0)
        #expect(rig.left()[(pauseFrame + 240)...].allSatisfy { $0 == 0 }, "silent 5 ms after the pause")
        rig.collect(until: 1.25)
        // Resumed at 1.0 where it paused, 0.25 s into the file: at 1.125 it is 0.375 s in.
        #expect(abs(rig.left()[Int(1.125 * F.rate)] - Float(0.375 / 2)) < 1e-4)
        try player.seek(toOffset: 1.5)         // a seek acts at the next update: 1.25 + 1/64
        rig.collect(until: 1.375)
        let sought = rig.left()[Int(1.37 * F.rate)]
        #expect(abs(sought - Float((1.5 + 1.37 - (1.25 + 1.0 / 64.0)) / 2)) < 1e-4)
        try player.stop(atTime: 1.5)
        rig.collect(until: 1.75)
        #expect(rig.left()[Int(1.5 * F.rate) - 1] > 0)
        #expect(rig.left()[(Int(1.5 * F.rate) + 240)...].allSatisfy { $0 == 0 }, "no ReleaseTime: a 5 ms declick")
    }

    @Test("looping: an event at pattern time 0 sounds on every loop; playbackRate halves the times")
    func loopAndRate() throws {
        let rig = try AudioEngineRig()
        rig.audio.add(F.constant(0.5, frames: 48), forPath: "click.wav")
        let pattern = HapticPattern(events: [Self.click(at: 0), .continuous(at: 0, duration: 0.25, intensity: 0.1)])
        let player = try rig.engine.makeAdvancedPlayer(with: pattern)
        player.loopEnabled = true
        try player.start(atTime: 0)
        rig.collect(until: 1)
        let frames = rig.audio.onsets.entries.map(\.frame)
        let first = Int64(F.rate / 64)
        #expect(frames == [first, first + 12_000, first + 24_000, first + 36_000])
        player.playbackRate = 2
        rig.collect(until: 1.5)
        let later = rig.audio.onsets.entries.map(\.frame).dropFirst(4)
        #expect(zip(later, later.dropFirst()).allSatisfy { $1 - $0 == 6000 }, "twice as fast: every 125 ms")
        #expect(later.count == 4)
    }

    @Test("muting: player.isMuted and engine.isMutedForAudio silence the voices; a missing waveform is skipped and counted")
    func mutingAndMissingWaveform() throws {
        let rig = try AudioEngineRig()
        rig.audio.add(F.constant(1, frames: 96_000), forPath: "dc.wav")
        let player = try rig.engine.makeAdvancedPlayer(with: rig.audio.prepared(HapticPattern(events: [Self.click(at: 0, path: "dc.wav")])))
        try player.start(atTime: 0)
        rig.collect(until: 0.25)
        #expect(rig.left().last == 1)
        player.isMuted = true
        rig.collect(until: 0.5)
        #expect(rig.left().last == 0)
        player.isMuted = false
        rig.engine.isMutedForAudio = true
        rig.collect(until: 0.75)
        #expect(rig.left().last == 0)
        rig.engine.isMutedForAudio = false
        rig.collect(until: 1)
        #expect(rig.left().last == 1)

        let missing = try rig.engine.makePlayer(with: HapticPattern(events: [Self.click(at: 0, path: "nowhere.wav")]))
        try missing.start(atTime: 0)
        rig.collect(until: 1.25)
        #expect(rig.engine.skippedAudioEvents == 1)
    }

    @Test("stopping the engine cuts every voice; without an output, audio events are ignored")
    func engineStopAndNoOutput() throws {
        let rig = try AudioEngineRig()
        rig.audio.add(F.constant(1, frames: 96_000), forPath: "dc.wav")
        try rig.engine.makePlayer(with: HapticPattern(events: [Self.click(at: 0, path: "dc.wav")])).start(atTime: 0)
        rig.collect(until: 0.25)
        #expect(rig.left().last == 1)
        rig.engine.stop()
        rig.flush(seconds: 0.1)
        #expect(rig.left().suffix(4000).allSatisfy { $0 == 0 })

        let engine = HapticEngine(outputs: [RecordingOutput(profile: .virtual)])
        try engine.start()
        let player = try engine.makePlayer(with: HapticPattern(events: [Self.click(at: 0), .transient(at: 0)]))
        try player.start(atTime: 0)
        engine.update(at: 0.1)
        #expect(engine.audioOutput == nil && engine.skippedAudioEvents == 0)
    }

    @Test("haptic-audio channel: sharpness sets the carrier exponentially in 40...160 Hz, intensity its amplitude, on the chosen channels")
    func hapticAudioChannel() throws {
        let rig = try AudioEngineRig(channels: 4)
        rig.engine.hapticAudioChannel = HapticEngine.AudioChannel(channels: [2, 3])
        let pattern = HapticPattern(events: [.continuous(at: 0, duration: 0.5, intensity: 0.8, sharpness: 0.5),
                                             .continuous(at: 0.5, duration: 0.5, intensity: 0.4, sharpness: 1)])
        try rig.engine.makePlayer(with: pattern).start(atTime: 0)
        rig.collect(until: 1.25)
        let third = rig.rendered.channel(2, of: 4)
        #expect(rig.rendered.channel(0, of: 4).allSatisfy { $0 == 0 })
        #expect(third == rig.rendered.channel(3, of: 4))
        #expect(abs(third.frequency(in: 4800..<24_000, sampleRate: F.rate) - 80) < 0.5)
        #expect(abs(third.peak(4800..<24_000) - 0.8) < 0.01)
        #expect(abs(third.frequency(in: 30_000..<48_000, sampleRate: F.rate) - 160) < 1)
        #expect(abs(third.peak(30_000..<48_000) - 0.4) < 0.01)
        #expect(third.peak(Int(1.1 * F.rate)..<third.count) == 0, "silent once the haptics end")
        let channel = HapticEngine.AudioChannel()
        #expect(channel.frequency(forSharpness: 0) == 40 && abs(channel.frequency(forSharpness: 1) - 160) < 1e-9)
    }

    @Test("the haptic channel's signal inverts the motor model exactly for one voice", arguments: [0.0, 0.1, 0.25, 0.5, 0.7, 1.0])
    func signalInversion(sharpness: Double) {
        for intensity in [0.05, 0.3, 1.0] {
            let levels = MotorMapping.perceivedLevels(for: HapticSignal(intensity: intensity, sharpness: sharpness))
            let signal = HapticEngine.AudioChannel.signal(from: levels)
            #expect(abs(signal.intensity - intensity) < 1e-12)
            #expect(abs(signal.sharpness - sharpness) < 1e-12)
        }
        #expect(HapticEngine.AudioChannel.signal(from: .zero) == .silent)
    }
}
