import Foundation

/// Real AHAP files from public projects, kept in the repository at Tests/Fixtures/ahap
/// (sources and licenses: its MANIFEST.tsv and NOTICE.md). Tests that use it fail (never skip) when it is missing.
enum AHAPCorpus {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let folder: URL = packageRoot.appendingPathComponent("Tests/Fixtures/ahap")

    static var isPresent: Bool { FileManager.default.fileExists(atPath: folder.path) }

    /// Top-level `.ahap` files: meant to be valid.
    static func validFiles() -> [URL] { ahapFiles(in: folder) }

    /// Files under invalid/: malformed on purpose or by accident.
    static func invalidFiles() -> [URL] { ahapFiles(in: folder.appendingPathComponent("invalid")) }

    static func file(_ name: String) -> URL { folder.appendingPathComponent(name) }

    private static func ahapFiles(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".ahap") }.sorted().map { folder.appendingPathComponent($0) }
    }
}
