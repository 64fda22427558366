import Foundation
import Testing

/// Runs an example executable that SwiftPM built beside the test bundle (same folder on Linux).
enum ExampleRun {
    static func folder() -> URL? {
        guard let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        return URL(fileURLWithPath: exe).deletingLastPathComponent()
    }

    /// Runs `name ARGUMENTS` with the dummy SDL drivers; returns exit status and standard output
    /// and standard error together.
    static func run(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let url = try #require(folder()?.appendingPathComponent(name), "no folder for the test executable")
        try #require(FileManager.default.isExecutableFile(atPath: url.path), "\(name) was not built beside the tests")
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "dummy"
        environment["SDL_AUDIODRIVER"] = "dummy"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

@Suite("Examples run headless")
struct ExampleTests {
    @Test("pattern on a pad: pressing A on the virtual pad plays the heartbeat, and the pad ends at (0,0)")
    func patternOnPad() throws {
        let run = try ExampleRun.run("example-pattern-on-pad", ["--headless", "--frames", "240"])
        #expect(run.status == 0)
        #expect(run.output.contains("frames: 240, plays: 1,"), "\(run.output)")
        #expect(run.output.contains("last 0,0"), "\(run.output)")
        let changes = run.output.split(separator: "rumble changes: ").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
        #expect(changes >= 2, "the heartbeat changes the motors: \(run.output)")
    }

    @Test("generators on buttons: each button's generator plays once, the selection sweep is throttled, the pad ends at (0,0)")
    func generatorOnButton() throws {
        let run = try ExampleRun.run("example-generator-on-button", ["--headless", "--frames", "180"])
        #expect(run.status == 0)
        #expect(run.output.contains("alignment 1, error 1, impact 1, selection "), "\(run.output)")
        let ticks = run.output.split(separator: "selection ").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
        // 15 presses 33 ms apart, throttled to one tick per 50 ms: at least 5, at most 10.
        #expect((5...10).contains(ticks), "\(ticks) selection ticks")
        #expect(run.output.contains("success 1"))
        #expect(run.output.contains("last 0,0"))
    }

    @Test("adaptive triggers: a bow on R2 fires once when pulled past its click, the brake's resistance follows the cart, both end off")
    func adaptiveTriggers() throws {
        let run = try ExampleRun.run("example-adaptive-triggers", ["--headless", "--frames", "240"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("frames: 240, arrows: 1,"), "\(run.output)")
        let changes = run.output.split(separator: "effect changes sent: ").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
        // The brake's level follows a 0...10 m/s sine over 4 s: several level changes, far fewer than frames.
        #expect((5...120).contains(changes), "\(run.output)")
        #expect(run.output.contains("last R2 5 L2 5"), "shutdown leaves both triggers off: \(run.output)")
    }

    @Test("collision by config: three falling crates are felt once each through the shipped config; the pad ends at (0,0)")
    func collisionByConfig() throws {
        let run = try ExampleRun.run("example-collision-by-config", ["--headless", "--frames", "300"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("frames: 300, landings felt: 3,"), "\(run.output)")
        let intensities = run.output.split(separator: "intensities: ").last.map { $0.prefix { $0 != "\n" }.split(separator: " ").compactMap { Double($0) } } ?? []
        #expect(intensities.count == 3 && intensities.allSatisfy { $0 > 0.2 && $0 <= 1 }, "\(intensities)")
        let strongest = run.output.split(separator: "strongest ").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
        #expect(strongest > 30_000, "the pad felt the landings: \(run.output)")
        #expect(run.output.contains("last 0,0"), "\(run.output)")
    }

    @Test("soak, short: random game events through mapping and engine keep voices and memory bounded and end silent")
    func shortSoak() throws {
        let run = try ExampleRun.run("haptics-soak", ["--hours", "0.02", "--seed", "7"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("soak: ok"), "\(run.output)")
        #expect(run.output.contains("every output silent"), "\(run.output)")
        #expect(run.output.contains(" 0 dropped"), "\(run.output)")
    }
}
