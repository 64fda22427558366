import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

@Suite("hapticsctl from-audio")
struct FromAudioCommandTests {
    static func wavs() throws -> [String] {
        try CLICorpus.require()
        let folder = CLICorpus.folder.appendingPathComponent("audio")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".wav") }.sorted()
    }

    @Test("every fixture WAV converts to AHAP that validate --strict accepts and render plays to silence")
    func fixtures() throws {
        let names = try Self.wavs()
        #expect(names.count == 9)
        let folder = try TemporaryFolder()
        for name in names {
            let out = folder.path(name.replacingOccurrences(of: ".wav", with: ".ahap"))
            let run = try HapticsCtlRun.run(["from-audio", CLICorpus.audio(name), "-o", out])
            #expect(run.status == 0, "\(name): \(run.standardError)")
            #expect(run.standardError.isEmpty, "\(name): \(run.standardError)")
            let validate = try HapticsCtlRun.run(["validate", "--strict", out])
            #expect(validate.status == 0, "\(name): \(validate.standardOutput) \(validate.standardError)")
            let render = try HapticsCtlRun.run(["render", out, "--profile", "xboxOne"])
            #expect(render.status == 0, "\(name): \(render.standardError)")
            #expect(render.standardError.isEmpty, "\(name): never truncated: \(render.standardError)")
            #expect(render.outputLines.last?.hasSuffix(",xboxOne,0.0,0.0,0.0,0.0") == true, "\(name) ends silent")
            #expect(render.outputLines.count < 2 + 60 * 3, "\(name): bounded: \(render.outputLines.count) rows for a sound under 1 s")
            let text = try String(contentsOfFile: out, encoding: .utf8)
            #expect(text.contains("\"HapticTransient\"") && text.contains("\"HapticIntensityControl\""), "\(name)")
        }
    }

    @Test("--with-audio names the WAV relative to the pattern's folder; --max-points caps every curve")
    func withAudioAndMaxPoints() throws {
        let folder = try TemporaryFolder()
        let wav = folder.path("Sounds/Implode.wav")
        try FileManager.default.createDirectory(atPath: folder.path("Sounds"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLICorpus.audio("apple__unityplugins__Implode.wav"), toPath: wav)
        let out = folder.path("Implode.ahap")
        let run = try HapticsCtlRun.run(["from-audio", wav, "-o", out, "--with-audio", "--max-points", "5", "--sensitivity", "0.8"])
        #expect(run.status == 0, "\(run.standardError)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains("\"EventWaveformPath\": \"Sounds/Implode.wav\""))
        // Every curve has at most 5 control points: count "Time" lines between curve headers.
        for curve in text.components(separatedBy: "\"ParameterCurveControlPoints\"").dropFirst() {
            let points = curve.components(separatedBy: "]")[0].components(separatedBy: "\"ParameterValue\"").count - 1
            #expect(points >= 2 && points <= 5, "\(points) points")
        }
        #expect(try HapticsCtlRun.run(["validate", "--strict", out]).status == 0)
    }

    @Test("--format svg: the waveform panel above the pattern and one lane per actuator")
    func svg() throws {
        let folder = try TemporaryFolder()
        let out = folder.path("spawn.svg")
        let run = try HapticsCtlRun.run(["from-audio", CLICorpus.audio("apple__unityplugins__Spawn.wav"), "--format", "svg",
                                         "--profile", "xboxOne", "-o", out])
        #expect(run.status == 0, "\(run.standardError)")
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        #expect(svg.contains("<g class=\"waveform\">") && svg.contains("<path class=\"samples\""))
        #expect(svg.contains("<g class=\"signal\">"))
        let parsed = LaneCollector(svg)
        #expect(parsed.isWellFormed)
        #expect(parsed.lanes.count == 4, "xboxOne: low, high and two trigger motors")
        let waveform = try #require(svg.range(of: "class=\"waveform\""))
        let signal = try #require(svg.range(of: "class=\"signal\""))
        #expect(waveform.lowerBound < signal.lowerBound, "the sound comes first")
    }

    @Test("errors: a missing file and a non-WAV exit 1 naming the file; out-of-range options exit 2 naming the flag")
    func errors() throws {
        let folder = try TemporaryFolder()
        let missing = folder.path("nothing.wav")
        let run = try HapticsCtlRun.run(["from-audio", missing])
        #expect(run.status == 1)
        #expect(run.standardError.hasPrefix("error: \(missing): "), "\(run.standardError)")
        let text = try folder.write("just text", to: "notes.wav")
        let notWav = try HapticsCtlRun.run(["from-audio", text])
        #expect(notWav.status == 1)
        #expect(notWav.standardError.contains("not a WAV file"), "\(notWav.standardError)")
        let wav = CLICorpus.audio("apple__unityplugins__Grow.wav")
        for (flag, value, words) in [("--max-points", "17", "--max-points: expected an integer in 2...16, found 17"),
                                     ("--sensitivity", "2", "--sensitivity: expected a number in 0...1, found 2"),
                                     ("--silence-db", "0", "--silence-db: expected a number in -90...-10, found 0")] {
            let bad = try HapticsCtlRun.run(["from-audio", wav, flag, value])
            #expect(bad.status == 2, "\(flag)")
            #expect(bad.standardError.contains(words), "\(bad.standardError)")
        }
    }

    @Test("check: a config whose rule names a .wav is valid; a bad analysis option is reported with its line")
    func checkConfig() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(atPath: CLICorpus.audio("apple__unityplugins__CollisionSmall.wav"), toPath: folder.path("snap.wav"))
        let good = try folder.write("[[rule]]\nevent = \"custom\"\npattern = \"snap.wav\"\nanalysis = { sensitivity = 0.7, with_audio = true }\n", to: "good.toml")
        let ok = try HapticsCtlRun.run(["check", good])
        #expect(ok.status == 0, "\(ok.standardError)")
        let bad = try folder.write("[[rule]]\nevent = \"custom\"\npattern = \"snap.wav\"\nanalysis = { smoothing = 3 }\n", to: "bad.toml")
        let run = try HapticsCtlRun.run(["check", bad])
        #expect(run.status == 1)
        #expect(run.standardError.contains("\(bad):4:"), "\(run.standardError)")
        #expect(run.standardError.contains("rule[0].analysis.smoothing"), "\(run.standardError)")
    }
}
