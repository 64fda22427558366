import Foundation
@_spi(HapticsTools) import Haptics
@_spi(HapticsTools) @testable import HapticsTools
import Testing

/// `MappingSimulation.summary()`: each played response with the rule's intensity and the drive the pad
/// received, the numbers docs/config.md shows side by side.
@Suite("Simulation summary: intensity next to drive")
struct MappingSummaryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../..").standardized
    static let events = root.appendingPathComponent("Demo/Scripts/events.jsonl").path
    /// The shipped default mapping (what `MappingRig.defaultMapping()` loads in HapticsTests).
    static let defaultConfig = root.appendingPathComponent("Assets/Haptics/haptics.toml").path

    static func demoSimulation(profile: MotorProfile = .genericDualMotor) throws -> MappingSimulation {
        let text = try String(contentsOfFile: events, encoding: .utf8)
        let script = try EventScript.parse(text, file: events)
        return try MappingSimulation(script: script, mapping: try LoadedMapping.load(file: defaultConfig, presets: .builtIn()), profile: profile)
    }

    @Test("one row per played response, in time order, with the rule's name, player and intensity")
    func rows() throws {
        let simulation = try Self.demoSimulation()
        let rows = simulation.summary()
        #expect(rows.count == simulation.moments.count)
        // events.jsonl: 16 events, of which 2 texture updates and 1 texture stop start nothing.
        #expect(rows.count == 13)
        #expect(rows.map(\.time) == rows.map(\.time).sorted())
        #expect(rows.first?.name == "step on grass")
        #expect(rows.allSatisfy { $0.player == 0 })
        #expect(rows.allSatisfy { (0...1).contains($0.intensity) })
        #expect(rows.allSatisfy { $0.peakDrive.lowFrequency >= 0 && $0.peakDrive.lowFrequency <= 1 })
    }

    @Test("the heavy crate's burst is at full drive, the light box's one drive sized to its strength; what the hand feels keeps them apart")
    func intensityIsNotDrive() throws {
        let rows = try Self.demoSimulation().summary().filter { $0.name == "collision" }
        try #require(rows.count == 2)
        let light = rows[0], heavy = rows[1]
        #expect(light.intensity < 0.4 && heavy.intensity > 0.9)
        #expect(heavy.peakDrive.lowFrequency == 1, "the heavy crate's burst is at full drive")
        #expect(light.peakDrive.lowFrequency < 1 && light.peakDrive.lowFrequency > MotorResponse.largeERM.startThreshold,
                "the light box's burst is sized to it: \(light.peakDrive)")
        #expect(heavy.peakFelt.lowFrequency > light.peakFelt.lowFrequency, "the heavy crate feels stronger")
        #expect(heavy.peakFelt.highFrequency > light.peakFelt.highFrequency)
        #expect(light.peakFelt.lowFrequency >= 0.1, "the light box is felt")
    }

    @Test("the drive depends on the pad's profile, the intensity does not")
    func profileChangesDriveOnly() throws {
        let generic = try Self.demoSimulation().summary().filter { $0.name == "collision" }
        let linear = try Self.demoSimulation(profile: .virtual).summary().filter { $0.name == "collision" }
        try #require(generic.count == 2 && linear.count == 2)
        #expect(generic.map(\.intensity) == linear.map(\.intensity))
        // The virtual profile's actuators are instant, with no start threshold: the light box is sent as its
        // intensity, weaker than the burst a real motor gets.
        #expect(generic[0].peakDrive.lowFrequency > linear[0].peakDrive.lowFrequency + 0.1)
    }

    @Test("the figures in docs/config.md's 'Intensity is not drive' table are what the simulation gives")
    func docTableIsTrue() throws {
        let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/config.md"), encoding: .utf8)
        let rows = try Self.demoSimulation().summary()
        let tableLines = doc.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.split(separator: "|").count == 7 }
            .map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
            .filter { line in (2...6).allSatisfy { Double(line[$0]) != nil } }
        try #require(tableLines.count >= 4, "the table is in docs/config.md")
        for line in tableLines {
            let rule = line[1], intensity = line[2]
            let match = rows.contains {
                $0.name == rule && String(format: "%.3f", $0.intensity) == intensity
                    && String(format: "%.3f", $0.peakDrive.lowFrequency) == line[3]
                    && String(format: "%.3f", $0.peakDrive.highFrequency) == line[4]
                    && String(format: "%.3f", $0.peakFelt.lowFrequency) == line[5]
                    && String(format: "%.3f", $0.peakFelt.highFrequency) == line[6]
            }
            #expect(match, "docs/config.md row \(line) is not what `simulate --summary` gives")
        }
    }

    @Test("the table is aligned text with a header and one line per row")
    func table() throws {
        let simulation = try Self.demoSimulation()
        let lines = simulation.summaryTable().split(separator: "\n")
        #expect(lines.first?.hasPrefix(" time  player  rule") == true, "\(lines.first ?? "")")
        #expect(lines.count == simulation.moments.count + 1)
        #expect(lines.dropFirst().first?.contains("step on grass") == true)
    }
}
