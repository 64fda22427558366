import Foundation
@_spi(HapticsTools) import Haptics
import Testing

@Suite("Real AHAP files from Tests/Fixtures/ahap")
struct AHAPCorpusTests {
    @Test("the corpus is present and holds the files the manifest lists")
    func corpusIsPresent() throws {
        #expect(AHAPCorpus.isPresent, "missing \(AHAPCorpus.folder.path): the tests read the real files in Tests/Fixtures/ahap")
        #expect(AHAPCorpus.validFiles().count >= 90)
        #expect(AHAPCorpus.invalidFiles().count >= 4)
    }

    @Test("every valid file decodes leniently and round-trips", arguments: AHAPCorpus.validFiles().map(\.lastPathComponent))
    func validFileRoundTrips(name: String) throws {
        let url = AHAPCorpus.file(name)
        let document = try AHAPDecoder().decode(contentsOfFile: url.path)
        let pattern = document.pattern
        #expect(!pattern.events.isEmpty, "\(name) has events")
        #expect(pattern.duration.isFinite && pattern.duration >= 0)
        // Events are exposed sorted by time.
        #expect(zip(pattern.events, pattern.events.dropFirst()).allSatisfy { $0.time <= $1.time })

        let canonical = AHAPEncoder().encode(pattern)
        let reread = try AHAPDecoder(options: .strict).decode(canonical)
        #expect(reread.pattern == pattern, "decode -> encode -> decode gives an equal pattern")
        #expect(reread.warnings.isEmpty, "canonical output is clean even for the strict reader")
        #expect(AHAPEncoder().encode(reread.pattern) == canonical, "encoding canonical output again is byte-identical")
    }

    @Test("every invalid file fails with an error that says where", arguments: AHAPCorpus.invalidFiles().map(\.lastPathComponent))
    func invalidFileFails(name: String) {
        let url = AHAPCorpus.folder.appendingPathComponent("invalid").appendingPathComponent(name)
        do {
            _ = try AHAPDecoder().decode(contentsOfFile: url.path)
            Issue.record("\(name) decoded but is invalid")
        } catch {
            let first = error.firstError
            #expect(first.severity == .error)
            #expect(first.location != nil, "\(first) has a line and column")
            #expect(error.file == url.path)
            #expect(!first.message.isEmpty)
        }
    }

    @Test("the misspelled ParameterCurves element is named with a suggestion")
    func misspelledElement() throws {
        let url = AHAPCorpus.folder.appendingPathComponent("invalid/Lofelt__NiceVibrations__invalid_fields.ahap")
        let error = try #require(throws: AHAPDecodingError.self) { try AHAPDecoder().decode(contentsOfFile: url.path) }
        #expect(error.firstError.kind == .unknownElement)
        #expect(error.firstError.path == "Pattern[1]")
        #expect(error.firstError.location == SourceLocation(line: 24, column: 13, offset: error.firstError.location?.offset ?? -1))
        #expect(error.firstError.message.contains("did you mean \"ParameterCurve\"?"))
    }

    @Test("a hand-edited file with a syntax error reports line and column")
    func syntaxErrorLocation() throws {
        let url = AHAPCorpus.folder.appendingPathComponent("invalid/williamwei2025__Haptic-Tests__Inflate.20230126-4ecbc85.ahap")
        let error = try #require(throws: AHAPDecodingError.self) { try AHAPDecoder().decode(contentsOfFile: url.path) }
        #expect(error.firstError.kind == .syntax)
        #expect(error.firstError.location?.line == 3)
    }

    @Test("Apple's files with trailing commas pass leniently with warnings and fail strictly")
    func trailingCommasInAppleFiles() throws {
        let url = AHAPCorpus.file("apple__unityplugins__Bounce.ahap")
        let lenient = try AHAPDecoder().decode(contentsOfFile: url.path)
        #expect(lenient.warnings.contains { $0.kind == .trailingComma })
        let error = try #require(throws: AHAPDecodingError.self) {
            try AHAPDecoder(options: .strict).decode(contentsOfFile: url.path)
        }
        #expect(error.firstError.kind == .trailingComma)
        #expect(error.firstError.location != nil)
    }

    @Test("out-of-range sharpness in a real file is clamped with a warning")
    func outOfRangeInRealFile() throws {
        let url = AHAPCorpus.file("Lofelt__studio-creative-challenges__BowRelease.NickArner.ahap")
        let document = try AHAPDecoder().decode(contentsOfFile: url.path)
        let clamped = document.warnings.filter { $0.kind == .valueOutOfRange }
        #expect(!clamped.isEmpty)
        #expect(clamped.allSatisfy { $0.path.hasSuffix("ParameterValue") && $0.message.contains("clamped to 1") })
        #expect(document.pattern.events.allSatisfy { $0.value(of: .hapticSharpness) <= 1 })
    }

    @Test("every file of a corpus with audio names a safe waveform path")
    func audioReferences() throws {
        let url = AHAPCorpus.file("apple__unityplugins__Grow.ahap")
        let pattern = try AHAPDecoder().decode(contentsOfFile: url.path).pattern
        #expect(pattern.waveformPaths == ["CoreHaptics/Ricochet/Grow.wav"])
        #expect(pattern.hasAudioContent && pattern.hasHapticContent)
    }
}
