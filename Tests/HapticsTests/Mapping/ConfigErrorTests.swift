import Foundation
@_spi(HapticsTools) import Haptics
import Testing

@Suite("Mapping config: errors and hot reload")
struct ConfigErrorTests {
    func errors(_ text: String) -> [ConfigDiagnostic] {
        do {
            _ = try LoadedMapping.load(text: text, file: "test.toml", presets: .builtIn())
            return []
        } catch {
            return error.diagnostics
        }
    }

    @Test("every kind of error says file:line:column and what was expected", arguments: [
        // (config, line, column, phrase, suggestion)
        ("[[rule]]\nevent = \"collision\"\npatern = \"ImpactHeavy\"\n", 3, 1, "unknown key: expected one of", "pattern"),
        ("[[rule]]\nevent = \"colision\"\npattern = \"ImpactHeavy\"\n", 2, 9, "unknown event kind", "collision"),
        ("[[rule]]\nevent = \"collision\"\npattern = \"ImpactHevy\"\n", 3, 11, "no preset or AHAP file named 'ImpactHevy'", nil),
        ("[[rule]]\nevent = \"hit\"\npattern = \"ImpactHeavy\"\nintensity = 1.5\n", 4, 13, "out of range: expected a number in 0...1", nil),
        ("[[rule]]\nevent = \"hit\"\npattern = \"ImpactHeavy\"\ncooldown = \"fast\"\n", 4, 12, "expected seconds in 0...60, found the string", nil),
        ("[[rule]]\nevent = \"hit\"\npattern = \"ImpactHeavy\"\nintensity = { input = \"speed\" }\n", 4, 23, "not an input of hit events", nil),
        ("[[rule]]\nevent = \"hit\"\npattern = \"ImpactHeavy\"\nintensity = { input = \"damage\", curve = \"lin\" }\n", 4, 41, "unknown curve", "linear"),
        ("[[rule]]\nevent = \"hit\"\npattern = \"ImpactHeavy\"\nsurface = \"grass\"\n", 4, 1, "does not apply to hit events", nil),
        ("[[rule]]\nevent = \"texture\"\npattern = \"ImpactHeavy\"\nintensity = { input = \"value\", curve = \"table\", points = [[0, 0], [0, 1]] }\n", 4, 68, "inputs must increase", nil),
        ("[[rule]]\nevent = \"collision\"\npattern = \"ImpactHeavy\"\nattenuation = \"wrld\"\n[attenuation.world]\nfalloff_distance = 5\n", 4, 15, "no [attenuation.wrld] table", "world"),
        ("[materials]\nmetal = { sharpnes = 0.9 }\n", 2, 11, "unknown key: expected one of", "sharpness"),
        ("[materials]\nmetal = { sharpness = 2 }\n", 2, 23, "out of range", nil),
        ("version = 2\n", 1, 11, "unsupported version", nil),
        ("[[rule]]\nevent = \"collision\"\npattern = \"ImpactHeavy\"\ncategory = \"impakt\"\n", 4, 12, "unknown category", "impact"),
        ("[[rule]]\nevent = \"collision\"\n", 1, 1, "needs 'pattern'", nil),
        ("[[rule]]\nevent = \"collision\"\npattern = \"ImpactHeavy\"\nintensity = { input = \"impulse\", curve = \"log\", input_range = [0, 10] }\n", 4, 63, "above 0", nil),
        ("[[rule]]\nevent = \"collision\"\npattern = \"../secret.ahap\"\n", 3, 11, "no preset or AHAP file", nil),
        // A range whose scale overflows would map every event to one end (issue 26: a log curve over
        // [1e-300, 1e300] passed check, then played nothing: "out of range").
        ("[[rule]]\nevent = \"collision\"\npattern = \"ImpactHeavy\"\nintensity = { input = \"impulse\", curve = \"log\", input_range = [1e-300, 1e300] }\n", 4, 63, "too wide for a log curve", nil),
        ("[[rule]]\nevent = \"collision\"\npattern = \"ImpactHeavy\"\nintensity = { input = \"impulse\", input_range = [-1e308, 1e308] }\n", 4, 48, "too wide for a linear curve: high − low overflows", nil),
        ("[[rule]]\nevent = \"collision\"\npattern = \"ImpactHeavy\"\ncoalesce = yes\n", 4, 12, "strings need quotes", nil),
    ] as [(String, Int, Int, String, String?)])
    func located(_ text: String, _ line: Int, _ column: Int, _ phrase: String, _ suggestion: String?) throws {
        let found = errors(text)
        let first = try #require(found.first, "no error for:\n\(text)")
        #expect(first.file == "test.toml")
        #expect(first.location.line == line && first.location.column == column, "\(first)")
        #expect(first.message.contains(phrase), "\(first)")
        #expect(first.suggestion == suggestion, "\(first)")
        #expect(first.description.hasPrefix("test.toml:\(line):\(column): error: "))
    }

