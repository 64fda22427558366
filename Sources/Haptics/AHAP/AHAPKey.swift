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
