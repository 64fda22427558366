import CHapticsSDL2
import Foundation
@_spi(HapticsTools) import Haptics
@_spi(HapticsTools) @testable import HapticsSDL
import Testing

extension SDLTests {
    /// Audio through real SDL: the disk driver writes what the device plays to a file, read back
    /// after the device closes, and virtual pads record the rumble. Game frames are 1/64 s.
    @Suite("Audio through real SDL (disk driver)")
    struct AudioThroughSDLTests {
        static let step = 1.0 / 64.0

        /// A click: 48 samples of 0.5 (16384 / 32768, exact in 16-bit PCM).
        static let click = DiskAudio.pcm16(Array(repeating: 16384, count: 48))

        static func customEvent(_ path: String, at time: Double, _ parameters: [HapticEventParameter] = [],
                                duration: Double? = nil, loops: Bool? = nil, envelope: Bool? = nil) -> HapticEvent {
            HapticEvent(type: .audioCustom, time: time, duration: duration, parameters: parameters, waveformPath: path,
                        waveformUsesVolumeEnvelope: envelope, waveformLoopEnabled: loops)
        }

        @Test("a click and a transient at the same pattern time: the first non-silent sample is at the exact frame the clock gave that time plus the lookahead; the pad gets the transient on the update at that time plus the same lookahead")
        func clickAndTransientInSync() throws {
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig()
            let disk = try DiskAudio()
            defer { disk.finish(); withExtendedLifetime(rig) {} }
            rig.pump()
            try disk.write(Self.click, to: "sounds/click.wav")
            let audio = try rig.haptics.audio.enable(DiskAudio.configuration())
            #expect(audio.sampleRate == 48_000 && audio.channelCount == 2 && audio.bufferFrames == 512)
            #expect(audio.lookaheadSeconds == 3.0 / 64.0)
            try rig.haptics.audio.prepare(for: HapticPattern(events: [Self.customEvent("sounds/click.wav", at: 0)]),
                                         folder: disk.folder.path)
            let pattern = HapticPattern(events: [Self.customEvent("sounds/click.wav", at: 0.25), .transient(at: 0.25),
                                                 Self.customEvent("sounds/click.wav", at: 0.3)])
            var time = 1.0
            disk.pace(rig.haptics, to: time)
            #expect(rig.haptics.play(pattern, player: 0) != nil)
            var firstRumbleTime: Double? = nil
            var anchors: [(time: Double, count: Int)] = []
            for _ in 0..<40 {
                time += Self.step
                disk.pace(rig.haptics, to: time)
                anchors.append((time, audio.clock.anchorCount))
                if firstRumbleTime == nil, pad.rumbleCalls.contains(where: { $0.low > 0 || $0.high > 0 }) { firstRumbleTime = time }
            }
            let onsets = audio.onsets.entries
            #expect(audio.statistics.lateOnsets == 0, "late onsets: \(audio.statistics)")
            disk.stopPacing()
            rig.haptics.audio.disable()
            // Started on the update at 1 + 1/64; the events are 0.25 s into the pattern.
            let eventTime = 1.0 + Self.step + 0.25
            try #require(onsets.count == 2)
            let onset = onsets[0], second = onsets[1]
            #expect(onset.time == eventTime)
            #expect(second.time == 1.0 + Self.step + 0.3)
            let samples = try disk.readRendered(audio, alignOn: onset.frame)
            let left = samples.channel(0, of: 2), right = samples.channel(1, of: 2)
            // Tolerance: none. The click's first non-silent sample is the scheduled frame, on both
            // channels (the file's alignment is fixed up to SDL's one possible closing buffer).
            #expect(left.firstAudible() == Int(onset.frame))
            #expect(right.firstAudible() == Int(onset.frame))
            #expect(Array(left[Int(onset.frame)..<Int(onset.frame + 48)]) == Array(repeating: 0.5, count: 48))
            #expect(left[Int(onset.frame + 48)..<Int(second.frame)].allSatisfy { $0 == 0 })
            // The second click, an independent check: exactly at its frame, 50 ms (2400 frames) later
            // when the clock kept its offset (it re-anchors only on a jump of more than a buffer).
            #expect(Array(left[Int(second.frame)..<Int(second.frame + 48)]) == Array(repeating: 0.5, count: 48))
            #expect(left[Int(second.frame) - 1] == 0)
            #expect(left.lastAudible() == Int(second.frame) + 47, "two clicks, nothing else")
            // Exactly 2400 frames (50 ms) apart when the clock kept its offset between the two
            // updates that placed them, which it does unless its estimate moved by over two buffers.
            let placedFirst = anchors.first { $0.time >= onset.time }?.count
            let placedSecond = anchors.first { $0.time >= second.time }?.count
            if placedFirst == placedSecond {
                #expect(second.frame - onset.frame == 2400)
            }
            // The rumble: delayed by the same lookahead, on the update at exactly event time + lookahead.
            #expect(firstRumbleTime == eventTime + audio.lookaheadSeconds)
            #expect(rig.haptics.pads.rumbleOutput(forPlayer: 0)?.statistics.bodyChanges ?? 0 >= 2, "on, then off")
        }

