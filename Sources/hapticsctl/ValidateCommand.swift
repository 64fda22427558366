import ArgumentParser
@_spi(HapticsTools) import Haptics

/// `hapticsctl validate [--strict] FILE...`: checks AHAP files and says where each problem is.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check AHAP files and report every problem with its place in the file.",
        discussion: """
        For each FILE, prints to standard output:
          warning: FILE: WHERE: MESSAGE   a problem the reader forgave
          error: FILE: WHERE: MESSAGE     a problem that makes FILE invalid
          ok: FILE (N events, D s)        last, when FILE is valid
        Warnings and errors come in the order they were found; valid files may have \
        warnings. D is the pattern's length in seconds. WHERE is a JSON path such as \
        Pattern[3].Event.EventParameters[1].ParameterValue and/or "line L, column C", \
        or "file" for a file that cannot be read at all. Every FILE is checked, even \
        after an invalid one.

        Exit status: 0 when every file is valid, 1 when any is not, 2 for a usage error.
        """
    )

    @OptionGroup var decoding: DecodingFlags

    @Argument(help: ArgumentHelp("AHAP files to check.", valueName: "file"))
    var files: [String] = []

    func validate() throws {
        if files.isEmpty { throw ValidationError("Expected at least one FILE to check.") }
    }

    func run() throws {
        var allValid = true
        for path in files {
            let file = PatternFile(path: path, options: decoding.options)
            for line in file.diagnosticLines { print(line) }
            switch file.result {
            case .success(let document):
                print("ok: \(path) (\(ReportFormat.count(document.pattern.events.count, "event")), "
                      + "\(ReportFormat.seconds(document.pattern.duration)) s)")
            case .failure:
                allValid = false
            }
        }
        if !allValid { throw ExitCode.failure }
    }
}
