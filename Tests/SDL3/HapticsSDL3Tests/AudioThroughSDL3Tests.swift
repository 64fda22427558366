import Foundation
@_spi(HapticsTools) import Haptics
@_spi(HapticsTools) import HapticsSDL3
import Testing

extension SDL3Tests {
    /// Sound and rumble through SDL3: the disk driver writes what the device plays (the stream's input
    /// runs at the device's rate, so nothing is resampled), read back after the device closes; virtual
    /// gamepads record the rumble. Game frames are 1/64 s, as in the SDL2 suite.
    @Suite("Audio through real SDL 3 (disk driver)")
    struct AudioThroughSDL3Tests {
        static let step = 1.0 / 64.0
        /// A click: 48 samples of 0.5 (16384 / 32768, exact in 16-bit PCM).
        static let click = DiskAudio.pcm16(Array(repeating: 16384, count: 48))

        static func click(at time: Double) -> HapticEvent {
            HapticEvent(type: .audioCustom, time: time, duration: nil, parameters: [], waveformPath: "sounds/click.wav",
                        waveformUsesVolumeEnvelope: nil, waveformLoopEnabled: nil)
        }

        @Test("a click and a transient at the same pattern time: the click's first sample is at the exact frame the clock gave that time plus the lookahead; the pad gets the transient on the update at that time plus the same lookahead")
        func clickAndTransientInSync() throws {
            let pad = try VirtualGameController()
            let rig = try SDL3Rig()
            let disk = try DiskAudio()
            defer { disk.finish(); withExtendedLifetime(rig) {} }
            rig.pump()
            try disk.write(Self.click, to: "sounds/click.wav")
            let audio = try rig.haptics.audio.enable(DiskAudio.configuration())
            #expect(audio.sampleRate == 48_000 && audio.channelCount == 2)
            #expect(audio.bufferFrames > 0 && Double(audio.bufferFrames) / 48_000 <= 3.0 / 64.0, "\(audio.bufferFrames) frames per buffer")
            #expect(audio.lookaheadSeconds == 3.0 / 64.0)
            try rig.haptics.audio.prepare(for: HapticPattern(events: [Self.click(at: 0)]), folder: disk.folder.path)
            let pattern = HapticPattern(events: [Self.click(at: 0.25), .transient(at: 0.25), Self.click(at: 0.3)])
            var time = 1.0
            disk.pace(rig.haptics, to: time)
            #expect(rig.haptics.play(pattern, player: 0) != nil)
            var firstRumbleTime: Double? = nil
            for _ in 0..<40 {
                time += Self.step
                disk.pace(rig.haptics, to: time)
                if firstRumbleTime == nil, pad.rumbleCalls.contains(where: { $0.low > 0 || $0.high > 0 }) { firstRumbleTime = time }
            }
            let onsets = audio.onsets.entries
            #expect(audio.statistics.lateOnsets == 0, "late onsets: \(audio.statistics)")
            disk.stopPacing()
            rig.haptics.audio.disable()
            let eventTime = 1.0 + Self.step + 0.25
            try #require(onsets.count == 2)
            let onset = onsets[0], second = onsets[1]
            #expect(onset.time == eventTime && second.time == 1.0 + Self.step + 0.3)
            let samples = try disk.readRendered(audio, alignOn: onset.frame)
            let left = samples.channel(0, of: 2), right = samples.channel(1, of: 2)
            // No tolerance: the first non-silent sample is the scheduled frame, on both channels, and the
            // click arrives whole (48 samples of exactly 0.5: no resampling between the clock and the file).
            #expect(left.firstAudible() == Int(onset.frame))
            #expect(right.firstAudible() == Int(onset.frame))
            #expect(Array(left[Int(onset.frame)..<Int(onset.frame + 48)]) == Array(repeating: 0.5, count: 48))
            #expect(Array(left[Int(second.frame)..<Int(second.frame + 48)]) == Array(repeating: 0.5, count: 48))
            #expect(left.lastAudible() == Int(second.frame) + 47, "two clicks, nothing else")
            // The rumble: delayed by the same lookahead, on the update at exactly event time + lookahead.
            #expect(firstRumbleTime == eventTime + audio.lookaheadSeconds)
        }

        @Test("the haptic-audio channel on a 4-channel device, without a pad: a continuous haptic becomes a sine at the sharpness's frequency on channels 3 and 4 only")
        func hapticAudioChannel() throws {
            let rig = try SDL3Rig()
            let disk = try DiskAudio()
            defer { disk.finish(); withExtendedLifetime(rig) {} }
            var configuration = DiskAudio.configuration(channels: 4)
            configuration.hapticAudioChannel = HapticAudioChannel(channels: [2, 3], frequencyRange: 40...160)
            let audio = try rig.haptics.audio.enable(configuration)
            #expect(audio.channelCount == 4)
            let pattern = HapticPattern(events: [.continuous(at: 0, duration: 0.5, intensity: 0.8, sharpness: 0.5)])
            var time = 1.0
            disk.pace(rig.haptics, to: time)
            #expect(rig.haptics.play(pattern, player: 0) != nil)
            for _ in 0..<60 {
                time += Self.step
                disk.pace(rig.haptics, to: time)
            }
            disk.stopPacing()
            rig.haptics.audio.disable()
            let samples = try disk.readRendered(audio)
            #expect(samples.channel(0, of: 4).allSatisfy { $0 == 0 } && samples.channel(1, of: 4).allSatisfy { $0 == 0 })
            let third = samples.channel(2, of: 4)
            #expect(third == samples.channel(3, of: 4))
            let first = try #require(third.firstAudible())
            let last = try #require(third.lastAudible())
            #expect(last - first >= 23_000, "0.5 s of sound")
            let middle = (first + 4800)..<(last - 4800)
            #expect(abs(third.frequency(in: middle, sampleRate: 48_000) - 80) < 1, "sharpness 0.5: 80 Hz")
            #expect(abs(third.peak(middle) - 0.8) < 0.01)
        }
    }
}
