import Foundation
@_spi(HapticsTools) import Haptics
import HapticsTools
@_spi(HapticsTools) import HapticsSDL
import Testing

/// Writes 16-bit PCM WAV files for the tests (real files for SDL's real decoder).
enum TestWAV {
    static func bytes(_ samples: [Float], rate: Int = 44_100, channels: Int = 1) -> [UInt8] {
        var out: [UInt8] = []
        func u32(_ v: Int) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        func u16(_ v: Int) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        let data = samples.count * 2
        out += Array("RIFF".utf8); u32(36 + data); out += Array("WAVE".utf8)
        out += Array("fmt ".utf8); u32(16); u16(1); u16(channels); u32(rate); u32(rate * channels * 2); u16(channels * 2); u16(16)
        out += Array("data".utf8); u32(data)
        for s in samples { u16(Int(Int16(max(-1, min(1, s)) * 32_767)) & 0xFFFF) }
        return out
    }

    /// Decaying 150 Hz hits with a noisy attack at `times` (seconds), `seconds` long.
    static func hits(at times: [Double], seconds: Double, rate: Int = 44_100) -> [Float] {
        var state: UInt64 = 12_345
        return (0..<Int(seconds * Double(rate))).map { i in
            let t = Double(i) / Double(rate)
            var v = 0.0
            for hit in times where t >= hit {
                let s = t - hit
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let noise = Double(Int64(bitPattern: state) >> 11) / Double(1 << 52)
                v += 0.6 * sin(2 * Double.pi * 150 * s) * exp(-s / 0.08) + (s < 0.004 ? 0.3 * noise : 0)
            }
            return Float(v)
        }
    }
}

extension SDLTests {
    @Suite("Audio to haptics through SDL's WAV decoder")
    struct SoundToHapticsTests {
        static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fixtures/ahap/audio").standardized

        static func fixtureWAVs() throws -> [String] {
            let names = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter { $0.hasSuffix(".wav") }.sorted()
            return names.map { fixtures.appendingPathComponent($0).path }
        }

        @Test("every fixture WAV converts to a pattern that validates strictly and renders to a bounded trace ending silent")
        func fixturesConvert() throws {
            let files = try Self.fixtureWAVs()
            #expect(files.count == 9, "the nine WAVs of Tests/Fixtures/ahap/audio")
            for file in files {
                let name = (file as NSString).lastPathComponent
                let sound = try SDLSoundDecoder().readMono(file: file)
                #expect(sound.sampleRate == 48_000)
                let analysis = try SoundAnalyzer.analyze(samples: sound.samples, sampleRate: sound.sampleRate)
                let pattern = analysis.pattern(audioPath: name)
                let decoded = try AHAPDecoder(options: .strict).decode(AHAPEncoder().encode(pattern))
                #expect(decoded.warnings.isEmpty, "\(name)")
                #expect(decoded.pattern.hasHapticContent, "\(name) is heard")
                #expect(!analysis.onsets.isEmpty, "\(name) starts with a hit")
                for curve in pattern.parameterCurves { #expect(curve.controlPoints.count <= 16, "\(name)") }
                #expect(pattern.duration <= Double(sound.samples.count) / sound.sampleRate + 1e-3, "\(name)")
                for profile in [MotorProfile.genericDualMotor, .xboxOne] {
                    let preview = try PatternPreview(rendering: decoded.pattern, options: PreviewOptions(rate: 60, profile: profile))
                    #expect(!preview.isTruncated, "\(name)")
                    #expect(preview.frameCount <= Int((pattern.duration + 1) * 60), "\(name): \(preview.frameCount) frames")
                    let last = try #require(preview.outputs[0].frames.last)
                    #expect(last.levels.isSilent, "\(name) ends silent on \(profile.name)")
                    #expect(preview.outputs[0].frames.contains { !$0.levels.isSilent }, "\(name) drives the motors")
                }
            }
        }

        @Test("the core's PCM reader and SDL's decoder find the same onsets in every fixture WAV (within 2 ms, one borderline hit allowed)")
        func pcmReaderAgrees() throws {
            for file in try Self.fixtureWAVs() {
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
                let pcm = try PCMWAVDecoder().decodeMono(bytes, name: file)
                let sdl = try SDLSoundDecoder().readMono(file: file)
                let a = try SoundAnalyzer.analyze(samples: pcm.samples, sampleRate: pcm.sampleRate).onsets.map(\.time)
                let b = try SoundAnalyzer.analyze(samples: sdl.samples, sampleRate: sdl.sampleRate).onsets.map(\.time)
                // Borderline hits may differ (44.1 kHz files are analysed at their own rate by one, at 48 kHz by the other).
                #expect(abs(a.count - b.count) <= 1, "\(file): \(a) vs \(b)")
                #expect(b.filter { t in a.contains { abs($0 - t) <= 0.002 } }.count >= b.count - 1, "\(file): \(a) vs \(b)")
            }
            #expect { try PCMWAVDecoder().decodeMono(Array("RIFF....WAVEjunk".utf8), name: "x") } throws: { "\($0)".contains("no fmt chunk") }
        }

        @Test("the shipped config: the block snap's pattern comes from its sound, and with audio on loadMapping loads that sound")
        func shippedSnap() throws {
            let config = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../../Assets/Haptics/haptics.toml").standardized.path
            let rig = try GameHapticsRig()
            let disk = try DiskAudio()
            defer { disk.finish(); withExtendedLifetime(rig) {} }
            let audio = try rig.haptics.audio.enable(DiskAudio.configuration())
            try rig.haptics.mapping.load(file: config, watch: false)
            let mapping = try #require(rig.haptics.mapping.events.mapping)
            let index = try #require(mapping.config.rules.firstIndex { $0.name == "block snapped into its slot" })
            let snap = mapping.patterns[index]
            #expect(snap.waveformPaths == ["Sounds/BlockSnap.wav"])
            #expect(snap.events.contains { $0.type == .hapticTransient } && snap.events.contains { $0.type == .hapticContinuous })
            #expect(audio.loadedWaveformPaths == ["Sounds/BlockSnap.wav"])
            #expect(mapping.soundFingerprints.count == 1)
        }

        @Test("stereo is mixed to mono and resampled to 48 kHz: a 44.1 kHz stereo file with a hit on one channel")
        func stereoMix() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdlhaptics-sound-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let mono = TestWAV.hits(at: [0.2, 0.7], seconds: 1)
            var stereo: [Float] = []
            for s in mono { stereo += [s, 0] }
            let file = folder.appendingPathComponent("left.wav").path
            try Data(TestWAV.bytes(stereo, channels: 2)).write(to: URL(fileURLWithPath: file))
            let sound = try SDLSoundDecoder().readMono(file: file)
            #expect(abs(sound.samples.count - 48_000) <= 2)
            func rms(_ x: [Float]) -> Double { (x.reduce(0.0) { $0 + Double($1 * $1) } / Double(x.count)).squareRoot() }
            #expect(abs(rms(sound.samples) / rms(mono) - 0.5) < 0.02, "averaged with the silent channel: \(rms(sound.samples) / rms(mono))")
            let onsets = try SoundAnalyzer.analyze(samples: sound.samples, sampleRate: sound.sampleRate).onsets.map(\.time)
            #expect(onsets.count == 2)
            #expect(zip(onsets, [0.2, 0.7]).allSatisfy { abs($0 - $1) < 0.005 }, "\(onsets)")
        }

