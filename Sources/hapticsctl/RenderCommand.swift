import ArgumentParser
import Foundation
@_spi(HapticsTools) import Haptics
@_spi(HapticsTools) import HapticsTools

/// `hapticsctl render FILE [--rate 60] [--profile NAME]... [--format csv|svg] [-o OUT] [--strict]`:
/// the actuator timeline a pattern produces on a pad, as a CSV trace or an SVG chart.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render the actuator timeline an AHAP pattern produces on a pad, as CSV or SVG.",
        discussion: """
        Plays the pattern once through the engine, as a game would at RATE frames per second \
        (frame k at k/RATE seconds), on a pad with the motor profile NAME (body motors), until \
        the first frame at or after the pattern's end on which the pattern and its tails are over \
        and every motor is at 0 (at most 5 s after the end).

        csv: the engine's trace format, "time,output,low,high,left_trigger,right_trigger", one row \
        per profile per frame; output is the profile's name; levels are motor drive 0...1.
        svg: a chart: the pattern's intensity and sharpness on top, then one lane per actuator \
        of each profile with its drive level over time in seconds.

        Profiles: \(RenderCommand.profileNames). --profile can be repeated to compare pads \
        side by side. A render has at most 1,000,000 frames over the whole output (every \
        profile's frames counted; about 58 MB of CSV): more is refused before rendering, naming \
        the --profile that passes it. The result goes to standard output, or to OUT with -o (replaced \
        atomically). Warnings and errors go to standard error as \
        "warning|error: FILE: WHERE: MESSAGE" lines.

        Exit status: 0 rendered, 1 FILE is invalid or OUT cannot be written, 2 usage error \
        (an unknown profile, a rate outside 1...1000).
        """
    )

    /// What `render` writes.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case csv
        case svg
    }

    @OptionGroup var decoding: DecodingFlags

    @Argument(help: "The AHAP file to render.")
    var file: String

    @Option(help: ArgumentHelp("Frames per second, 1...1000.", valueName: "rate"))
    var rate: Double = 60

    @Option(name: .customLong("profile"),
            help: ArgumentHelp("Motor profile of the pad (repeatable; default generic).", valueName: "name"))
    var profileNames: [String] = []

    @Option(help: ArgumentHelp("csv or svg.", valueName: "format"))
    var format: Format = .csv

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "OUT"))
    var output: String?

    /// The shipped profiles' names, comma-separated, for help and errors.
    static var profileNames: String { MotorProfile.shipped.map(\.name).joined(separator: ", ") }

    /// The shipped profile called `name` (case-insensitive), or nil.
    static func profile(named name: String) -> MotorProfile? {
        MotorProfile.shipped.first { $0.name.lowercased() == name.lowercased() }
    }

    /// `WHERE: MESSAGE` when rendering a pattern of `duration` seconds with `options` would pass
    /// `options.maximumFrames` over the whole output: WHERE is the `--profile` that passes it
    /// (`--profile #3 (generic)`), or `Pattern` when one profile alone does. Nil within the limit.
    static func frameLimitProblem(duration: Double, options: PreviewOptions) -> String? {
        let limit = max(options.maximumFrames, 1)
        let perProfile = (duration + options.maximumTailSeconds) * options.rate
        let frames = perProfile.isFinite ? perProfile.rounded(.up) + 1 : .infinity
        let count = Double(options.profiles.count)
        guard frames * count > Double(limit) else { return nil }
        let why = "the pattern lasts \(ReportFormat.seconds(duration)) s, plus up to \(ReportFormat.seconds(options.maximumTailSeconds)) s "
            + "of tail, at \(ReportFormat.value(options.rate)) frames/s"
        let needed = frames < 1e15 ? "\(Int(frames))" : "\(frames)"
        guard frames <= Double(limit) else {
            return "Pattern: the render needs \(needed) frames for one profile (\(why)), more than the limit of \(limit) frames of output"
        }
        let passing = Int(Double(limit) / frames)   // the profiles that fit; the next one passes the limit
        let name = options.profiles[passing].name
        return "--profile #\(passing + 1) (\(name)): the render needs \(needed) frames per profile (\(why)); "
            + "\(options.profiles.count) profiles need \(Int(frames) * options.profiles.count) frames, more than the limit of "
            + "\(limit) frames over the whole output (at most \(passing) profile\(passing == 1 ? "" : "s") of this pattern)"
    }

    func validate() throws {
        guard rate.isFinite, (1...1000).contains(rate) else {
            throw ValidationError("--rate must be between 1 and 1000 frames per second")
        }
        for name in profileNames where Self.profile(named: name) == nil {
            throw ValidationError("unknown profile '\(name)'; expected one of: \(Self.profileNames)")
        }
    }

    func run() throws {
        let input = PatternFile(path: file, options: decoding.options)
        for line in input.diagnosticLines { StandardError.write(line + "\n") }
        guard case .success(let document) = input.result else { throw ExitCode.failure }
        let profiles = profileNames.isEmpty ? [MotorProfile.genericDualMotor] : profileNames.compactMap(Self.profile(named:))
        let options = PreviewOptions(rate: rate, profiles: profiles)
        if let problem = Self.frameLimitProblem(duration: document.pattern.duration, options: options) {
            StandardError.write("error: \(file): \(problem)\n")
            throw ExitCode.failure
        }
        let preview: PatternPreview
        do {
            preview = try PatternPreview(rendering: document.pattern, options: options)
        } catch {
            StandardError.write(ReportFormat.errorLine(file: file, "could not render: \(error)") + "\n")
            throw ExitCode.failure
        }
        if preview.isTruncated {
            StandardError.write("warning: \(file): rendering stopped \(ReportFormat.seconds(options.maximumTailSeconds)) s "
                                + "after the pattern's end before every motor was at 0\n")
        }
        let text: String
        switch format {
        case .csv: text = preview.csv()
        case .svg: text = preview.svg(title: URL(fileURLWithPath: file).lastPathComponent)
        }
        try CommandOutput.write(text, to: output, what: "render")
    }
}
