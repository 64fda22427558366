/// The key strings of the AHAP format (Apple's `CHHapticPattern.Key`), in one place.
enum AHAPKey {
    static let version = "Version"
    static let metadata = "Metadata"
    static let pattern = "Pattern"
    static let event = "Event"
    static let parameter = "Parameter"
    static let parameterCurve = "ParameterCurve"
    static let eventType = "EventType"
    static let time = "Time"
    static let eventDuration = "EventDuration"
    static let eventParameters = "EventParameters"
    static let eventWaveformPath = "EventWaveformPath"
    static let eventWaveformUseVolumeEnvelope = "EventWaveformUseVolumeEnvelope"
    static let eventWaveformLoopEnabled = "EventWaveformLoopEnabled"
    static let parameterID = "ParameterID"
    static let parameterValue = "ParameterValue"
    static let parameterCurveControlPoints = "ParameterCurveControlPoints"

    /// The spellings in the prose of Apple's AHAP article, read leniently with a warning.
    static let articleDuration = "Duration"
    static let articleValue = "Value"

    static let topLevel = [version, metadata, pattern]
    static let elements = [event, parameter, parameterCurve]
    static let eventKeys = [eventType, time, eventDuration, eventParameters, eventWaveformPath,
                            eventWaveformUseVolumeEnvelope, eventWaveformLoopEnabled]
    static let parameterKeys = [parameterID, parameterValue, time]
    static let curveKeys = [parameterID, time, parameterCurveControlPoints]
    static let eventParameterKeys = [parameterID, parameterValue]
    static let controlPointKeys = [time, parameterValue]
}

/// "did you mean ...?" for a misspelled name: a case-insensitive match, or the closest
/// candidate within an edit distance of 2 (3 for long names).
func suggestion(for name: String, among candidates: [String]) -> String? {
    let lowered = name.lowercased()
    if let exact = candidates.first(where: { $0.lowercased() == lowered }) { return exact }
    var best: (String, Int)?
    let a = Array(lowered.utf8)
    guard a.count <= 64 else { return nil }
    for candidate in candidates {
        let b = Array(candidate.lowercased().utf8)
        let distance = editDistance(a, b)
        let allowed = b.count > 10 ? 3 : 2
        if distance <= allowed, distance < (best?.1 ?? .max) { best = (candidate, distance) }
    }
    return best?.0
}

private func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
