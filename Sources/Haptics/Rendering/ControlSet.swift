/// A fixed set of dynamic controls read and written by `DynamicParameter.ID` (`HapticControls` for the
/// haptic half of a player, `AudioControls` for its audio half): the one place that turns an id into
/// a value, so both halves treat foreign ids and out-of-range writes the same way.
protocol ControlSet {
    /// Every control of the set, in index order.
    static var ids: [DynamicParameter.ID] { get }
    /// Every control at its neutral value (what a pattern without control changes plays with).
    static var neutral: Self { get }
    /// Where `id` lives in this set, or nil when the id belongs to the other half.
    static func index(of id: DynamicParameter.ID) -> Int?
    subscript(index index: Int) -> Double { get set }
}

extension ControlSet {
    /// The control's value; an id of the other half reads as its default.
    func value(of id: DynamicParameter.ID) -> Double {
        Self.index(of: id).map { self[index: $0] } ?? id.defaultValue
    }

    /// Sets the control, clamped to its range; an id of the other half is ignored.
    mutating func set(_ id: DynamicParameter.ID, to newValue: Double) {
        if let index = Self.index(of: id) { self[index: index] = id.range.clamp(newValue) }
    }
}

extension ControlTimeline {
    /// A pattern's own values of one control set at pattern time `t` (seconds), before the game's:
    /// neutral where the pattern changes nothing. O(log n) per control; no allocation.
    func controls<Controls: ControlSet>(at t: Double) -> Controls {
        var controls = Controls.neutral
        var timed = timedControls
        guard timed != 0 else { return controls }
        let ids = Controls.ids
        while timed != 0 {
            let index = timed.trailingZeroBitCount
            timed &= timed - 1
            if let value = value(ofControl: index, at: t, id: ids[index]) {
                controls[index: index] = value
            }
        }
        return controls
    }
}
