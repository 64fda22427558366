import ArgumentParser
import Haptics

/// `hapticsctl validate [--strict] FILE...`: checks AHAP files and says where each problem is.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check AHAP files and report every problem with its place in the file.",
        discussion: """
        For each FILE, prints to standard output, in this order:
          warning: FILE: WHERE: MESSAGE   one line per warning (valid files may have some)
          error: FILE: WHERE: MESSAGE     one line per error, when the file is invalid
          ok: FILE (N events, D s)        when the file is valid; D is the pattern's length
        WHERE is a JSON path such as Pattern[3].Event.EventParameters[1].ParameterValue
        and/or "line L, column C"; it is "file" for a file that cannot be read at all.
        Every file is checked even after an invalid one.

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
