import Foundation
import Testing

extension SDL3Tests {
    /// Rumble off on every way out, on SDL3: a child process (sdl3-exit-probe) rumbles a virtual gamepad
    /// and leaves; its pad's callback reports every value to us, and we read the last one after it is gone.
    @Suite("Leaving a game on SDL 3")
    struct SDL3ExitTests {
        /// The probe beside this test binary (SwiftPM builds every product into one folder, and on Linux
        /// the test bundle is an executable there: /proc/self/exe).
        static var probe: URL {
            let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
            return URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("sdl3-exit-probe")
        }

        /// Runs the probe leaving `way`; returns every "low high" pair its pad received, in order.
        static func run(_ way: String) throws -> [[UInt16]] {
            let process = Process()
            process.executableURL = probe
            process.arguments = [way]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
                line.split(separator: " ").compactMap { UInt16($0) }
            }
        }

        @Test("exit() without shutdown: (0,0), from the front end's atexit handler", arguments: ["exit", "quit", "sdl-quit"])
        func leavesAtZero(way: String) throws {
            let received = try Self.run(way)
            #expect(received.contains { $0.count == 2 && ($0[0] > 0 || $0[1] > 0) }, "\(way): it rumbled first: \(received)")
            #expect(received.last == [0, 0], "\(way): the pad's last value")
        }

        @Test("killed (SIGKILL): nothing runs and the last level stays, so the test above can tell")
        func killedKeepsLevel() throws {
            let received = try Self.run("kill")
            let last = try #require(received.last)
            #expect(last.count == 2 && (last[0] > 0 || last[1] > 0), "\(received)")
        }
    }
}
