import ArgumentParser
import Foundation

/// Where a command's result goes: standard output, or the file given with `-o` (replaced atomically).
enum CommandOutput {
    /// Writes `text` to `path`, or to standard output when `path` is nil. On a write error, prints
    /// "error: PATH: could not write the WHAT: REASON" and exits with status 1.
    static func write(_ text: String, to path: String?, what: String) throws {
        let bytes = Data(text.utf8)
        guard let path else {
            FileHandle.standardOutput.write(bytes)
            return
        }
        do {
            try bytes.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            StandardError.write(ReportFormat.errorLine(file: path, "could not write the \(what): \(error.localizedDescription)") + "\n")
            throw ExitCode.failure
        }
    }
}
