import Foundation
@_spi(HapticsTools) import Haptics

/// The real AHAP files the decoding benchmarks read, loaded into memory once, before any
/// measurement.
///
/// Every top-level `.ahap` file of the repository's `Tests/Fixtures/ahap` (or of the
/// folder named by the `AHAP_CORPUS` environment variable). A file is kept only when both
/// `AHAPDecoder` and `JSONSerialization` accept it, so that both benchmarks parse the same
/// bytes; any file left out is named on standard error.
struct BenchmarkCorpus: Sendable {
    /// One file's name and bytes.
    struct File: Sendable {
        var name: String
        var bytes: [UInt8]
        /// The same bytes as `Data`, made here so that the measured loop does not copy.
        var data: Data
    }

    /// The files both parsers accept, sorted by name.
    var files: [File]
    /// Names of the files that one of the parsers refused, with the reason.
    var leftOut: [(name: String, reason: String)]

    /// Total size of `files` in bytes.
    var byteCount: Int { files.reduce(0) { $0 + $1.bytes.count } }

    /// The corpus folder: `$AHAP_CORPUS`, or the repository's `Tests/Fixtures/ahap`.
    static var folder: URL {
        if let path = ProcessInfo.processInfo.environment["AHAP_CORPUS"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        // <root>/Benchmarks/Benchmarks/AHAPDecoding/BenchmarkCorpus.swift -> <root>/Tests/Fixtures/ahap
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/ahap")
    }

    /// Reads and checks every file. Stops the process with a message when the folder is
    /// missing or empty: a benchmark of nothing would report meaningless numbers.
    static func load() -> BenchmarkCorpus {
        let folder = Self.folder
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".ahap") }.sorted()
        guard !names.isEmpty else {
            fatalError("no .ahap files in \(folder.path): the AHAP benchmarks read Tests/Fixtures/ahap (or set AHAP_CORPUS)")
        }
        var corpus = BenchmarkCorpus(files: [], leftOut: [])
        for name in names {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
                corpus.leftOut.append((name, "unreadable"))
                continue
            }
            let bytes = [UInt8](data)
            do {
                _ = try AHAPDecoder().decode(bytes)
            } catch {
                corpus.leftOut.append((name, "AHAPDecoder: \(error)"))
                continue
            }
            do {
                _ = try JSONSerialization.jsonObject(with: data)
            } catch {
                corpus.leftOut.append((name, "JSONSerialization: \(error)"))
                continue
            }
            corpus.files.append(File(name: name, bytes: bytes, data: data))
        }
        for (name, reason) in corpus.leftOut {
            FileHandle.standardError.write(Data("AHAPDecoding benchmark: left out \(name): \(reason)\n".utf8))
        }
        return corpus
    }
}
