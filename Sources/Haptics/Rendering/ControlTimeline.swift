/// A pattern's own dynamic parameters and parameter curves for one family of controls (the haptic
/// ones for `VoiceEvaluator`, the audio ones for `AudioEventTable`), as one timeline per control:
/// steps and curves sorted by start, so the value at any time is a binary search away.
///
/// Built once per pattern (allocates); `value(ofControl:at:id:)` is O(log n), no allocation,
/// thread-safe (immutable storage). Internal.
struct ControlTimeline: Sendable {
    struct Segment: Sendable {
        var start: Double
        var value: Double
        /// Index into `curves`, or -1 for a step.
        var curve: Int
    }

    /// Per control (by the caller's index), its steps and curves by start time.
    let segments: [ContiguousArray<Segment>]
    let curves: ContiguousArray<ParameterCurve>
    /// Bit `index` set when control `index` has at least one step or curve (the others always read
    /// as nil, so a pattern without controls costs nothing per sample).
    let timedControls: UInt32

    /// The timelines of `pattern` for `count` controls; `index` gives a parameter's control index,
    /// or nil for parameters of another family.
    init(_ pattern: HapticPattern, count: Int, index: (DynamicParameter.ID) -> Int?) {
        var curveList = ContiguousArray<ParameterCurve>()
        var perControl = [ContiguousArray<Segment>](repeating: [], count: count)
        for parameter in pattern.dynamicParameters {
            guard let control = index(parameter.id) else { continue }
            perControl[control].append(Segment(start: parameter.time, value: parameter.value, curve: -1))
        }
        for curve in pattern.parameterCurves where !curve.controlPoints.isEmpty {
            guard let control = index(curve.id) else { continue }
            perControl[control].append(Segment(start: curve.time, value: 0, curve: curveList.count))
            curveList.append(curve)
        }
        // Stable sort by start: steps were appended before curves, so a curve wins a tie.
        segments = perControl.map { list in
            ContiguousArray(list.enumerated().sorted {
                $0.element.start != $1.element.start ? $0.element.start < $1.element.start : $0.offset < $1.offset
            }.map(\.element))
        }
        curves = curveList
        var mask: UInt32 = 0
        for (index, list) in segments.enumerated() where !list.isEmpty && index < 32 { mask |= 1 << UInt32(index) }
        timedControls = mask
    }

    /// The value of control `index` (parameter `id`) at pattern time `t`, clamped to `id`'s range,
    /// or nil before the control's first step or curve (the control then keeps its neutral value).
    func value(ofControl index: Int, at t: Double, id: DynamicParameter.ID) -> Double? {
        let list = segments[index]
        // Last segment with start <= t.
        var low = 0
        var high = list.count
        while low < high {
            let mid = (low + high) / 2
            if list[mid].start <= t { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let segment = list[low - 1]
        let raw = segment.curve < 0 ? segment.value : (curves[segment.curve].value(at: t) ?? id.defaultValue)
        return id.range.clamp(raw)
    }
}
