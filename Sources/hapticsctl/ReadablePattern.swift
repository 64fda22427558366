import ArgumentParser
@_spi(HapticsTools) import Haptics

/// AHAP text a command is about to write, checked first to read back as `validate` and the
/// library read it (lenient, with the default limits: at most `AHAPLimits.maximumFileBytes`,
/// 8 MiB). A command refuses before writing anything rather than leave a file nothing will read:
/// canonical AHAP is about 1.7 times the size of a minified file, so a valid input of more than
/// about 63,000 events converts to more than the limit (issue 26).
enum ReadablePattern {
    /// Prints "error: SUBJECT: ..." and exits 1 when `text` would not read back.
    static func check(_ text: String, subject: String) throws {
        let bytes = Array(text.utf8)
        let limit = AHAPLimits().maximumFileBytes
        guard bytes.count <= limit else {
            StandardError.write(ReportFormat.errorLine(file: subject,
                "the AHAP written would be \(bytes.count) bytes, more than the \(limit) that validate and SDLHaptics read: "
                + "nothing written (split the pattern into shorter ones)") + "\n")
            throw ExitCode.failure
        }
        do {
            _ = try AHAPDecoder().decode(bytes)
        } catch {
            StandardError.write(ReportFormat.errorLine(file: subject,
                "the AHAP written would not read back (\(error.firstError)): nothing written") + "\n")
            throw ExitCode.failure
        }
    }
}
