import CHapticsSDL2
import Foundation
@_spi(HapticsTools) import Haptics
@_spi(HapticsTools) @testable import HapticsSDL
import Testing

extension SDLTests {
    /// WAV sample rates (issue 26): a rate SDL does not play is refused before conversion (a 48-byte
    /// file declaring 1 Hz cost 874 MB on its way to 48 kHz), by every way in; the rates at both
    /// ends of the range convert to their exact length.
    @Suite("WAV sample rates through SDL's decoder")
    struct SampleRateTests {
        /// The 48-byte WAV: a 44-byte header declaring `rate` Hz, 16-bit mono, and 4 bytes of samples.
        static func tiny(rate: UInt32) -> [UInt8] { DiskAudio.wav(rate: rate, data: [0x00, 0x40, 0x00, 0xC0]) }

        @Test("1 Hz, 7,999 Hz and 384,001 Hz are refused with the range, by the decoder, a config rule and loadWaveform")
        func refused() throws {
            let setup = try SDLSubsystems([.audio])
            defer { setup.stop() }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdlhaptics-rates-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            for rate: UInt32 in [1, 7_999, 384_001] {
                let bytes = Self.tiny(rate: rate)
                #expect(bytes.count == 48)
                let expected = "expected a sample rate of 8000...384000 Hz, found \(rate) Hz"
                // hapticsctl from-audio and config rules decode through SDLSoundDecoder.
                do {
                    _ = try SDLSoundDecoder().decodeMono(bytes, name: "tiny.wav")
                    Issue.record("\(rate) Hz decoded")
                } catch {
                    #expect("\(error)".contains(expected), "\(error)")
                }
                try Data(bytes).write(to: URL(fileURLWithPath: folder + "/tiny\(rate).wav"))
                let config = "[[rule]]\nevent = \"custom\"\npattern = \"tiny\(rate).wav\"\n"
                do {
                    _ = try LoadedMapping.load(text: config, file: "rates.toml", folder: folder, presets: .builtIn(),
                                               sounds: SoundPatternLoader(decoder: SDLSoundDecoder()))
                    Issue.record("\(rate) Hz loaded in a config")
                } catch {
                    let problem = try #require(error.diagnostics.first)
                    #expect(problem.location.line == 3 && problem.location.column == 11 && problem.message.contains(expected), "\(problem)")
                }
                // SDLH_LoadPattern with audio on loads a pattern's waveforms through WaveformLoader.
                #expect(throws: WaveformLoadError.self) {
                    try WaveformLoader.load("tiny\(rate).wav", folder: folder, assetRoot: nil, sampleRate: 48_000)
                }
            }
        }

        @Test("8 kHz and 384 kHz, at both ends of the range, convert to 48 kHz at their exact length")
        func ends() throws {
            let setup = try SDLSubsystems([.audio])
            defer { setup.stop() }
            for rate in [8_000, 384_000] {
                let frames = rate / 10   // 0.1 s
                let data = (0..<frames).flatMap { i -> [UInt8] in
                    let v = UInt16(bitPattern: Int16(8_000 * sin(Double(i) * 2 * Double.pi * 440 / Double(rate))))
                    return [UInt8(v & 0xFF), UInt8(v >> 8)]
                }
                let waveform = try WaveformLoader.decode(DiskAudio.wav(rate: UInt32(rate), data: data), sampleRate: 48_000,
                                                         limits: WaveformLimits(), name: "tone.wav") {
                    WaveformLoadError(path: "tone.wav", file: nil, reason: $0)
                }
                #expect(waveform.frameCount == 4_800, "\(rate) Hz: \(waveform.frameCount) frames")
                #expect(waveform.samples.contains { abs($0) > 0.1 }, "\(rate) Hz: the tone is there")
            }
        }
    }
}
