/// Turns a parsed JSON tree into a `HapticPattern`, collecting diagnostics with their paths.
///
/// One walker per decode. Keeps going after an error so that one run reports every problem
/// (up to `maximumDiagnostics`), but never builds a pattern from a file with errors.
struct AHAPTreeWalker {
    private enum PathComponent {
        case key(String)
        case index(Int)
    }

    /// Diagnostics beyond this count are dropped (a hostile file could otherwise make millions).
    static let maximumDiagnostics = 200

    private let bytes: UnsafeBufferPointer<UInt8>
    private let options: AHAPDecodingOptions
    private var lineTable: LineTable?
    private var path: [PathComponent] = []
    private(set) var diagnostics: [AHAPDiagnostic] = []
    private(set) var hasErrors = false
    private var droppedDiagnostics = 0
    private var firstDroppedKind: AHAPDiagnostic.Kind = .syntax

    init(bytes: UnsafeBufferPointer<UInt8>, options: AHAPDecodingOptions) {
        self.bytes = bytes
        self.options = options
    }

    // MARK: Diagnostics

    private mutating func location(_ offset: Int?) -> SourceLocation? {
        guard let offset else { return nil }
        if lineTable == nil { lineTable = LineTable(bytes) }
        return lineTable!.location(ofOffset: offset)
    }

    private func renderPath() -> String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    private mutating func report(_ severity: AHAPDiagnostic.Severity, _ kind: AHAPDiagnostic.Kind,
                                 at offset: Int?, _ message: String) {
        if severity == .error { hasErrors = true }
        guard diagnostics.count < Self.maximumDiagnostics else {
            if droppedDiagnostics == 0 { firstDroppedKind = kind }
            droppedDiagnostics += 1
            return
        }
        diagnostics.append(AHAPDiagnostic(severity: severity, kind: kind, path: renderPath(),
                                          location: location(offset), message: message))
    }

    /// A problem the lenient reader forgives: `message` says what was expected and found,
    /// `consequence` what the lenient reader does about it ("ignored", "clamped to 1").
    /// Strict mode reports it as an error without the consequence.
    private mutating func warn(_ kind: AHAPDiagnostic.Kind, at offset: Int?, _ message: String, then consequence: String) {
        if options.strict {
            report(.error, kind, at: offset, message + " (refused in strict mode)")
        } else {
            report(.warning, kind, at: offset, message + "; " + consequence)
        }
    }

    private mutating func fail(_ kind: AHAPDiagnostic.Kind, at offset: Int?, _ message: String) {
        report(.error, kind, at: offset, message)
    }

    // MARK: Entry

    mutating func run() -> HapticPattern? {
        if bytes.count > options.limits.maximumFileBytes {
            fail(.fileTooLarge, at: nil, "expected at most \(options.limits.maximumFileBytes) bytes, found \(bytes.count)")
            return nil
        }
        var reader = JSONReader(bytes: bytes, maximumDepth: options.limits.maximumNestingDepth)
        let root: JSONValue
        do {
            root = try reader.readDocument()
        } catch {
            let kind: AHAPDiagnostic.Kind = error.message.contains("levels of nested") ? .nestingTooDeep : .syntax
            fail(kind, at: error.offset, error.message)
            return nil
        }
        for (leniency, offset) in reader.leniencies {
            switch leniency {
            case .trailingComma:
                warn(.trailingComma, at: offset, "expected a value after ',', found the end of the list", then: "trailing comma ignored")
            case .comment:
                warn(.comment, at: offset, "expected JSON without comments, found a comment", then: "ignored")
            case .duplicateKey(let key):
                warn(.duplicateKey, at: offset, "expected each key once, found \"\(key)\" again", then: "the last one is used")
            }
        }
        let pattern = readPattern(root)
        if droppedDiagnostics > 0 {
            diagnostics.append(AHAPDiagnostic(severity: hasErrors ? .error : .warning, kind: firstDroppedKind, path: "",
                                              location: nil, message: "\(droppedDiagnostics) more problems not listed"))
        }
        return pattern
    }

    // MARK: Top level

