@_spi(HapticsTools) import Haptics

/// Round tick positions for a time axis that runs from 0 to `end` seconds (internal).
///
/// The step is the smallest of 1, 2, 2.5 and 5 times a power of ten that gives at most
/// `maximumCount` intervals, so labels read 0, 0.05, 0.1... or 0, 0.5, 1... and never 0.33.
struct AxisTicks: Hashable {
    /// Distance between ticks, in seconds (> 0).
    let step: Double
    /// Tick positions from 0 through `end`, in seconds.
    let values: [Double]
    /// Decimals needed to write every tick exactly.
    let decimals: Int

    init(upTo end: Double, maximumCount: Int = 10) {
        let span = end.isFinite && end > 0 ? end : 1
        let raw = span / Double(max(maximumCount, 1))
        var magnitude = 1.0
        var decimalsOfMagnitude = 0
        while magnitude > raw && decimalsOfMagnitude < 9 {
            magnitude /= 10
            decimalsOfMagnitude += 1
        }
        while magnitude * 10 <= raw { magnitude *= 10 }
        // magnitude <= raw < 10 * magnitude: pick the first nice multiple that reaches raw.
        var chosen = magnitude * 10
        var extraDecimals = 0
        for (factor, extra) in [(1.0, 0), (2.0, 0), (2.5, 1), (5.0, 0)] where magnitude * factor >= raw {
            chosen = magnitude * factor
            extraDecimals = extra
            break
        }
        step = chosen
        decimals = decimalsOfMagnitude + extraDecimals
        var ticks: [Double] = []
        var index = 0.0
        while index * chosen <= span * (1 + 1e-9) {
            ticks.append(index * chosen)
            index += 1
        }
        values = ticks
    }

    /// The label of a tick: its value in seconds with `decimals` places at most.
    func label(_ value: Double) -> String { SVGText.number(value, decimals: decimals) }
}
