@_spi(HapticsTools) import Haptics

extension MappingSimulation {
    /// The simulation as a standalone SVG chart, titled `title` (escaped; the events file's name, say).
    ///
    /// One lane per actuator of each player's output ("player0", "player1"...) with the drive level
    /// 0...1 the pad received, held from frame to frame as the motor holds it, and the profile's dead
    /// zone and saturation as dashed lines; time in seconds at the bottom. The same chart as
    /// `PatternPreview.svg(title:)` without its pattern panel (a simulation plays many patterns).
    /// Each lane is a `<g class="lane" data-output="playerN" data-actuator="lowFrequency|...">`.
    /// Runs of equal levels are drawn as one segment. When the mapping sets adaptive trigger effects,
    /// two more lanes per player show each trigger's effect: its force (strength or amplitude) 0...1
    /// and the effect's name where it changes (`<g class="trigger-effect" data-output="playerN"
    /// data-side="left|right">`). Allocates.
    public func svg(title: String = "simulation") -> String {
        let profiles = Set(outputs.map(\.profile.name)).sorted().joined(separator: ", ")
        let frames = outputs.map(\.frames.count).max() ?? 0
        var description = (outputs.count == 1 ? "1 player" : "\(outputs.count) players") + " · profile \(profiles)"
        description += " · \(SVGText.number(rate, decimals: 3)) frames/s"
        description += " · \(statistics.events) events, \(statistics.voicesStarted) voices started"
        description += " · \(frames) frames to \(SVGText.number(Double(max(frames - 1, 0)) / rate, decimals: 3)) s"
        if isTruncated { description += " · stopped at the tail limit, not yet silent" }
        var triggerLanes: [TraceChart.TriggerLane] = []
        for (player, frames) in triggerEffects.enumerated() where player < outputs.count {
            triggerLanes.append(.init(output: outputs[player].name, side: .left, effects: frames.map(\.left)))
            triggerLanes.append(.init(output: outputs[player].name, side: .right, effects: frames.map(\.right)))
        }
        return TraceChart(title: title, description: description, outputs: outputs, rate: rate, pattern: nil,
                          triggerLanes: triggerLanes).render()
    }
}
