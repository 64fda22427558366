@_spi(HapticsTools) import Haptics
import Testing

/// The mixer alone: commands placed at exact frames, rendered in 480-frame buffers (10 ms at 48 kHz),
/// every expectation measured in the samples.
@Suite("Audio mixer")
struct AudioMixerTests {
    typealias F = AudioFixtures

    @Test("a voice starts exactly at its onset frame, mid-buffer, and plays the waveform's samples unchanged")
    func onsetIsSampleExact() {
        let mixer = AudioMixer(sampleRate: F.rate, channelCount: 2)
        let wave = F.ramp(1000)
        mixer.commands.push(F.start(1, frame: 1003, setup: AudioVoiceSetup(source: wave.source)))
        let out = F.render(mixer, frames: 3000)
        let left = out.channel(0, of: 2), right = out.channel(1, of: 2)
        #expect(left.firstAudible() == 1003)
        #expect(right.firstAudible() == 1003)
        #expect(Array(left[1003..<2003]) == Array(wave.samples))
        #expect(Array(right[1003..<2003]) == Array(wave.samples))
        #expect(left.lastAudible() == 2002, "the voice ends with its waveform")
        #expect(mixer.statistics.lateOnsets == 0)
        #expect(mixer.framesRendered == 3000)
    }

    @Test("volume scales linearly; pan is a balance law (pan -1: left only; 0.5: left at half)")
    func volumeAndPan() {
        let mixer = AudioMixer(sampleRate: F.rate, channelCount: 2)
        let wave = F.ramp(400)
        mixer.commands.push(F.start(1, frame: 0, setup: AudioVoiceSetup(source: wave.source),
                                    parameters: AudioVoiceParameters(volume: 0.5)))
        mixer.commands.push(F.start(2, frame: 1000, setup: AudioVoiceSetup(source: wave.source),
                                    parameters: AudioVoiceParameters(pan: -1)))
        mixer.commands.push(F.start(3, frame: 2000, setup: AudioVoiceSetup(source: wave.source),
                                    parameters: AudioVoiceParameters(volume: 0.5, pan: 0.5)))
        let out = F.render(mixer, frames: 3000)
        let left = out.channel(0, of: 2), right = out.channel(1, of: 2)
        let halved = wave.samples.map { $0 * 0.5 }
        #expect(Array(left[0..<400]) == halved)
        #expect(Array(right[0..<400]) == halved)
        #expect(Array(left[1000..<1400]) == Array(wave.samples))
        #expect(right[1000..<1400].allSatisfy { $0 == 0 }, "pan -1: nothing on the right")
        #expect(Array(left[2000..<2400]) == wave.samples.map { $0 * 0.5 * 0.5 })
        #expect(Array(right[2000..<2400]) == halved)
    }

    @Test("pitch +1 plays twice as fast (every second sample), pitch -1 half as fast (interpolated)")
    func pitch() {
        let mixer = AudioMixer(sampleRate: F.rate, channelCount: 1)
        let wave = F.ramp(1000)
        mixer.commands.push(F.start(1, frame: 0, setup: AudioVoiceSetup(source: wave.source),
                                    parameters: AudioVoiceParameters(pitch: 1)))
        mixer.commands.push(F.start(2, frame: 10_000, setup: AudioVoiceSetup(source: wave.source),
                                    parameters: AudioVoiceParameters(pitch: -1)))
        let out = F.render(mixer, frames: 14_000)
        #expect(Array(out[0..<500]) == (0..<500).map { wave.samples[$0 * 2] })
        #expect(out[0..<10_000].lastAudible() == 499, "an octave up: half the length")
        for n in 0..<1998 {
            let expected = n % 2 == 0 ? wave.samples[n / 2] : (wave.samples[n / 2] + wave.samples[n / 2 + 1]) / 2
            #expect(abs(out[10_000 + n] - expected) < 1e-6)
        }
        #expect(out.lastAudible() == 10_000 + 1999, "an octave down: twice the length")
    }

    @Test("a looping waveform repeats over its length, then stops; without loop it plays once")
    func loop() {
        let mixer = AudioMixer(sampleRate: F.rate, channelCount: 1)
        let wave = F.ramp(100)
        mixer.commands.push(F.start(1, frame: 0, setup: AudioVoiceSetup(
            source: wave.source, lengthSeconds: 480 / F.rate, usesVolumeEnvelope: false, loops: true)))
        mixer.commands.push(F.start(2, frame: 1000, setup: AudioVoiceSetup(
            source: wave.source, lengthSeconds: 480 / F.rate, usesVolumeEnvelope: false, loops: false)))
        let out = F.render(mixer, frames: 2000)
        #expect(Array(out[0..<480]) == (0..<480).map { wave.samples[$0 % 100] })
        #expect(out[480..<1000].allSatisfy { $0 == 0 })
        #expect(Array(out[1000..<1100]) == Array(wave.samples))
        #expect(out[1100..<2000].allSatisfy { $0 == 0 }, "no loop: the file plays once; the duration pads with silence")
    }

