import Foundation
@_spi(HapticsTools) import Haptics
import Testing

/// What one config may load (issue 26): each pattern or sound file loaded once however many rules
/// name it, a budget refused at the rule that passes it, and pattern files checked in the same
/// pass as the schema. Counts, not times: the figures are in docs/reliability.md.
@Suite("Mapping config: each file once, within a load budget")
struct LoadBudgetTests {
    /// A fresh folder, removed by `remove()`. Files are written and removed with POSIX calls:
    /// Foundation takes about 3 ms per file here, and one test writes 4,097.
    struct Folder {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sdlhaptics-budget-\(UUID().uuidString)").path
        private final class Names { var all: [String] = [] }
        private let names = Names()
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        func write(_ name: String, _ bytes: [UInt8]) throws {
            let file = path + "/" + name
            let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
            defer { close(descriptor) }
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            guard written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
            names.all.append(file)
        }
        func write(_ name: String, _ text: String) throws { try write(name, Array(text.utf8)) }
        func remove() {
            for file in names.all { unlink(file) }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// An AHAP pattern of `events` transients, 0.01 s apart.
    static func ahap(events: Int) -> String {
        var text = "{\"Version\": 1, \"Pattern\": [\n"
        for index in 0..<events {
            text += "{\"Event\": {\"Time\": \(Double(index) / 100), \"EventType\": \"HapticTransient\", "
                + "\"EventParameters\": [{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": 0.5}]}}"
            text += index == events - 1 ? "\n" : ",\n"
        }
        return text + "]}\n"
    }

    /// 16-bit mono PCM WAV of `seconds` of decaying hits every 0.25 s at `rate` Hz.
    static func wav(seconds: Double, rate: Int = 16_000) -> [UInt8] {
        let count = Int(seconds * Double(rate))
        var out: [UInt8] = []
        func u32(_ v: Int) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        func u16(_ v: Int) { out += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        out += Array("RIFF".utf8); u32(36 + 2 * count); out += Array("WAVE".utf8)
        out += Array("fmt ".utf8); u32(16); u16(1); u16(1); u32(rate); u32(rate * 2); u16(2); u16(16)
        out += Array("data".utf8); u32(2 * count)
        for i in 0..<count {
            let t = Double(i) / Double(rate)
            let since = t.truncatingRemainder(dividingBy: 0.25)
            let v = 0.7 * sin(2 * Double.pi * 180 * since) * exp(-since / 0.05)
            u16(Int(Int16(v * 32_767)) & 0xFFFF)
        }
        return out
    }

    static func rules(_ count: Int, pattern: (Int) -> String) -> String {
        (0..<count).map { "[[rule]]\nevent = \"custom\"\ncustom = \"c\($0)\"\npattern = \"\(pattern($0))\"\n" }.joined()
    }

    @Test("400 rules naming one AHAP file: read and decoded once, every rule shares the pattern")
    func sharedPattern() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write("big.ahap", Self.ahap(events: 2_000))
        try folder.write("haptics.toml", Self.rules(400) { _ in "big.ahap" })
        let loaded = try LoadedMapping.load(file: folder.path + "/haptics.toml", presets: .builtIn())
        #expect(loaded.loadCost.files == 1)
        #expect(loaded.loadCost.patternDecodes == 1, "was one decode per rule: 400")
        #expect(loaded.patterns.count == 400 && loaded.patterns.allSatisfy { $0.events.count == 2_000 })
        #expect(loaded.loadCost.bytes == Self.ahap(events: 2_000).utf8.count)
    }

    @Test("names that lead to one file (a link, ./) are one file")
    func oneFileByRealPath() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write("tap.ahap", Self.ahap(events: 3))
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link.ahap", withDestinationPath: folder.path + "/tap.ahap")
        try folder.write("haptics.toml", Self.rules(3) { ["tap.ahap", "link.ahap", "./tap.ahap"][$0] })
        let loaded = try LoadedMapping.load(file: folder.path + "/haptics.toml", presets: .builtIn())
        #expect(loaded.loadCost.files == 1 && loaded.loadCost.patternDecodes == 1)
    }

    @Test("a sound named by 30 rules with 3 option sets: read once, measured once, analysed 3 times; a reload analyses nothing")
    func sharedSound() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write("hit.wav", Self.wav(seconds: 1))
        let sensitivities = [0.3, 0.5, 0.7]
        let text = (0..<30).map {
            "[[rule]]\nevent = \"custom\"\ncustom = \"c\($0)\"\npattern = \"hit.wav\"\nanalysis = { sensitivity = \(sensitivities[$0 % 3]) }\n"
        }.joined()
        try folder.write("haptics.toml", text)
        let sounds = SoundPatternLoader(decoder: PCMWAVDecoder())
        let loaded = try LoadedMapping.load(file: folder.path + "/haptics.toml", presets: .builtIn(), sounds: sounds)
        #expect(loaded.loadCost.files == 1)
        #expect(sounds.measurementCount == 1, "the spectrum once per sound")
        #expect(sounds.analysisCount == 3, "once per distinct option set")
        #expect(loaded.loadCost.soundAnalyses == 3 && loaded.loadCost.soundSeconds == 3)
        #expect(loaded.soundFingerprints.count == 1)
        let again = try LoadedMapping.load(file: folder.path + "/haptics.toml", presets: .builtIn(), sounds: sounds)
        #expect(sounds.measurementCount == 1 && sounds.analysisCount == 3, "the cache answers")
        #expect(again.loadCost.bytes == loaded.loadCost.bytes && again.loadCost.soundSeconds == loaded.loadCost.soundSeconds
                && again.loadCost.soundAnalyses == 3, "the budget counts the same whatever the cache holds")
        #expect(again.loadCost.soundMeasurements == 0, "nothing measured again")
    }

    @Test("measure once, analyse per options: the same analysis as analysing directly")
    func measureThenAnalyse() throws {
        let samples = (0..<16_000).map { i -> Float in
            let since = (Double(i) / 16_000).truncatingRemainder(dividingBy: 0.25)
            return Float(0.7 * sin(2 * Double.pi * 180 * since) * exp(-since / 0.05))
        }
        let measurement = try SoundAnalyzer.measure(samples: samples, sampleRate: 16_000)
        for sensitivity in [0.2, 0.8] {
            var options = AudioHapticsOptions()
            options.sensitivity = sensitivity
            let direct = try SoundAnalyzer.analyze(samples: samples, sampleRate: 16_000, options: options)
            #expect(SoundAnalyzer.analyze(measurement, options: options) == direct)
            #expect(!direct.onsets.isEmpty)
        }
    }

    @Test("the bytes budget at its edge: 4,096 distinct small files load, the 4,097th is refused at its rule")
    func bytesBudget() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let budget = MappingLoadBudget()
        let allowed = budget.maximumBytes / budget.minimumFileCharge
        #expect(allowed == 4_096)
        let tap = Self.ahap(events: 1)
        for index in 0...allowed { try folder.write("p\(index).ahap", tap) }
        try folder.write("fits.toml", Self.rules(allowed) { "p\($0).ahap" })
        let fits = try LoadedMapping.load(file: folder.path + "/fits.toml", presets: .builtIn())
        #expect(fits.loadCost.files == allowed && fits.loadCost.bytes == budget.maximumBytes)

        try folder.write("over.toml", Self.rules(allowed + 1) { "p\($0).ahap" } + Self.rules(3) { _ in "p0.ahap" })
        do {
            _ = try LoadedMapping.load(file: folder.path + "/over.toml", presets: .builtIn())
            Issue.record("a config over the budget loaded")
        } catch {
            #expect(error.diagnostics.count == 1, "reported once, nothing loaded after it: \(error.diagnostics.prefix(3))")
            let problem = try #require(error.diagnostics.first)
            #expect(problem.location.line == 4 * allowed + 4 && problem.location.column == 11, "\(problem)")
            #expect(problem.path == "rule[4096].pattern")
            #expect(problem.message.contains("passes the config's budget of 67108864 bytes"), "\(problem)")
        }
    }

    @Test("the sound budget: analyses past 300 s of sound are refused at the rule that passes it")
    func secondsBudget() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write("long.wav", Self.wav(seconds: 20, rate: 8_000))
        // 16 option sets of a 20 s sound: 320 s; the 16th passes 300 s.
        let text = (0..<16).map {
            "[[rule]]\nevent = \"custom\"\ncustom = \"c\($0)\"\npattern = \"long.wav\"\nanalysis = { sensitivity = \(Double($0) / 100) }\n"
        }.joined()
        try folder.write("haptics.toml", text)
        let sounds = SoundPatternLoader(decoder: PCMWAVDecoder())
        do {
            _ = try LoadedMapping.load(file: folder.path + "/haptics.toml", presets: .builtIn(), sounds: sounds)
            Issue.record("a config over the sound budget loaded")
        } catch {
            let problem = try #require(error.diagnostics.first)
            #expect(error.diagnostics.count == 1)
            #expect(problem.location.line == 5 * 15 + 4, "\(problem)")
            #expect(problem.message.contains("passes the config's budget of 300 s of sound analysed (300 s before it, 20 s for this sound"), "\(problem)")
        }
        #expect(sounds.measurementCount == 1 && sounds.analysisCount == 15)
    }

    @Test("a broken pattern file is reported in the same pass as schema errors, also in a rule with other errors")
    func samePass() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write("broken.ahap", "{\"Pattern\": [}")
        try folder.write("haptics.toml", """
        [[rule]]
        event = "custom"
        pattern = "ImpactLight"
        prioirty = 2

        [[rule]]
        event = "custom"
        pattern = "broken.ahap"

        [[rule]]
        event = "custom"
        pattern = "broken.ahap"
        intensity = 7

        [[rule]]
        event = "colision"
        pattern = "broken.ahap"
        """)
        do {
            _ = try LoadedMapping.load(file: folder.path + "/haptics.toml", presets: .builtIn())
            Issue.record("loaded")
        } catch {
            let found = error.diagnostics.map { "\($0.location.line):\($0.path)" }
            #expect(found == ["4:rule[0].prioirty", "13:rule[2].intensity", "16:rule[3].event", "8:rule[1].pattern"], "\(error)")
            #expect(error.diagnostics[3].message.hasPrefix("the AHAP file 'broken.ahap' does not load: "), "\(error.diagnostics[3])")
            #expect(error.diagnostics[3].message.hasSuffix(" (2 more rules name it)"), "once per file: \(error.diagnostics[3])")
        }
    }

    /// No control character but the newlines that end lines (`EchoedText`, issue 26 item 15).
    static func isPrintable(_ text: String) -> Bool {
        !text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
    }

    @Test("pattern names echoed in this pass's problems are escaped and cut after 80 bytes, also with \"(N more rules name it)\"; a budget refusal echoes no name")
    func echoedPatternNames() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let long = String(repeating: "p", count: 100)
        try folder.write("bad\u{1B}\n\(long).ahap", "{")   // a broken file whose name holds ESC and a newline
        try folder.write("ok\u{07}.ahap", Self.ahap(events: 1))
        let broken = #"bad\u001B\n"# + long + ".ahap"       // as TOML writes it
        let text = Self.rules(3) { _ in broken } + Self.rules(1) { _ in #"gone\u0007"# + long + ".ahap" }
        do {
            _ = try LoadedMapping.load(text: text, file: "h.toml", folder: folder.path, presets: .builtIn())
            Issue.record("loaded")
        } catch {
            #expect(error.diagnostics.count == 2, "\(error)")
            #expect(Self.isPrintable(error.description), "\(error)")
            #expect(error.description.split(separator: "\n").count == 2, "one line per problem")
            let missing = try #require(error.diagnostics.first { $0.path == "rule[3].pattern" })
            #expect(missing.message.hasPrefix(#"no preset or AHAP file named 'gone\u0007"# + String(repeating: "p", count: 75) + "…(+30 bytes)'"), "\(missing)")
            let file = try #require(error.diagnostics.first { $0.path == "rule[0].pattern" })
            #expect(file.message.hasPrefix(#"the AHAP file 'bad\u001B\n"# + String(repeating: "p", count: 75) + "…(+30 bytes)' does not load: "), "\(file)")
            #expect(file.message.hasSuffix(" (2 more rules name it)"), "\(file)")
        }
        // A budget passed at a file whose name holds ESC and a newline: the message is numbers and words.
        var budget = MappingLoadBudget()
        budget.maximumBytes = budget.minimumFileCharge   // room for one file
        do {
            _ = try LoadedMapping.load(text: Self.rules(1) { _ in #"ok\u0007.ahap"# } + Self.rules(1) { _ in #"bad\u001B\n"# + long + ".ahap" },
                                       file: "h.toml", folder: folder.path, presets: .builtIn(), sounds: nil, budget: budget)
            Issue.record("loaded")
        } catch {
            #expect(error.diagnostics.count == 1, "\(error)")
            let refused = try #require(error.diagnostics.first)
            #expect(refused.path == "rule[1].pattern")
            #expect(refused.message.hasPrefix("loading this pattern passes the config's budget of 16384 bytes"), "\(refused)")
            #expect(Self.isPrintable(error.description) && !refused.message.contains("bad"), "\(error)")
        }
    }
}
