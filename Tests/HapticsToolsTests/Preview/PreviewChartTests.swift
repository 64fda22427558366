import Foundation
@_spi(HapticsTools) @testable import Haptics
@_spi(HapticsTools) @testable import HapticsTools
import Testing

@Suite("Pattern preview SVG")
struct PreviewChartTests {
    static let heartbeat = HapticPattern(events: [
        .transient(at: 0, intensity: 1, sharpness: 0.3),
        .continuous(at: 0.02, duration: 0.2, intensity: 0.6, sharpness: 0.2),
        .transient(at: 0.3, intensity: 0.7, sharpness: 0.4),
    ])

    @Test("the chart is well-formed XML with one lane per actuator of each profile", arguments: [
        ([MotorProfile.genericDualMotor], ["lowFrequency", "highFrequency"]),
        ([MotorProfile.xboxOne], ["lowFrequency", "highFrequency", "leftTrigger", "rightTrigger"]),
        ([MotorProfile.switchPro, .virtual], ["lowFrequency", "highFrequency", "lowFrequency", "highFrequency", "leftTrigger", "rightTrigger"]),
    ])
    func lanes(profiles: [MotorProfile], actuators: [String]) throws {
        let preview = try PatternPreview(rendering: Self.heartbeat, options: PreviewOptions(profiles: profiles))
        let check = SVGCheck(preview.svg(title: "Heartbeat.ahap"))
        #expect(check.isWellFormed, "\(check.error ?? "")")
        let lanes = check.elements("g", class: "lane")
        #expect(lanes.map { $0.attributes["data-actuator"] ?? "" } == actuators)
        #expect(lanes.map { $0.attributes["data-output"] ?? "" } == preview.outputs.flatMap { output in
            Actuator.allCases.filter { output.profile.actuators.contains($0) }.map { _ in output.name }
        })
        #expect(check.elements("path", class: "drive").count == actuators.count)
        #expect(check.elements("g", class: "signal").count == 1)
        #expect(check.elements("path", class: "intensity").count == 1)
        #expect(check.elements("line", class: "transient").count == 2)
        #expect(check.elements.first?.name == "svg")
        #expect(check.elements.first?.attributes["xmlns"] == "http://www.w3.org/2000/svg")
    }

    @Test("labels: the title, the profile, the lanes' names and time ticks in seconds")
    func labels() throws {
        let preview = try PatternPreview(rendering: Self.heartbeat)
        let check = SVGCheck(preview.svg(title: "Heartbeat.ahap"))
        #expect(check.texts.contains("Heartbeat.ahap"))
        #expect(check.texts.contains("low motor"))
        #expect(check.texts.contains("high motor"))
        #expect(check.texts.contains("time (s)"))
        #expect(check.texts.contains("end of pattern"))
        #expect(check.texts.contains { $0.hasPrefix("profile generic · 60 frames/s · pattern 0.3 s") })
        // The frames run just past the 0.3 s tap (its burst, then the first silent frame): ticks every 0.05 s.
        #expect(preview.lastFrameTime > 0.3 && preview.lastFrameTime < 0.4, "\(preview.lastFrameTime)")
        for label in ["0", "0.05", "0.1", "0.2", "0.3"] { #expect(check.texts.contains(label), "tick \(label)") }
    }

    @Test("a drive lane draws each frame's level held to the next frame, at the right height")
    func driveGeometry() throws {
        let pattern = HapticPattern(events: [.continuous(at: 0, duration: 0.5, intensity: 1, sharpness: 0)])
        let preview = try PatternPreview(rendering: pattern, options: PreviewOptions(rate: 10, profile: .virtual))
        // Frames 0 ... 0.4 at level 1, frame 0.5 at 0: the chart spans 0 ... 0.6 s.
        #expect(preview.outputs[0].frames.map(\.levels.lowFrequency) == [1, 1, 1, 1, 1, 0])
        let check = SVGCheck(preview.svg())
        let low = try #require(check.elements("path", class: "drive").first?.attributes["d"])
        let chart = preview.chart(title: "")
        let top = chart.laneTop(0)
        let bottom = top + TraceChart.laneHeight
        let x0 = TraceChart.left
        let x05 = TraceChart.left + 0.5 / 0.6 * chart.plotWidth
        let x06 = TraceChart.left + chart.plotWidth
        let n = { (v: Double) in SVGText.number(v) }
        #expect(low == "M\(n(x0)),\(n(bottom)) L\(n(x0)),\(n(top)) L\(n(x05)),\(n(top)) L\(n(x05)),\(n(bottom)) L\(n(x06)),\(n(bottom)) L\(n(x06)),\(n(bottom)) Z")
    }

    @Test("traces without a pattern: lanes only, from the top, drawn like the preview's")
    func tracesWithoutPattern() throws {
        // Two outputs, frames at k / 10 s: output a at 1 for frames 0...3, then 0; output b silent.
        let a = RecordingOutput(name: "player0", profile: .virtual)
        let b = RecordingOutput(name: "player1", profile: .genericDualMotor)
        for k in 0..<6 {
            a.receive(HapticFrame(time: Double(k) / 10, levels: ActuatorLevels(lowFrequency: k < 4 ? 1 : 0)))
            b.receive(HapticFrame(time: Double(k) / 10, levels: .zero))
        }
        let chart = TraceChart(title: "session", description: "2 players", outputs: [a, b], rate: 10, pattern: nil)
        let check = SVGCheck(chart.render())
        #expect(check.isWellFormed, "\(check.error ?? "")")
        #expect(check.elements("g", class: "signal").isEmpty)
        #expect(check.elements("g", class: "pattern-end").isEmpty)
        #expect(!check.texts.contains("pattern intensity"))
        #expect(check.texts.contains("session"))
        #expect(check.texts.contains("2 players"))
        #expect(check.texts.contains("time (s)"))
        let lanes = check.elements("g", class: "lane")
        #expect(lanes.map { $0.attributes["data-output"] ?? "" } == ["player0", "player0", "player0", "player0", "player1", "player1"])
        #expect(lanes.map { $0.attributes["data-actuator"] ?? "" }
                == ["lowFrequency", "highFrequency", "leftTrigger", "rightTrigger", "lowFrequency", "highFrequency"])
        // The first lane starts where the pattern panel would; 0 ... 0.4 s at 1, then 0 to 0.6 s.
        #expect(chart.laneTop(0) == TraceChart.signalTop)
        let low = try #require(check.elements("path", class: "drive").first?.attributes["d"])
        let top = chart.laneTop(0)
        let bottom = top + TraceChart.laneHeight
        let x0 = TraceChart.left
        let x04 = TraceChart.left + 0.4 / 0.6 * chart.plotWidth
        let x06 = TraceChart.left + chart.plotWidth
        let n = { (v: Double) in SVGText.number(v) }
        #expect(low == "M\(n(x0)),\(n(bottom)) L\(n(x0)),\(n(top)) L\(n(x04)),\(n(top)) L\(n(x04)),\(n(bottom)) L\(n(x06)),\(n(bottom)) L\(n(x06)),\(n(bottom)) Z")
    }

    @Test("a title with markup characters is escaped")
    func escaping() throws {
        let preview = try PatternPreview(rendering: Self.heartbeat)
        let check = SVGCheck(preview.svg(title: "<Tom & \"Jerry's\">.ahap"))
        #expect(check.isWellFormed, "\(check.error ?? "")")
        #expect(check.texts.contains("<Tom & \"Jerry's\">.ahap"))
    }

    @Test("numbers are written in a fixed, short form")
    func numbers() {
        #expect(SVGText.number(12) == "12")
        #expect(SVGText.number(3.25) == "3.25")
        #expect(SVGText.number(0.125, decimals: 2) == "0.13")
        #expect(SVGText.number(-0.001) == "0")
        #expect(SVGText.number(-2.5) == "-2.5")
        #expect(SVGText.number(0.05, decimals: 3) == "0.05")
        #expect(SVGText.number(.nan) == "0")
    }

    @Test("time ticks use round steps", arguments: [
        (0.3167, 0.05, 7), (1.0, 0.1, 11), (3.0, 0.5, 7), (0.1, 0.01, 11), (12.0, 2.0, 7), (0.2, 0.02, 11),
    ])
    func ticks(end: Double, step: Double, count: Int) {
        let ticks = AxisTicks(upTo: end)
        #expect(abs(ticks.step - step) < 1e-12)
        #expect(ticks.values.count == count)
        #expect(ticks.values.first == 0)
    }
}
