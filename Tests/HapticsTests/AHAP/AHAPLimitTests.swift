import Foundation
@_spi(HapticsTools) import Haptics
import Testing

/// One test per limit: a file just inside passes, one just outside fails with the limit's kind.
@Suite("Hostile input is bounded")
struct AHAPLimitTests {
    func decode(_ text: String, limits: AHAPLimits) throws -> AHAPDocument {
        try AHAPDecoder(options: AHAPDecodingOptions(limits: limits)).decode(text)
    }

    func events(_ count: Int) -> String {
        let one = #"{"Event": {"Time": 0, "EventType": "HapticTransient"}}"#
        return #"{"Pattern": ["# + Array(repeating: one, count: count).joined(separator: ",") + "]}"
    }

    @Test("fileTooLarge: bytes and files on disk over the limit are refused before parsing")
    func fileTooLarge() throws {
        var limits = AHAPLimits()
        limits.maximumFileBytes = 100
        let text = events(3)
        #expect(text.utf8.count > 100)
        let error = try #require(throws: AHAPDecodingError.self) { try decode(text, limits: limits) }
        #expect(error.firstError.kind == .fileTooLarge)

        let url = FileManager.default.temporaryDirectory.appendingPathComponent("too-large-\(UUID().uuidString).ahap")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let fromDisk = try #require(throws: AHAPDecodingError.self) {
            try AHAPDecoder(options: AHAPDecodingOptions(limits: limits)).decode(contentsOfFile: url.path)
        }
        #expect(fromDisk.firstError.kind == .fileTooLarge)
        #expect(fromDisk.firstError.message.contains("at most 100 bytes"))
        #expect(AHAPLimits().maximumFileBytes == 8 << 20)
    }

    @Test("nestingTooDeep: 100,000 open brackets fail fast without overflowing the stack")
    func nestingTooDeep() throws {
        let deep = String(repeating: "[", count: 100_000)
        let error = try #require(throws: AHAPDecodingError.self) { try AHAPDecoder().decode(deep) }
        #expect(error.firstError.kind == .nestingTooDeep)
        #expect(error.firstError.location?.column == 33)  // the 33rd bracket breaks the default limit of 32
        let metadata = #"{"Metadata": {"a": "# + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + #"}, "Pattern": []}"#
        #expect(throws: AHAPDecodingError.self) { try AHAPDecoder().decode(metadata) }
        var limits = AHAPLimits()
        limits.maximumNestingDepth = 64
        #expect(try decode(metadata, limits: limits).pattern.events.isEmpty)
    }

    @Test("tooManyElements: the element count is checked")
    func tooManyElements() throws {
        var limits = AHAPLimits()
        limits.maximumElements = 10
        #expect(try decode(events(10), limits: limits).pattern.events.count == 10)
        let error = try #require(throws: AHAPDecodingError.self) { try decode(events(11), limits: limits) }
        #expect(error.firstError.kind == .tooManyElements)
        #expect(error.firstError.path == "Pattern")
    }

    @Test("tooManyControlPoints: the point count per curve is checked")
    func tooManyControlPoints() throws {
        func curve(_ points: Int) -> String {
            let list = (0..<points).map { #"{"Time": \#(Double($0) / 100), "ParameterValue": 1}"# }.joined(separator: ",")
            return #"{"Pattern": [{"ParameterCurve": {"Time": 0, "ParameterID": "HapticIntensityControl", "ParameterCurveControlPoints": [\#(list)]}}]}"#
        }
        var limits = AHAPLimits()
        limits.maximumControlPointsPerCurve = 16
        #expect(try decode(curve(16), limits: limits).pattern.parameterCurves[0].controlPoints.count == 16)
        let error = try #require(throws: AHAPDecodingError.self) { try decode(curve(17), limits: limits) }
        #expect(error.firstError.kind == .tooManyControlPoints)
        #expect(error.firstError.path == "Pattern[0].ParameterCurve.ParameterCurveControlPoints")
    }

    @Test("maximumTime: times and event ends past the limit are refused")
    func maximumTime() throws {
        let late = #"{"Pattern": [{"Event": {"Time": 3601, "EventType": "HapticTransient"}}]}"#
        #expect(try #require(throws: AHAPDecodingError.self) { try AHAPDecoder().decode(late) }.firstError.kind == .invalidTime)
        let longAudio = #"{"Pattern": [{"Event": {"Time": 3590, "EventType": "AudioContinuous", "EventDuration": 20}}]}"#
        #expect(try #require(throws: AHAPDecodingError.self) { try AHAPDecoder().decode(longAudio) }.firstError.kind == .invalidDuration)
        let curve = #"{"Pattern": [{"ParameterCurve": {"Time": 3000, "ParameterID": "HapticIntensityControl", "ParameterCurveControlPoints": [{"Time": 700, "ParameterValue": 1}]}}]}"#
        #expect(try #require(throws: AHAPDecodingError.self) { try AHAPDecoder().decode(curve) }.firstError.kind == .invalidTime)
    }

    @Test("diagnostics are capped: a file with 50,000 bad events reports a bounded list")
    func diagnosticsAreCapped() throws {
        let bad = #"{"Event": {"Time": -1, "EventType": "HapticTransient"}}"#
        let text = #"{"Pattern": ["# + Array(repeating: bad, count: 50_000).joined(separator: ",") + "]}"
        let error = try #require(throws: AHAPDecodingError.self) { try AHAPDecoder().decode(text) }
        #expect(error.diagnostics.count <= 201)
        #expect(error.diagnostics.last?.message == "49800 more errors not listed (at most 200 errors and 200 warnings are)")
    }

    /// Issue 31, round two, F8: 201 warnings before a file's error hid the error behind "2 more problems not
    /// listed" (the summary was the first error). Warnings and errors are capped apart.
    @Test("the first error is listed however many warnings come before it", arguments: [199, 200, 201, 5_000])
    func errorAfterManyWarnings(warnings: Int) throws {
        let warning = #"{"Event": {"Time": 0.01, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 2}]}}"#
        let text = #"{"Version": 1, "Pattern": ["# + Array(repeating: warning, count: warnings).joined(separator: ",")
            + #", {"Event": {"Time": 5, "EventType": "Bogus"}}]}"#
        let error = try #require(throws: AHAPDecodingError.self) { try AHAPDecoder().decode(text) }
        #expect(error.firstError.kind == .unknownEventType)
        #expect(error.firstError.path == "Pattern[\(warnings)].Event.EventType")
        #expect(error.description.contains("Pattern[\(warnings)].Event.EventType"))
        #expect(error.errors.count == 1)
        let listedWarnings = error.diagnostics.filter { $0.severity == .warning }
        #expect(listedWarnings.count == min(warnings, 200) + (warnings > 200 ? 1 : 0))
        if warnings > 200 {
            let noun = warnings - 200 == 1 ? "warning" : "warnings"
            #expect(listedWarnings.last?.message == "\(warnings - 200) more \(noun) not listed (at most 200 errors and 200 warnings are)")
        }
    }

    @Test("errors past the cap are counted in one error line after the listed ones, warnings in one warning line")
    func bothCaps() throws {
        let warning = #"{"Event": {"Time": 0.01, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 2}]}}"#
        let bad = #"{"Event": {"Time": -1, "EventType": "HapticTransient"}}"#
        let items = (0..<600).map { $0 % 2 == 0 ? warning : bad }
        let error = try #require(throws: AHAPDecodingError.self) { try AHAPDecoder().decode(#"{"Pattern": ["# + items.joined(separator: ",") + "]}") }
        #expect(error.firstError.path == "Pattern[1].Event.Time")
        #expect(error.errors.count == 201)
        #expect(error.errors.last?.message == "100 more errors not listed (at most 200 errors and 200 warnings are)")
        #expect(error.diagnostics.filter { $0.severity == .warning }.last?.message == "100 more warnings not listed (at most 200 errors and 200 warnings are)")
    }

    @Test("random bytes never crash the decoder", arguments: 0..<8)
    func randomBytes(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed))
        for length in [0, 1, 7, 64, 1_000, 20_000] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            _ = try? AHAPDecoder().decode(bytes)
        }
        // Mutations of a real-looking file: flip, drop and duplicate bytes.
        let base = Array(#"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0.1, "EventType": "HapticContinuous", "EventDuration": 0.5, "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.8}]}}, {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 1}, {"Time": 0.4, "ParameterValue": 0.2}]}}]}"#.utf8)
        var decoded = 0
        for _ in 0..<2_000 {
            var bytes = base
            for _ in 0..<Int(generator.next() % 4 + 1) {
                let position = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes[position] = UInt8(truncatingIfNeeded: generator.next())
                case 1: bytes.remove(at: position)
                default: bytes.insert(bytes[position], at: position)
                }
                if bytes.isEmpty { break }
            }
            if let document = try? AHAPDecoder().decode(bytes) {
                decoded += 1
                // Whatever decodes must encode to something that decodes to the same pattern.
                #expect((try? AHAPDecoder().decode(AHAPEncoder().encode(document.pattern)).pattern) == document.pattern)
            }
        }
        #expect(decoded < 2_000)
    }
}