    @Test("brightness 0 low-passes a high-frequency waveform; brightness 1 leaves it untouched")
    func brightness() {
        let mixer = AudioMixer(sampleRate: F.rate, channelCount: 1)
        let nyquist = AudioWaveform(name: "nyquist", sampleRate: F.rate, channelCount: 1,
                                    samples: (0..<4800).map { $0 % 2 == 0 ? 0.5 : -0.5 })
        mixer.commands.push(F.start(1, frame: 0, setup: AudioVoiceSetup(source: nyquist.source),
                                    parameters: AudioVoiceParameters(brightness: 0)))
        mixer.commands.push(F.start(2, frame: 10_000, setup: AudioVoiceSetup(source: nyquist.source),
                                    parameters: AudioVoiceParameters(brightness: 1)))
        let out = F.render(mixer, frames: 15_000)
        #expect(out.peak(1000..<4800) < 0.02, "a 200 Hz one-pole low-pass leaves ~1% of a 24 kHz signal")
        #expect(Array(out[10_000..<14_800]) == Array(nyquist.samples))
    }

    @Test("AudioContinuous tone: 440 Hz at pitch 0, 880 Hz at pitch 1, a pure sine at brightness 0")
    func tone() {
        let mixer = AudioMixer(sampleRate: F.rate, channelCount: 1)
        mixer.commands.push(F.start(1, frame: 0, setup: AudioVoiceSetup(source: .tone, lengthSeconds: 0.5),
                                    parameters: AudioVoiceParameters(volume: 0.5, brightness: 0)))
        mixer.commands.push(F.start(2, frame: 30_000, setup: AudioVoiceSetup(source: .tone, lengthSeconds: 0.5),
                                    parameters: AudioVoiceParameters(pitch: 1, brightness: 0)))
        let out = F.render(mixer, frames: 60_000)
        #expect(abs(out.frequency(in: 0..<24_000, sampleRate: F.rate) - 440) < 0.5)
        #expect(abs(out.peak(0..<24_000) - 0.5) < 0.001)
        #expect(abs(out.frequency(in: 30_000..<54_000, sampleRate: F.rate) - 880) < 1)
        #expect(out.lastAudible() == 30_000 + 23_999, "the tone lasts its duration exactly")
    }

    @Test("envelope: linear attack, hold, release after the end; non-sustained decays to 0 at the end")
    func envelope() {
        let mixer = AudioMixer(sampleRate: F.rate, channelCount: 1)
        let dc = F.constant(1, frames: 48_000)
        // 100 ms attack, 300 ms length, 100 ms release.
        mixer.commands.push(F.start(1, frame: 0, setup: AudioVoiceSetup(
            source: dc.source, attackSeconds: 0.1, releaseSeconds: 0.1, lengthSeconds: 0.3)))
        mixer.commands.push(F.start(2, frame: 30_000, setup: AudioVoiceSetup(
            source: dc.source, attackSeconds: 0.1, lengthSeconds: 0.3, isSustained: false)))
        let out = F.render(mixer, frames: 48_000)
        #expect(abs(out[2400] - 0.5) < 1e-3, "half way up the attack")
        #expect(out[4800] == 1 && out[14_399] == 1, "held until the end")
        #expect(abs(out[14_400 + 2400] - 0.5) < 1e-3, "half way down the release")
        #expect(out[14_400 + 4800] == 0 && out[19_200..<30_000].allSatisfy { $0 == 0 })
        #expect(abs(out[30_000 + 4800 + 4800] - 0.5) < 1e-3, "non-sustained: half way down the decay")
        #expect(out[30_000 + 14_400] == 0)
    }

    @Test("release and cut commands fade from the level reached: release over its length, cut over 5 ms")
    func releaseAndCut() {
        let mixer = AudioMixer(sampleRate: F.rate, channelCount: 1)
        let dc = F.constant(0.5, frames: 48_000)
        mixer.commands.push(F.start(1, frame: 0, setup: AudioVoiceSetup(source: dc.source)))
        mixer.commands.push(F.start(2, frame: 10_000, setup: AudioVoiceSetup(source: dc.source)))
        var release = AudioCommand.release(1, at: 0, fadeSeconds: 0.01)
        release.frame = 1000
        var cut = AudioCommand.cut(2, at: 0)
        cut.frame = 11_000
        mixer.commands.push(release)
        mixer.commands.push(cut)
        let out = F.render(mixer, frames: 20_000)
        #expect(out[999] == 0.5 && out[1000] == 0.5)
        #expect(abs(out[1240] - 0.25) < 1e-3)
        #expect(out[1000..<10_000].lastAudible() == 1479, "a 10 ms release: 480 frames")
        #expect(abs(out[11_120] - 0.25) < 1e-3)
        #expect(out.lastAudible() == 11_239, "a cut: 5 ms (240 frames) declick")
    }