        @Test("the decoder's limits: a file that is not a WAV, a truncated one, one over the size limit, a path out of the folder")
        func limits() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdlhaptics-sound-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let text = folder.appendingPathComponent("notes.wav").path
            try Data("hello".utf8).write(to: URL(fileURLWithPath: text))
            #expect { try SDLSoundDecoder().readMono(file: text) } throws: { "\($0)".contains("not a WAV file") }
            let whole = TestWAV.bytes(TestWAV.hits(at: [0.1], seconds: 0.5))
            let cut = folder.appendingPathComponent("cut.wav").path
            try Data(whole.prefix(whole.count / 2)).write(to: URL(fileURLWithPath: cut))
            #expect { try SDLSoundDecoder().readMono(file: cut) } throws: { "\($0)".contains("truncated") }
            let small = SDLSoundDecoder(limits: WaveformLimits(maximumBytes: 1_000, maximumSeconds: 23))
            let big = folder.appendingPathComponent("big.wav").path
            try Data(whole).write(to: URL(fileURLWithPath: big))
            #expect { try small.readMono(file: big) } throws: { "\($0)".contains("the limit is 1000 bytes") }
            let short = SDLSoundDecoder(limits: WaveformLimits(maximumBytes: 4_200_000, maximumSeconds: 0.25))
            #expect { try short.readMono(file: big) } throws: { "\($0)".contains("the limit is 0.25 s") }
            #expect(throws: (any Error).self) { try SDLSoundDecoder().resolve("../big.wav", folder: folder.path) }
            #expect(throws: (any Error).self) { try SDLSoundDecoder().resolve("/etc/passwd", folder: folder.path) }
        }

        @Test("a config rule with a .wav pattern: analysed with the rule's options, cached, re-analysed when the sound changes")
        func configSounds() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdlhaptics-sound-config-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let sound = folder + "/Sounds/thud.wav"
            try FileManager.default.createDirectory(atPath: folder + "/Sounds", withIntermediateDirectories: true)
            try Data(TestWAV.bytes(TestWAV.hits(at: [0.05], seconds: 0.6))).write(to: URL(fileURLWithPath: sound))
            let config = folder + "/haptics.toml"
            try """
            [[rule]]
            name = "thud"
            event = "custom"
            custom = "thud"
            pattern = "Sounds/thud.wav"
            analysis = { sensitivity = 0.6, max_points = 6, with_audio = true }
            intensity = 1.0

            [[rule]]
            name = "thud, continuous only"
            event = "custom"
            custom = "hum"
            pattern = "Sounds/thud.wav"
            analysis = { transients = false }
            """.write(toFile: config, atomically: true, encoding: .utf8)
            let loader = SoundPatternLoader(decoder: SDLSoundDecoder())
            let loaded = try LoadedMapping.load(file: config, presets: .builtIn(), sounds: loader)
            #expect(loader.analysisCount == 2, "two option sets: two analyses")
            let thud = loaded.patterns[0]
            #expect(thud.events.filter { $0.type == .hapticTransient }.count == 1)
            #expect(thud.waveformPaths == ["Sounds/thud.wav"], "with_audio plays the sound")
            #expect(thud.parameterCurves.allSatisfy { $0.controlPoints.count <= 6 })
            #expect(!loaded.patterns[1].events.contains { $0.type == .hapticTransient })
            #expect(loaded.soundFingerprints.count == 1)

