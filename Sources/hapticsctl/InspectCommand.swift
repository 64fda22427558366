import ArgumentParser
import Foundation
@_spi(HapticsTools) import Haptics

/// `hapticsctl inspect FILE [--json] [--strict]`: what a pattern holds.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Describe what an AHAP file holds.",
        discussion: """
        Reports the version, the duration, events by type, the event parameters and the \
        dynamic controls used with their value ranges, every curve (start, points, \
        values), every dynamic parameter change, the audio files named by \
        EventWaveformPath and whether each exists beside FILE, the metadata keys and \
        the reader's warnings.

        The report goes to standard output: text by default, or with --json one JSON \
        object with sorted keys (file, version, durationSeconds, eventCount, \
        eventsByType, eventParameters, controls, curves, dynamicParameters, \
        audioResources, metadataKeys, warnings). When FILE is invalid, nothing goes to \
        standard output and "warning|error: FILE: WHERE: MESSAGE" lines go to standard \
        error.

        Exit status: 0 inspected, 1 FILE is invalid or unreadable, 2 usage error.
        """
    )

    @OptionGroup var decoding: DecodingFlags

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    @Argument(help: "The AHAP file to inspect.")
    var file: String

    func run() throws {
        let input = PatternFile(path: file, options: decoding.options)
        guard case .success(let document) = input.result else {
            for line in input.diagnosticLines { StandardError.write(line + "\n") }
            throw ExitCode.failure
        }
        let summary = PatternSummary(document: document, file: file)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            FileHandle.standardOutput.write(try encoder.encode(summary))
            FileHandle.standardOutput.write(Data("\n".utf8))
        } else {
            FileHandle.standardOutput.write(Data(summary.text.utf8))
        }
    }
}
