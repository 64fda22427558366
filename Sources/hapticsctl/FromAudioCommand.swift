import ArgumentParser
import Foundation
@_spi(HapticsTools) import Haptics
@_spi(HapticsTools) import HapticsTools
@_spi(HapticsTools) import HapticsSDL

/// `hapticsctl from-audio FILE.wav [-o OUT] [--with-audio] [--sensitivity X] [--max-points N] ...
/// [--format ahap|svg] [--profile NAME]`: a haptic pattern analysed from a sound.
struct FromAudioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "from-audio",
        abstract: "Turn a sound (WAV) into an AHAP haptic pattern, or an SVG of the sound above the motor trace it gives.",
        discussion: """
        Decodes FILE through SDL (WAV: PCM 8/16/24/32-bit, float, ADPCM, µ-law, A-law; at most \
        4.2 MB and 23 s), converts it to 48 kHz mono and analyses it (docs/audio-to-haptics.md): \
        transients where the sound hits, with intensity from the hit's strength and sharpness \
        from its spectrum; continuous events over every stretch above the silence threshold, \
        whose intensity and sharpness follow the sound's loudness and brightness through \
        parameter curves of at most --max-points points, chained.

        ahap: the pattern, canonical AHAP (it validates with --strict). With --with-audio it \
        also plays FILE: an AudioCustom event names it relative to OUT's folder (or by its \
        file name when it is elsewhere; copy it next to the pattern).
        svg: the sound's waveform on top, then the pattern's intensity and sharpness, then the \
        drive of each motor of the profile(s) at --rate frames per second.

        The result goes to standard output, or to OUT with -o (a regular file is replaced \
        atomically; a pipe, device or link is written through). Errors go \
        to standard error as "error: FILE: MESSAGE".

        Exit status: 0 converted, 1 FILE cannot be read or decoded or OUT cannot be written, \
        2 usage error (an option out of range, an unknown profile).
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case ahap
        case svg
    }

    @Argument(help: "The sound to analyse (.wav).")
    var file: String

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "OUT"))
    var output: String?

    @Flag(help: "Add an AudioCustom event that plays the sound in sync with the haptics.")
    var withAudio = false

    @Option(help: ArgumentHelp("How readily a rise becomes a transient, 0...1; higher finds softer hits.", valueName: "x"))
    var sensitivity: Double = AudioHapticsOptions().sensitivity

    @Option(help: ArgumentHelp("Shortest time between two transients, seconds, 0.01...1.", valueName: "s"))
    var minimumGap: Double = AudioHapticsOptions().minimumGapSeconds

    @Option(help: ArgumentHelp("Release time of the loudness and brightness followers, seconds, 0...0.5.", valueName: "s"))
    var smoothing: Double = AudioHapticsOptions().smoothingSeconds

    @Option(help: ArgumentHelp("Most control points per parameter curve, 2...16.", valueName: "n"))
    var maxPoints: Int = AudioHapticsOptions().maximumPointsPerCurve

    @Option(help: ArgumentHelp("Control point budget per second of sound and curve family, 1...200.", valueName: "n"))
    var pointsPerSecond: Double = AudioHapticsOptions().pointsPerSecond

    @Option(help: ArgumentHelp("Largest error a dropped control point may leave, 0...0.5.", valueName: "x"))
    var tolerance: Double = AudioHapticsOptions().curveTolerance

    @Option(help: ArgumentHelp("Level under the loudest moment that counts as silence, dB, -90...-10.", valueName: "db"))
    var silenceDb: Double = AudioHapticsOptions().silenceDecibels

    @Flag(help: "Leave out the transients.")
    var noTransients = false

    @Flag(help: "Leave out the continuous events and curves.")
    var noContinuous = false

    @Option(help: ArgumentHelp("ahap or svg.", valueName: "format"))
    var format: Format = .ahap

    @Option(name: .customLong("profile"),
            help: ArgumentHelp("svg: motor profile of the pad (repeatable; default generic).", valueName: "name"))
    var profileNames: [String] = []

    @Option(help: ArgumentHelp("svg: frames per second, 1...1000.", valueName: "rate"))
    var rate: Double = 60

    var options: AudioHapticsOptions {
        var options = AudioHapticsOptions()
        options.sensitivity = sensitivity
        options.minimumGapSeconds = minimumGap
        options.smoothingSeconds = smoothing
        options.maximumPointsPerCurve = maxPoints
        options.pointsPerSecond = pointsPerSecond
        options.curveTolerance = tolerance
        options.silenceDecibels = silenceDb
        options.transients = !noTransients
        options.continuous = !noContinuous
        return options
    }

    /// The flag each `AudioHapticsOptions.problems` name comes from.
    static let flags = ["sensitivity": "--sensitivity", "minimum_gap": "--minimum-gap", "smoothing": "--smoothing",
                        "max_points": "--max-points", "points_per_second": "--points-per-second",
                        "tolerance": "--tolerance", "silence_db": "--silence-db"]

    func validate() throws {
        if let problem = options.problems.first {
            throw ValidationError("\(Self.flags[problem.name] ?? problem.name): \(problem.message)")
        }
        guard rate.isFinite, (1...1000).contains(rate) else {
            throw ValidationError("--rate must be between 1 and 1000 frames per second")
        }
        for name in profileNames where RenderCommand.profile(named: name) == nil {
            throw ValidationError("unknown profile '\(name)'; expected one of: \(RenderCommand.profileNames)")
        }
    }

    func run() throws {
        let sound: MonoSound
        do {
            sound = try SDLSoundDecoder().readMono(file: file)
        } catch {
            StandardError.write(ReportFormat.errorLine(file: file, error.reason) + "\n")
            throw ExitCode.failure
        }
        let analysis: SoundAnalysis
        do {
            analysis = try SoundAnalyzer.analyze(samples: sound.samples, sampleRate: sound.sampleRate, options: options)
        } catch {
            StandardError.write(ReportFormat.errorLine(file: file, "cannot be analysed: \(error)") + "\n")
            throw ExitCode.failure
        }
        let name = URL(fileURLWithPath: file).lastPathComponent
        let pattern = analysis.pattern(options: options, audioPath: withAudio ? audioPath() : nil,
                                       metadata: ["Description": .string("Generated from \(name) by hapticsctl from-audio")])
        let text: String
        switch format {
        case .ahap:
            text = AHAPEncoder().encode(pattern)
            try ReadablePattern.check(text, subject: file)
        case .svg:
            let profiles = profileNames.isEmpty ? [MotorProfile.genericDualMotor] : profileNames.compactMap(RenderCommand.profile(named:))
            do {
                let preview = try PatternPreview(rendering: pattern, options: PreviewOptions(rate: rate, profiles: profiles))
                text = preview.svg(title: name, sound: sound)
            } catch {
                StandardError.write(ReportFormat.errorLine(file: file, "could not render: \(error)") + "\n")
                throw ExitCode.failure
            }
        }
        try CommandOutput.write(text, to: output, what: format == .svg ? "chart" : "pattern")
    }

    /// FILE relative to OUT's folder (or to the working directory without -o) when it lies inside
    /// it; else its file name, with a warning.
    func audioPath() -> String {
        let soundURL = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath()
        let base = (output.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
                    ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
            .standardizedFileURL.resolvingSymlinksInPath()
        let basePath = base.path.hasSuffix("/") ? base.path : base.path + "/"
        if soundURL.path.hasPrefix(basePath) {
            return String(soundURL.path.dropFirst(basePath.count))
        }
        StandardError.write("warning: \(file): it is not inside the pattern's folder; the AudioCustom event names it "
                            + "\"\(soundURL.lastPathComponent)\": copy it next to the pattern\n")
        return soundURL.lastPathComponent
    }
}
