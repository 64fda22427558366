@_spi(HapticsTools) import Haptics

/// An SVG chart of recorded actuator traces (internal): what `PatternPreview.svg(title:)` and
/// `MappingSimulation.svg(title:)` draw.
///
/// Layout, top to bottom: a title and a line saying what was rendered; a legend; with a pattern,
/// the **pattern** panel (the pattern's intensity as a filled area, its sharpness as a line where
/// it sounds, each transient as a stem at its onset, 0...1); one **lane per actuator** of each
/// output (the drive level 0...1 the output received, held from frame to frame as a motor holds
/// it, with that motor's start threshold (dead zone) and saturation as dashed lines); the time
/// axis in seconds.
/// Vertical grid lines at every tick (and, with a pattern, a dashed line at its end) run through
/// every panel.
///
/// Frame `k` of every trace is at `k / rate` seconds (how the preview and the simulation drive
/// their engines). Markup: `<g class="signal">` for the pattern panel, `<g class="lane"
/// data-output="NAME" data-actuator="lowFrequency">` for each lane, `<g class="time-axis">` for the axis.
struct TraceChart {
    /// What the pattern panel shows: the pattern's own signal per frame, its transients, its length.
    struct PatternPanel {
        /// The pattern's signal at each frame time: index `k` belongs to frame `k`.
        var signal: [HapticSignal]
        var transients: [PreviewTransient]
        /// The pattern's duration in seconds.
        var duration: Double
    }

    let title: String
    /// One line under the title: what was rendered.
    let description: String
    /// One group of lanes per output, in order.
    let outputs: [RecordingOutput]
    /// Frames per second (> 0).
    let rate: Double
    /// The pattern panel, or nil for traces without a pattern (a simulation).
    let pattern: PatternPanel?
    /// Adaptive trigger effect lanes, drawn under the actuator lanes (a simulation whose mapping
    /// sets trigger effects); empty otherwise.
    var triggerLanes: [TriggerLane] = []

    /// One trigger's effect per frame: index `k` belongs to frame `k`.
    struct TriggerLane {
        var output: String
        var side: AdaptiveTrigger.Side
        var effects: [AdaptiveTrigger.Effect]
    }

    init(title: String, description: String, outputs: [RecordingOutput], rate: Double, pattern: PatternPanel?,
         triggerLanes: [TriggerLane] = [], waveform: WaveformPanel? = nil) {
        self.title = title
        self.description = description
        self.outputs = outputs
        self.rate = rate
        self.pattern = pattern
        self.triggerLanes = triggerLanes
        self.waveform = waveform
    }

    /// The sound the pattern came from, drawn above everything (`hapticsctl from-audio --format svg`), or nil.
    var waveform: WaveformPanel? = nil

    /// What the waveform panel shows: per plot column, the lowest and highest sample (−1...1,
    /// relative to the loudest sample), over the sound's duration.
    struct WaveformPanel {
        var minimums: [Double]
        var maximums: [Double]
        /// Seconds.
        var duration: Double
    }

    static let waveformHeight = 90.0
    /// Top of the pattern panel: under the waveform panel when there is one.
    var panelTop: Double { waveform == nil ? Self.signalTop : Self.signalTop + Self.waveformHeight + 30 }

    // Geometry, in SVG user units (pixels).
    static let width = 960.0
    static let left = 132.0
    static let right = 28.0
    static let signalTop = 92.0
    static let signalHeight = 130.0
    static let laneGap = 14.0
    static let laneHeight = 58.0

    static let intensityColor = "#2b6cb0"
    static let sharpnessColor = "#dd6b20"
    static let transientColor = "#1a202c"
    static let gridColor = "#e2e8f0"
    static let panelColor = "#f7fafc"
    static let textColor = "#1a202c"
    static let mutedColor = "#4a5568"

    var plotWidth: Double { Self.width - Self.left - Self.right }