    private mutating func readPattern(_ root: JSONValue) -> HapticPattern? {
        guard case .object(let members) = root.kind else {
            fail(.wrongType, at: root.offset, "expected an object with \"Pattern\" at the top of the file, found \(root.typeDescription)")
            return nil
        }
        var version = 1.0
        var metadata: [String: MetadataValue] = [:]
        var patternValue: JSONValue?
        for member in members {
            switch member.key {
            case AHAPKey.version:
                path.append(.key(member.key))
                if case .number(let number) = member.value.kind {
                    version = number
                    if number > 1 {
                        warn(.unsupportedVersion, at: member.value.offset,
                             "expected Version 1 (the newest SDLHaptics reads), found \(format(number))", then: "keys unknown to version 1 are ignored")
                    } else if number < 1 {
                        warn(.valueOutOfRange, at: member.value.offset, "expected Version 1 or later, found \(format(number))", then: "read as 1")
                        version = 1
                    }
                } else {
                    warn(.wrongType, at: member.value.offset, "expected Version to be a number such as 1.0, found \(member.value.typeDescription)", then: "read as 1")
                }
                path.removeLast()
            case AHAPKey.metadata:
                if case .object(let fields) = member.value.kind {
                    for field in fields { metadata[field.key] = metadataValue(field.value) }
                } else {
                    path.append(.key(member.key))
                    warn(.wrongType, at: member.value.offset, "expected Metadata to be an object, found \(member.value.typeDescription)", then: "ignored")
                    path.removeLast()
                }
            case AHAPKey.pattern:
                patternValue = member.value
            default:
                warnUnknownKey(member, expected: AHAPKey.topLevel)
            }
        }
        guard let patternValue else {
            fail(.missingKey, at: root.offset, "expected the key \"Pattern\" (an array of events, parameters and curves), found none")
            return nil
        }
        path.append(.key(AHAPKey.pattern))
        defer { path.removeLast() }
        guard case .array(let entries) = patternValue.kind else {
            fail(.wrongType, at: patternValue.offset, "expected an array of pattern elements, found \(patternValue.typeDescription)")
            return nil
        }
        if entries.count > options.limits.maximumElements {
            fail(.tooManyElements, at: patternValue.offset,
                 "expected at most \(options.limits.maximumElements) pattern elements, found \(entries.count)")
            return nil
        }
        var events: [HapticEvent] = []
        var parameters: [DynamicParameter] = []
        var curves: [ParameterCurve] = []
        events.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            path.append(.index(index))
            defer { path.removeLast() }
            readElement(entry, events: &events, parameters: &parameters, curves: &curves)
        }
        if hasErrors { return nil }
        return HapticPattern(events: events, dynamicParameters: parameters, parameterCurves: curves,
                             metadata: metadata, version: version)
    }

    private mutating func readElement(_ entry: JSONValue, events: inout [HapticEvent],
                                      parameters: inout [DynamicParameter], curves: inout [ParameterCurve]) {
        guard case .object(let members) = entry.kind else {
            fail(.wrongType, at: entry.offset, "expected an object holding one of Event, Parameter or ParameterCurve, found \(entry.typeDescription)")
            return
        }
        var element: JSONMember?
        for member in members {
            if AHAPKey.elements.contains(member.key) {
                if let first = element {
                    fail(.ambiguousElement, at: member.keyOffset,
                         "expected one element per entry, found both \"\(first.key)\" and \"\(member.key)\"")
                    return
                }
                element = member
            }
        }
        guard let element else {
            let names = members.map { "\"\($0.key)\"" }.joined(separator: ", ")
            let hint = members.lazy.compactMap { suggestion(for: $0.key, among: AHAPKey.elements) }.first
            fail(.unknownElement, at: members.first?.keyOffset ?? entry.offset,
                 "expected one of \"Event\", \"Parameter\" or \"ParameterCurve\", found \(names.isEmpty ? "an empty object" : names)"
                 + (hint.map { "; did you mean \"\($0)\"?" } ?? ""))
            return
        }
        for member in members where member.key != element.key {
            warnUnknownKey(member, expected: AHAPKey.elements)
        }
        path.append(.key(element.key))
        defer { path.removeLast() }
        switch element.key {
        case AHAPKey.event:
            if let event = readEvent(element.value) { events.append(event) }
        case AHAPKey.parameter:
            if let parameter = readDynamicParameter(element.value) { parameters.append(parameter) }
        default:
            if let curve = readCurve(element.value) { curves.append(curve) }
        }
    }

    // MARK: Event

    private mutating func readEvent(_ value: JSONValue) -> HapticEvent? {
        guard case .object(let members) = value.kind else {
            fail(.wrongType, at: value.offset, "expected an event object, found \(value.typeDescription)")
            return nil
        }
        var type: HapticEventType?
        var typeSeen = false
        var time: Double?
        var duration: Double?
        var durationMember: JSONMember?
        var parametersValue: JSONValue?
        var waveformPath: String?
        var waveformMember: JSONMember?
        var useEnvelope: Bool?
        var loop: Bool?
        var localError = false

        for member in members {
            switch member.key {
            case AHAPKey.eventType:
                typeSeen = true
                path.append(.key(member.key))
                type = readEventType(member.value)
                if type == nil { localError = true }
                path.removeLast()
            case AHAPKey.time:
                path.append(.key(member.key))
                time = readTime(member.value)
                if time == nil { localError = true }
                path.removeLast()
            case AHAPKey.eventDuration:
                durationMember = member
            case AHAPKey.articleDuration where !members.contains(where: { $0.key == AHAPKey.eventDuration }):
                path.append(.key(member.key))
                warn(.unknownKey, at: member.keyOffset, "expected \"EventDuration\", found \"Duration\" (the spelling in Apple's article)", then: "read as EventDuration")
                path.removeLast()
                durationMember = member
            case AHAPKey.eventParameters:
                parametersValue = member.value
            case AHAPKey.eventWaveformPath:
                waveformMember = member
            case AHAPKey.eventWaveformUseVolumeEnvelope:
                path.append(.key(member.key))
                useEnvelope = readBool(member.value)
                path.removeLast()
            case AHAPKey.eventWaveformLoopEnabled:
                path.append(.key(member.key))
                loop = readBool(member.value)
                path.removeLast()
            default:
                warnUnknownKey(member, expected: AHAPKey.eventKeys)
            }
        }
        if !typeSeen {
            fail(.missingKey, at: value.offset, "expected \"EventType\" (HapticTransient, HapticContinuous, AudioContinuous or AudioCustom), found none")
            localError = true
        }
        if time == nil, !members.contains(where: { $0.key == AHAPKey.time }) {
            warn(.missingKey, at: value.offset, "expected \"Time\" (seconds from the pattern start), found none", then: "0 used")
            time = 0
        }
        if let durationMember {
            path.append(.key(durationMember.key))
            duration = readDuration(durationMember.value, type: type)
            if duration == nil { localError = true }
            path.removeLast()
        } else if let type, type.requiresDuration {
            fail(.invalidDuration, at: value.offset, "expected \"EventDuration\" (seconds) on a \(type.rawValue) event, found none")
            localError = true
        }
        if let time, let duration, time + duration > options.limits.maximumTime {
            path.append(.key(AHAPKey.eventDuration))
            fail(.invalidDuration, at: durationMember?.value.offset,
                 "expected the event to end by \(format(options.limits.maximumTime)) s, found an end at \(format(time + duration)) s")
            path.removeLast()
            localError = true
        }
        var parameters: [HapticEventParameter] = []
        if let parametersValue {
            path.append(.key(AHAPKey.eventParameters))
            parameters = readEventParameters(parametersValue, type: type)
            path.removeLast()
        }
        if let waveformMember {
            path.append(.key(waveformMember.key))
            if type != nil, type != .audioCustom {
                warn(.unknownKey, at: waveformMember.keyOffset, "expected EventWaveformPath only on AudioCustom events", then: "ignored")
            } else if case .string(let text) = waveformMember.value.kind {
                if let problem = WaveformPath.problem(with: text) {
                    fail(.unsafeWaveformPath, at: waveformMember.value.offset, problem)
                    localError = true
                } else {
                    waveformPath = text
                }
            } else {
                fail(.wrongType, at: waveformMember.value.offset, "expected a file path string, found \(waveformMember.value.typeDescription)")
                localError = true
            }
            path.removeLast()
        } else if type == .audioCustom {
            fail(.missingKey, at: value.offset, "expected \"EventWaveformPath\" (the audio file) on an AudioCustom event, found none")
            localError = true
        }
        if type != nil, type != .audioCustom {
            if useEnvelope != nil {
                warn(.unknownKey, at: value.offset, "expected EventWaveformUseVolumeEnvelope only on AudioCustom events", then: "ignored")
                useEnvelope = nil
            }
            if loop != nil {
                warn(.unknownKey, at: value.offset, "expected EventWaveformLoopEnabled only on AudioCustom events", then: "ignored")
                loop = nil
            }
        }
        guard !localError, let type, let time else { return nil }
        return HapticEvent(type: type, time: time, duration: duration, parameters: parameters,
                           waveformPath: waveformPath, waveformUsesVolumeEnvelope: useEnvelope,
                           waveformLoopEnabled: loop)
    }

    private mutating func readEventType(_ value: JSONValue) -> HapticEventType? {
        guard case .string(let text) = value.kind else {
            fail(.wrongType, at: value.offset, "expected an event type string, found \(value.typeDescription)")
            return nil
        }
        if let type = HapticEventType(rawValue: text) { return type }
        let names = HapticEventType.allCases.map(\.rawValue)
        if let match = HapticEventType.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) {
            warn(.unknownEventType, at: value.offset, "expected \"\(match.rawValue)\", found \"\(text)\" (AHAP names are case-sensitive)", then: "read as \(match.rawValue)")
            return match
        }
        let hint = suggestion(for: text, among: names).map { "; did you mean \"\($0)\"?" } ?? ""
        fail(.unknownEventType, at: value.offset,
             "expected one of HapticTransient, HapticContinuous, AudioContinuous, AudioCustom, found \"\(text)\"" + hint)
        return nil
    }

    private mutating func readEventParameters(_ value: JSONValue, type: HapticEventType?) -> [HapticEventParameter] {
        guard case .array(let entries) = value.kind else {
            fail(.wrongType, at: value.offset, "expected an array of { \"ParameterID\", \"ParameterValue\" } objects, found \(value.typeDescription)")
            return []
        }
        var result: [HapticEventParameter] = []
        result.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            path.append(.index(index))
            defer { path.removeLast() }
            guard case .object(let members) = entry.kind else {
                fail(.wrongType, at: entry.offset, "expected a { \"ParameterID\", \"ParameterValue\" } object, found \(entry.typeDescription)")
                continue
            }
            var id: HapticEventParameterID?
            var idSeen = false
            var valueMember: JSONMember?
            for member in members {
                switch member.key {
                case AHAPKey.parameterID:
                    idSeen = true
                    path.append(.key(member.key))
                    id = readEventParameterID(member.value)
                    path.removeLast()
                case AHAPKey.parameterValue, AHAPKey.articleValue:
                    valueMember = parameterValueMember(member, in: members) ?? valueMember
                default:
                    warnUnknownKey(member, expected: AHAPKey.eventParameterKeys)
                }
            }
            if !idSeen {
                fail(.missingKey, at: entry.offset, "expected \"ParameterID\" (such as HapticIntensity), found none")
                continue
            }
            guard let valueMember else {
                fail(.missingKey, at: entry.offset, "expected \"ParameterValue\" (a number), found none")
                continue
            }
            guard let id else { continue }
            path.append(.key(valueMember.key))
            let number = readNumber(valueMember.value, range: id.range, name: id.rawValue)
            path.removeLast()
            guard let number else { continue }
            if let type, !type.applicableParameters.contains(id) {
                warn(.inapplicableParameter, at: entry.offset, "expected parameters that affect a \(type.rawValue) event, found \(id.rawValue), which has no effect on it", then: "ignored")
                continue
            }
            if let existing = result.firstIndex(where: { $0.id == id }) {
                warn(.duplicateParameter, at: entry.offset, "expected \(id.rawValue) once per event, found it again", then: "the last value is used")
                result[existing].value = number
            } else {
                result.append(HapticEventParameter(id, number))
            }
        }
        return result
    }

    private mutating func readEventParameterID(_ value: JSONValue) -> HapticEventParameterID? {
        guard case .string(let text) = value.kind else {
            fail(.wrongType, at: value.offset, "expected a parameter ID string, found \(value.typeDescription)")
            return nil
        }
        if let id = HapticEventParameterID(rawValue: text) { return id }
        if let match = HapticEventParameterID.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) {
            warn(.unknownParameterID, at: value.offset, "expected \"\(match.rawValue)\", found \"\(text)\" (AHAP names are case-sensitive)", then: "read as \(match.rawValue)")
            return match
        }
        var hint = suggestion(for: text, among: HapticEventParameterID.allCases.map(\.rawValue)).map { "; did you mean \"\($0)\"?" } ?? ""
        if DynamicParameterID(rawValue: text) != nil {
            hint = "; \(text) is a dynamic parameter: put it in a \"Parameter\" or \"ParameterCurve\" element"
        }
        fail(.unknownParameterID, at: value.offset, "expected an event parameter ID such as HapticIntensity or HapticSharpness, found \"\(text)\"" + hint)
        return nil
    }

    // MARK: Dynamic parameters and curves

    private mutating func readDynamicParameterID(_ value: JSONValue) -> DynamicParameterID? {
        guard case .string(let text) = value.kind else {
            fail(.wrongType, at: value.offset, "expected a dynamic parameter ID string, found \(value.typeDescription)")
            return nil
        }
        if let id = DynamicParameterID(rawValue: text) { return id }
        if let match = DynamicParameterID.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) {
            warn(.unknownParameterID, at: value.offset, "expected \"\(match.rawValue)\", found \"\(text)\" (AHAP names are case-sensitive)", then: "read as \(match.rawValue)")
            return match
        }
        var hint = suggestion(for: text, among: DynamicParameterID.allCases.map(\.rawValue)).map { "; did you mean \"\($0)\"?" } ?? ""
        if HapticEventParameterID(rawValue: text) != nil, DynamicParameterID(rawValue: text + "Control") != nil {
            hint = "; did you mean \"\(text)Control\"? (\(text) is an event parameter)"
        }
        fail(.unknownParameterID, at: value.offset, "expected a dynamic parameter ID such as HapticIntensityControl, found \"\(text)\"" + hint)
        return nil
    }

    private mutating func readDynamicParameter(_ value: JSONValue) -> DynamicParameter? {
        guard case .object(let members) = value.kind else {
            fail(.wrongType, at: value.offset, "expected a dynamic parameter object, found \(value.typeDescription)")
            return nil
        }
        var id: DynamicParameterID?
        var idSeen = false
        var valueMember: JSONMember?
        var time: Double?
        var timeSeen = false
        var ok = true
        for member in members {
            switch member.key {
            case AHAPKey.parameterID:
                idSeen = true
                path.append(.key(member.key))
                id = readDynamicParameterID(member.value)
                if id == nil { ok = false }
                path.removeLast()
            case AHAPKey.parameterValue, AHAPKey.articleValue:
                valueMember = parameterValueMember(member, in: members) ?? valueMember
            case AHAPKey.time:
                timeSeen = true
                path.append(.key(member.key))
                time = readTime(member.value)
                if time == nil { ok = false }
                path.removeLast()
            default:
                warnUnknownKey(member, expected: AHAPKey.parameterKeys)
            }
        }
        if !idSeen {
            fail(.missingKey, at: value.offset, "expected \"ParameterID\" (such as HapticIntensityControl), found none")
            return nil
        }
        guard let valueMember else {
            fail(.missingKey, at: value.offset, "expected \"ParameterValue\" (a number), found none")
            return nil
        }
        if !timeSeen {
            warn(.missingKey, at: value.offset, "expected \"Time\" (seconds from the pattern start), found none", then: "0 used")
            time = 0
        }
        guard ok, let id, let time else { return nil }
        path.append(.key(valueMember.key))
        defer { path.removeLast() }
        guard let number = readNumber(valueMember.value, range: id.range, name: id.rawValue) else { return nil }
        return DynamicParameter(id, value: number, at: time)
    }

    private mutating func readCurve(_ value: JSONValue) -> ParameterCurve? {
        guard case .object(let members) = value.kind else {
            fail(.wrongType, at: value.offset, "expected a parameter curve object, found \(value.typeDescription)")
            return nil
        }
        var id: DynamicParameterID?
        var idSeen = false
        var time: Double?
        var timeSeen = false
        var pointsValue: JSONValue?
        var ok = true
        for member in members {
            switch member.key {
            case AHAPKey.parameterID:
                idSeen = true
                path.append(.key(member.key))
                id = readDynamicParameterID(member.value)
                if id == nil { ok = false }
                path.removeLast()
            case AHAPKey.time:
                timeSeen = true
                path.append(.key(member.key))
                time = readTime(member.value)
                if time == nil { ok = false }
                path.removeLast()
            case AHAPKey.parameterCurveControlPoints:
                pointsValue = member.value
            default:
                warnUnknownKey(member, expected: AHAPKey.curveKeys)
            }
        }
        if !idSeen {
            fail(.missingKey, at: value.offset, "expected \"ParameterID\" (such as HapticIntensityControl), found none")
            ok = false
        }
        if !timeSeen {
            warn(.missingKey, at: value.offset, "expected \"Time\" (seconds from the pattern start), found none", then: "0 used")
            time = 0
        }
        guard let pointsValue else {
            fail(.missingKey, at: value.offset, "expected \"ParameterCurveControlPoints\" (an array of { \"Time\", \"ParameterValue\" }), found none")
            return nil
        }
        path.append(.key(AHAPKey.parameterCurveControlPoints))
        defer { path.removeLast() }
        guard case .array(let entries) = pointsValue.kind else {
            fail(.wrongType, at: pointsValue.offset, "expected an array of control points, found \(pointsValue.typeDescription)")
            return nil
        }
        if entries.count > options.limits.maximumControlPointsPerCurve {
            fail(.tooManyControlPoints, at: pointsValue.offset,
                 "expected at most \(options.limits.maximumControlPointsPerCurve) control points, found \(entries.count)")
            return nil
        }
        guard ok, let id, let time else { return nil }
        var points: [ParameterCurve.ControlPoint] = []
        points.reserveCapacity(entries.count)
        var unordered = false
        for (index, entry) in entries.enumerated() {
            path.append(.index(index))
            defer { path.removeLast() }
            guard case .object(let members) = entry.kind else {
                fail(.wrongType, at: entry.offset, "expected a { \"Time\", \"ParameterValue\" } object, found \(entry.typeDescription)")
                continue
            }
            var pointTime: Double?
            var pointTimeSeen = false
            var valueMember: JSONMember?
            for member in members {
                switch member.key {
                case AHAPKey.time:
                    pointTimeSeen = true
                    path.append(.key(member.key))
                    pointTime = readTime(member.value, relativeTo: time)
                    path.removeLast()
                case AHAPKey.parameterValue, AHAPKey.articleValue:
                    valueMember = parameterValueMember(member, in: members) ?? valueMember
                default:
                    warnUnknownKey(member, expected: AHAPKey.controlPointKeys)
                }
            }
            if !pointTimeSeen {
                fail(.missingKey, at: entry.offset, "expected \"Time\" (seconds from the curve's start), found none")
                continue
            }
            guard let valueMember else {
                fail(.missingKey, at: entry.offset, "expected \"ParameterValue\" (a number), found none")
                continue
            }
            guard let pointTime else { continue }
            path.append(.key(valueMember.key))
            let number = readNumber(valueMember.value, range: id.range, name: id.rawValue)
            path.removeLast()
            guard let number else { continue }
            if let last = points.last, pointTime < last.time, !unordered {
                unordered = true
                warn(.unorderedControlPoints, at: entry.offset,
                     "expected control point times in increasing order, found \(format(pointTime)) after \(format(last.time))", then: "points sorted by time")
            }
            points.append(ParameterCurve.ControlPoint(time: pointTime, value: number))
        }
        if unordered {
            points = points.enumerated()
                .sorted { $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset }
                .map(\.element)
        }
        return ParameterCurve(id, at: time, points: points)
    }

    // MARK: Scalars

    /// A time in seconds: a number >= 0 whose pattern time (`base + value`) is at most the limit.
    private mutating func readTime(_ value: JSONValue, relativeTo base: Double = 0) -> Double? {
        guard case .number(let number) = value.kind else {
            fail(.wrongType, at: value.offset, "expected a time in seconds (a number), found \(value.typeDescription)")
            return nil
        }
        if number < 0 {
            fail(.invalidTime, at: value.offset, "expected a time >= 0 seconds, found \(format(number))")
            return nil
        }
        if base + number > options.limits.maximumTime {
            fail(.invalidTime, at: value.offset, "expected a time of at most \(format(options.limits.maximumTime)) seconds, found \(format(base + number))")
            return nil
        }
        return number
    }

    private mutating func readDuration(_ value: JSONValue, type: HapticEventType?) -> Double? {
        guard case .number(let number) = value.kind else {
            fail(.wrongType, at: value.offset, "expected a duration in seconds (a number), found \(value.typeDescription)")
            return nil
        }
        if number < 0 {
            fail(.invalidDuration, at: value.offset, "expected a duration >= 0 seconds, found \(format(number))")
            return nil
        }
        if type == .hapticContinuous, number > HapticEvent.maximumContinuousDuration {
            warn(.valueOutOfRange, at: value.offset,
                 "expected a continuous haptic event of at most 30 seconds, found \(format(number))", then: "clamped to 30")
            return HapticEvent.maximumContinuousDuration
        }
        if number > options.limits.maximumTime {
            fail(.invalidDuration, at: value.offset, "expected a duration of at most \(format(options.limits.maximumTime)) seconds, found \(format(number))")
            return nil
        }
        return number
    }

    private mutating func readNumber(_ value: JSONValue, range: ParameterRange, name: String) -> Double? {
        guard case .number(let number) = value.kind else {
            fail(.wrongType, at: value.offset, "expected a number in \(format(range.minimum))...\(format(range.maximum)) for \(name), found \(value.typeDescription)")
            return nil
        }
        if !range.contains(number) {
            let clamped = range.clamp(number)
            warn(.valueOutOfRange, at: value.offset,
                 "expected a number in \(format(range.minimum))...\(format(range.maximum)) for \(name), found \(format(number))", then: "clamped to \(format(clamped))")
            return clamped
        }
        return number
    }

    private mutating func readBool(_ value: JSONValue) -> Bool? {
        switch value.kind {
        case .bool(let flag): return flag
        case .number(let number) where number == 0 || number == 1:
            warn(.wrongType, at: value.offset, "expected true or false, found the number \(format(number))", then: "read as \(number == 1)")
            return number == 1
        default:
            warn(.wrongType, at: value.offset, "expected true or false, found \(value.typeDescription)", then: "ignored")
            return nil
        }
    }

    /// `member` when it holds a parameter value: `ParameterValue`, or Apple's article spelling
    /// `Value` (read with a warning) when the object has no `ParameterValue`. A `Value` beside a
    /// `ParameterValue` is an unknown key.
    private mutating func parameterValueMember(_ member: JSONMember, in members: [JSONMember]) -> JSONMember? {
        if member.key == AHAPKey.parameterValue { return member }
        if members.contains(where: { $0.key == AHAPKey.parameterValue }) {
            warnUnknownKey(member, expected: [AHAPKey.parameterValue])
            return nil
        }
        path.append(.key(member.key))
        warn(.unknownKey, at: member.keyOffset, "expected \"ParameterValue\", found \"Value\" (the spelling in Apple's article)", then: "read as ParameterValue")
        path.removeLast()
        return member
    }

    private mutating func warnUnknownKey(_ member: JSONMember, expected: [String]) {
        guard diagnostics.count < Self.maximumDiagnostics else {
            // Past the cap nothing is listed: skip the suggestion search, keep the count.
            warn(.unknownKey, at: nil, "", then: "ignored")
            return
        }
        let hint = suggestion(for: member.key, among: expected).map { "; did you mean \"\($0)\"?" } ?? ""
        path.append(.key(member.key))
        warn(.unknownKey, at: member.keyOffset, "expected one of \(expected.joined(separator: ", ")), found the unknown key \"\(member.key)\"" + hint, then: "ignored")
        path.removeLast()
    }

    private func metadataValue(_ value: JSONValue) -> MetadataValue {
        switch value.kind {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let number): return .number(number)
        case .string(let text): return .string(text)
        case .array(let items): return .array(items.map(metadataValue))
        case .object(let members):
            var object: [String: MetadataValue] = [:]
            for member in members { object[member.key] = metadataValue(member.value) }
            return .object(object)
        }
    }
}

/// Shortest text that reads back as the same number (`1`, `0.5`, `1e-05`).
func format(_ number: Double) -> String {
    if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
    return "\(number)"
}
