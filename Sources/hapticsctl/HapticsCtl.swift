import ArgumentParser
import Foundation
@_spi(HapticsTools) import Haptics

/// The `hapticsctl` root command: validate, inspect, convert and render AHAP files from a shell or
/// CI, and play them on game controllers.
///
/// Exit status, for every subcommand: 0 success, 1 when a file is invalid or cannot be read or
/// written, 2 for a usage error (unknown flag, missing argument). ArgumentParser's own usage
/// status is 64 (`EX_USAGE`); `main()` maps it to 2, the status POSIX tools use.
@main
struct HapticsCtl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hapticsctl",
        abstract: "Validate, inspect, convert, render and play AHAP haptic patterns; check and simulate mapping configs.",
        discussion: """
        Exit status: 0 success, 1 an invalid, unreadable or unwritable file, 2 a usage error. \
        Players count from 0.
        """,
        version: SDLHapticsVersion.string,
        subcommands: [ValidateCommand.self, InspectCommand.self, ConvertCommand.self, RenderCommand.self, FromAudioCommand.self,
                      CheckCommand.self, SimulateCommand.self, DevicesCommand.self, PlayCommand.self]
    )

    /// Exit status for a usage error.
    static let usageExitCode = ExitCode(2)

    /// Parses and runs a subcommand like ArgumentParser's `main()`, except that usage errors
    /// print the usage to standard error and exit with status 2 instead of 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                StandardError.write(fullMessage(for: error) + "\n")
                exit(withError: usageExitCode)
            }
            exit(withError: error)
        }
    }
}
