/// A `Parameter` element: at `time`, a control jumps to `value` and stays there until the next
/// change of the same control (or the end of playback).
public struct DynamicParameter: Hashable, Sendable {
    /// Which control.
    public var id: DynamicParameter.ID
    /// New value, inside `id.range` once decoded.
    public var value: Double
    /// When it takes effect, in seconds from the start of the pattern, >= 0.
    public var time: Double

    public init(_ id: DynamicParameter.ID, value: Double, at time: Double) {
        self.id = id
        self.value = value
        self.time = time
    }
}
