/// One entry of an event's `EventParameters` list: a parameter and its value.
public struct HapticEventParameter: Hashable, Sendable {
    /// Which parameter.
    public var id: HapticEvent.ParameterID
    /// Its value, inside `id.range` once decoded (the decoder clamps and warns).
    public var value: Double

    public init(_ id: HapticEvent.ParameterID, _ value: Double) {
        self.id = id
        self.value = value
    }
}