    @Test("an integer at either end of 64 bits is refused with the range, never trapped on (issue 34: priority = -9223372036854775808 crashed the load, abs of Int64.min)",
          arguments: ["-9223372036854775808", "9223372036854775807"])
    func priorityAtInt64Ends(value: String) throws {
        let found = errors("[[rule]]\nevent = \"hit\"\npattern = \"ImpactHeavy\"\npriority = \(value)\n")
        let first = try #require(found.first)
        #expect(first.description == "test.toml:4:12: error: rule[0].priority: expected an integer in -1000000...1000000, found \(value)")
        #expect(found.count == 1)
    }

    @Test("at most 1,000 problems are listed; the rest are counted in a last line at the first one left out")
    func problemsCapped() throws {
        // 1,500 rules with an unknown key each: 1,500 problems, one per rule.
        let text = (0..<1_500).map { "[[rule]]\nevent = \"hit\"\npattern = \"ImpactHeavy\"\nprioirty = \($0)\n" }.joined()
        let found = errors(text)
        #expect(found.count == 1_001)
        #expect(found[999].path == "rule[999].prioirty")
        let last = try #require(found.last)
        #expect(last.description == "test.toml:\(1_000 * 4 + 4):1: error: 500 more problems not listed (at most 1000 are)")
        #expect(last.kind == .schema)
    }

    @Test("all problems are reported at once, not only the first")
    func collectsAll() {
        let found = errors("[[rule]]\nevent = \"hit\"\npattern = \"Nope\"\ntrigger_bias = 3\nprioirty = 2\n")
        #expect(found.count == 3)
        #expect(found.map(\.location.line).sorted() == [3, 4, 5])
    }

    @Test("hot reload: a valid file swaps in between frames; a broken one is reported and the last good stays")
    func hotReload() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sdlhaptics-reload-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/haptics.toml"
        func write(_ intensity: String) throws {
            let text = "[[rule]]\nevent = \"custom\"\npattern = \"ImpactMedium\"\nintensity = \(intensity)\n"
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
        try write("0.5")
        let rig = try MappingRig(mapping: try LoadedMapping.load(file: file, presets: .builtIn()))
        var results: [Bool] = []
        rig.director.reloadHandler = { results.append((try? $0.get()) != nil) }
        let watcher = MappingConfigWatcher(file: file, director: rig.director)
        #expect(watcher.checkNow() == false, "unchanged file: nothing offered")

        // A changed file is loaded once two looks in a row read the same bytes (the save has settled).
        func settle(sourceLocation: Testing.SourceLocation = #_sourceLocation) {
            #expect(watcher.checkNow() == false, "the first look at a change only remembers it", sourceLocation: sourceLocation)
            #expect(watcher.checkNow(), "the second look reads the same bytes: loaded", sourceLocation: sourceLocation)
        }

        func currentIntensity() -> Double {
            rig.director.mapping.flatMap { $0.config.rules.first?.intensity.curve.outputLow } ?? -1
        }
        try write("0.9")
        settle()
        #expect(currentIntensity() == 0.5, "nothing swaps until the next frame")
        rig.frame()
        #expect(currentIntensity() == 0.9)

        try write("9000  # out of range")
        settle()
        rig.frame()
        #expect(currentIntensity() == 0.9, "the last good config stays")
        #expect(rig.director.lastErrors.first?.location.line == 4)
        #expect(rig.director.lastErrors.first?.file == file)

        try "[[rule]\n".write(toFile: file, atomically: true, encoding: .utf8)
        settle()
        rig.frame()
        #expect(currentIntensity() == 0.9)
        #expect(rig.director.lastErrors.first?.message.contains("to close the array-of-tables header") == true)

        try write("0.3")
        settle()
        rig.frame()
        #expect(currentIntensity() == 0.3)
        #expect(rig.director.lastErrors.isEmpty)
        #expect(results == [true, false, false, true])

        // An editor that truncates before it writes: the empty file in between is a save in
        // progress, not a config with no rules; the mapping in use stays until the text is there.
        try Data().write(to: URL(fileURLWithPath: file))
        #expect(watcher.checkNow() == false, "an empty file is not offered")
        #expect(watcher.checkNow() == false, "not even when it stays empty")
        rig.frame()
        #expect(currentIntensity() == 0.3)
        try write("0.4")
        settle()
        rig.frame()
        #expect(currentIntensity() == 0.4)
        #expect(results == [true, false, false, true, true])

        // The background thread notices a change by itself.
        watcher.start()
        defer { watcher.stop() }
        try write("0.7")
        let deadline = Date().addingTimeInterval(20)
        while currentIntensity() != 0.7 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
            rig.frame()
        }
        #expect(currentIntensity() == 0.7)
    }

    @Test("a texture keeps playing across a reload, under the new rule")
    func textureAcrossReload() throws {
        let first = "[[rule]]\nevent = \"texture\"\npattern = \"ImpactMedium\"\nintensity = 0.3\n"
        let rig = try MappingRig(config: first)
        rig.director.post(.texture(id: 1, .start, value: 1, player: 0))
        rig.frames(3)
        let before = rig.outputs[0].lastLevels
        rig.director.use(try LoadedMapping.load(text: first.replacingOccurrences(of: "0.3", with: "0.9"), presets: .builtIn()))
        rig.frames(3)
        #expect(rig.director.activeTextureCount == 1)
        #expect(rig.outputs[0].lastLevels.lowFrequency > before.lowFrequency * 2)
    }
}
