@_spi(HapticsTools) import Haptics

extension PatternPreview {
    /// The preview as a standalone SVG chart for a designer, titled `title` (escaped; a file name,
    /// say).
    ///
    /// Top: the pattern's own intensity (filled) and sharpness (a line, drawn where the pattern
    /// sounds) sampled at each frame, with a stem at each transient's onset. Below: one lane per
    /// actuator of each profile with the drive level 0...1 the output received, held from frame to
    /// frame as the motor holds it, and the motor's start threshold (dead zone) and saturation as
    /// dashed lines.
    /// Bottom: time in seconds with round ticks; a dashed line marks the end of the pattern.
    ///
    /// 960 units wide; pure string building (no fonts, scripts or external references). Each lane is
    /// a `<g class="lane" data-output="NAME" data-actuator="lowFrequency|highFrequency|leftTrigger|rightTrigger">`.
    /// Runs of equal levels are drawn as one segment, so the size grows with the changes, not the
    /// frames. Allocates.
    public func svg(title: String = "pattern") -> String {
        chart(title: title).render()
    }

    /// The chart behind `svg(title:)`: the traces, with the pattern panel on top.
    func chart(title: String) -> TraceChart {
        let names = outputs.map(\.name).joined(separator: ", ")
        var description = (outputs.count == 1 ? "profile " : "profiles ") + names
        description += " · \(SVGText.number(options.rate, decimals: 3)) frames/s"
        description += " · pattern \(SVGText.number(patternDuration, decimals: 3)) s"
        description += " · \(frameCount) frames to \(SVGText.number(lastFrameTime, decimals: 3)) s"
        if isTruncated { description += " · stopped at the tail limit, not yet silent" }
        return TraceChart(title: title, description: description, outputs: outputs, rate: options.rate,
                          pattern: TraceChart.PatternPanel(signal: signal, transients: transients,
                                                           duration: patternDuration))
    }
}