        @Test("AudioVolume, AudioPan, AudioPitch and EventWaveformLoopEnabled measured in the samples the device played")
        func parametersInTheSamples() throws {
            let rig = try GameHapticsRig()
            let disk = try DiskAudio()
            defer { disk.finish(); withExtendedLifetime(rig) {} }
            // A ramp: sample i is (i + 1) × 64 / 32768, exact in 16-bit PCM and in float.
            let ramp = (0..<200).map { Int16(($0 + 1) * 64) }
            let expected = ramp.map { Float($0) / 32768 }
            try disk.write(DiskAudio.pcm16(ramp), to: "ramp.wav")
            let audio = try rig.haptics.audio.enable(DiskAudio.configuration())
            let pattern = HapticPattern(events: [
                Self.customEvent("ramp.wav", at: 0, [.init(.audioVolume, 0.5)]),
                Self.customEvent("ramp.wav", at: 0.125, [.init(.audioPan, -1)]),
                Self.customEvent("ramp.wav", at: 0.25, [.init(.audioPan, 0.5)]),
                Self.customEvent("ramp.wav", at: 0.375, [.init(.audioPitch, 1)]),
                Self.customEvent("ramp.wav", at: 0.5, duration: 0.0125, loops: true, envelope: false),   // 600 frames
            ])
            try rig.haptics.audio.prepare(for: pattern, folder: disk.folder.path)
            var time = 1.0
            disk.pace(rig.haptics, to: time)
            #expect(rig.haptics.play(pattern, player: 0) != nil, "no pad: the sound plays anyway")
            for _ in 0..<60 {
                time += Self.step
                disk.pace(rig.haptics, to: time)
            }
            let frames = audio.onsets.entries.map { Int($0.frame) }
            disk.stopPacing()
            rig.haptics.audio.disable()
            try #require(frames.count == 5)
            let samples = try disk.readRendered(audio, alignOn: Int64(frames[0]))
            let left = samples.channel(0, of: 2), right = samples.channel(1, of: 2)
            func slice(_ channel: [Float], _ start: Int, _ count: Int) -> [Float] { Array(channel[start..<(start + count)]) }

            #expect(slice(left, frames[0], 200) == expected.map { $0 * 0.5 }, "volume 0.5 halves every sample")
            #expect(slice(right, frames[0], 200) == expected.map { $0 * 0.5 })
            #expect(slice(left, frames[1], 200) == expected, "pan -1: left at full level")
            #expect(slice(right, frames[1], 200).allSatisfy { $0 == 0 }, "pan -1: right silent")
            #expect(slice(left, frames[2], 200) == expected.map { $0 * 0.5 }, "pan 0.5: left at half")
            #expect(slice(right, frames[2], 200) == expected)
            #expect(slice(left, frames[3], 100) == (0..<100).map { expected[$0 * 2] }, "pitch +1: every second sample")
            #expect(left[(frames[3] + 100)..<frames[4]].allSatisfy { $0 == 0 }, "an octave up lasts half as long")
            #expect(slice(left, frames[4], 600) == (0..<600).map { expected[$0 % 200] }, "looped three times over 12.5 ms")
            #expect(left[(frames[4] + 600)...].allSatisfy { $0 == 0 }, "then silence")
            #expect(zip(frames, frames.dropFirst()).allSatisfy { $1 - $0 > 0 })
        }

