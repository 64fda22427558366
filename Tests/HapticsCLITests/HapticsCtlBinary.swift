import Foundation
import Testing

/// Finds the `hapticsctl` executable that SwiftPM built beside the test bundle.
///
/// SwiftPM puts every product of a build in one folder (`<scratch>/<triple>/debug`), and on
/// Linux the test bundle is an executable in that folder, so `hapticsctl` is its sibling
/// whatever `--scratch-path` says. The test target depends on the `hapticsctl` target, so
/// `swift test` always builds it first.
enum HapticsCtlBinary {
    /// Folders that may hold the products: the running test executable's, first as the
    /// Bundle reports it, then through /proc/self/exe and argv[0].
    static var candidateFolders: [URL] {
        var folders: [URL] = []
        if let executable = Bundle.main.executableURL {
            folders.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            folders.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        if let first = CommandLine.arguments.first {
            folders.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        folders.append(URL(fileURLWithPath: Bundle.main.bundlePath))
        return folders
    }

    /// The executable, or nil when none of `candidateFolders` has one.
    static let url: URL? = candidateFolders
        .map { $0.appendingPathComponent("hapticsctl") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    static var notFoundMessage: Comment {
        "no hapticsctl executable beside the test bundle; looked in \(candidateFolders.map(\.path))"
    }
}
