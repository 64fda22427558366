import HapticsJSON

/// Turns a parsed JSON tree into a `HapticPattern`, collecting diagnostics with their paths.
///
/// One walker per decode, reading through the checked reader (`AHAPFormat`'s words). Keeps going after
/// an error so that one run reports every problem (up to `AHAPFormat.maximumProblems`), but never builds
/// a pattern from a file with errors.
struct AHAPTreeWalker: CheckedWalking {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let options: AHAPDecodingOptions
    /// The path of the value being read (`Pattern[3].Event.Time`), the problems found, their limit.
    var reader: CheckedReader<AHAPFormat>

    init(bytes: UnsafeBufferPointer<UInt8>, options: AHAPDecodingOptions) {
        self.bytes = bytes
        self.options = options
        reader = CheckedReader(locator: SourceLocator(bytes: bytes), strict: options.strict)
    }

    /// Every problem found, errors and warnings, in the order found (the last one counts those not listed).
    var diagnostics: [AHAPDiagnostic] {
        reader.finished().map { problem in
            AHAPDiagnostic(severity: problem.severity == .error ? .error : .warning, kind: problem.kind, path: problem.path,
                           location: problem.location, message: problem.message)
        }
    }

    /// Whether any problem is an error.
    var hasErrors: Bool { reader.hasErrors }

    // MARK: Diagnostics

    /// Where byte `offset` is, when a report there is listed.
    private mutating func location(_ offset: Int?) -> SourceLocation? {
        guard let offset else { return nil }
        return reader.place { $0.location(ofOffset: offset) }
    }

    /// A problem the lenient reader forgives: `message` says what was expected and found,
    /// `consequence` what the lenient reader does about it ("ignored", "clamped to 1").
    /// Strict mode reports it as an error without the consequence.
    private mutating func warn(_ kind: AHAPDiagnostic.Kind, at offset: Int?, _ message: String, then consequence: String) {
        reader.forgive(kind, at: location(offset), message, then: consequence)
    }

    private mutating func fail(_ kind: AHAPDiagnostic.Kind, at offset: Int?, _ message: String) {
        reader.report(.error, kind, at: location(offset), message)
    }

    // MARK: Entry

