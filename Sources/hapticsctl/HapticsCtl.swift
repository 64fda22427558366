import ArgumentParser

@main
struct HapticsCtl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hapticsctl",
        abstract: "Validate, inspect and convert AHAP haptic patterns.",
        subcommands: []
    )
}
