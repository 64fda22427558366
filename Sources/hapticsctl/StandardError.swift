import Foundation

/// The process's standard error stream, for diagnostics that must not mix with a command's
/// output on standard output (converted AHAP, JSON).
enum StandardError {
    /// Writes `text` as UTF-8, unbuffered. Add the newline yourself.
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