    mutating func run() -> HapticPattern? {
        if bytes.count > options.limits.maximumFileBytes {
            fail(.fileTooLarge, at: nil, "expected at most \(options.limits.maximumFileBytes) bytes, found \(bytes.count)")
            return nil
        }
        if let encoding = FileReading.otherEncoding(of: bytes) {
            fail(.syntax, at: 0, FileReading.otherEncodingMessage(encoding, expected: "UTF-8 JSON"))
            return nil
        }
        var reader = JSONReader(bytes: bytes, maximumDepth: options.limits.maximumNestingDepth)
        let root: JSONValue
        do {
            root = try reader.readDocument()
        } catch {
            let kind: AHAPDiagnostic.Kind = error.isTooDeep ? .nestingTooDeep : .syntax
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
                warn(.duplicateKey, at: offset, "expected each key once, found \"\(EchoedText.shortened(key))\" again", then: "the last one is used")
            }
        }
        return readPattern(root)
    }

    // MARK: Top level

    private mutating func readPattern(_ root: JSONValue) -> HapticPattern? {
        guard let members = reader.typed(root, expected: "an object with \"Pattern\" at the top of the file", \.members) else { return nil }
        var version = 1.0
        var metadata: [String: MetadataValue] = [:]
        var patternValue: JSONValue?
        for member in members {
            switch member.key {
            case AHAPKey.version:
                version = read(member) { $0.readVersion($1) }
            case AHAPKey.metadata:
                if case .object(let fields) = member.value.kind {
                    for field in fields { metadata[field.key] = metadataValue(field.value) }
                } else {
                    descend(into: member.key) {
                        $0.warn(.wrongType, at: member.value.offset, "expected Metadata to be an object, found \(member.value.typeDescription)", then: "ignored")
                    }
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
        let elements = descend(into: AHAPKey.pattern) { $0.readElements(patternValue) }
        guard let elements, !hasErrors else { return nil }
        return HapticPattern(events: elements.events, dynamicParameters: elements.parameters, parameterCurves: elements.curves,
                             metadata: metadata, version: version)
    }

    /// `Version`: 1 when missing, wrong or lower; a newer version is read as 1 with a warning.
    private mutating func readVersion(_ value: JSONValue) -> Double {
        guard case .number(let number) = value.kind else {
            warn(.wrongType, at: value.offset, "expected Version to be a number such as 1.0, found \(value.typeDescription)", then: "read as 1")
            return 1
        }
        if number > 1 {
            warn(.unsupportedVersion, at: value.offset,
                 "expected Version 1 (the newest SDLHaptics reads), found \(format(number))", then: "keys unknown to version 1 are ignored")
        } else if number < 1 {
            warn(.valueOutOfRange, at: value.offset, "expected Version 1 or later, found \(format(number))", then: "read as 1")
            return 1
        }
        return number
    }

    /// The `Pattern` array's elements, each read at its index; nil when the array itself is refused.
    private mutating func readElements(_ patternValue: JSONValue)
        -> (events: [HapticEvent], parameters: [DynamicParameter], curves: [ParameterCurve])? {
        guard let entries = reader.typed(patternValue, expected: "an array of pattern elements", \.elements) else { return nil }
        if entries.count > options.limits.maximumElements {
            fail(.tooManyElements, at: patternValue.offset,
                 "expected at most \(options.limits.maximumElements) pattern elements, found \(entries.count)")
            return nil
        }
        var events: [HapticEvent] = []
        var parameters: [DynamicParameter] = []
        var curves: [ParameterCurve] = []
        events.reserveCapacity(entries.count)
        // Each event's entry, for a problem found once every event is read.
        var eventEntries: [(index: Int, offset: Int)] = []
        for (index, entry) in entries.enumerated() {
            let before = events.count
            descend(into: index) { $0.readElement(entry, events: &events, parameters: &parameters, curves: &curves) }
            if events.count > before { eventEntries.append((index, entry.offset)) }
        }
        if !hasErrors { checkSoundingEvents(events, entries: eventEntries) }
        return (events, parameters, curves)
    }

    /// Refuses a pattern in which more than `maximumSoundingEvents` haptic events sound at once as
    /// written (each for its envelope with its own parameters, before any control): a player sums every
    /// event sounding at a time (issue 31: 88,000 overlapping events made each frame sum 88,000). The
    /// error names the first event that starts while that many others still sound. O(n log n).
    private mutating func checkSoundingEvents(_ events: [HapticEvent], entries: [(index: Int, offset: Int)]) {
        let limit = options.limits.maximumSoundingEvents
        guard events.count > limit else { return }
        var spans: [(start: Double, end: Double, event: Int)] = []
        spans.reserveCapacity(events.count)
        for (index, event) in events.enumerated() {
            guard let length = VoiceEvaluator.writtenLength(of: event), length > 0 else { continue }
            spans.append((event.time, event.time + length, index))
        }
        guard spans.count > limit else { return }
        spans.sort { $0.start != $1.start ? $0.start < $1.start : $0.event < $1.event }
        var ends = spans.map(\.end)
        ends.sort()
        var ended = 0
        for (position, span) in spans.enumerated() {
            while ended < ends.count && ends[ended] <= span.start { ended += 1 }
            let sounding = position + 1 - ended
            guard sounding > limit else { continue }
            let entry = entries[span.event]
            descend(into: entry.index) {   // (already inside `Pattern`)
                $0.fail(.tooManyElements, at: entry.offset,
                        "expected at most \(limit) haptic events sounding at once, found \(sounding) at \(format(span.start)) s: "
                        + "this event starts while \(sounding - 1) others still sound as written (docs/ahap.md, \"Limits\")")
            }
            return
        }
    }

    private mutating func readElement(_ entry: JSONValue, events: inout [HapticEvent],
                                      parameters: inout [DynamicParameter], curves: inout [ParameterCurve]) {
        guard let members = reader.typed(entry, expected: "an object holding one of Event, Parameter or ParameterCurve", \.members) else { return }
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
            let hint = members.lazy.compactMap { Spelling.closeName(to: $0.key, among: AHAPKey.elements) }.first
            fail(.unknownElement, at: members.first?.keyOffset ?? entry.offset,
                 "expected one of \"Event\", \"Parameter\" or \"ParameterCurve\", found \(names.isEmpty ? "an empty object" : names)"
                 + (hint.map { "; did you mean \"\($0)\"?" } ?? ""))
            return
        }
        for member in members where member.key != element.key {
            warnUnknownKey(member, expected: AHAPKey.elements)
        }
        switch element.key {
        case AHAPKey.event:
            if let event = read(element, { $0.readEvent($1) }) { events.append(event) }
        case AHAPKey.parameter:
            if let parameter = read(element, { $0.readDynamicParameter($1) }) { parameters.append(parameter) }
        default:
            if let curve = read(element, { $0.readCurve($1) }) { curves.append(curve) }
        }
    }

    // MARK: Event

    private mutating func readEvent(_ value: JSONValue) -> HapticEvent? {
        guard let members = reader.typed(value, expected: "an event object", \.members) else { return nil }
        var type: HapticEvent.EventType?
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
                type = read(member) { $0.readEventType($1) }
                if type == nil { localError = true }
            case AHAPKey.time:
                time = read(member) { $0.readTime($1) }
                if time == nil { localError = true }
            case AHAPKey.eventDuration:
                durationMember = member
            case AHAPKey.articleDuration where !members.contains(where: { $0.key == AHAPKey.eventDuration }):
                descend(into: member.key) {
                    $0.warn(.unknownKey, at: member.keyOffset, "expected \"EventDuration\", found \"Duration\" (the spelling in Apple's article)", then: "read as EventDuration")
                }
                durationMember = member
            case AHAPKey.eventParameters:
                parametersValue = member.value
            case AHAPKey.eventWaveformPath:
                waveformMember = member
            case AHAPKey.eventWaveformUseVolumeEnvelope:
                useEnvelope = read(member) { $0.readBool($1) }
            case AHAPKey.eventWaveformLoopEnabled:
                loop = read(member) { $0.readBool($1) }
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
            duration = read(durationMember) { $0.readDuration($1, type: type) }
            if duration == nil { localError = true }
        } else if let type, type.requiresDuration {
            fail(.invalidDuration, at: value.offset, "expected \"EventDuration\" (seconds) on a \(type.rawValue) event, found none")
            localError = true
        }
        if let time, let duration, time + duration > options.limits.maximumTime {
            descend(into: AHAPKey.eventDuration) {
                $0.fail(.invalidDuration, at: durationMember?.value.offset,
                        "expected the event to end by \(format($0.options.limits.maximumTime)) s, found an end at \(format(time + duration)) s")
            }
            localError = true
        }
        var parameters: [HapticEventParameter] = []
        if let parametersValue {
            parameters = descend(into: AHAPKey.eventParameters) { $0.readEventParameters(parametersValue, type: type) }
        }
        if let waveformMember {
            if type != nil, type != .audioCustom {
                descend(into: waveformMember.key) {
                    $0.warn(.unknownKey, at: waveformMember.keyOffset, "expected EventWaveformPath only on AudioCustom events", then: "ignored")
                }
            } else {
                waveformPath = read(waveformMember) { $0.readWaveformPath($1) }
                if waveformPath == nil { localError = true }
            }
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

    /// An AudioCustom event's audio file: a relative path inside the pattern's folder.
    private mutating func readWaveformPath(_ value: JSONValue) -> String? {
        guard let text = reader.typed(value, expected: "a file path string", \.string) else { return nil }
        if let problem = WaveformPath.problem(with: text) {
            fail(.unsafeWaveformPath, at: value.offset, problem)
            return nil
        }
        return text
    }

    private mutating func readEventType(_ value: JSONValue) -> HapticEvent.EventType? {
        readName(value, as: HapticEvent.EventType.self, kind: .unknownEventType, stringOf: "an event type string",
                 expected: "one of HapticTransient, HapticContinuous, AudioContinuous, AudioCustom")
    }

    private mutating func readEventParameters(_ value: JSONValue, type: HapticEvent.EventType?) -> [HapticEventParameter] {
        guard let entries = reader.typed(value, expected: "an array of { \"ParameterID\", \"ParameterValue\" } objects", \.elements) else { return [] }
        var result: [HapticEventParameter] = []
        result.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            descend(into: index) { $0.readEventParameter(entry, type: type, into: &result) }
        }
        return result
    }

    /// One `{ "ParameterID", "ParameterValue" }` entry of `EventParameters`, added to `result` (a
    /// repeated ID replaces the earlier value).
    private mutating func readEventParameter(_ entry: JSONValue, type: HapticEvent.EventType?, into result: inout [HapticEventParameter]) {
        guard case let (id, number)? = readKeyedValue(entry, key: AHAPKey.parameterID, keys: AHAPKey.eventParameterKeys,
                                                      missing: "\"ParameterID\" (such as HapticIntensity)",
                                                      readKey: { $0.readEventParameterID($1) }, range: { ($0.range, $0.rawValue) })
        else { return }
        if let type, !type.applicableParameters.contains(id) {
            warn(.inapplicableParameter, at: entry.offset, "expected parameters that affect a \(type.rawValue) event, found \(id.rawValue), which has no effect on it", then: "ignored")
            return
        }
        if let existing = result.firstIndex(where: { $0.id == id }) {
            warn(.duplicateParameter, at: entry.offset, "expected \(id.rawValue) once per event, found it again", then: "the last value is used")
            result[existing].value = number
        } else {
            result.append(HapticEventParameter(id, number))
        }
    }

    private mutating func readEventParameterID(_ value: JSONValue) -> HapticEvent.ParameterID? {
        readName(value, as: HapticEvent.ParameterID.self, kind: .unknownParameterID, stringOf: "a parameter ID string",
                 expected: "an event parameter ID such as HapticIntensity or HapticSharpness") { text in
            DynamicParameter.ID(rawValue: text) == nil ? nil
                : "; \(text) is a dynamic parameter: put it in a \"Parameter\" or \"ParameterCurve\" element"
        }
    }

    // MARK: Dynamic parameters and curves

    private mutating func readDynamicParameterID(_ value: JSONValue) -> DynamicParameter.ID? {
        readName(value, as: DynamicParameter.ID.self, kind: .unknownParameterID, stringOf: "a dynamic parameter ID string",
                 expected: "a dynamic parameter ID such as HapticIntensityControl") { text in
            HapticEvent.ParameterID(rawValue: text) != nil && DynamicParameter.ID(rawValue: text + "Control") != nil
                ? "; did you mean \"\(text)Control\"? (\(text) is an event parameter)" : nil
        }
    }

    private mutating func readDynamicParameter(_ value: JSONValue) -> DynamicParameter? {
        guard let members = reader.typed(value, expected: "a dynamic parameter object", \.members) else { return nil }
        var header = TimedParameter()
        var valueMember: JSONMember?
        for member in members where !readTimedParameterKey(member, into: &header) {
            switch member.key {
            case AHAPKey.parameterValue, AHAPKey.articleValue:
                valueMember = parameterValueMember(member, in: members) ?? valueMember
            default:
                warnUnknownKey(member, expected: AHAPKey.parameterKeys)
            }
        }
        guard requireParameterID(header, in: value), let valueMember = requireParameterValue(valueMember, in: value) else { return nil }
        defaultMissingTime(&header, in: value)
        guard header.ok, let id = header.id, let time = header.time,
              let number = read(valueMember, { $0.readNumber($1, range: id.range, name: id.rawValue) }) else { return nil }
        return DynamicParameter(id, value: number, at: time)
    }

    /// The `ParameterID` and `Time` that a dynamic parameter and a curve both have.
    private struct TimedParameter {
        var id: DynamicParameter.ID?
        var idSeen = false
        var time: Double?
        var timeSeen = false
        /// False once the ID or the time was refused.
        var ok = true
    }

    /// Reads `member` into `header` when it is `ParameterID` or `Time`; false for any other key.
    private mutating func readTimedParameterKey(_ member: JSONMember, into header: inout TimedParameter) -> Bool {
        switch member.key {
        case AHAPKey.parameterID:
            header.idSeen = true
            header.id = read(member) { $0.readDynamicParameterID($1) }
            if header.id == nil { header.ok = false }
        case AHAPKey.time:
            header.timeSeen = true
            header.time = read(member) { $0.readTime($1) }
            if header.time == nil { header.ok = false }
        default:
            return false
        }
        return true
    }

    /// False, after reporting it, when `object` has no `ParameterID`.
    private mutating func requireParameterID(_ header: TimedParameter, in object: JSONValue) -> Bool {
        if !header.idSeen { fail(.missingKey, at: object.offset, "expected \"ParameterID\" (such as HapticIntensityControl), found none") }
        return header.idSeen
    }

    /// A missing `Time` is 0, with a warning.
    private mutating func defaultMissingTime(_ header: inout TimedParameter, in object: JSONValue) {
        guard !header.timeSeen else { return }
        warn(.missingKey, at: object.offset, "expected \"Time\" (seconds from the pattern start), found none", then: "0 used")
        header.time = 0
    }

    private mutating func readCurve(_ value: JSONValue) -> ParameterCurve? {
        guard let members = reader.typed(value, expected: "a parameter curve object", \.members) else { return nil }
        var header = TimedParameter()
        var pointsValue: JSONValue?
        for member in members where !readTimedParameterKey(member, into: &header) {
            if member.key == AHAPKey.parameterCurveControlPoints {
                pointsValue = member.value
            } else {
                warnUnknownKey(member, expected: AHAPKey.curveKeys)
            }
        }
        if !requireParameterID(header, in: value) { header.ok = false }
        defaultMissingTime(&header, in: value)
        let (ok, id, time) = (header.ok, header.id, header.time)
        guard let pointsValue else {
            fail(.missingKey, at: value.offset, "expected \"ParameterCurveControlPoints\" (an array of { \"Time\", \"ParameterValue\" }), found none")
            return nil
        }
        let curveTime = ok ? time : nil
        guard let points = descend(into: AHAPKey.parameterCurveControlPoints, { $0.readControlPoints(pointsValue, id: id, curveTime: curveTime) }),
              let id, let time else { return nil }
        return ParameterCurve(id, at: time, points: points)
    }

    /// `ParameterCurveControlPoints`, in time order; nil when the array is refused or the curve's
    /// `id` or `curveTime` was (the array's own problems are reported either way).
    private mutating func readControlPoints(_ pointsValue: JSONValue, id: DynamicParameter.ID?, curveTime: Double?) -> [ParameterCurve.ControlPoint]? {
        guard let entries = reader.typed(pointsValue, expected: "an array of control points", \.elements) else { return nil }
        if entries.count > options.limits.maximumControlPointsPerCurve {
            fail(.tooManyControlPoints, at: pointsValue.offset,
                 "expected at most \(options.limits.maximumControlPointsPerCurve) control points, found \(entries.count)")
            return nil
        }
        guard let id, let curveTime else { return nil }
        var points: [ParameterCurve.ControlPoint] = []
        points.reserveCapacity(entries.count)
        var unordered = false
        for (index, entry) in entries.enumerated() {
            guard let point = descend(into: index, { $0.readControlPoint(entry, id: id, curveTime: curveTime) }) else { continue }
            if let last = points.last, point.time < last.time, !unordered {
                unordered = true
                descend(into: index) {
                    $0.warn(.unorderedControlPoints, at: entry.offset,
                            "expected control point times in increasing order, found \(format(point.time)) after \(format(last.time))", then: "points sorted by time")
                }
            }
            points.append(point)
        }
        if unordered {
            points = points.enumerated()
                .sorted { $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset }
                .map(\.element)
        }
        return points
    }

    /// One `{ "Time", "ParameterValue" }` control point; its time is relative to the curve's.
    private mutating func readControlPoint(_ entry: JSONValue, id: DynamicParameter.ID, curveTime: Double) -> ParameterCurve.ControlPoint? {
        guard case let (pointTime, number)? = readKeyedValue(entry, key: AHAPKey.time, keys: AHAPKey.controlPointKeys,
                                                             missing: "\"Time\" (seconds from the curve's start)",
                                                             readKey: { $0.readTime($1, relativeTo: curveTime) }, range: { _ in (id.range, id.rawValue) })
        else { return nil }
        return ParameterCurve.ControlPoint(time: pointTime, value: number)
    }

    // MARK: Scalars

    /// A time in seconds: a number >= 0 whose pattern time (`base + value`) is at most the limit.
    private mutating func readTime(_ value: JSONValue, relativeTo base: Double = 0) -> Double? {
        guard let number = reader.typed(value, expected: "a time in seconds (a number)", \.number) else { return nil }
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

    private mutating func readDuration(_ value: JSONValue, type: HapticEvent.EventType?) -> Double? {
        guard let number = reader.typed(value, expected: "a duration in seconds (a number)", \.number) else { return nil }
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

    /// A parameter's value: a number in its range, clamped to it with a warning.
    private mutating func readNumber(_ value: JSONValue, range: ParameterRange, name: String) -> Double? {
        reader.number(value, ExpectedNumber("a number", in: range.minimum...range.maximum, for: name), outOfRange: .clamped)
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
        descend(into: member.key) {
            $0.warn(.unknownKey, at: member.keyOffset, "expected \"ParameterValue\", found \"Value\" (the spelling in Apple's article)", then: "read as ParameterValue")
        }
        return member
    }

    /// A `{ KEY, "ParameterValue" }` object (an event parameter, a control point): the value of `key`
    /// read by `readKey`, and the number of `ParameterValue` (or `Value`) clamped to the range `range`
    /// gives for that key (with the parameter's name for messages). Other members are unknown keys
    /// (`keys` for the suggestion). Nil, with the problem reported, when the object, the key or the
    /// value is missing or wrong. `missing` names the key in the message for a missing one.
    private mutating func readKeyedValue<Key>(_ entry: JSONValue, key: String, keys: [String], missing: String,
                                              readKey: (inout Self, JSONValue) -> Key?,
                                              range: (Key) -> (ParameterRange, String)) -> (Key, Double)? {
        guard let members = reader.typed(entry, expected: "a { \"\(key)\", \"ParameterValue\" } object", \.members) else { return nil }
        var keyValue: Key?
        var keySeen = false
        var valueMember: JSONMember?
        for member in members {
            switch member.key {
            case key:
                keySeen = true
                keyValue = read(member, readKey)
            case AHAPKey.parameterValue, AHAPKey.articleValue:
                valueMember = parameterValueMember(member, in: members) ?? valueMember
            default:
                warnUnknownKey(member, expected: keys)
            }
        }
        if !keySeen {
            fail(.missingKey, at: entry.offset, "expected \(missing), found none")
            return nil
        }
        guard let valueMember = requireParameterValue(valueMember, in: entry), let keyValue else { return nil }
        let (valueRange, name) = range(keyValue)
        guard let number = read(valueMember, { $0.readNumber($1, range: valueRange, name: name) }) else { return nil }
        return (keyValue, number)
    }

    /// `valueMember`, or nil after reporting that `object` has no `ParameterValue`.
    private mutating func requireParameterValue(_ valueMember: JSONMember?, in object: JSONValue) -> JSONMember? {
        if valueMember == nil { fail(.missingKey, at: object.offset, "expected \"ParameterValue\" (a number), found none") }
        return valueMember
    }

    /// A name from the closed set `Name` (an event type, a parameter ID), spelled exactly or with
    /// other letter case (a warning; an error in strict mode). Anything else is an error saying
    /// what was `expected`, with `specialHint(text)` when it has one, else the closest spelling.
    private mutating func readName<Name: RawRepresentable & CaseIterable>(
        _ value: JSONValue, as _: Name.Type, kind: AHAPDiagnostic.Kind, stringOf what: String, expected: String,
        specialHint: (String) -> String? = { _ in nil }
    ) -> Name? where Name.RawValue == String {
        guard let text = reader.typed(value, expected: what, \.string) else { return nil }
        if let exact = Name(rawValue: text) { return exact }
        if let match = Name.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) {
            warn(kind, at: value.offset, "expected \"\(match.rawValue)\", found \"\(text)\" (AHAP names are case-sensitive)", then: "read as \(match.rawValue)")
            return match
        }
        let hint = specialHint(text) ?? AHAPFormat.suggestion(for: text, among: Name.allCases.map(\.rawValue)).map { "; did you mean \"\($0)\"?" } ?? ""
        fail(kind, at: value.offset, "expected \(expected), found \"\(EchoedText.shortened(text))\"" + hint)
        return nil
    }

    /// `reader` applied to `member`'s value, one key deeper (at `member.key`).
    private mutating func read<Result>(_ member: JSONMember, _ reader: (inout Self, JSONValue) -> Result) -> Result {
        descend(into: member.key) { reader(&$0, member.value) }
    }

    /// `member`, whose key this element does not define: forgiven ("ignored") with a likely intended
    /// spelling among `expected`.
    private mutating func warnUnknownKey(_ member: JSONMember, expected: [String]) {
        reader.unknownKey(member, allowed: expected)
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