    /// Frames in the longest trace (>= 1 for the geometry).
    var frameCount: Int { max(outputs.map(\.frames.count).max() ?? 0, pattern?.signal.count ?? 0, 1) }
    /// Time of frame `k`, in seconds: `k / rate`.
    func time(ofFrame k: Int) -> Double { Double(k) / rate }
    /// Time of the last frame, in seconds.
    var lastFrameTime: Double { time(ofFrame: frameCount - 1) }
    /// When the last frame's hold ends: one frame period after it.
    var endTime: Double { lastFrameTime + 1 / rate }

    /// The time shown: every frame's hold (the last frame lasts one frame period) and the pattern.
    var timeSpan: Double { max(endTime, pattern?.duration ?? 0, waveform?.duration ?? 0) }

    func x(_ time: Double) -> Double { Self.left + time / timeSpan * plotWidth }

    /// Every lane: output index and actuator, outputs in order, actuators in `Actuator` order.
    var lanes: [(output: Int, actuator: Actuator)] {
        var result: [(Int, Actuator)] = []
        for (index, output) in outputs.enumerated() {
            for actuator in Actuator.allCases where output.profile.actuators.contains(actuator) {
                result.append((index, actuator))
            }
        }
        return result
    }

    /// Top of the first lane: under the pattern panel, or where it would be without one.
    var lanesTop: Double { pattern == nil ? panelTop : panelTop + Self.signalHeight + 30 }

    func laneTop(_ index: Int) -> Double {
        lanesTop + Double(index) * (Self.laneHeight + Self.laneGap)
    }

