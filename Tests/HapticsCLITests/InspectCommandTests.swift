import Foundation
import Testing

@Suite("hapticsctl inspect")
struct InspectCommandTests {
    /// Three transients, a continuous event, an audio file that is not there, a parameter
    /// change, a curve of three points, and two metadata keys.
    static let fixture = """
        {
          "Version": 1,
          "Metadata": {"Project": "tests", "Description": "inspect fixture"},
          "Pattern": [
            {"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [
              {"ParameterID": "HapticIntensity", "ParameterValue": 0.25},
              {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}},
            {"Event": {"Time": 0.5, "EventType": "HapticTransient", "EventParameters": [
              {"ParameterID": "HapticIntensity", "ParameterValue": 1}]}},
            {"Event": {"Time": 1, "EventType": "HapticTransient", "EventParameters": [
              {"ParameterID": "HapticIntensity", "ParameterValue": 0.75}]}},
            {"Event": {"Time": 0.25, "EventType": "HapticContinuous", "EventDuration": 2, "EventParameters": [
              {"ParameterID": "HapticSharpness", "ParameterValue": 0.1}]}},
            {"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "sounds/hit.wav", "EventParameters": []}},
            {"Parameter": {"ParameterID": "HapticIntensityControl", "Time": 0.5, "ParameterValue": 0.4}},
            {"ParameterCurve": {"ParameterID": "HapticSharpnessControl", "Time": 1, "ParameterCurveControlPoints": [
              {"Time": 0, "ParameterValue": -0.5},
              {"Time": 0.5, "ParameterValue": 0.5},
              {"Time": 1.5, "ParameterValue": 0}]}}
          ]
        }
        """

    @Test("--json gives one object with the counts, ranges and lists of the file")
    func jsonCounts() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(Self.fixture, to: "fixture.ahap")
        let run = try HapticsCtlRun.run(["inspect", "--json", file])
        #expect(run.status == 0, "\(run.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])

        #expect(object["file"] as? String == file)
        #expect(object["version"] as? Double == 1)
        #expect(object["durationSeconds"] as? Double == 2.5, "the curve ends at 1 + 1.5 s")
        #expect(object["eventCount"] as? Int == 5)
        let byType = try #require(object["eventsByType"] as? [String: Int])
        #expect(byType == ["HapticTransient": 3, "HapticContinuous": 1, "AudioContinuous": 0, "AudioCustom": 1])

        let parameters = try #require(object["eventParameters"] as? [String: [String: Any]])
        #expect(Set(parameters.keys) == ["HapticIntensity", "HapticSharpness"])
        #expect(parameters["HapticIntensity"]?["count"] as? Int == 3)
        #expect(parameters["HapticIntensity"]?["minimum"] as? Double == 0.25)
        #expect(parameters["HapticIntensity"]?["maximum"] as? Double == 1)
        #expect(parameters["HapticSharpness"]?["count"] as? Int == 2)
        #expect(parameters["HapticSharpness"]?["minimum"] as? Double == 0.1)
        #expect(parameters["HapticSharpness"]?["maximum"] as? Double == 0.5)

        let controls = try #require(object["controls"] as? [String: [String: Any]])
        #expect(Set(controls.keys) == ["HapticIntensityControl", "HapticSharpnessControl"])
        #expect(controls["HapticIntensityControl"]?["parameterCount"] as? Int == 1)
        #expect(controls["HapticIntensityControl"]?["curveCount"] as? Int == 0)
        let sharpnessValues = try #require(controls["HapticSharpnessControl"]?["values"] as? [String: Any])
        #expect(sharpnessValues["count"] as? Int == 3)
        #expect(sharpnessValues["minimum"] as? Double == -0.5)
        #expect(sharpnessValues["maximum"] as? Double == 0.5)

        let curves = try #require(object["curves"] as? [[String: Any]])
        #expect(curves.count == 1)
        #expect(curves.first?["id"] as? String == "HapticSharpnessControl")
        #expect(curves.first?["timeSeconds"] as? Double == 1)
        #expect(curves.first?["endTimeSeconds"] as? Double == 2.5)
        #expect(curves.first?["pointCount"] as? Int == 3)

        let changes = try #require(object["dynamicParameters"] as? [[String: Any]])
        #expect(changes.count == 1)
        #expect(changes.first?["id"] as? String == "HapticIntensityControl")
        #expect(changes.first?["timeSeconds"] as? Double == 0.5)
        #expect(changes.first?["value"] as? Double == 0.4)

        let audio = try #require(object["audioResources"] as? [[String: Any]])
        #expect(audio.count == 1)
        #expect(audio.first?["path"] as? String == "sounds/hit.wav")
        #expect(audio.first?["present"] as? Bool == false)
        #expect(audio.first?["eventCount"] as? Int == 1)