        @Test("bad WAV files fail at load, naming the file: truncated, wrong header, too long, too big, escaping the folder")
        func badWaveforms() throws {
            let rig = try GameHapticsRig()
            let disk = try DiskAudio()
            defer { disk.finish(); withExtendedLifetime(rig) {} }
            let audio = try rig.haptics.audio.enable(DiskAudio.configuration())
            let folder = disk.folder.appendingPathComponent("pack").path
            let good = DiskAudio.pcm16(Array(repeating: 1000, count: 480))
            try disk.write(Array(good.prefix(good.count - 100)), to: "pack/truncated.wav")
            try disk.write(Array("RIFX".utf8) + Array(good.dropFirst(4)), to: "pack/header.wav")
            try disk.write(Array("not audio at all, just text".utf8), to: "pack/text.wav")
            // 24 s of 8-bit mono at 8 kHz: 192 KB, small enough, but longer than 23 s.
            try disk.write(DiskAudio.wav(rate: 8000, bits: 8, data: Array(repeating: 128, count: 8000 * 24)), to: "pack/long.wav")
            // Over 4.2 MB.
            try disk.write(DiskAudio.wav(data: Array(repeating: 0, count: 4_200_001)), to: "pack/big.wav")
            try disk.write(good, to: "outside.wav")
            try FileManager.default.createSymbolicLink(atPath: folder + "/link.wav", withDestinationPath: disk.folder.path + "/outside.wav")
            try disk.write(good, to: "pack/good.wav")

            func failure(_ path: String) -> WaveformLoadError? {
                do {
                    try audio.loadWaveform(path, folder: folder)
                    return nil
                } catch { return error }
            }
            let cases: [(String, String)] = [
                ("truncated.wav", "truncated: the data chunk declares 960 bytes but only 860 follow"),
                ("header.wav", "not a WAV file"),
                ("text.wav", "not a WAV file"),
                ("long.wav", "the sound is 24.00 s long; the limit is 23 s"),
                ("big.wav", "the limit is 4200000 bytes"),
                ("../outside.wav", "climbs out of it"),
                ("/etc/passwd", "absolute path"),
                ("link.wav", "outside"),
                ("missing.wav", "not found"),
            ]
            for (path, reason) in cases {
                let error = try #require(failure(path), "\(path) must fail")
                #expect(error.description.contains("\"\(path)\""), "names the file: \(error)")
                #expect(error.reason.contains(reason), "\(path): \(error.reason)")
            }
            #expect(failure("truncated.wav")?.file?.hasSuffix("pack/truncated.wav") == true)
            let loaded = try audio.loadWaveform("good.wav", folder: folder)
            #expect(loaded.frameCount == 480 && loaded.channelCount == 1 && loaded.sampleRate == 48_000)
            #expect(loaded.samples.allSatisfy { $0 == Float(1000) / 32768 })
            #expect(audio.loadedWaveformPaths == ["good.wav"])
            // The same name from another file is refused; from the same file it is a no-op.
            try disk.write(good, to: "other/good.wav")
            #expect(throws: WaveformLoadError.self) { try audio.loadWaveform("good.wav", folder: disk.folder.path + "/other") }
            #expect(try audio.loadWaveform("./good.wav", folder: folder) === loaded)
            disk.stopPacing()
            rig.haptics.audio.disable()
        }

