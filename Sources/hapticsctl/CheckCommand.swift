import ArgumentParser
import Foundation
@_spi(HapticsTools) import Haptics
@_spi(HapticsTools) import HapticsSDL

/// `hapticsctl check CONFIG [--presets DIR]`: validates a mapping config the way a running game
/// would load it.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a mapping config (TOML): schema, ranges, and that every pattern it names loads.",
        discussion: """
        Reads CONFIG as SDLHaptics' mapping layer does (docs/config.md) and reports every problem \
        on standard error as "CONFIG:LINE:COLUMN: error: PATH: MESSAGE (did you mean 'X'?)". \
        Patterns are preset names (the built-in presets, or those in --presets DIR), .ahap \
        files relative to CONFIG's folder, or .wav files there, decoded and analysed into \
        haptics with the rule's analysis options (docs/audio-to-haptics.md). On success prints \
        a one-line summary.

        Exit status: 0 valid, 1 invalid or unreadable, 2 usage error.
        """
    )

    @Argument(help: "The mapping config to check.")
    var config: String

    @Option(help: ArgumentHelp("A folder of preset AHAP files to use instead of the built-in presets.", valueName: "dir"))
    var presets: String?

    func run() throws {
        let library = try MappingFiles.presets(folder: presets)
        do {
            let loaded = try LoadedMapping.load(file: config, presets: library, sounds: MappingFiles.sounds)
            let rules = loaded.config.rules
            let kinds = Set(rules.map(\.event.rawValue)).sorted().joined(separator: ", ")
            print("\(config): ok: \(rules.count) rules (\(kinds)), \(loaded.config.materials.count) materials, \(loaded.config.attenuations.count) attenuations")
        } catch {
            for diagnostic in error.diagnostics { StandardError.write(diagnostic.description + "\n") }
            throw ExitCode.failure
        }
    }
}

/// Loading helpers shared by `check` and `simulate`.
enum MappingFiles {
    /// Analyses `.wav` patterns as a game does (SDL's WAV decoder, the waveform limits).
    static let sounds = SoundPatternLoader(decoder: SDLSoundDecoder())

    /// The preset library from `folder`, or the built-in one. Exits 1 when the folder is broken.
    static func presets(folder: String?) throws -> PresetLibrary {
        guard let folder else { return .builtIn() }
        let library = PresetLibrary(folder: folder)
        let errors = library.load()
        for error in errors { StandardError.write("error: \(error)\n") }
        if !errors.isEmpty { throw ExitCode.failure }
        return library
    }
}
