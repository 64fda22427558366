import ArgumentParser
import Foundation

/// Where a command's result goes: standard output, or the file given with `-o` (`OutputFile`:
/// a regular file is replaced atomically; a pipe, a device or a link is written through, never
/// replaced; a folder is refused).
enum CommandOutput {
    /// Writes `text` to `path`, or to standard output when `path` is nil. On a write error, prints
    /// "error: PATH: could not write the WHAT: REASON" and exits with status 1.
    static func write(_ text: String, to path: String?, what: String) throws {
        guard let path else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            try OutputFile.write(Array(text.utf8), to: path)
        } catch {
            StandardError.write(ReportFormat.errorLine(file: path, "could not write the \(what): \(error.reason)") + "\n")
            throw ExitCode.failure
        }
    }
}
