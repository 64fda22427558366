import Foundation
@_spi(HapticsTools) @testable import Haptics
import Testing

/// The watcher watches the pattern files a config names, and costs a few `stat`s a look when nothing
/// changes (issue 31: items 12 and C developer items a and c). Each look is `checkNow()`, driven by hand.
@Suite("Hot reload: pattern files, the cost of a look, kinds of failure")
struct PatternHotReloadTests {
    final class Folder {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sdlhaptics-patterns-\(UUID().uuidString)").path
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func write(_ name: String, _ text: String) throws {
            try text.write(toFile: path + "/" + name, atomically: true, encoding: .utf8)
        }
    }

    static func ahap(_ intensity: Double) -> String {
        "{\"Version\": 1.0, \"Pattern\": [{\"Event\": {\"Time\": 0.0, \"EventType\": \"HapticContinuous\", \"EventDuration\": 1.0, "
            + "\"EventParameters\": [{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": \(intensity)}]}}]}"
    }

    static func rule(_ name: String, pattern: String) -> String {
        "[[rule]]\nevent = \"action\"\naction = \"\(name)\"\npattern = \"\(pattern)\"\n"
    }

    /// The intensity of the first event of rule `index`'s pattern in the director's mapping.
    static func intensity(_ director: HapticEventDirector, rule index: Int = 0) -> Double? {
        director.mapping?.patterns[index].events.first?.parameters.first { $0.id == .hapticIntensity }?.value
    }

    /// A director using the config at `file`, and a watcher made as `GameHaptics.mapping.load` makes it.
    static func watch(_ file: String) throws -> (HapticEventDirector, MappingConfigWatcher) {
        let director = HapticEventDirector()
        let seen = MappingConfigWatcher.Snapshot.of(file: file)
        var sources = MappingSources()
        if let loaded = try? LoadedMapping.load(file: file, presets: .builtIn(), sounds: nil, sources: &sources) {
            director.use(loaded)
        }
        return (director, MappingConfigWatcher(file: file, director: director, seen: seen, sources: sources))
    }

    @Test("a saved pattern is reloaded; a broken one is reported as a pattern problem and the last good stays")
    func patternSaved() throws {
        let folder = try Folder()
        try folder.write("buzz.ahap", Self.ahap(0.5))
        try folder.write("haptics.toml", Self.rule("buzz", pattern: "buzz.ahap"))
        let (director, watcher) = try Self.watch(folder.path + "/haptics.toml")
        #expect(watcher.watchedFiles == [folder.path + "/buzz.ahap"])
        #expect(Self.intensity(director) == 0.5)
        #expect(watcher.checkNow() == false, "nothing changed")

        try folder.write("buzz.ahap", Self.ahap(1.0))
        #expect(watcher.checkNow() == false, "first look at the change")
        #expect(watcher.checkNow(), "settled: loaded")
        director.update(at: 1)
        #expect(Self.intensity(director) == 1.0)

        try folder.write("buzz.ahap", "{\"Version\": 1.0, \"Pattern\": [")
        #expect(watcher.checkNow() == false)
        #expect(watcher.checkNow())
        director.update(at: 2)
        #expect(Self.intensity(director) == 1.0, "the last good pattern stays")
        #expect(director.statistics.failedReloads == 1)
        #expect(director.lastErrors.first?.kind == .pattern)
        #expect(director.lastErrors.first?.path == "rule[0].pattern")
        #expect(watcher.checkNow() == false, "reported once")
    }

    @Test("a pattern missing at launch is watched: its first save is loaded")
    func patternAppears() throws {
        let folder = try Folder()
        try folder.write("haptics.toml", Self.rule("buzz", pattern: "later.ahap"))
        let (director, watcher) = try Self.watch(folder.path + "/haptics.toml")
        #expect(director.mapping == nil)
        #expect(watcher.watchedFiles == [folder.path + "/later.ahap"])
        #expect(watcher.checkNow() == false)
        try folder.write("later.ahap", Self.ahap(0.75))
        #expect(watcher.checkNow() == false)
        #expect(watcher.checkNow())
        director.update(at: 1)
        #expect(Self.intensity(director) == 0.75)
    }

    @Test("a look stats the config and at most filesPerLook patterns; an edit among 200 is noticed within ceil(200/64) + 1 looks")
    func manyPatterns() throws {
        let folder = try Folder()
        var config = ""
        for index in 0..<200 {
            try folder.write("p\(index).ahap", Self.ahap(0.5))
            config += Self.rule("a\(index)", pattern: "p\(index).ahap")
        }
        try folder.write("haptics.toml", config)
        let (director, watcher) = try Self.watch(folder.path + "/haptics.toml")
        #expect(watcher.watchedFiles.count == 200)
        let start = watcher.statistics
        #expect(watcher.checkNow() == false)
        #expect(watcher.statistics.filesExamined - start.filesExamined == 1 + MappingConfigWatcher.filesPerLook)

        try folder.write("p199.ahap", Self.ahap(0.25))
        var looks = 0
        while looks < 10 && !watcher.checkNow() { looks += 1 }
        #expect(looks + 1 <= 200 / MappingConfigWatcher.filesPerLook + 2, "\(looks + 1) looks")
        director.update(at: 1)
        #expect(Self.intensity(director, rule: 199) == 0.25)
    }

    @Test("an unchanged config costs one stat a look: read again only once, 2 s after its last change")
    func idleLooksReadNothing() throws {
        let folder = try Folder()
        // About 1 MB: a rule and comment lines.
        let padding = String(repeating: "# " + String(repeating: "x", count: 61) + "\n", count: 16_000)
        try folder.write("haptics.toml", Self.rule("buzz", pattern: "ImpactMedium") + padding)
        let (_, watcher) = try Self.watch(folder.path + "/haptics.toml")
        for _ in 0..<20 { #expect(watcher.checkNow() == false) }
        #expect(watcher.statistics.filesRead == 0, "no read while the stamp is the same")
        #expect(watcher.statistics.filesExamined == 20)
        Thread.sleep(forTimeInterval: MappingConfigWatcher.verificationDelay + 0.2)
        for _ in 0..<20 { #expect(watcher.checkNow() == false) }
        #expect(watcher.statistics.filesRead == 1, "one read to verify, after the file system's clock moved on")
        #expect(watcher.statistics.bytesRead == 16_000 * 64 + Self.rule("buzz", pattern: "ImpactMedium").utf8.count)
    }

    @Test("each kind of failure is said: the file as a whole, its text, the schema, a pattern")
    func kinds() throws {
        let folder = try Folder()
        func kind(_ name: String) -> ConfigDiagnostic.Kind? {
            do { _ = try LoadedMapping.load(file: folder.path + "/" + name, presets: .builtIn()); return nil } catch {
                return error.diagnostics.first?.kind
            }
        }
        #expect(kind("missing.toml") == .missing)
        try FileManager.default.createDirectory(atPath: folder.path + "/folder.toml", withIntermediateDirectories: false)
        #expect(kind("folder.toml") == .notRegularFile)
        #expect(mkfifo(folder.path + "/pipe.toml", 0o600) == 0)
        #expect(kind("pipe.toml") == .notRegularFile)
        try Data([0x23, 0x20, 0xFF, 0x0A]).write(to: URL(fileURLWithPath: folder.path + "/latin1.toml"))
        #expect(kind("latin1.toml") == .encoding)
        try folder.write("syntax.toml", "[[rule]\n")
        #expect(kind("syntax.toml") == .syntax)
        try folder.write("schema.toml", Self.rule("buzz", pattern: "ImpactMedium") + "intensity = 1.5\n")
        #expect(kind("schema.toml") == .schema)
        try folder.write("pattern.toml", Self.rule("buzz", pattern: "nowhere.ahap"))
        #expect(kind("pattern.toml") == .pattern)
        try folder.write("broken.ahap", "{")
        try folder.write("broken.toml", Self.rule("buzz", pattern: "broken.ahap"))
        #expect(kind("broken.toml") == .pattern)
        try Data(count: TOMLLimits().maximumBytes + 1).write(to: URL(fileURLWithPath: folder.path + "/large.toml"))
        #expect(kind("large.toml") == .tooLarge)
        #expect(ConfigDiagnostic.Kind.allCases.filter(\.isWholeFile) == [.missing, .unreadable, .notRegularFile, .tooLarge])
    }
}