        #expect(object["metadataKeys"] as? [String] == ["Description", "Project"])
        #expect((object["warnings"] as? [Any])?.isEmpty == true)
    }

    @Test("the text report lists the same facts for people")
    func textReport() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(Self.fixture, to: "fixture.ahap")
        let run = try HapticsCtlRun.run(["inspect", file])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.outputLines
        for expected in [
            "version: 1",
            "duration: 2.5 s",
            "events: 5",
            "  HapticTransient: 3",
            "  HapticContinuous: 1",
            "  AudioCustom: 1",
            "  HapticIntensity: 3 values, 0.25...1",
            "  HapticSharpness: 2 values, 0.1...0.5",
            "  HapticIntensityControl: 1 parameter change, 0 curves, values in 0.4",
            "  HapticSharpnessControl at 1 s: 3 points to 2.5 s, values in -0.5...0.5",
            "  HapticIntensityControl at 0.5 s: 0.4",
            "metadata keys: Description, Project",
            "warnings: 0",
        ] {
            #expect(lines.contains(expected), "missing line \"\(expected)\" in:\n\(run.standardOutput)")
        }
        #expect(!lines.contains("  AudioContinuous: 0"), "types without events are left out of the text")
        #expect(lines.contains { $0.hasPrefix("  sounds/hit.wav: missing") })
    }

    @Test("Grow.ahap's wav is reported present when it sits at the path the pattern names, missing otherwise")
    func audioResourcePresence() throws {
        try CLICorpus.require()
        let folder = try TemporaryFolder()
        let pattern = folder.path("Grow.ahap")
        try FileManager.default.copyItem(atPath: CLICorpus.file("apple__unityplugins__Grow.ahap"), toPath: pattern)

        let without = try Self.audioResources(of: pattern)
        #expect(without.count == 1)
        #expect(without.first?["path"] as? String == "CoreHaptics/Ricochet/Grow.wav")
        #expect(without.first?["present"] as? Bool == false)

        let wav = folder.url.appendingPathComponent("CoreHaptics/Ricochet/Grow.wav")
        try FileManager.default.createDirectory(at: wav.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLICorpus.audio("apple__unityplugins__Grow.wav"), toPath: wav.path)

        let with = try Self.audioResources(of: pattern)
        #expect(with.first?["present"] as? Bool == true)
        #expect(with.first?["resolvedPath"] as? String == folder.path("CoreHaptics/Ricochet/Grow.wav"))

        let text = try HapticsCtlRun.run(["inspect", pattern])
        #expect(text.outputLines.contains { $0.hasPrefix("  CoreHaptics/Ricochet/Grow.wav: present at ") }, "\(text.standardOutput)")

        // Relative to the current folder, the pattern's folder is "." and still resolves.
        let relative = try HapticsCtlRun.run(["inspect", "--json", "Grow.ahap"], in: folder.url)
        #expect(relative.standardOutput.contains(#""present" : true"#), "\(relative.standardOutput)")
    }

    @Test("a folder where the wav should be does not count as present")
    func folderIsNotAnAudioFile() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(Self.fixture, to: "fixture.ahap")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("sounds/hit.wav"), withIntermediateDirectories: true)
        let audio = try Self.audioResources(of: file)
        #expect(audio.first?["present"] as? Bool == false)
    }

    @Test("an invalid file exits 1 with error lines on standard error and no report")
    func invalidFile() throws {
        try CLICorpus.require()
        let file = CLICorpus.folder.appendingPathComponent("invalid/williamwei2025__Haptic-Tests__Inflate.20230126-4ecbc85.ahap").path
        for arguments in [["inspect", file], ["inspect", "--json", file]] {
            let run = try HapticsCtlRun.run(arguments)
            #expect(run.status == 1)
            #expect(run.standardOutput.isEmpty)
            #expect(run.standardError.contains("error: \(file): line 3, column 1: "), "\(run.standardError)")
        }
    }

    @Test("warnings forgiven by the lenient reader are part of the report; --strict refuses the file")
    func warningsInReport() throws {
        try CLICorpus.require()
        let file = CLICorpus.file("apple__unityplugins__Bounce.ahap")
        let run = try HapticsCtlRun.run(["inspect", "--json", file])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let warnings = try #require(object["warnings"] as? [[String: Any]])
        #expect(warnings.contains { $0["kind"] as? String == "trailingComma" })
        #expect(try HapticsCtlRun.run(["inspect", "--strict", file]).status == 1)
    }

    static func audioResources(of file: String) throws -> [[String: Any]] {
        let run = try HapticsCtlRun.run(["inspect", "--json", file])
        #expect(run.status == 0, "\(run.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        return try #require(object["audioResources"] as? [[String: Any]])
    }
}
