/// A haptic and audio pattern: events, dynamic parameters and parameter curves on one timeline.
///
/// The model behind an AHAP file. Elements may be given in any order; the pattern keeps each
/// list sorted by time (stable, so elements at the same time keep the order they were given in).
/// A value type, `Sendable`, cheap to copy until mutated.
public struct HapticPattern: Hashable, Sendable {
    /// The oldest format version able to play the pattern (AHAP `Version`); 1 when the file omits it.
    public var version: Double
    /// Free-form `Metadata` (project, description, tags...). Not interpreted by SDLHaptics; kept so
    /// an AHAP file read and written again keeps it (tools: `@_spi(HapticsTools)`).
    @_spi(HapticsTools) public var metadata: [String: MetadataValue]
    /// Events sorted by `time`.
    public private(set) var events: [HapticEvent]
    /// Dynamic parameter changes sorted by `time`.
    public private(set) var dynamicParameters: [DynamicParameter]
    /// Parameter curves sorted by `time`.
    public private(set) var parameterCurves: [ParameterCurve]
    /// What playing it needs, made once and shared by every player of this value (`PatternPreparation`);
    /// not part of equality. Replaced whenever an element is added.
    private var preparation = PatternPreparationSlot()

    /// Builds a pattern; the three lists may be in any order.
    public init(
        events: [HapticEvent],
        dynamicParameters: [DynamicParameter] = [],
        parameterCurves: [ParameterCurve] = [],
        version: Double = 1
    ) {
        self.init(events: events, dynamicParameters: dynamicParameters, parameterCurves: parameterCurves,
                  metadata: [:], version: version)
    }

    /// Builds a pattern with AHAP `Metadata` (for the AHAP reader and tools).
    @_spi(HapticsTools)
    public init(
        events: [HapticEvent],
        dynamicParameters: [DynamicParameter] = [],
        parameterCurves: [ParameterCurve] = [],
        metadata: [String: MetadataValue],
        version: Double = 1
    ) {
        self.version = version
        self.metadata = metadata
        self.events = HapticPattern.sortedByTime(events) { $0.time }
        self.dynamicParameters = HapticPattern.sortedByTime(dynamicParameters) { $0.time }
        self.parameterCurves = HapticPattern.sortedByTime(parameterCurves) { $0.time }
    }

    /// The pattern's length in seconds: the latest end among events (`time + duration`),
    /// dynamic parameters (`time`) and curves (time of the last control point). 0 when empty.
    ///
    /// This does not include a continuous event's release tail after its duration ends,
    /// which depends on the device; the playback engine adds it.
    public var duration: Double {
        var end = 0.0
        for event in events { end = max(end, event.endTime) }
        for parameter in dynamicParameters { end = max(end, parameter.time) }
        for curve in parameterCurves { end = max(end, curve.endTime) }
        return end
    }

    /// Whether any event drives haptic actuators.
    public var hasHapticContent: Bool { events.contains { $0.type.isHaptic } }

    /// Whether any event plays sound. O(events) the first time for a pattern value, O(1) after.
    public var hasAudioContent: Bool { preparation.preparation.hasAudioContent(self) }

    /// Prepares the pattern for playback now (its evaluator and, when it has sound, its audio table), so
    /// that the first player started with it does not: once per pattern value, shared by every player on
    /// every engine (copies of the value share it). O(n log n) in its elements the first time, allocates;
    /// O(1) after. Any thread. Call at load time; players made without it prepare on first use.
    public func prepareForPlayback() {
        _ = evaluator
        if hasAudioContent { _ = audioTable }
    }

    /// The shared evaluator of the pattern's haptic signal (`prepareForPlayback()`).
    var evaluator: VoiceEvaluator { preparation.preparation.evaluator(of: self) }

    /// The shared audio events and controls of the pattern (`prepareForPlayback()`).
    var audioTable: AudioEventTable { preparation.preparation.audioTable(of: self) }

    /// The distinct waveform paths of `AudioCustom` events, in time order of first use.
    public var waveformPaths: [String] {
        var seen = Set<String>()
        var paths: [String] = []
        for event in events {
            if let path = event.waveformPath, seen.insert(path).inserted { paths.append(path) }
        }
        return paths
    }

    /// Adds an event, keeping `events` sorted (it goes after events with the same time).
    public mutating func add(_ event: HapticEvent) {
        let index = events.firstIndex { $0.time > event.time } ?? events.endIndex
        events.insert(event, at: index)
        preparation = PatternPreparationSlot()
    }

    /// Adds a dynamic parameter change, keeping the list sorted.
    public mutating func add(_ parameter: DynamicParameter) {
        let index = dynamicParameters.firstIndex { $0.time > parameter.time } ?? dynamicParameters.endIndex
        dynamicParameters.insert(parameter, at: index)
        preparation = PatternPreparationSlot()
    }

    /// Adds a parameter curve, keeping the list sorted.
    public mutating func add(_ curve: ParameterCurve) {
        let index = parameterCurves.firstIndex { $0.time > curve.time } ?? parameterCurves.endIndex
        parameterCurves.insert(curve, at: index)
        preparation = PatternPreparationSlot()
    }

    private static func sortedByTime<T>(_ items: [T], _ time: (T) -> Double) -> [T] {
        // Stable: sort indices by (time, original index).
        var isSorted = true
        for i in items.indices.dropFirst() where time(items[i - 1]) > time(items[i]) {
            isSorted = false
            break
        }
        if isSorted { return items }
        return items.enumerated()
            .sorted { a, b in
                let ta = time(a.element), tb = time(b.element)
                return ta != tb ? ta < tb : a.offset < b.offset
            }
            .map(\.element)
    }
}
