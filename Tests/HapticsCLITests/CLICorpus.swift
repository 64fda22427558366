import Foundation
import Testing

/// Real AHAP files from public projects, kept in the repository at Tests/Fixtures/ahap
/// (sources and licenses: its MANIFEST.tsv and NOTICE.md). Tests that use it fail (never skip) when it is missing.
enum CLICorpus {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let folder: URL = packageRoot.appendingPathComponent("Tests/Fixtures/ahap")

    /// Fails the calling test with a clear message when the corpus is missing.
    static func require(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try #require(FileManager.default.fileExists(atPath: folder.path),
                     "missing \(folder.path): these tests run hapticsctl on the real files in Tests/Fixtures/ahap",
                     sourceLocation: sourceLocation)
    }

    /// Top-level `.ahap` files, meant to be valid, sorted by name.
    static func validFiles() -> [String] { ahapFiles(in: folder) }

    /// Files under invalid/: malformed on purpose or by accident.
    static func invalidFiles() -> [String] { ahapFiles(in: folder.appendingPathComponent("invalid")) }

    static func file(_ name: String) -> String { folder.appendingPathComponent(name).path }

    static func audio(_ name: String) -> String { folder.appendingPathComponent("audio").appendingPathComponent(name).path }

    private static func ahapFiles(in folder: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".ahap") }.sorted().map { folder.appendingPathComponent($0).path }
    }
}
