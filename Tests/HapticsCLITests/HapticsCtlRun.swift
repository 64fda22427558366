import Foundation
import Testing

/// One finished run of the built `hapticsctl` binary: exit status and both output streams.
struct HapticsCtlRun {
    var status: Int32
    var standardOutput: String
    var standardError: String

    /// Standard output split into lines, without the empty line after the final newline.
    var outputLines: [String] {
        standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }

    /// Runs `hapticsctl ARGUMENTS` in `directory` (default: the current one) with standard input
    /// closed, and waits at most `timeoutSeconds`. Output goes through temporary files, so a
    /// large output cannot fill a pipe and block the child.
    static func run(_ arguments: [String], in directory: URL? = nil, timeoutSeconds: Double = 120,
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> HapticsCtlRun {
        let binary = try #require(HapticsCtlBinary.url, HapticsCtlBinary.notFoundMessage, sourceLocation: sourceLocation)
        let scratch = try TemporaryFolder()
        let outURL = scratch.url.appendingPathComponent("stdout")
        let errURL = scratch.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)

        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + timeoutSeconds) == .timedOut {
            process.terminate()
            process.waitUntilExit()
            Issue.record("hapticsctl \(arguments) did not finish within \(timeoutSeconds) s", sourceLocation: sourceLocation)
        }
        try out.close()
        try err.close()
        return HapticsCtlRun(
            status: process.terminationStatus,
            standardOutput: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            standardError: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
