import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

@Suite("hapticsctl render")
struct RenderCommandTests {
    static let singleTransient = #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}}]}"#

    @Test("a single transient renders as CSV on the generic pad: its burst at full drive, then one silent row")
    func singleTransientCSV() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(Self.singleTransient, to: "tap.ahap")
        let run = try HapticsCtlRun.run(["render", file])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.isEmpty)
        let lines = run.outputLines
        #expect(lines.first == "time,output,low,high,left_trigger,right_trigger")
        #expect(lines.dropFirst().first == "0.0,generic,1.0,1.0,0.0,0.0")   // the burst starts at full drive
        // The burst sized to the tap (longer on the big, slower motor), then silence; the trace stops
        // on the first silent frame.
        #expect(lines.count >= 3 && lines.count <= 5, "\(lines)")
        #expect(lines.last?.hasSuffix(",generic,0.0,0.0,0.0,0.0") == true, "\(lines)")
        for line in lines.dropFirst() {
            let fields = line.split(separator: ",")
            #expect(fields.count == 6 && fields[1] == "generic")
            #expect(["0.0", "1.0"].contains(fields[2]) && ["0.0", "1.0"].contains(fields[3]), "\(line)")
        }
    }

    @Test("--rate and --profile: the virtual pad at 100 frames per second")
    func rateAndProfile() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(Self.singleTransient, to: "tap.ahap")
        let run = try HapticsCtlRun.run(["render", file, "--rate", "100", "--profile", "virtual"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.outputLines == [
            "time,output,low,high,left_trigger,right_trigger",
            "0.0,virtual,1.0,1.0,0.0,0.0", "0.01,virtual,1.0,1.0,0.0,0.0", "0.02,virtual,1.0,1.0,0.0,0.0",
            "0.03,virtual,1.0,1.0,0.0,0.0", "0.04,virtual,1.0,1.0,0.0,0.0", "0.05,virtual,0.0,0.0,0.0,0.0",
        ])
    }

    @Test("--profile repeated: one row per profile per frame, in the order given")
    func severalProfiles() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(Self.singleTransient, to: "tap.ahap")
        let run = try HapticsCtlRun.run(["render", file, "--profile", "switchPro", "--profile", "virtual"])
        #expect(run.status == 0, "\(run.standardError)")
        let rows = run.outputLines.dropFirst()
        #expect(rows.prefix(2) == ["0.0,switchPro,1.0,1.0,0.0,0.0", "0.0,virtual,1.0,1.0,0.0,0.0"])
        #expect(rows.count % 2 == 0)
    }

    @Test("--format svg -o OUT writes a well-formed chart with one lane per actuator", arguments: [
        ("generic", ["lowFrequency", "highFrequency"]),
        ("xboxOne", ["lowFrequency", "highFrequency", "leftTrigger", "rightTrigger"]),
    ])
    func svg(profile: String, lanes: [String]) throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(Self.singleTransient, to: "tap.ahap")
        let out = folder.path("tap.svg")
        let run = try HapticsCtlRun.run(["render", file, "--format", "svg", "--profile", profile, "-o", out])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        let parsed = LaneCollector(svg)
        #expect(parsed.isWellFormed)
        #expect(parsed.lanes == lanes.map { ["data-output": profile, "data-actuator": $0] })
        #expect(svg.contains("<title>tap.ahap</title>"))
    }

    @Test("every preset in Assets/Haptics/Presets renders to SVG on stdout and to a CSV that ends at 0")
    func presets() throws {
        let folder = CLICorpus.packageRoot.appendingPathComponent("Assets/Haptics/Presets")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ahap") }.sorted()
        #expect(files.count >= 17)
        for name in files {
            let path = folder.appendingPathComponent(name).path
            let svg = try HapticsCtlRun.run(["render", path, "--format", "svg"])
            #expect(svg.status == 0, "\(name): \(svg.standardError)")
            #expect(LaneCollector(svg.standardOutput).lanes.count == 2, "\(name)")
            let csv = try HapticsCtlRun.run(["render", path])
            #expect(csv.status == 0, "\(name): \(csv.standardError)")
            #expect(csv.outputLines.last?.hasSuffix(",generic,0.0,0.0,0.0,0.0") == true, "\(name): \(csv.outputLines.last ?? "")")
            #expect(csv.outputLines.dropFirst().contains { !$0.hasSuffix(",0.0,0.0,0.0,0.0") }, "\(name) is heard")
        }
    }

    @Test("an unknown profile is a usage error that lists the profiles")
    func unknownProfile() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(Self.singleTransient, to: "tap.ahap")
        let run = try HapticsCtlRun.run(["render", file, "--profile", "dualshock9"])
        #expect(run.status == 2)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains(
            "unknown profile 'dualshock9'; expected one of: generic, xboxOne, xboxOneBluetooth, ps4, ps5, switchPro, virtual"),
            "\(run.standardError)")
    }

    @Test("a rate outside 1...1000 and an unknown format are usage errors", arguments: [
        ["--rate", "0"], ["--rate", "5000"], ["--rate", "nan"], ["--format", "png"],
    ])
    func badOptions(arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(Self.singleTransient, to: "tap.ahap")
        let run = try HapticsCtlRun.run(["render", file] + arguments)
        #expect(run.status == 2, "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains("Usage: hapticsctl render"))
    }

    @Test("an invalid file exits 1 with its error lines on standard error and nothing on standard output")
    func invalidFile() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(#"{"Version": 1, "Pattern": [{"Event": {"Time": "soon"}}]}"#, to: "bad.ahap")
        let run = try HapticsCtlRun.run(["render", file])
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains("error: \(file): Pattern[0]"), "\(run.standardError)")
    }

    @Test("an output that cannot be written exits 1 with an error line")
    func unwritableOutput() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(Self.singleTransient, to: "tap.ahap")
        let out = folder.path("no/such/folder/tap.csv")
        let run = try HapticsCtlRun.run(["render", file, "-o", out])
        #expect(run.status == 1)
        #expect(run.standardError.hasPrefix("error: \(out): could not write the render"), "\(run.standardError)")
    }

    /// A pattern of `seconds` that ends with a continuous event of at most 30 s (a file of about 150 bytes).
    static func continuous(seconds: Double) -> String {
        let length = min(seconds, 30)
        return #"{"Version": 1, "Pattern": [{"Event": {"Time": \#(seconds - length), "EventType": "HapticContinuous", "EventDuration": \#(length), "EventParameters": []}}]}"#
    }

    @Test("the 1,000,000-frame limit is over the whole output: repeated --profile is refused at the one that passes it")
    func frameLimitOverProfiles() throws {
        let folder = try TemporaryFolder()
        // 30 s + 5 s of tail at 1000 frames/s: 35,001 frames per profile; 28 profiles fit, the 29th passes.
        let file = try folder.write(Self.continuous(seconds: 30), to: "long.ahap")
        let fifty = Array(repeating: ["--profile", "generic"], count: 50).flatMap { $0 }
        let run = try HapticsCtlRun.run(["render", file, "--rate", "1000"] + fifty)
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty, "nothing rendered")
        #expect(run.standardError == "error: \(file): --profile #29 (generic): the render needs 35001 frames per profile (the pattern "
                + "lasts 30 s, plus up to 5 s of tail, at 1000 frames/s); 50 profiles need 1750050 frames, more than the limit of "
                + "1000000 frames over the whole output (at most 28 profiles of this pattern)\n")
        // One profile alone over the limit: the pattern is at fault.
        let hour = try folder.write(Self.continuous(seconds: 1_000), to: "hour.ahap")
        let alone = try HapticsCtlRun.run(["render", hour, "--rate", "1000"])
        #expect(alone.status == 1)
        #expect(alone.standardError.hasPrefix("error: \(hour): Pattern: the render needs 1005001 frames for one profile"), "\(alone.standardError)")
        // Within the limit, repeated profiles render side by side.
        let short = try folder.write(Self.continuous(seconds: 0.1), to: "short.ahap")
        let two = try HapticsCtlRun.run(["render", short, "--profile", "generic", "--profile", "generic"])
        #expect(two.status == 0, "\(two.standardError)")
        #expect(two.outputLines.contains { $0.contains(",generic-2,") })
    }

}

/// The `data-output` and `data-actuator` attributes of every `<g class="lane">`, and whether the
/// document is well-formed XML.
final class LaneCollector: NSObject, XMLParserDelegate {
    private(set) var lanes: [[String: String]] = []
    private(set) var isWellFormed = false

    init(_ svg: String) {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        isWellFormed = parser.parse()
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes: [String: String] = [:]) {
        guard elementName == "g", attributes["class"] == "lane" else { return }
        lanes.append(attributes.filter { $0.key.hasPrefix("data-") })
    }
}
