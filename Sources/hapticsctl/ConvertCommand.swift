import ArgumentParser
import Foundation
@_spi(HapticsTools) import Haptics

/// `hapticsctl convert FILE [-o OUT] [--strict]`: rewrites an AHAP file in canonical form.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Rewrite an AHAP file as canonical AHAP.",
        discussion: """
        Canonical AHAP is strict JSON with two-space indentation, keys in a fixed order, \
        elements sorted by time and numbers in their shortest exact form; converting it \
        again gives the same bytes. Out-of-range values come out clamped and ignored \
        keys are dropped, as the lenient reader read them.

        The AHAP goes to standard output, or to OUT with -o: a regular file is replaced \
        atomically; a pipe, a device or a symbolic link is written through, never \
        replaced; a folder is refused. Nothing is written when the converted pattern \
        would not read back as validate and SDLHaptics read it (more than 8 MiB). \
        Warnings and errors go to standard error as \
        "warning|error: FILE: WHERE: MESSAGE" lines.

        Exit status: 0 converted, 1 FILE is invalid, its canonical form would not read \
        back, or OUT cannot be written, 2 usage error.
        """
    )

    @OptionGroup var decoding: DecodingFlags

    @Argument(help: "The AHAP file to convert.")
    var file: String

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "OUT"))
    var output: String?

    func run() throws {
        let input = PatternFile(path: file, options: decoding.options)
        for line in input.diagnosticLines { StandardError.write(line + "\n") }
        guard case .success(let document) = input.result else { throw ExitCode.failure }
        let text = AHAPEncoder().encode(document.pattern)
        try ReadablePattern.check(text, subject: file)
        try CommandOutput.write(text, to: output, what: "converted pattern")
    }
}
