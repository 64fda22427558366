/// A player command waiting for its time (internal). `time` is `-infinity` for "at the next update".
struct PatternPlayerCommand {
    enum Kind {
        case start
        case stop
        case pause
        case resume
        case seek(Double)
        case parameter(DynamicParameter.ID, Double)
        case curve(ParameterCurve)
    }

    var kind: Kind
    var time: Double
}
