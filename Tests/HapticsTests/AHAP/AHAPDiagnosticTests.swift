import Foundation
@_spi(HapticsTools) import Haptics
import Testing

/// One test per kind of problem: each fixture is written inline, with the JSON path, line and
/// column the diagnostic must report.
@Suite("Errors and warnings say what and where")
struct AHAPDiagnosticTests {
    /// Wraps elements in a minimal valid file: `{"Version":1,"Pattern":[ ... ]}` on separate lines.
    static func file(_ elements: String) -> String {
        "{\n\"Version\": 1,\n\"Pattern\": [\n\(elements)\n]\n}\n"
    }

    static let transient = #"{"Event": {"Time": 0, "EventType": "HapticTransient"}}"#

    func failure(_ text: String, strict: Bool = false) throws -> AHAPDecodingError {
        try #require(throws: AHAPDecodingError.self) {
            try AHAPDecoder(options: AHAPDecodingOptions(strict: strict)).decode(text)
        }
    }

    func warnings(_ text: String) throws -> [AHAPDiagnostic] {
        try AHAPDecoder().decode(text).warnings
    }

    // MARK: Errors

    @Test("syntax: a missing comma gives line and column and what was expected")
    func syntax() throws {
        let error = try failure("{\n  \"Version\": 1\n  \"Pattern\": []\n}")
        #expect(error.firstError.kind == .syntax)
        #expect(error.firstError.location?.line == 3)
        #expect(error.firstError.location?.column == 3)
        #expect(error.firstError.message.contains("expected ',' or '}'"))
        #expect(error.description.hasPrefix("line 3, column 3: expected"))
    }

    @Test("syntax: empty file, truncated file, stray text after the value, bad escape, NaN")
    func syntaxVariants() throws {
        for text in ["", "   ", "{\"Pattern\": [", "{\"Pattern\": []} x", "{\"Pattern\": [], \"V\": \"\\q\"}",
                     "{\"Pattern\": [], \"V\": NaN}", "{\"Pattern\": [], \"V\": -Infinity}", "{\"Pattern\": [], \"V\": 01}",
                     "{\"Pattern\": [], \"V\": 1.}", "{\"Pattern\": [], \"V\": tru}", "{\"Pattern\": [,]}",
                     "{\"Pattern\": [], \"V\": \"line\nbreak\"}", "{\"Pattern\" []}", "{Pattern: []}",
                     "{\"Pattern\": [], \"V\": \"\\uD800\"}", "[1, 2", "{\"a\": /* open"] {
            let error = try failure(text)
            #expect(error.firstError.kind == .syntax, "\(text.debugDescription): \(error)")
            #expect(error.firstError.location != nil)
        }
    }

    @Test("syntax: a number too large for a Double is refused, not turned into infinity")
    func nonFiniteNumber() throws {
        let error = try failure(Self.file(#"{"Event": {"Time": 1e400, "EventType": "HapticTransient"}}"#))
        #expect(error.firstError.kind == .syntax)
        #expect(error.firstError.message.contains("64-bit float"))
        #expect(error.firstError.location?.line == 4)
        #expect(error.firstError.location?.column == 20)
    }

    @Test("syntax: invalid UTF-8 inside a string")
    func invalidUTF8() throws {
        var bytes = Array(#"{"Pattern": [], "Metadata": {"Project": "x"#.utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array(#""}}"#.utf8)
        let error = try #require(throws: AHAPDecodingError.self) { try AHAPDecoder().decode(bytes) }
        #expect(error.firstError.kind == .syntax)
        #expect(error.firstError.message.contains("UTF-8"))
    }

    @Test("wrongType: a string where a number belongs, with the full JSON path")
    func wrongType() throws {
        let text = Self.file(#"""
        {"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [
          {"ParameterID": "HapticIntensity", "ParameterValue": 1},
          {"ParameterID": "HapticSharpness", "ParameterValue": "high"}
        ]}}
        """#)
        let error = try failure(text)
        #expect(error.firstError.kind == .wrongType)
        #expect(error.firstError.path == "Pattern[0].Event.EventParameters[1].ParameterValue")
        #expect(error.firstError.location?.line == 6)
        #expect(error.firstError.message.contains("expected a number in 0...1 for HapticSharpness, found a string"))
    }

    @Test("wrongType: the top level must be an object, Pattern an array, elements objects")
    func wrongTypeStructure() throws {
        #expect(try failure("[]").firstError.kind == .wrongType)
        #expect(try failure(#"{"Pattern": {}}"#).firstError.path == "Pattern")
        #expect(try failure(Self.file("42")).firstError.path == "Pattern[0]")
        #expect(try failure(Self.file(#"{"Event": []}"#)).firstError.path == "Pattern[0].Event")
        #expect(try failure(Self.file(#"{"Event": {"Time": "0", "EventType": "HapticTransient"}}"#)).firstError.path == "Pattern[0].Event.Time")
    }

    @Test("missingKey: Pattern, EventType, ParameterValue, EventWaveformPath, control points")
    func missingKey() throws {
        #expect(try failure(#"{"Version": 1}"#).firstError.kind == .missingKey)
        let noType = try failure(Self.file(#"{"Event": {"Time": 0}}"#))
        #expect(noType.firstError.kind == .missingKey)
        #expect(noType.firstError.path == "Pattern[0].Event")
        #expect(noType.firstError.message.contains("EventType"))
        let noValue = try failure(Self.file(#"{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity"}]}}"#))
        #expect(noValue.firstError.path == "Pattern[0].Event.EventParameters[0]")
        #expect(noValue.firstError.message.contains("ParameterValue"))
        let noWave = try failure(Self.file(#"{"Event": {"Time": 0, "EventType": "AudioCustom"}}"#))
        #expect(noWave.firstError.message.contains("EventWaveformPath"))
        let noPoints = try failure(Self.file(#"{"ParameterCurve": {"Time": 0, "ParameterID": "HapticIntensityControl"}}"#))
        #expect(noPoints.firstError.message.contains("ParameterCurveControlPoints"))
    }

    @Test("unknownEventType: with a suggestion for a near miss")
    func unknownEventType() throws {
        let error = try failure(Self.file(#"{"Event": {"Time": 0, "EventType": "HapticTransiant"}}"#))
        #expect(error.firstError.kind == .unknownEventType)
        #expect(error.firstError.path == "Pattern[0].Event.EventType")
        #expect(error.firstError.message.contains("did you mean \"HapticTransient\"?"))
    }

    @Test("unknownParameterID: event and dynamic IDs, and each used in the other's place")
    func unknownParameterID() throws {
        let event = try failure(Self.file(#"{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensityControl", "ParameterValue": 1}]}}"#))
        #expect(event.firstError.kind == .unknownParameterID)
        #expect(event.firstError.path == "Pattern[0].Event.EventParameters[0].ParameterID")
        #expect(event.firstError.message.contains("is a dynamic parameter"))
        let dynamic = try failure(Self.file(#"{"Parameter": {"Time": 0, "ParameterID": "HapticIntensity", "ParameterValue": 1}}"#))
        #expect(dynamic.firstError.kind == .unknownParameterID)
        #expect(dynamic.firstError.message.contains("did you mean \"HapticIntensityControl\"?"))
        let curve = try failure(Self.file(#"{"ParameterCurve": {"Time": 0, "ParameterID": "Loudness", "ParameterCurveControlPoints": []}}"#))
        #expect(curve.firstError.path == "Pattern[0].ParameterCurve.ParameterID")
    }

    @Test("unknownElement and ambiguousElement")
    func elements() throws {
        let unknown = try failure(Self.file(#"{"Events": {"Time": 0, "EventType": "HapticTransient"}}"#))
        #expect(unknown.firstError.kind == .unknownElement)
        #expect(unknown.firstError.message.contains("did you mean \"Event\"?"))
        let empty = try failure(Self.file("{}"))
        #expect(empty.firstError.kind == .unknownElement)
        let both = try failure(Self.file(#"{"Event": {"Time": 0, "EventType": "HapticTransient"}, "Parameter": {"Time": 0, "ParameterID": "HapticIntensityControl", "ParameterValue": 1}}"#))
        #expect(both.firstError.kind == .ambiguousElement)
        #expect(both.firstError.path == "Pattern[0]")
    }

    @Test("invalidTime: negative times of events, parameters and control points")
    func invalidTime() throws {
        let event = try failure(Self.file(#"{"Event": {"Time": -0.5, "EventType": "HapticTransient"}}"#))
        #expect(event.firstError.kind == .invalidTime)
        #expect(event.firstError.path == "Pattern[0].Event.Time")
        #expect(event.firstError.message == "expected a time >= 0 seconds, found -0.5")
        let point = try failure(Self.file(#"{"ParameterCurve": {"Time": 0, "ParameterID": "HapticIntensityControl", "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 1}, {"Time": -1, "ParameterValue": 0}]}}"#))
        #expect(point.firstError.path == "Pattern[0].ParameterCurve.ParameterCurveControlPoints[1].Time")
        let parameter = try failure(Self.file(#"{"Parameter": {"Time": -1, "ParameterID": "HapticIntensityControl", "ParameterValue": 1}}"#))
        #expect(parameter.firstError.kind == .invalidTime)
    }

    @Test("invalidDuration: missing on a continuous event, negative")
    func invalidDuration() throws {
        let missing = try failure(Self.file(#"{"Event": {"Time": 0, "EventType": "HapticContinuous"}}"#))
        #expect(missing.firstError.kind == .invalidDuration)
        #expect(missing.firstError.message.contains("EventDuration"))
        let negative = try failure(Self.file(#"{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": -1}}"#))
        #expect(negative.firstError.kind == .invalidDuration)
        #expect(negative.firstError.path == "Pattern[0].Event.EventDuration")
    }

    @Test("unsafeWaveformPath: absolute paths and paths that climb out are refused")
    func unsafeWaveformPath() throws {
        for path in ["/etc/passwd", "../secret.wav", "sounds/../../x.wav", "C:\\\\x.wav", "~/x.wav", ""] {
            let error = try failure(Self.file(#"{"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "\#(path)"}}"#))
            #expect(error.firstError.kind == .unsafeWaveformPath, "\(path)")
            #expect(error.firstError.path == "Pattern[0].Event.EventWaveformPath")
        }
        let fine = try AHAPDecoder().decode(Self.file(#"{"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "a/../b/./c.wav"}}"#))
        #expect(fine.pattern.waveformPaths == ["a/../b/./c.wav"])
    }

    @Test("errors are all collected: three bad events give three errors")
    func collectsAllErrors() throws {
        let error = try failure(Self.file(#"""
        {"Event": {"Time": -1, "EventType": "HapticTransient"}},
        {"Event": {"Time": 0, "EventType": "Nope"}},
        {"Event": {"Time": 0, "EventType": "HapticContinuous"}}
        """#))
        #expect(error.errors.map(\.path) == ["Pattern[0].Event.Time", "Pattern[1].Event.EventType", "Pattern[2].Event"])
        #expect(error.description.contains("(and 2 more errors)"))
    }

    @Test("unreadableFile: a missing file and a folder")
    func unreadableFile() throws {
        let missing = try #require(throws: AHAPDecodingError.self) {
            try AHAPDecoder().decode(contentsOfFile: "/nonexistent/x.ahap")
        }
        #expect(missing.firstError.kind == .unreadableFile)
        #expect(missing.description.hasPrefix("/nonexistent/x.ahap: file: expected a readable file"))
        let folder = try #require(throws: AHAPDecodingError.self) {
            try AHAPDecoder().decode(contentsOfFile: NSTemporaryDirectory())
        }
        #expect(folder.firstError.kind == .unreadableFile)
        let device = try #require(throws: AHAPDecodingError.self) {
            try AHAPDecoder().decode(contentsOfFile: "/dev/zero")
        }
        #expect(device.firstError.kind == .unreadableFile)
    }

    // MARK: Warnings (lenient) that strict mode turns into errors

    @Test("unknownKey: ignored with a warning and a suggestion; strict refuses it")
    func unknownKey() throws {
        let text = Self.file(#"{"Event": {"Time": 0, "EventType": "HapticTransient", "Name": "tap", "EventParameter": []}}"#)
        let found = try warnings(text)
        #expect(found.map(\.kind) == [.unknownKey, .unknownKey])
        #expect(found.map(\.path) == ["Pattern[0].Event.Name", "Pattern[0].Event.EventParameter"])
        #expect(found[1].message.contains("did you mean \"EventParameters\"?"))
        #expect(found.allSatisfy { $0.severity == .warning })
        let strict = try failure(text, strict: true)
        #expect(strict.errors.count == 2)
        #expect(strict.firstError.message.hasSuffix("(refused in strict mode)"))
        #expect(!strict.firstError.message.contains("ignored"))
    }

    @Test("valueOutOfRange: clamped to the nearer bound, for events, parameters, curves and long continuous events")
    func valueOutOfRange() throws {
        let text = Self.file(#"""
        {"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 45, "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1.32}, {"ParameterID": "HapticSharpness", "ParameterValue": -1}]}},
        {"Parameter": {"Time": 0, "ParameterID": "HapticSharpnessControl", "ParameterValue": 3}},
        {"ParameterCurve": {"Time": 0, "ParameterID": "HapticIntensityControl", "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": -0.117}]}}
        """#)
        let document = try AHAPDecoder().decode(text)
        #expect(document.warnings.map(\.kind) == Array(repeating: .valueOutOfRange, count: 5))
        let event = document.pattern.events[0]
        #expect(event.duration == 30)
        #expect(event.value(of: .hapticIntensity) == 1)
        #expect(event.value(of: .hapticSharpness) == 0)
        #expect(document.pattern.dynamicParameters[0].value == 1)
        #expect(document.pattern.parameterCurves[0].controlPoints[0].value == 0)
        #expect(document.warnings[1].message == "expected a number in 0...1 for HapticIntensity, found 1.32; clamped to 1")
        #expect(try failure(text, strict: true).errors.count == 5)
    }

    @Test("trailingComma and comment: accepted leniently, refused strictly")
    func trailingCommaAndComment() throws {
        let text = "{\n  // made by hand\n  \"Pattern\": [\(Self.transient),],\n}"
        let found = try warnings(text)
        #expect(Set(found.map(\.kind)) == [.comment, .trailingComma])
        #expect(found.first { $0.kind == .comment }?.location?.line == 2)
        #expect(try failure(text, strict: true).errors.count == 3)
    }

    @Test("duplicateKey and duplicateParameter: the last one wins")
    func duplicates() throws {
        let text = Self.file(#"{"Event": {"Time": 0, "Time": 0.5, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.2}, {"ParameterID": "HapticIntensity", "ParameterValue": 0.7}]}}"#)
        let document = try AHAPDecoder().decode(text)
        #expect(document.warnings.map(\.kind) == [.duplicateKey, .duplicateParameter])
        #expect(document.pattern.events[0].time == 0.5)
        #expect(document.pattern.events[0].value(of: .hapticIntensity) == 0.7)
        #expect(document.pattern.events[0].parameters.count == 1)
    }

    @Test("missingKey (warning): Time defaults to 0")
    func missingTime() throws {
        let document = try AHAPDecoder().decode(Self.file(#"{"Event": {"EventType": "HapticTransient"}}"#))
        #expect(document.warnings.map(\.kind) == [.missingKey])
        #expect(document.pattern.events[0].time == 0)
    }

    @Test("inapplicableParameter: audio parameters on a haptic event are ignored with a warning")
    func inapplicableParameter() throws {
        let document = try AHAPDecoder().decode(Self.file(#"{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "AudioVolume", "ParameterValue": 0.5}, {"ParameterID": "HapticIntensity", "ParameterValue": 0.5}]}}"#))
        #expect(document.warnings.map(\.kind) == [.inapplicableParameter])
        #expect(document.warnings[0].path == "Pattern[0].Event.EventParameters[0]")
        #expect(document.pattern.events[0].parameters == [HapticEventParameter(.hapticIntensity, 0.5)])
        // What the lenient reader keeps, the strict reader reads back without a warning.
        let canonical = AHAPEncoder().encode(document.pattern)
        #expect(try AHAPDecoder(options: .strict).decode(canonical).warnings.isEmpty)
    }

    @Test("unorderedControlPoints: sorted by time with a warning")
    func unorderedControlPoints() throws {
        let document = try AHAPDecoder().decode(Self.file(#"{"ParameterCurve": {"Time": 1, "ParameterID": "HapticIntensityControl", "ParameterCurveControlPoints": [{"Time": 0.5, "ParameterValue": 0.5}, {"Time": 0, "ParameterValue": 1}]}}"#))
        #expect(document.warnings.map(\.kind) == [.unorderedControlPoints])
        #expect(document.pattern.parameterCurves[0].controlPoints.map(\.time) == [0, 0.5])
    }

    @Test("unknownEventType and unknownParameterID (warnings): lower camel case is read as the real name")
    func caseInsensitiveNames() throws {
        let text = Self.file(#"{"Event": {"Time": 0, "EventType": "hapticTransient", "EventParameters": [{"ParameterID": "hapticIntensity", "ParameterValue": 0.3}]}}"#)
        let document = try AHAPDecoder().decode(text)
        #expect(document.warnings.map(\.kind) == [.unknownEventType, .unknownParameterID])
        #expect(document.pattern.events[0].type == .hapticTransient)
        #expect(document.pattern.events[0].value(of: .hapticIntensity) == 0.3)
        #expect(try failure(text, strict: true).errors.count == 2)
    }

    @Test("unsupportedVersion: a newer Version is read with a warning")
    func unsupportedVersion() throws {
        let document = try AHAPDecoder().decode("{\"Version\": 2, \"Pattern\": [\(Self.transient)]}")
        #expect(document.warnings.map(\.kind) == [.unsupportedVersion])
        #expect(document.warnings[0].path == "Version")
    }

    @Test("wrongType (warning): Version as a string, Metadata as an array, a flag as a number")
    func lenientWrongTypes() throws {
        let text = #"{"Version": "1.0", "Metadata": [], "Pattern": [{"Event": {"Time": 0, "EventType": "AudioCustom", "EventWaveformPath": "a.wav", "EventWaveformLoopEnabled": 1}}]}"#
        let document = try AHAPDecoder().decode(text)
        #expect(document.warnings.map(\.kind) == [.wrongType, .wrongType, .wrongType])
        #expect(document.pattern.version == 1)
        #expect(document.pattern.events[0].waveformLoopEnabled == true)
    }

    @Test("Apple's article spellings Duration and Value are read with a warning")
    func articleSpellings() throws {
        let document = try AHAPDecoder().decode(Self.file(#"{"Event": {"Time": 0, "EventType": "HapticContinuous", "Duration": 0.5, "EventParameters": [{"ParameterID": "HapticIntensity", "Value": 0.4}]}}"#))
        #expect(document.warnings.count == 2)
        #expect(document.pattern.events[0].duration == 0.5)
        #expect(document.pattern.events[0].value(of: .hapticIntensity) == 0.4)
    }

    @Test("every diagnostic kind is covered by a test in this suite")
    func everyKindIsKnown() {
        // A reminder that adding a kind means adding a test: the count is checked here.
        #expect(AHAPDiagnostic.Kind.allCases.count == 24)
    }
}