    @Test("parameter points: the voice moves linearly from one point to the next")
    func parameterRamp() {
        let mixer = AudioMixer(sampleRate: F.rate, channelCount: 2)
        let dc = F.constant(1, frames: 48_000)
        mixer.commands.push(F.start(1, frame: 0, setup: AudioVoiceSetup(source: dc.source)))
        var down = AudioCommand.parameters(1, at: 0, AudioVoiceParameters(volume: 0, pan: -1))
        down.frame = 960
        mixer.commands.push(down)
        let out = F.render(mixer, frames: 2000)
        let left = out.channel(0, of: 2), right = out.channel(1, of: 2)
        #expect(abs(left[480] - 0.5) < 1e-4, "volume half way")
        #expect(abs(right[480] - 0.25) < 1e-4, "volume half way × right gain half way")
        #expect(left[960] == 0 && right[1500] == 0)
    }

    @Test("a start whose frame was already rendered counts as late and plays from the next buffer")
    func lateOnset() {
        let mixer = AudioMixer(sampleRate: F.rate, channelCount: 1)
        _ = F.render(mixer, frames: 480)
        mixer.commands.push(F.start(1, frame: 100, setup: AudioVoiceSetup(source: F.constant(0.5, frames: 10).source)))
        let out = F.render(mixer, frames: 480)
        #expect(out.firstAudible() == 0)
        #expect(mixer.statistics.lateOnsets == 1)
        #expect(mixer.statistics.maximumLateFrames == 380)
    }

    @Test("voice cap: a start with every voice busy steals the oldest; the sum is hard-clipped at ±1")
    func stealingAndClipping() {
        let mixer = AudioMixer(sampleRate: F.rate, channelCount: 1, maximumVoices: 2)
        let dc = F.constant(0.8, frames: 4800)
        for id in UInt32(1)...3 { mixer.commands.push(F.start(id, frame: 0, setup: AudioVoiceSetup(source: dc.source))) }
        let out = F.render(mixer, frames: 960)
        #expect(mixer.statistics.stolenVoices == 1)
        #expect(mixer.statistics.peakVoices == 2)
        #expect(out.allSatisfy { $0 == 1 }, "0.8 + 0.8 clips to 1")
    }

    @Test("haptic-audio channel: a sine at the commanded frequency and amplitude on the masked channels only; it fades without news")
    func hapticChannel() {
        let mixer = AudioMixer(sampleRate: F.rate, channelCount: 4)
        var command = AudioCommand.hapticChannel(at: 0, amplitude: 0.5, frequency: 80, channelMask: 0b1100)
        command.frame = 0
        mixer.commands.push(command)
        let out = F.render(mixer, frames: 24_000)
        #expect(out.channel(0, of: 4).allSatisfy { $0 == 0 } && out.channel(1, of: 4).allSatisfy { $0 == 0 })
        let third = out.channel(2, of: 4)
        #expect(third == out.channel(3, of: 4))
        #expect(abs(third.frequency(in: 0..<9600, sampleRate: F.rate) - 80) < 0.2)
        #expect(abs(third.peak(0..<9600) - 0.5) < 0.001)
        let safety = Int(AudioMixer.hapticChannelSafetySeconds * F.rate)
        #expect(third.lastAudible().map { $0 < safety + 240 } ?? false, "250 ms without news: faded out")
    }

    @Test("the clock stamp publishes each buffer's first frame with the host ticks")
    func clockStamp() {
        let mixer = AudioMixer(sampleRate: F.rate, channelCount: 2)
        #expect(mixer.latestStamp == nil)
        var buffer = [Float](repeating: 0, count: 960)
        buffer.withUnsafeMutableBufferPointer { mixer.render(into: $0.baseAddress!, frameCount: 480, hostTicks: 7) }
        buffer.withUnsafeMutableBufferPointer { mixer.render(into: $0.baseAddress!, frameCount: 480, hostTicks: 9) }
        #expect(mixer.latestStamp == AudioClockStamp(frame: 480, hostTicks: 9))
        #expect(mixer.statistics.buffersRendered == 2)
    }
}
