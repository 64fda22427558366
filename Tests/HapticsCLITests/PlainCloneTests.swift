import Foundation
import Testing

/// `make test` passes on a plain clone: nothing the suite, the fuzzers, the benchmarks or CI run reads the
/// reference folder that sits beside the repository on our machines. Test data lives in Tests/Fixtures.
@Suite("A plain clone is enough")
struct PlainCloneTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../..").standardized

    static func files(under folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return enumerator.compactMap { $0 as? String }
            .filter { !$0.hasPrefix("Fixtures/") && !$0.contains(".build") }
            .filter { path in [".swift", ".sh", ".md", ".toml", ".jsonl"].contains { path.hasSuffix($0) } }
            .map { folder + "/" + $0 }
    }

    /// The reference folder's path as a file would spell it, built from parts so that this file does not
    /// contain it.
    static let referenceFolder = ["..", "shared"].joined(separator: "/")
    static let referenceCorpus = ["shared", "corpus"].joined(separator: "/")

    @Test("no test, fuzzer, benchmark, script or CI step reads the folder beside the repository")
    func nothingReadsShared() throws {
        var paths = ["Tests", "Fuzz", "Benchmarks", "scripts"].flatMap(Self.files(under:))
        paths += ["Makefile", ".ci/run", "Package.swift"]
        #expect(paths.count > 50)
        for path in paths {
            let text = (try? String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)) ?? ""
            #expect(!text.contains(Self.referenceCorpus) && !text.contains(Self.referenceFolder),
                    "\(path) refers to \(Self.referenceFolder)")
        }
    }

    @Test("the fixtures carry their sources and license notices")
    func fixturesAreDocumented() throws {
        let folder = Self.root.appendingPathComponent("Tests/Fixtures/ahap")
        for name in ["MANIFEST.tsv", "NOTICE.md", "README.md", "audio/MANIFEST.tsv"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "Tests/Fixtures/ahap/\(name)")
        }
        let manifest = try String(contentsOf: folder.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        let listed = Set(manifest.split(separator: "\n").dropFirst().map { String($0.split(separator: "\t").first ?? "") })
        let ahaps = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ahap") }
        #expect(!ahaps.isEmpty)
        for name in ahaps { #expect(listed.contains(name), "\(name) has a MANIFEST row") }
    }
}
