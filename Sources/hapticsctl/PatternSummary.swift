import Foundation
@_spi(HapticsTools) import Haptics

/// What `hapticsctl inspect` reports about one decoded pattern: counts, value ranges, curves,
/// dynamic parameters, audio files, version and metadata keys.
///
/// Encodes to the `--json` object (keys sorted by the encoder). Times and durations are in
/// seconds; parameter values are in the parameter's own normalised range (0...1 or -1...1).
struct PatternSummary: Encodable {
    /// How many values a parameter or control has in the file, and their smallest and largest.
    struct ValueRange: Encodable, Equatable {
        var count: Int
        var minimum: Double
        var maximum: Double

        init(_ value: Double) {
            count = 1
            minimum = value
            maximum = value
        }

        mutating func include(_ value: Double) {
            count += 1
            minimum = min(minimum, value)
            maximum = max(maximum, value)
        }
    }

    /// A dynamic control over the whole file: `Parameter` changes and curve points together.
    struct ControlUsage: Encodable {
        /// Number of `Parameter` elements for this control.
        var parameterCount: Int
        /// Number of `ParameterCurve` elements for this control.
        var curveCount: Int
        /// Values of the changes and of every curve control point; nil (`null`) when there are none.
        @JSONNull var values: ValueRange?
    }

    /// One `ParameterCurve` element.
    struct Curve: Encodable {
        var id: String
        /// Start, seconds from the pattern start.
        var timeSeconds: Double
        /// Time of the last control point, seconds from the pattern start.
        var endTimeSeconds: Double
        var pointCount: Int
        /// Smallest and largest control point value; nil (`null`) for a curve without points.
        @JSONNull var values: ValueRange?
    }

    /// One `Parameter` element: a control jumping to a value.
    struct ParameterChange: Encodable {
        var id: String
        var timeSeconds: Double
        var value: Double
    }

    /// One distinct `EventWaveformPath` and whether the file it names exists.
    struct AudioResource: Encodable {
        /// The path as written in the pattern, relative to the pattern's folder.
        var path: String
        /// How many `AudioCustom` events play it.
        var eventCount: Int
        /// The path resolved against the pattern's folder; nil (`null`) when `WaveformPath` refuses it.
        @JSONNull var resolvedPath: String?
        /// Whether `resolvedPath` is an existing regular file (not a folder); key `present`.
        var isPresent: Bool

        private enum CodingKeys: String, CodingKey { case path, eventCount, resolvedPath, isPresent = "present" }
    }

    /// A warning the lenient reader forgave.
    struct Warning: Encodable {
        var kind: String
        /// `AHAPDiagnostic.whereDescription`.
        var location: String
        var message: String
    }

    var file: String
    var version: Double
    var durationSeconds: Double
    var eventCount: Int
    /// Count per `HapticEvent.EventType` raw value; every type is listed, 0 when absent.
    var eventsByType: [String: Int]
    /// Explicitly written event parameters, per `HapticEvent.ParameterID` raw value (defaults not counted).
    var eventParameters: [String: ValueRange]
    /// Dynamic controls used by `Parameter` or `ParameterCurve` elements, per `DynamicParameter.ID` raw value.
    var controls: [String: ControlUsage]
    /// `Parameter` elements in time order.
    var dynamicParameters: [ParameterChange]
    /// `ParameterCurve` elements in time order.
    var curves: [Curve]
    /// Distinct waveform paths in order of first use.
    var audioResources: [AudioResource]
    /// Top-level `Metadata` keys, sorted.
    var metadataKeys: [String]
    var warnings: [Warning]

    /// Summarises `document`, decoded from `file`; audio paths are resolved against the file's folder.
    /// Touches the file system once per distinct waveform path.
    init(document: AHAPDocument, file: String) {
        let pattern = document.pattern
        self.file = file
        version = pattern.version
        durationSeconds = pattern.duration
        eventCount = pattern.events.count

        var byType = Dictionary(uniqueKeysWithValues: HapticEvent.EventType.allCases.map { ($0.rawValue, 0) })
        var parameters: [String: ValueRange] = [:]
        var audioUses: [String: Int] = [:]
        for event in pattern.events {
            byType[event.type.rawValue, default: 0] += 1
            for parameter in event.parameters { parameters[parameter.id.rawValue].include(parameter.value) }
            if let path = event.waveformPath { audioUses[path, default: 0] += 1 }
        }
        eventsByType = byType
        eventParameters = parameters

        var controls: [String: ControlUsage] = [:]
        func record(_ id: DynamicParameter.ID, _ value: Double?, isCurve: Bool = false, isParameter: Bool = false) {
            var usage = controls[id.rawValue] ?? ControlUsage(parameterCount: 0, curveCount: 0, values: nil)
            if isCurve { usage.curveCount += 1 }
            if isParameter { usage.parameterCount += 1 }
            if let value { usage.values.include(value) }
            controls[id.rawValue] = usage
        }
        dynamicParameters = pattern.dynamicParameters.map { change in
            record(change.id, change.value, isParameter: true)
            return ParameterChange(id: change.id.rawValue, timeSeconds: change.time, value: change.value)
        }
        curves = pattern.parameterCurves.map { curve in
            record(curve.id, nil, isCurve: true)
            var values: ValueRange?
            for point in curve.controlPoints {
                record(curve.id, point.value)
                values.include(point.value)
            }
            return Curve(id: curve.id.rawValue, timeSeconds: curve.time, endTimeSeconds: curve.endTime,
                         pointCount: curve.controlPoints.count, values: values)
        }
        self.controls = controls

        let folder = (file as NSString).deletingLastPathComponent
        audioResources = pattern.waveformPaths.map { path in
            let resolved = WaveformPath.resolve(path, in: folder)
            var isFolder: ObjCBool = false
            let exists = resolved.map { FileManager.default.fileExists(atPath: $0, isDirectory: &isFolder) } ?? false
            return AudioResource(path: path, eventCount: audioUses[path] ?? 0, resolvedPath: resolved,
                                 isPresent: exists && !isFolder.boolValue)
        }
        metadataKeys = pattern.metadata.keys.sorted()
        warnings = document.warnings.map {
            Warning(kind: $0.kind.rawValue, location: $0.whereDescription, message: $0.message)
        }
    }
}

extension Optional where Wrapped == PatternSummary.ValueRange {
    /// Counts `value` in, starting a range when there is none yet.
    mutating func include(_ value: Double) {
        if case .some(var range) = self {
            range.include(value)
            self = range
        } else {
            self = PatternSummary.ValueRange(value)
        }
    }
}
