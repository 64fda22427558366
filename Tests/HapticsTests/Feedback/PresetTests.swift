import Foundation
@_spi(HapticsTools) @testable import Haptics
import Testing

@Suite("Presets: every feedback case is a distinct, tunable AHAP file")
struct PresetTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../../Assets/Haptics/Presets").standardized.path

    static func signatures() throws -> [(HapticFeedback, PresetSignature)] {
        let library = PresetLibrary.builtIn()
        return try HapticFeedback.allPresetCases.map { feedback in
            let pattern = try #require(library.pattern(for: feedback), "missing preset \(feedback.presetName)")
            return (feedback, try PresetSignature(pattern))
        }
    }

    @Test("the built-in copy equals Assets/Haptics/Presets byte for byte (run `make presets` after editing a preset)")
    func builtInMatchesFolder() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".ahap") }.sorted()
        let library = PresetLibrary(folder: Self.folder)
        #expect(library.load().isEmpty)
        #expect(library.names == PresetLibrary.builtIn().names)
        #expect(files.count == library.names.count)
        for file in files {
            let name = String(file.dropLast(5))
            let onDisk = try String(contentsOfFile: Self.folder + "/" + file, encoding: .utf8)
            let builtIn = BuiltInPresets.files.first { $0.name == name }?.text
            #expect(builtIn == onDisk, "\(name) differs from the built-in copy: run `make presets`")
            #expect(library.pattern(named: name) == PresetLibrary.builtIn().pattern(named: name))
        }
    }

    @Test("every embedded preset decodes: none is dropped from builtIn(), and a broken one would be listed")
    func builtInDecodesEveryFile() {
        #expect(PresetLibrary.builtInErrors.isEmpty, "\(PresetLibrary.builtInErrors)")
        #expect(PresetLibrary.builtIn().names == BuiltInPresets.files.map(\.name).sorted())
        #expect(BuiltInPresets.files.count == 18)
        let broken = BuiltInPresets.decode([("Good", BuiltInPresets.files[0].text), ("Broken", "{ \"Pattern\": [ 1, ")])
        #expect(broken.patterns.keys.sorted() == ["Good"])
        #expect(broken.errors.map(\.file) == ["built-in preset Broken"])
        #expect(broken.errors.first?.message.contains("line 1") == true, "\(broken.errors)")
    }

    @Test("`make presets` regenerates the committed embedded copy byte for byte")
    func embeddedCopyIsRegenerated() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..").standardized
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("BuiltInPresets-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [root.appendingPathComponent("scripts/embed-presets.sh").path, output.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let regenerated = try Data(contentsOf: output)
        let committed = try Data(contentsOf: root.appendingPathComponent("Sources/Haptics/Feedback/BuiltInPresets.swift"))
        #expect(regenerated == committed, "Sources/Haptics/Feedback/BuiltInPresets.swift is stale: run `make presets`")
    }

    @Test("every feedback case has a preset that the strict reader accepts")
    func everyCaseHasAStrictPreset() throws {
        #expect(PresetLibrary.builtIn().missingFeedbackPresets.isEmpty)
        #expect(HapticFeedback.allPresetCases.count == 17)
        for feedback in HapticFeedback.allPresetCases {
            let path = Self.folder + "/" + feedback.presetName + ".ahap"
            let document = try AHAPDecoder(options: .strict).decode(contentsOfFile: path)
            #expect(document.warnings.isEmpty, "\(path)")
            #expect(document.pattern.hasHapticContent)
        }
    }

    @Test("every pair of presets is at least 0.1 apart (RMS drive difference on the generic pad while either plays, 60 Hz)")
    func everyPairDistinct() throws {
        let all = try Self.signatures()
        var closest = (Double.infinity, "", "")
        for i in all.indices {
            for j in all.indices where j > i {
                let d = all[i].1.distance(to: all[j].1)
                if d < closest.0 { closest = (d, all[i].0.presetName, all[j].0.presetName) }
                #expect(d >= 0.1, "\(all[i].0.presetName) and \(all[j].0.presetName) feel alike: distance \(d)")
            }
        }
        print("closest presets: \(closest.1) and \(closest.2), distance \(closest.0)")
        if ProcessInfo.processInfo.environment["PRINT_PRESET_SIGNATURES"] != nil {
            for (feedback, signature) in all {
                print(feedback.presetName, signature.low.prefix(24).map { String(format: "%.2f", $0) }.joined(separator: " "))
                print(String(repeating: " ", count: feedback.presetName.count), signature.high.prefix(24).map { String(format: "%.2f", $0) }.joined(separator: " "))
            }
        }
    }

    @Test("weights are ordered by energy: light < medium < heavy")
    func weightsOrdered() throws {
        let library = PresetLibrary.builtIn()
        let energies = try HapticFeedback.Weight.allCases.map {
            try PresetSignature(try #require(library.pattern(for: .impact(weight: $0)))).energy
        }
        #expect(energies[0] < energies[1] && energies[1] < energies[2], "\(energies)")
    }

    @Test("flexibilities are ordered: rigid is sharpest and quickest, soft the least sharp and the slowest to arrive")
    func flexibilitiesOrdered() throws {
        let library = PresetLibrary.builtIn()
        let signatures = try HapticFeedback.Flexibility.allCases.map {
            try PresetSignature(try #require(library.pattern(for: .impact(flexibility: $0))))
        }
        let (rigid, solid, soft) = (signatures[0], signatures[1], signatures[2])
        #expect(rigid.highShare > solid.highShare && solid.highShare > soft.highShare,
                "\([rigid.highShare, solid.highShare, soft.highShare])")
        #expect(rigid.energy < soft.energy, "rigid is the shortest")
        let library2 = PresetLibrary.builtIn()
        let softPattern = try #require(library2.pattern(for: .impact(flexibility: .soft)))
        #expect(!softPattern.events.contains { $0.type == .hapticTransient }, "soft has no sharp edge")
    }

    @Test("notifications are never a single impact: each has at least two distinct moments")
    func notificationsAreNotImpacts() throws {
        let library = PresetLibrary.builtIn()
        for feedback in [HapticFeedback.success, .warning, .error] {
            let pattern = try #require(library.pattern(for: feedback))
            let moments = pattern.events.count + pattern.parameterCurves.count
            #expect(moments >= 2, "\(feedback.presetName)")
        }
    }

    @Test("a folder reload with a broken file keeps the last good preset and names the file and place")
    func brokenReloadKeepsLastGood() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("presets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Selection.ahap")
        try String(contentsOfFile: Self.folder + "/Selection.ahap", encoding: .utf8).write(to: file, atomically: true, encoding: .utf8)
        let library = PresetLibrary(folder: folder.path)
        #expect(library.load().isEmpty)
        let good = try #require(library.pattern(named: "Selection"))
        try "{ \"Pattern\": [ { \"Event\": { \"Time\": 0, \"EventType\": \"HapticTransient\" ".write(to: file, atomically: true, encoding: .utf8)
        let errors = library.load()
        #expect(errors.count == 1)
        #expect(errors.first?.file == file.path)
        #expect(errors.first?.message.contains("line 1") == true, "\(errors)")
        #expect(library.pattern(named: "Selection") == good)
        #expect(PresetLibrary(folder: folder.appendingPathComponent("missing").path).load().first?.message.contains("cannot list") == true)
    }

    @Test("feedback names as scripts write them round-trip to cases")
    func names() {
        for name in HapticFeedback.names { #expect(HapticFeedback(name: name) != nil, "\(name)") }
        #expect(HapticFeedback(name: "impactHeavy") == .impact(weight: .heavy))
        #expect(HapticFeedback(name: "impactSoft") == .impact(flexibility: .soft))
        #expect(HapticFeedback(name: "Success") == nil)
        #expect(HapticFeedback.impact(weight: .light, intensity: 7).intensity == 1)
        #expect(HapticFeedback.impact(weight: .light, intensity: .nan).intensity == 1)
    }
}