    func render() -> String {
        let lanes = self.lanes
        let laneCount = lanes.count + triggerLanes.count
        let plotBottom = laneCount == 0 ? (pattern == nil ? panelTop : panelTop + Self.signalHeight)
            : laneTop(laneCount - 1) + Self.laneHeight
        let height = plotBottom + 54
        var svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(Self.width))\" height=\"\(n(height))\" "
        svg += "viewBox=\"0 0 \(n(Self.width)) \(n(height))\" font-family=\"sans-serif\" font-size=\"12\" fill=\"\(Self.textColor)\">\n"
        svg += "<title>\(SVGText.escaped(title))</title>\n"
        svg += "<desc>\(SVGText.escaped(description))</desc>\n"
        svg += "<rect x=\"0\" y=\"0\" width=\"\(n(Self.width))\" height=\"\(n(height))\" fill=\"#ffffff\"/>\n"
        svg += header()
        svg += grid(bottom: plotBottom)
        if let waveform { svg += waveformPanel(waveform) }
        if let pattern { svg += signalPanel(pattern) }
        for (index, lane) in lanes.enumerated() {
            svg += self.lane(output: lane.output, actuator: lane.actuator, top: laneTop(index))
        }
        for (index, lane) in triggerLanes.enumerated() {
            svg += triggerLane(lane, top: laneTop(lanes.count + index))
        }
        if let pattern { svg += patternEnd(pattern, bottom: plotBottom) }
        svg += timeAxis(bottom: plotBottom)
        svg += "</svg>\n"
        return svg
    }

    // MARK: - Pieces

    private func header() -> String {
        var svg = "<text x=\"12\" y=\"26\" font-size=\"16\" font-weight=\"bold\">\(SVGText.escaped(title))</text>\n"
        svg += "<text x=\"12\" y=\"46\" fill=\"\(Self.mutedColor)\">\(SVGText.escaped(description))</text>\n"
        // Legend.
        var x = Self.left
        let y = 66.0
        svg += "<g class=\"legend\">\n"
        if pattern != nil {
            svg += patternLegend(x: &x, y: y)
        }
        svg += "<line x1=\"\(n(x))\" y1=\"\(n(y - 4))\" x2=\"\(n(x + 18))\" y2=\"\(n(y - 4))\" stroke=\"\(Self.mutedColor)\" stroke-dasharray=\"4 3\"/>"
        svg += "<text x=\"\(n(x + 24))\" y=\"\(n(y))\">lanes: motor drive 0…1; dashed: dead zone, saturation</text>\n"
        svg += "</g>\n"
        return svg
    }

    /// The pattern panel's legend entries, from `x` (moved past them).
    private func patternLegend(x: inout Double, y: Double) -> String {
        var svg = "<rect x=\"\(n(x))\" y=\"\(n(y - 9))\" width=\"18\" height=\"10\" fill=\"\(Self.intensityColor)\" fill-opacity=\"0.25\" stroke=\"\(Self.intensityColor)\"/>"
        svg += "<text x=\"\(n(x + 24))\" y=\"\(n(y))\">pattern intensity</text>\n"
        x += 140
        svg += "<line x1=\"\(n(x))\" y1=\"\(n(y - 4))\" x2=\"\(n(x + 18))\" y2=\"\(n(y - 4))\" stroke=\"\(Self.sharpnessColor)\" stroke-width=\"2\"/>"
        svg += "<text x=\"\(n(x + 24))\" y=\"\(n(y))\">pattern sharpness</text>\n"
        x += 145
        svg += "<line x1=\"\(n(x + 9))\" y1=\"\(n(y - 10))\" x2=\"\(n(x + 9))\" y2=\"\(n(y + 1))\" stroke=\"\(Self.transientColor)\" stroke-width=\"1.5\"/>"
        svg += "<circle cx=\"\(n(x + 9))\" cy=\"\(n(y - 10))\" r=\"3\" fill=\"\(Self.transientColor)\"/>"
        svg += "<text x=\"\(n(x + 24))\" y=\"\(n(y))\">transient onset</text>\n"
        x += 125
        return svg
    }

    private func grid(bottom: Double) -> String {
        var svg = "<g class=\"grid\" stroke=\"\(Self.gridColor)\">\n"
        for tick in AxisTicks(upTo: timeSpan).values where tick <= timeSpan {
            svg += "<line x1=\"\(n(x(tick)))\" y1=\"\(n(Self.signalTop))\" x2=\"\(n(x(tick)))\" y2=\"\(n(bottom))\"/>\n"
        }
        svg += "</g>\n"
        return svg
    }

    private func waveformPanel(_ waveform: WaveformPanel) -> String {
        let top = Self.signalTop
        let h = Self.waveformHeight
        func y(_ value: Double) -> Double { top + (1 - min(max(value, -1), 1)) * h / 2 }
        var svg = "<g class=\"waveform\">\n"
        svg += "<text x=\"12\" y=\"\(n(top + 16))\" font-weight=\"bold\">sound</text>\n"
        svg += "<text x=\"12\" y=\"\(n(top + 32))\" fill=\"\(Self.mutedColor)\" font-size=\"11\">waveform, −1…1</text>\n"
        svg += "<rect x=\"\(n(Self.left))\" y=\"\(n(top))\" width=\"\(n(plotWidth))\" height=\"\(n(h))\" fill=\"\(Self.panelColor)\" fill-opacity=\"0.6\" stroke=\"#cbd5e0\"/>\n"
        svg += "<line x1=\"\(n(Self.left))\" y1=\"\(n(y(0)))\" x2=\"\(n(Self.left + plotWidth))\" y2=\"\(n(y(0)))\" stroke=\"\(Self.gridColor)\"/>\n"
        let count = min(waveform.minimums.count, waveform.maximums.count)
        if count > 0, waveform.duration > 0 {
            func columnTime(_ c: Int) -> Double { waveform.duration * Double(c) / Double(count) }
            var d = "M\(n(x(0))),\(n(y(waveform.maximums[0])))"
            for c in 0..<count { d += " L\(n(x(columnTime(c + 1)))),\(n(y(waveform.maximums[c])))" }
            for c in stride(from: count - 1, through: 0, by: -1) { d += " L\(n(x(columnTime(c)))),\(n(y(waveform.minimums[c])))" }
            d += " Z"
            svg += "<path class=\"samples\" d=\"\(d)\" fill=\"#4a5568\" fill-opacity=\"0.55\" stroke=\"#4a5568\" stroke-width=\"0.5\"/>\n"
        }
        svg += "</g>\n"
        return svg
    }

    private func signalPanel(_ pattern: PatternPanel) -> String {
        let top = panelTop
        let h = Self.signalHeight
        func y(_ value: Double) -> Double { top + (1 - min(max(value, 0), 1)) * h }
        var svg = "<g class=\"signal\">\n"
        svg += "<text x=\"12\" y=\"\(n(top + 16))\" font-weight=\"bold\">pattern</text>\n"
        svg += "<text x=\"12\" y=\"\(n(top + 32))\" fill=\"\(Self.mutedColor)\" font-size=\"11\">intensity and</text>\n"
        svg += "<text x=\"12\" y=\"\(n(top + 46))\" fill=\"\(Self.mutedColor)\" font-size=\"11\">sharpness, 0…1</text>\n"
        svg += "<rect x=\"\(n(Self.left))\" y=\"\(n(top))\" width=\"\(n(plotWidth))\" height=\"\(n(h))\" fill=\"\(Self.panelColor)\" fill-opacity=\"0.6\" stroke=\"#cbd5e0\"/>\n"
        for value in [0.0, 0.5, 1.0] {
            svg += "<line x1=\"\(n(Self.left))\" y1=\"\(n(y(value)))\" x2=\"\(n(Self.left + plotWidth))\" y2=\"\(n(y(value)))\" stroke=\"\(Self.gridColor)\"/>"
            svg += "<text x=\"\(n(Self.left - 6))\" y=\"\(n(y(value) + 4))\" text-anchor=\"end\" fill=\"\(Self.mutedColor)\" font-size=\"11\">\(SVGText.number(value))</text>\n"
        }
        // Intensity: a filled area, each frame's sample held until the next frame (what the engine
        // evaluated on that frame; the lanes below are drawn the same way).
        let signal = pattern.signal
        let intensity = heldStepArea(signal.map(\.intensity), y: y)
        svg += "<path class=\"intensity\" d=\"\(intensity)\" fill=\"\(Self.intensityColor)\" fill-opacity=\"0.25\" stroke=\"\(Self.intensityColor)\" stroke-width=\"1.5\"/>\n"
        // Sharpness: a line wherever the pattern sounds (it has no meaning in silence).
        let sharpness = signal.map(\.sharpness)
        var k = 0
        while k < signal.count {
            guard signal[k].intensity > 0 else { k += 1; continue }
            var end = k
            while end + 1 < signal.count && signal[end + 1].intensity > 0 { end += 1 }
            let points = steps(sharpness, k..<(end + 1)).map { "\(n(x($0.time))),\(n(y($0.value)))" }
            svg += "<polyline class=\"sharpness\" points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"\(Self.sharpnessColor)\" stroke-width=\"2\"/>\n"
            k = end + 1
        }
        // Transients: a stem at each onset, as high as the tap's intensity.
        for transient in pattern.transients where transient.time <= timeSpan {
            let tx = n(x(transient.time))
            svg += "<line class=\"transient\" x1=\"\(tx)\" y1=\"\(n(y(0)))\" x2=\"\(tx)\" y2=\"\(n(y(transient.signal.intensity)))\" stroke=\"\(Self.transientColor)\" stroke-width=\"1.5\"/>"
            svg += "<circle cx=\"\(tx)\" cy=\"\(n(y(transient.signal.intensity)))\" r=\"3\" fill=\"\(Self.transientColor)\"/>\n"
        }
        svg += "</g>\n"
        return svg
    }

    private func lane(output index: Int, actuator: Actuator, top: Double) -> String {
        let output = outputs[index]
        let profile = output.profile
        let h = Self.laneHeight
        func y(_ value: Double) -> Double { top + (1 - min(max(value, 0), 1)) * h }
        let color = Self.color(of: actuator)
        var svg = laneOpening("class=\"lane\" data-output=\"\(SVGText.escaped(output.name))\" data-actuator=\"\(Self.identifier(of: actuator))\"",
                              label: Self.label(of: actuator), output: output.name, top: top)
        let response = profile.response(of: actuator)
        for level in [response.startThreshold, response.saturation] where level > 0 && level < 1 {
            svg += "<line x1=\"\(n(Self.left))\" y1=\"\(n(y(level)))\" x2=\"\(n(Self.left + plotWidth))\" y2=\"\(n(y(level)))\" stroke=\"\(Self.mutedColor)\" stroke-opacity=\"0.6\" stroke-dasharray=\"4 3\"/>\n"
        }
        // Drive: each frame's level held until the next frame, as the motor holds it.
        let path = heldStepArea(output.frames.map { $0.levels[actuator] }, y: y)
        svg += "<path class=\"drive\" d=\"\(path)\" fill=\"\(color)\" fill-opacity=\"0.3\" stroke=\"\(color)\" stroke-width=\"1.5\" stroke-linejoin=\"miter\"/>\n"
        svg += "</g>\n"
        return svg
    }

    /// An adaptive trigger's effect: its force (strength or amplitude, the largest for positional
    /// and slope modes) as a held step line 0...1, and the effect's name wherever it changes.
    /// `<g class="trigger-effect" data-output="NAME" data-side="left|right">`.
    private func triggerLane(_ lane: TriggerLane, top: Double) -> String {
        let h = Self.laneHeight
        func y(_ value: Double) -> Double { top + (1 - min(max(value, 0), 1)) * h }
        let color = lane.side == .left ? "#c05621" : "#2b6cb0"
        var svg = laneOpening("class=\"trigger-effect\" data-output=\"\(SVGText.escaped(lane.output))\" data-side=\"\(lane.side.rawValue)\"",
                              label: "\(lane.side == .left ? "L2" : "R2") effect", output: lane.output, top: top)
        let path = heldStepArea(lane.effects.map(\.peakForce), y: y)
        svg += "<path class=\"force\" d=\"\(path)\" fill=\"\(color)\" fill-opacity=\"0.2\" stroke=\"\(color)\" stroke-width=\"1.5\"/>\n"
        var previous: String?
        for (frame, effect) in lane.effects.enumerated() where effect.name != previous {
            previous = effect.name
            svg += "<text class=\"mode\" x=\"\(n(x(time(ofFrame: frame)) + 3))\" y=\"\(n(top + 12))\" fill=\"\(color)\" font-size=\"11\">\(effect.name)</text>\n"
        }
        svg += "</g>\n"
        return svg
    }

    /// The start of a lane: `<g ATTRIBUTES>`, its label and output name at the left, its panel and the
    /// 1 and 0 of its scale. The caller closes the group.
    private func laneOpening(_ attributes: String, label: String, output: String, top: Double) -> String {
        let h = Self.laneHeight
        func y(_ value: Double) -> Double { top + (1 - min(max(value, 0), 1)) * h }
        var svg = "<g \(attributes)>\n"
        svg += "<text x=\"12\" y=\"\(n(top + 22))\" font-weight=\"bold\">\(label)</text>\n"
        svg += "<text x=\"12\" y=\"\(n(top + 38))\" fill=\"\(Self.mutedColor)\" font-size=\"11\">\(SVGText.escaped(output))</text>\n"
        svg += "<rect x=\"\(n(Self.left))\" y=\"\(n(top))\" width=\"\(n(plotWidth))\" height=\"\(n(h))\" fill=\"\(Self.panelColor)\" fill-opacity=\"0.6\" stroke=\"#cbd5e0\"/>\n"
        svg += "<text x=\"\(n(Self.left - 6))\" y=\"\(n(y(1) + 9))\" text-anchor=\"end\" fill=\"\(Self.mutedColor)\" font-size=\"11\">1</text>"
        svg += "<text x=\"\(n(Self.left - 6))\" y=\"\(n(y(0)))\" text-anchor=\"end\" fill=\"\(Self.mutedColor)\" font-size=\"11\">0</text>\n"
        return svg
    }

    /// Path data of the area under `values` (one per frame), each held until the next frame as a motor
    /// holds it, closed along 0 at the chart's end; `y` maps a value to the lane's height.
    private func heldStepArea(_ values: [Double], y: (Double) -> Double) -> String {
        var path = "M\(n(x(0))),\(n(y(0)))"
        for (time, value) in steps(values, 0..<values.count) {
            path += " L\(n(x(time))),\(n(y(value)))"
        }
        path += " L\(n(x(endTime))),\(n(y(0))) Z"
        return path
    }

    private func patternEnd(_ pattern: PatternPanel, bottom: Double) -> String {
        guard pattern.duration > 0 else { return "" }
        let ex = n(x(pattern.duration))
        var svg = "<g class=\"pattern-end\">"
        svg += "<line x1=\"\(ex)\" y1=\"\(n(Self.signalTop - 4))\" x2=\"\(ex)\" y2=\"\(n(bottom))\" stroke=\"\(Self.mutedColor)\" stroke-dasharray=\"2 3\"/>"
        let anchor = x(pattern.duration) > Self.left + plotWidth - 80 ? "end" : "start"
        let offset = anchor == "end" ? -4.0 : 4.0
        svg += "<text x=\"\(n(x(pattern.duration) + offset))\" y=\"\(n(Self.signalTop - 6))\" text-anchor=\"\(anchor)\" fill=\"\(Self.mutedColor)\" font-size=\"11\">end of pattern</text>"
        svg += "</g>\n"
        return svg
    }

    private func timeAxis(bottom: Double) -> String {
        let ticks = AxisTicks(upTo: timeSpan)
        var svg = "<g class=\"time-axis\">\n"
        svg += "<line x1=\"\(n(Self.left))\" y1=\"\(n(bottom))\" x2=\"\(n(Self.left + plotWidth))\" y2=\"\(n(bottom))\" stroke=\"\(Self.mutedColor)\"/>\n"
        for tick in ticks.values where tick <= timeSpan {
            let tx = n(x(tick))
            svg += "<line x1=\"\(tx)\" y1=\"\(n(bottom))\" x2=\"\(tx)\" y2=\"\(n(bottom + 5))\" stroke=\"\(Self.mutedColor)\"/>"
            svg += "<text x=\"\(tx)\" y=\"\(n(bottom + 19))\" text-anchor=\"middle\" fill=\"\(Self.mutedColor)\">\(ticks.label(tick))</text>\n"
        }
        svg += "<text x=\"\(n(Self.left + plotWidth / 2))\" y=\"\(n(bottom + 40))\" text-anchor=\"middle\">time (s)</text>\n"
        svg += "</g>\n"
        return svg
    }

    // MARK: - Helpers

    /// The corners of the step line through `values[frames]`: frame k's value holds from its time
    /// until frame k + 1 (the last frame for one frame period). Runs of equal values give one
    /// segment, so the point count grows with the changes, not the frames.
    private func steps(_ values: [Double], _ frames: Range<Int>) -> [(time: Double, value: Double)] {
        var points: [(time: Double, value: Double)] = []
        var k = frames.lowerBound
        while k < frames.upperBound {
            let value = values[k]
            var end = k
            while end + 1 < frames.upperBound && values[end + 1] == value { end += 1 }
            let endTime = end + 1 < values.count ? time(ofFrame: end + 1) : time(ofFrame: end) + 1 / rate
            points.append((time(ofFrame: k), value))
            points.append((endTime, value))
            k = end + 1
        }
        return points
    }

    private func n(_ value: Double) -> String { SVGText.number(value) }

    static func identifier(of actuator: Actuator) -> String {
        switch actuator {
        case .lowFrequency: return "lowFrequency"
        case .highFrequency: return "highFrequency"
        case .leftTrigger: return "leftTrigger"
        case .rightTrigger: return "rightTrigger"
        }
    }

    static func label(of actuator: Actuator) -> String {
        switch actuator {
        case .lowFrequency: return "low motor"
        case .highFrequency: return "high motor"
        case .leftTrigger: return "left trigger"
        case .rightTrigger: return "right trigger"
        }
    }

    static func color(of actuator: Actuator) -> String {
        switch actuator {
        case .lowFrequency: return "#2c7a7b"
        case .highFrequency: return "#b83280"
        case .leftTrigger: return "#6b46c1"
        case .rightTrigger: return "#2f855a"
        }
    }
}