/// A small deterministic generator for reproducible random tests.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("Hostile shapes finish")
struct AHAPHostileShapeTests {
    @Test("an object with 200,000 keys, many duplicated and all unknown, is read in linear time",
          .timeLimit(.minutes(1)))
    func manyKeys() throws {
        var text = #"{"Pattern": [], "Metadata": {"#
        text += (0..<100_000).map { #""k\#($0)": 1"# }.joined(separator: ",")
        text += "}, "
        text += (0..<100_000).map { #""Unknown\#($0 % 50_000)": 1"# }.joined(separator: ",")
        text += "}"
        let document = try AHAPDecoder().decode(text)
        #expect(document.pattern.metadata.count == 100_000)
        #expect(document.warnings.count == AHAPLimitsCap.listed + 1)
        #expect(document.warnings.last?.message.contains("more warnings not listed") == true)
    }
}

private enum AHAPLimitsCap {
    static let listed = 200
}

@Suite("Files on disk")
struct AHAPFileTests {
    @Test("a symbolic link to a pattern is read like the pattern; /dev/zero is named a character device")
    func symbolicLinks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ahap-links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("tap.ahap")
        try Data(#"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#.utf8).write(to: target)
        let link = folder.appendingPathComponent("link.ahap")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        #expect(try AHAPDecoder().decode(contentsOfFile: link.path).pattern.events.count == 1)
        let device = try #require(throws: AHAPDecodingError.self) { try AHAPDecoder().decode(contentsOfFile: "/dev/zero") }
        #expect(device.firstError.message == "expected a regular file, found a character device")
    }
}