            // Loading again: the cache answers.
            _ = try LoadedMapping.load(file: config, presets: .builtIn(), sounds: loader)
            #expect(loader.analysisCount == 2)

            // The watcher notices a changed sound (the config is untouched) and re-analyses it.
            let rig = try GameHapticsRig()
            rig.haptics.mapping.events.use(loaded)
            let watcher = MappingConfigWatcher(file: config, director: rig.haptics.mapping.events, sounds: loader, loaded: loaded)
            #expect(watcher.checkNow() == false, "nothing changed")
            try Data(TestWAV.bytes(TestWAV.hits(at: [0.05, 0.3], seconds: 0.6))).write(to: URL(fileURLWithPath: sound))
            #expect(watcher.checkNow() == false, "the sound changed: settling for one look")
            #expect(watcher.checkNow(), "the sound changed and stayed so")
            rig.frames(1)
            let reloaded = try #require(rig.haptics.mapping.events.mapping)
            #expect(reloaded.patterns[0].events.filter { $0.type == .hapticTransient }.count == 2, "the new sound's two hits")
            #expect(loader.analysisCount == 4)
            #expect(watcher.checkNow() == false)

            // A broken sound is reported once, with the config's position, and the last good mapping stays.
            try Data("not a wav".utf8).write(to: URL(fileURLWithPath: sound))
            #expect(watcher.checkNow() == false)
            #expect(watcher.checkNow())
            rig.frames(1)
            #expect(rig.haptics.mapping.events.mapping === reloaded)
            let error = try #require(rig.haptics.mapping.events.lastErrors.first)
            #expect(error.location.line == 5 && error.message.contains("not a WAV file"), "\(error)")
            #expect(watcher.checkNow() == false, "reported once")
        }

        @Test("config errors: analysis options out of range, 'analysis' on an AHAP pattern, a missing sound, no decoder")
        func configErrors() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdlhaptics-sound-errors-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try Data(TestWAV.bytes(TestWAV.hits(at: [0.05], seconds: 0.3))).write(to: URL(fileURLWithPath: folder + "/hit.wav"))
            let text = """
            [[rule]]
            event = "custom"
            pattern = "hit.wav"
            analysis = { sensitivity = 1.5, max_points = 40, colour = "red" }

            [[rule]]
            event = "custom"
            pattern = "ImpactHeavy"
            analysis = { sensitivity = 0.5 }

            [[rule]]
            event = "custom"
            pattern = "missing.wav"
            """
            let loader = SoundPatternLoader(decoder: SDLSoundDecoder())
            do {
                _ = try LoadedMapping.load(text: text, file: "t.toml", folder: folder, presets: .builtIn(), sounds: loader)
                Issue.record("expected errors")
            } catch {
                let messages = error.diagnostics.map { "\($0.location.line): \($0.path): \($0.message)" }
                #expect(messages.contains { $0.hasPrefix("4: rule[0].analysis.sensitivity:") && $0.contains("0...1") }, "\(messages)")
                #expect(messages.contains { $0.hasPrefix("4: rule[0].analysis.max_points:") && $0.contains("2...16") }, "\(messages)")
                #expect(messages.contains { $0.hasPrefix("4: rule[0].analysis.colour:") }, "\(messages)")
                #expect(messages.contains { $0.hasPrefix("9: rule[1].analysis:") && $0.contains(".wav pattern only") }, "\(messages)")
                #expect(messages.contains { $0.hasPrefix("13: rule[2].pattern:") && $0.contains("missing.wav") }, "\(messages)")
            }
            // Without a decoder the core's PCM reader (SoundPatternLoader.pcm) reads plain PCM WAV.
            let plain = "[[rule]]\nevent = \"custom\"\npattern = \"hit.wav\"\n"
            let viaPCM = try LoadedMapping.load(text: plain, file: "t.toml", folder: folder, presets: .builtIn())
            let viaSDL = try LoadedMapping.load(text: plain, file: "t.toml", folder: folder, presets: .builtIn(), sounds: loader)
            #expect(viaPCM.patterns[0].events.filter { $0.type == .hapticTransient }.count == 1)
            #expect(viaSDL.patterns[0].events.filter { $0.type == .hapticTransient }.count == 1)
        }
    }
}