        @Test("every real WAV of the fixtures (Tests/Fixtures/ahap/audio) loads and converts to 48 kHz float, keeping its length")
        func corpusWaveforms() throws {
            let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
                .appendingPathComponent("Fixtures/ahap/audio").path
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".wav") }.sorted()
            try #require(names.count >= 9, "the WAV fixtures are in Tests/Fixtures/ahap/audio")
            let setup = try SDLSubsystems([.audio])   // SDL_LoadWAV_RW and SDL_AudioStream need no device
            defer { setup.stop() }
            for name in names {
                let bytes = try #require(FileManager.default.contents(atPath: folder + "/" + name))
                // The length SDL's own decoder reports, at the file's rate, for comparison.
                var spec = SDL_AudioSpec()
                var buffer: UnsafeMutablePointer<UInt8>? = nil
                var length: UInt32 = 0
                let decoded = bytes.withUnsafeBytes { raw in
                    SDL_LoadWAV_RW(SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count)), 1, &spec, &buffer, &length) != nil
                }
                try #require(decoded, "\(name): \(String(cString: SDL_GetError()))")
                SDL_FreeWAV(buffer)
                let sourceFrames = Int(length) / (Int(spec.format & 0xFF) / 8 * Int(spec.channels))
                let seconds = Double(sourceFrames) / Double(spec.freq)
                let waveform = try WaveformLoader.load(name, folder: folder, assetRoot: nil, sampleRate: 48_000)
                #expect(waveform.sampleRate == 48_000, "\(name)")
                #expect(waveform.channelCount == min(Int(spec.channels), 2), "\(name)")
                #expect(waveform.frameCount == Int((Double(sourceFrames) * 48_000 / Double(spec.freq)).rounded()),
                        "\(name): \(waveform.durationSeconds) s vs \(seconds) s at \(spec.freq) Hz")
                #expect(waveform.samples.contains { $0 != 0 } && waveform.samples.allSatisfy { abs($0) <= 1.0001 }, "\(name)")
            }
        }

        @Test("the haptic-audio channel, without a pad: a continuous haptic becomes a sine at the sharpness's frequency on channels 3 and 4 only")
        func hapticAudioChannel() throws {
            let rig = try GameHapticsRig()
            let disk = try DiskAudio()
            defer { disk.finish(); withExtendedLifetime(rig) {} }
            var configuration = DiskAudio.configuration(channels: 4)
            configuration.hapticAudioChannel = HapticEngine.AudioChannel(channels: [2, 3], frequencyRange: 40...160)
            let audio = try rig.haptics.audio.enable(configuration)
            #expect(rig.haptics.pads.controller(forPlayer: 0) == nil)
            let pattern = HapticPattern(events: [.continuous(at: 0, duration: 0.5, intensity: 0.8, sharpness: 0.5),
                                                 .continuous(at: 0.5, duration: 0.5, intensity: 0.5, sharpness: 1)])
            var time = 1.0
            disk.pace(rig.haptics, to: time)
            #expect(rig.haptics.play(pattern, player: 0) != nil)
            #expect(rig.haptics.play(pattern, player: 1) == nil, "player 2 has no pad and no channel: nothing to feel or hear")
            for _ in 0..<100 {
                time += Self.step
                disk.pace(rig.haptics, to: time)
            }
            disk.stopPacing()
            rig.haptics.audio.disable()
            let samples = try disk.readRendered(audio)   // measured relative to the sound itself
            #expect(samples.channel(0, of: 4).allSatisfy { $0 == 0 } && samples.channel(1, of: 4).allSatisfy { $0 == 0 })
            let third = samples.channel(2, of: 4)
            #expect(third == samples.channel(3, of: 4))
            // The halves are found in the signal (the disk driver may run ahead of the game and make
            // the clock re-anchor later between two frames), then measured well inside each.
            let first = try #require(third.firstAudible())
            let last = try #require(third.lastAudible())
            let change = try #require(third.lastIndex { abs($0) > 0.65 }, "the 0.8 half")
            #expect(change - first >= 23_000, "the first half lasts 0.5 s")
            #expect(last - change >= 23_000, "the second half lasts 0.5 s")
            #expect(last < third.count - 4800, "silent after the pattern")
            let firstHalf = (first + 4800)..<(change - 4800)
            let secondHalf = (change + 4800)..<(change + 19_200)
            #expect(abs(third.frequency(in: firstHalf, sampleRate: 48_000) - 80) < 1, "sharpness 0.5: 80 Hz")
            #expect(abs(third.peak(firstHalf) - 0.8) < 0.01)
            #expect(abs(third.frequency(in: secondHalf, sampleRate: 48_000) - 160) < 2, "sharpness 1: 160 Hz")
            #expect(abs(third.peak(secondHalf) - 0.5) < 0.01)
        }

        @Test("audio is opt-in: without enableAudio no audio device is opened; disableAudio releases it")
        func optIn() throws {
            #expect(!SDLSubsystems.areRunning(.audio))
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig()
            rig.pump()
            let pattern = HapticPattern(events: [Self.customEvent("click.wav", at: 0), .transient(at: 0)])
            #expect(rig.haptics.play(pattern, player: 0) != nil)
            rig.frames(10)
            #expect(rig.haptics.audio.output == nil)
            #expect(!SDLSubsystems.areRunning(.audio), "no audio device, no audio subsystem")
            #expect(pad.lastRumble != nil, "the haptic half plays as before")
            #expect(throws: WaveformLoadError.self) { try rig.haptics.audio.prepare(for: pattern, folder: ".") }
            let disk = try DiskAudio()
            defer { disk.finish(); withExtendedLifetime(rig) {} }
            try rig.haptics.audio.enable(DiskAudio.configuration())
            #expect(SDLSubsystems.areRunning(.audio))
            disk.stopPacing()
            rig.haptics.audio.disable()
            #expect(!SDLSubsystems.areRunning(.audio))
            #expect(rig.haptics.pads.engine(forPlayer: 1)?.isRunning == false, "players without a pad stop again")
        }

        @Test("with audio on, pause stops the pad at once and nothing delayed reaches it afterwards; resume brings it back after the lookahead")
        func pauseWithDelayedRumble() throws {
            let pad = try VirtualGameController()
            let rig = try GameHapticsRig()
            let disk = try DiskAudio()
            defer { disk.finish(); withExtendedLifetime(rig) {} }
            rig.pump()
            let audio = try rig.haptics.audio.enable(DiskAudio.configuration())
            var time = 1.0
            disk.pace(rig.haptics, to: time)
            rig.haptics.play(GameHapticsRig.texture(5, intensity: 0.5), player: 0)
            var firstOn: Double? = nil
            for _ in 0..<10 {
                time += Self.step
                disk.pace(rig.haptics, to: time)
                if firstOn == nil, pad.lastRumble?.low ?? 0 > 0 { firstOn = time }
            }
            #expect(firstOn == 1 + Self.step + audio.lookaheadSeconds, "rumble delayed by the lookahead")
            rig.haptics.playback.pause()
            #expect(pad.lastRumble?.pair == [0, 0], "(0,0) at once")
            let callsAtPause = pad.rumbleCalls.count
            for _ in 0..<10 {
                time += Self.step
                disk.pace(rig.haptics, to: time)
            }
            #expect(pad.rumbleCalls.count == callsAtPause, "frames in flight were dropped")
            rig.haptics.playback.resume()
            var backOn: Double? = nil
            let resumedAt = time + Self.step
            for _ in 0..<10 {
                time += Self.step
                disk.pace(rig.haptics, to: time)
                if backOn == nil, pad.lastRumble?.low ?? 0 > 0 { backOn = time }
            }
            #expect(backOn == resumedAt + audio.lookaheadSeconds)
            disk.stopPacing()
            rig.haptics.audio.disable()
            #expect(pad.lastRumble?.low ?? 0 > 0, "turning audio off sends what was in flight, it does not stop the texture")
        }

        @Test("loadPattern reads an AHAP file and its waveforms from the file's folder; playForEveryPlayer plays the sound once")
        func loadPatternAndSoundOnce() throws {
            let first = try VirtualGameController()
            let second = try VirtualGameController()
            let rig = try GameHapticsRig()
            let disk = try DiskAudio()
            defer { disk.finish(); withExtendedLifetime(rig) {} }
            rig.pump()
            try disk.write(Self.click, to: "patterns/sounds/click.wav")
            let ahap = """
            {"Version": 1, "Pattern": [
              {"Event": {"Time": 0.125, "EventType": "AudioCustom", "EventWaveformPath": "sounds/click.wav"}},
              {"Event": {"Time": 0.125, "EventType": "HapticTransient"}}
            ]}
            """
            let file = try disk.write(Array(ahap.utf8), to: "patterns/Click.ahap")
            let audio = try rig.haptics.audio.enable(DiskAudio.configuration())
            let pattern = try rig.haptics.playback.loadPattern(contentsOfFile: file)
            #expect(audio.loadedWaveformPaths == ["sounds/click.wav"])
            #expect(pattern.events.first { $0.type == .audioCustom }?.duration == 0.001, "48 frames at 48 kHz")
            var time = 1.0
            disk.pace(rig.haptics, to: time)
            #expect(rig.haptics.playback.playForEveryPlayer(pattern) == 2)
            for _ in 0..<30 {
                time += Self.step
                disk.pace(rig.haptics, to: time)
            }
            #expect(audio.onsets.totalCount == 1, "one sound for two players")
            #expect(first.lastRumble != nil && second.lastRumble != nil, "both pads felt it")
            disk.stopPacing()
            rig.haptics.audio.disable()
            let onset = try #require(audio.onsets.entries.first)
            let samples = try disk.readRendered(audio, alignOn: onset.frame).channel(0, of: 2)
            #expect(samples.firstAudible() == Int(onset.frame))
            #expect(samples.filter { $0 != 0 } == Array(repeating: 0.5, count: 48))
        }
    }

    @Suite("Audio clock: game time to sample frames")
    struct AudioClockTests {
        @Test("maps game time through the newest stamp, adds the lookahead, and keeps its offset within the tolerance")
        func mapping() {
            var clock = AudioClock(sampleRate: 48_000, ticksPerSecond: 1e9, lookaheadFrames: 1920, toleranceFrames: 512,
                                   bufferFrames: 512)
            #expect(clock.frame(forTime: 1) == 0, "no stamp yet: as soon as possible")
            // The callback began frame 96000 at tick 2e9; the game frame 10.0 s is 5 ms later.
            clock.synchronize(gameTime: 10, hostTicks: 2_005_000_000, stamp: AudioClockStamp(frame: 96_000, hostTicks: 2_000_000_000))
            #expect(abs((clock.offset ?? 0) - (96_240 - 480_000)) < 1e-6)
            #expect(clock.frame(forTime: 10) == 96_240 + 1920)
            #expect(clock.frame(forTime: 10.25) == 96_240 + 12_000 + 1920, "a quarter second later: 12000 frames")
            #expect(abs((clock.time(forFrame: 96_240 + 1920) ?? 0) - 10) < 1e-9)
            // Jitter inside a buffer: the offset stays, so distances between onsets stay exact.
            clock.synchronize(gameTime: 10 + 1.0 / 60, hostTicks: 2_021_000_000, stamp: AudioClockStamp(frame: 96_512, hostTicks: 2_010_000_000))
            #expect(abs((clock.offset ?? 0) - (96_240 - 480_000)) < 1e-6 && clock.anchorCount == 1)
            // A stall of 30 ms: re-anchored.
            clock.synchronize(gameTime: 10 + 2.0 / 60, hostTicks: 2_034_000_000, stamp: AudioClockStamp(frame: 96_512, hostTicks: 2_034_000_000))
            #expect(clock.anchorCount == 2)
            #expect(clock.frame(forTime: 10 + 2.0 / 60) == 96_512 + 1920)
            #expect(clock.frame(forTime: -.infinity) == 0)
            // A game thread that ran 100 ms after the last callback: the device cannot be past the
            // end of that buffer, so the estimate stops there (frame 200000 + 512).
            clock.synchronize(gameTime: 20, hostTicks: 3_100_000_000, stamp: AudioClockStamp(frame: 200_000, hostTicks: 3_000_000_000))
            #expect(clock.frame(forTime: 20) == 200_512 + 1920)
        }
    }
}
