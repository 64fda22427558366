import ArgumentParser
import Foundation
@_spi(HapticsTools) import Haptics
@_spi(HapticsTools) import HapticsTools

/// `hapticsctl simulate --config CONFIG --events EVENTS.jsonl [--rate 60] [--profile NAME]
/// [--format csv|svg] [--summary] [-o OUT]`: what a scripted session feels like, without the game or a pad.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run scripted game events through a mapping config and the engine; print the actuator trace as CSV or SVG.",
        discussion: """
        Reads EVENTS (JSON Lines, docs/events.md), posts each event on the first frame at or after \
        its time, and runs the mapping and the engine with a manual clock at RATE frames per second \
        until every pad is silent after the last event (at most 10 s later). Player N plays on \
        output "playerN", every output with motor profile NAME (default generic; one of \
        \(RenderCommand.profileNames)).

        csv: the render format, "time,output,low,high,left_trigger,right_trigger", one row per \
        player per frame, levels are motor drive 0...1.
        svg: a chart like render's without the pattern panel: one lane per actuator of each \
        player's pad with its drive level over time in seconds.

        --summary prints, instead of the trace, one row per response the mapping played: time, \
        player, rule, the rule's intensity (0...1, what the config asked for), the peak drive \
        each motor received for it (what the motor stage planned so that the pad's motors feel \
        like that intensity; docs/motor-mapping.md) and the peak felt level of each body motor \
        (0...1, the motor stage's own prediction from the pad's profile). Players count from 0.

        The result goes to standard output, or to OUT with -o (replaced atomically). The totals \
        (events, voices started, coalesced, cooled down, out of range, unmatched) go to \
        standard error.

        Limits (docs/reliability.md): event times 0...3600 s, at most 16 MiB per \
        script, a trace of at most 1,000,000 rows (frames × players).

        Exit status: 0 simulated, 1 CONFIG or EVENTS invalid or over a limit (every problem \
        reported as FILE:LINE:COLUMN), 2 usage error.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case csv
        case svg
    }

    @Option(help: ArgumentHelp("The mapping config (TOML).", valueName: "config"))
    var config: String

    @Option(help: ArgumentHelp("The scripted events (JSON Lines).", valueName: "events"))
    var events: String

    @Option(help: ArgumentHelp("Frames per second, 1...1000.", valueName: "rate"))
    var rate: Double = 60

    @Option(name: .customLong("profile"), help: ArgumentHelp("Motor profile of every pad.", valueName: "name"))
    var profileName: String = "generic"

    @Option(help: ArgumentHelp("csv or svg.", valueName: "format"))
    var format: Format = .csv

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "OUT"))
    var output: String?

    @Flag(help: "Print one row per played response (rule, intensity, peak drive per motor, peak predicted felt level per body motor) instead of the trace.")
    var summary = false

    @Option(help: ArgumentHelp("A folder of preset AHAP files to use instead of the built-in presets.", valueName: "dir"))
    var presets: String?

    func validate() throws {
        guard rate.isFinite, (1...1000).contains(rate) else {
            throw ValidationError("--rate must be between 1 and 1000 frames per second")
        }
        guard RenderCommand.profile(named: profileName) != nil else {
            throw ValidationError("unknown profile '\(profileName)'; expected one of: \(RenderCommand.profileNames)")
        }
    }

    func run() throws {
        let library = try MappingFiles.presets(folder: presets)
        var failed = false
        var mapping: LoadedMapping? = nil
        do {
            mapping = try LoadedMapping.load(file: config, presets: library, sounds: MappingFiles.sounds)
        } catch {
            for diagnostic in error.diagnostics { StandardError.write(diagnostic.description + "\n") }
            failed = true
        }
        var script: EventScript? = nil
        do {
            script = try EventScript.load(file: events)
        } catch {
            for diagnostic in error.diagnostics { StandardError.write(diagnostic.description + "\n") }
            failed = true
        }
        guard !failed, let mapping, let script else { throw ExitCode.failure }
        let profile = RenderCommand.profile(named: profileName) ?? .genericDualMotor
        let simulation: MappingSimulation
        do {
            simulation = try MappingSimulation(script: script, mapping: mapping, presets: library, rate: rate, profile: profile)
        } catch {
            if let line = error.line, line > 0 {
                // The event at fault, where the script has it, read as a config diagnostic (its file's
                // control characters escaped, as `ConfigDiagnostic` escapes the script's own problems).
                StandardError.write("\(EchoedText.escaped(events)):\(line):1: error: cannot simulate: \(error.message)\n")
            } else {
                StandardError.write(ReportFormat.errorLine(file: events, "cannot simulate: \(error)") + "\n")
            }
            throw ExitCode.failure
        }
        let s = simulation.statistics
        // Per post, as the director counts (issue 31): the outcome fields add up to the events taken.
        StandardError.write("simulated \(script.entries.count) events: \(s.voicesStarted) voices started; per event \(s.started) started, "
                            + "\(s.updated) updated, \(s.coalesced) coalesced, \(s.cooledDown) cooled down, \(s.throttled) throttled, "
                            + "\(s.outOfRange) out of range, \(s.silenced) silenced (intensity 0), \(s.noPad) with no pad, \(s.unmatched) unmatched"
                            + (s.dropped > 0 ? ", \(s.dropped) dropped (more than a frame's queue holds)" : "") + "\n")
        if simulation.isTruncated {
            StandardError.write("warning: \(events): a pad was still playing 10 s after the last event (a texture without a stop?)\n")
        }
        let text: String
        switch (summary, format) {
        case (true, _): text = simulation.summaryTable()
        case (false, .csv): text = simulation.csv()
        case (false, .svg): text = simulation.svg(title: URL(fileURLWithPath: events).lastPathComponent)
        }
        try CommandOutput.write(text, to: output, what: summary ? "summary" : "trace")
    }
}
